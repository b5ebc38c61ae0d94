/**
 * The project's client directives (src/directives/{name}.ts, typed in src/directives/client-directives.d.ts):
 * React arrives only when a widget needs it, and never before the page's load (src/directives/hydrate.ts).
 * - reach: a widget the visitor reaches for (the lists' and portals' filters, the search, the photo
 *   viewer, the contact form, the maps and the player on request), or at load for an address that
 *   already filters;
 * - near: the home's carousels, as they come near the view;
 * - due: the hero's slideshow, a second before its first advance;
 * - stored: the favourites, at once only when this browser has saved some.
 */
import type { AstroIntegration } from 'astro';

export const CLIENT_DIRECTIVES = ['reach', 'near', 'due', 'stored'] as const;

export function clientDirectives(): AstroIntegration {
  return {
    name: 'client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        for (const name of CLIENT_DIRECTIVES) addClientDirective({ name, entrypoint: `./src/directives/${name}.ts` });
      },
    },
  };
}
