/** The sync's cached originals as Astro local images (src/integrations/image-cache.ts). */
declare module 'virtual:image-cache' {
  /** Upstream URL → the cached original, imported like an image under src/. */
  export const images: Record<string, import('astro').ImageMetadata>;
  /** Upstream URL → [width, height] of the original, upright (EXIF orientation applied). */
  export const dimensions: Record<string, [number, number]>;
  /** Upstream URLs the last sync could not cache, with the reason (they show the placeholder). */
  export const failed: Record<string, string>;
}

/** The service worker, bundled with this build's version (src/integrations/service-worker.ts). */
declare module 'virtual:service-worker' {
  const source: string;
  export default source;
}
