/**
 * Astro's sharp image service with one addition: the AVIF encoder effort chosen per output width
 * (`avifEffortByWidth`, astro.config.mjs says why each), because effort is most of a cold build's
 * time and its byte saving matters more at some widths than at others. Everything else, the
 * resizing and every other encoder option, is Astro's own service.
 */
import type { LocalImageService } from 'astro';
import sharpService, { type SharpImageServiceConfig } from 'astro/assets/services/sharp';

export interface ImageServiceConfig extends SharpImageServiceConfig {
  /** AVIF effort for an output of exactly this width; other widths take `avif.effort`. */
  avifEffortByWidth?: Record<number, number>;
}

/** The sharp options of an output `width` px wide: `avif.effort` from avifEffortByWidth when it names the width. */
export function sharpConfigFor(config: ImageServiceConfig, width: number | undefined): SharpImageServiceConfig {
  const { avifEffortByWidth, ...sharpConfig } = config;
  const effort = width === undefined ? undefined : avifEffortByWidth?.[width];
  return effort === undefined ? sharpConfig : { ...sharpConfig, avif: { ...sharpConfig.avif, effort } };
}

const service: LocalImageService<ImageServiceConfig> = {
  ...sharpService,
  transform(inputBuffer, transform, imageConfig, logger) {
    const config = sharpConfigFor(imageConfig.service.config, transform.width);
    return sharpService.transform(
      inputBuffer,
      transform,
      { ...imageConfig, service: { ...imageConfig.service, config } },
      logger,
    );
  },
};

export default service;
