/**
 * Astro's sharp image service with one addition: the AVIF encoder effort chosen per output width
 * (`avifEffortByWidth`, astro.config.mjs says why each), because effort is most of a cold build's
 * time and its byte saving matters more at some widths than at others. Everything else, the
 * resizing and every other encoder option, is Astro's own service.
 */
import type { LocalImageService } from 'astro';
import sharpService, { type SharpImageServiceConfig } from 'astro/assets/services/sharp';

interface ImageServiceConfig extends SharpImageServiceConfig {
  /** AVIF effort for an output of exactly this width; other widths take `avif.effort`. */
  avifEffortByWidth?: Record<number, number>;
}

/**
 * The sharp options of an output `width` px wide: `avif.effort` from the transform's own `effort`
 * (a profile that asks for it, src/lib/images.ts), else from avifEffortByWidth when it names the width.
 */
export function sharpConfigFor(config: ImageServiceConfig, width: number | undefined, asked?: number): SharpImageServiceConfig {
  const { avifEffortByWidth, ...sharpConfig } = config;
  const effort = asked ?? (width === undefined ? undefined : avifEffortByWidth?.[width]);
  return effort === undefined ? sharpConfig : { ...sharpConfig, avif: { ...sharpConfig.avif, effort } };
}

const service: LocalImageService<ImageServiceConfig> = {
  ...sharpService,
  // `effort` names a different file: the same photo and width at another effort is another encode. The rest
  // is Astro's DEFAULT_HASH_PROPS (astro/dist/assets/consts.js, not exported), which the sharp service uses.
  propertiesToHash: ['src', 'width', 'height', 'format', 'quality', 'fit', 'position', 'background', 'effort'],
  transform(inputBuffer, transform, imageConfig, logger) {
    const asked = typeof transform.effort === 'number' ? transform.effort : undefined;
    const config = sharpConfigFor(imageConfig.service.config, transform.width, asked);
    return sharpService.transform(
      inputBuffer,
      transform,
      { ...imageConfig, service: { ...imageConfig.service, config } },
      logger,
    );
  },
};

export default service;
