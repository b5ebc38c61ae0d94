/**
 * A full sync and build against the local upstream server, whose tours point at images it serves:
 * a good photo becomes a <picture> of AVIF and WebP widths served from our own /_astro/, a missing
 * or garbage one the neutral placeholder (a warning, not a failed build).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltSite, buildSite } from '../support/build-site.ts';
import { DEFAULT_FIXTURE_DIR, startUpstreamServer, type UpstreamServer } from '../support/upstream-server.ts';

let server: UpstreamServer;
let site: BuiltSite;
const media = new Map<string, { body: Buffer; type: string }>();

beforeAll(async () => {
  server = await startUpstreamServer();
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2a7' } })
    .jpeg()
    .toBuffer();
  media.set('ok.jpg', { body: photo, type: 'image/jpeg' });
  media.set('garbage.jpg', { body: Buffer.from('<html>não é imagem</html>'), type: 'image/jpeg' });
  server.setFault(/^\/media\//, {
    kind: 'respond',
    respond: (request, next) => {
      const file = media.get(new URL(request.url).pathname.slice('/media/'.length));
      return file ? new Response(new Uint8Array(file.body), { headers: { 'content-type': file.type } }) : next();
    },
  });
  const tours = JSON.parse(await readFile(path.join(DEFAULT_FIXTURE_DIR, 'provider/tours.json'), 'utf8')) as {
    id: unknown;
    title?: unknown;
    image?: string;
    gallery?: unknown[];
  }[];
  const at = (name: string) => `${server.origin}/media/${name}`;
  for (const tour of tours) {
    if (tour.id === 101 && tour.title === 'Passeio de Barco no Rio Paraguai') {
      tour.image = at('ok.jpg');
      tour.gallery = [
        { large: at('ok.jpg'), thumb: at('ok.jpg') },
        { large: at('garbage.jpg'), thumb: at('garbage.jpg') },
      ];
    }
    if (tour.id === 107) {
      tour.image = at('missing.jpg');
      tour.gallery = [];
    }
  }
  server.setFile('provider/tours.json', tours);
  site = await buildSite(server.env);
}, 300_000);

afterAll(async () => {
  await server?.close();
  await site?.remove();
});

const pictures = (html: string) => [...html.matchAll(/<picture\b[^>]*>([\s\S]*?)<\/picture>/g)].map((match) => match[1] ?? '');

describe('upstream images through the image pipeline', () => {
  it('reports the broken images as placeholders, not as failures of the build', () => {
    const ours = Object.entries(site.images.manifest.failed).filter(([url]) => url.startsWith(server.origin));
    expect(Object.fromEntries(ours)).toEqual({
      [`${server.origin}/media/missing.jpg`]: 'HTTP 404',
      [`${server.origin}/media/garbage.jpg`]: 'not a readable image',
    });
    // The fixtures' documentation hosts (cdn.example.com) are never asked: placeholders at once.
    expect(site.images.manifest.failed['https://cdn.example.com/tours/rio.jpg']).toBe('example host (RFC 2606), not fetched');
    expect(Object.keys(site.images.manifest.images)).toContain(`${server.origin}/media/ok.jpg`);
  });

  it('serves a good photo as AVIF and WebP widths from the site itself, the banner eager and high priority', async () => {
    const html = await site.page('/tour/101');
    const [banner] = pictures(html);
    expect(banner).toMatch(/<source srcset="\/_astro\/[^"]+\.avif 800w, \/_astro\/[^"]+\.avif 1200w" type="image\/avif"/);
    expect(banner).toMatch(/<img src="\/_astro\/[^"]+\.webp" srcset="[^"]+\.webp 800w, [^"]+\.webp 1200w"/);
    expect(banner).toMatch(/loading="eager" fetchpriority="high"/);
    expect(banner).toMatch(/width="1200" height="800"/);
    // Nothing on the page is loaded from the upstream's host.
    expect(html).not.toMatch(new RegExp(`(src|srcset|href)="${server.origin}`));
  });

  it('shows the placeholder for a gallery photo that is not an image, and for a missing banner', async () => {
    const gallery = await site.page('/tour/101');
    expect(gallery).toMatch(
      /<img src="\/images\/placeholder\.svg" alt="[^"]+foto 2 de 2" width="400" height="267" loading="lazy"[^>]*data-placeholder/,
    );
    const missing = await site.page('/tour/107');
    expect(missing).toMatch(
      /<img src="\/images\/placeholder\.svg" alt="Foto de [^"]+" width="1200" height="800" loading="eager" fetchpriority="high"[^>]*data-placeholder/,
    );
    // Never a broken <img> pointing at the failed URL (og:image and JSON-LD may still name it).
    expect(missing).not.toMatch(/(src|srcset)="[^"]*missing\.jpg/);
  });
});
