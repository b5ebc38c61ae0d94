/** The project's own client directives (src/directives/, registered by src/integrations/client-directives.ts). */
import type { StoredOptions } from './stored.ts';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate at once when localStorage holds a list under `key` (or the hash carries `hash`), else at a change in another tab or the first reach. */
    'client:stored'?: StoredOptions;
  }
}
