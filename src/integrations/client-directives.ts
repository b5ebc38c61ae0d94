/**
 * The project's client directives (src/directives/{name}.ts, typed in src/directives/client-directives.d.ts):
 * React arrives only when a widget needs it.
 * - stored: the favourites, at once only when this browser has saved some.
 */
import type { AstroIntegration } from 'astro';

export const CLIENT_DIRECTIVES = ['stored'] as const;

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
