/** The project's own client directive (src/directives/interaction.ts, registered in astro.config.mjs). */
declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate a portal island at the visitor's first search or chip, or when idle for a filtered link. */
    'client:interaction'?: boolean;
  }
}

export {};
