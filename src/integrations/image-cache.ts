/**
 * Hands the sync's image cache to Astro's image pipeline: a virtual module, `virtual:image-cache`,
 * imports every original the last sync resolved (manifest.json of IMAGE_CACHE_DIR) as a local
 * image, so pages get Astro's ImageMetadata (width, height, format) and <Picture> encodes them
 * with sharp like any image under src/. Only the images of the current snapshot are imported,
 * so an old image still in the cache never reaches dist/.
 *
 * Without a manifest (no sync yet, e.g. a bare `astro dev`) the module is empty and every picture
 * is the placeholder, with one warning.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AstroIntegration } from 'astro';

const IMAGE_CACHE_MODULE = 'virtual:image-cache';
const RESOLVED = `\0${IMAGE_CACHE_MODULE}`;

interface Manifest {
  images?: Record<string, { file: string; width: number; height: number }>;
  failed?: Record<string, string>;
}

/** The source of the virtual module for the manifest in `cacheDir`. */
export function imageCacheModule(cacheDir: string): { code: string; count: number; missing: boolean } {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(cacheDir, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return {
      code: 'export const images = {};\nexport const dimensions = {};\nexport const failed = {};\n',
      count: 0,
      missing: true,
    };
  }
  const entries = Object.entries(manifest.images ?? {});
  const imports = entries.map(
    ([, image], index) => `import i${index} from ${JSON.stringify(path.join(cacheDir, image.file).split(path.sep).join('/'))};`,
  );
  const map = entries.map(([url], index) => `  ${JSON.stringify(url)}: i${index},`);
  // The sizes come from the manifest: reading them from Astro's image objects would mark every
  // original as used outside the pipeline, and Astro would then copy it into dist/ unoptimised.
  const dimensions = Object.fromEntries(entries.map(([url, image]) => [url, [image.width, image.height]]));
  return {
    code: `${imports.join('\n')}\nexport const images = {\n${map.join('\n')}\n};\nexport const dimensions = ${JSON.stringify(dimensions)};\nexport const failed = ${JSON.stringify(manifest.failed ?? {})};\n`,
    count: entries.length,
    missing: false,
  };
}

/** The Astro integration; `cacheDir` is the sync's IMAGE_CACHE_DIR (projectDir(env, 'imageCache', root)). */
export default function imageCache(cacheDir: string): AstroIntegration {
  return {
    name: 'image-cache',
    hooks: {
      'astro:config:setup': ({ updateConfig, logger }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'image-cache',
                resolveId: (id) => (id === IMAGE_CACHE_MODULE ? RESOLVED : undefined),
                load(id) {
                  if (id !== RESOLVED) return undefined;
                  const module = imageCacheModule(cacheDir);
                  if (module.missing) {
                    logger.warn(`no image manifest in ${cacheDir} (run the sync): every picture is the placeholder`);
                  }
                  // A new sync changes the manifest: the module is rebuilt on the next build.
                  this.addWatchFile(path.join(cacheDir, 'manifest.json'));
                  return module.code;
                },
              },
            ],
          },
        });
      },
    },
  };
}
