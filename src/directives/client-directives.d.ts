/** The project's own client directives (src/directives/, registered by src/integrations/client-directives.ts). */
import type { DueOptions } from './due.ts';
import type { NearOptions } from './near.ts';
import type { ReachOptions } from './reach.ts';
import type { StoredOptions } from './stored.ts';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate at the first reach into the widget, or at the page's load when the address carries one of `params`. */
    'client:reach'?: ReachOptions;
    /** Hydrate after the page's load when the widget comes within `margin` of the view, or at the first Tab. */
    'client:near'?: NearOptions;
    /** Hydrate a second before the widget's first change is due (`at` ms after the page started), after the load. */
    'client:due'?: DueOptions;
    /** Hydrate at once when localStorage holds a list under `key` (or the hash carries `hash`), else at a change in another tab or the first reach. */
    'client:stored'?: StoredOptions;
  }
}
