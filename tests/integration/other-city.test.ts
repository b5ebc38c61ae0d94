/**
 * A build for another city, against the local upstream server: the sample data rewritten to be
 * about another city (another city is a configuration change), with three tours whose photos are
 * served by that server or point at a documentation host. What only a full sync and build show:
 * - no trace of Barra do Bugres in any page, feed or script;
 * - no page states what the (sample) records do not say (tests/support/truth.ts);
 * - upstream photos through the image pipeline: a good one becomes a <picture> of AVIF widths and
 *   one WebP served from our own /_astro/, a missing, garbage or example-host one the neutral
 *   placeholder (a warning, not a failed build).
 * One build for both: each build of a whole site costs about a minute on the project's machine.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderReader } from '../../scripts/sync/fixture-upstream.ts';
import { type BuiltSite, buildSite } from '../support/build-site.ts';
import { truthProblems } from '../support/truth.ts';
import { startUpstreamServer, type UpstreamServer } from '../support/upstream-server.ts';

/** Goiás keeps Brasília time, an hour ahead of Mato Grosso. */
const CITY = { name: 'Pirenópolis', state: 'GO', timeZone: 'America/Sao_Paulo' };
/** Where the sample data's photos are: site-relative paths, which a real provider serves itself. */
const SAMPLE_MEDIA = '/sample-media/';
const SAMPLE_MEDIA_DIR = path.resolve(import.meta.dirname, '../../sample-data/media');

/** Every string of the sample rewritten: the city, its state and every word built on its name. */
function moveToAnotherCity(value: unknown): unknown {
  // The provider's own photo paths stay: its server below serves them from the sample's media.
  if (typeof value === 'string' && value.startsWith(SAMPLE_MEDIA)) return value;
  if (typeof value === 'string') {
    return value
      .replace(/Barra do Bugres/g, CITY.name)
      .replace(/barradobugres/gi, 'pirenopolis')
      .replace(/bugres/gi, 'Almas')
      .replace(/\bMT\b/g, CITY.state)
      .replace(/Mato Grosso/g, 'Goiás');
  }
  if (Array.isArray(value)) return value.map(moveToAnotherCity);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, moveToAnotherCity(entry)]));
  }
  return value;
}

interface WireTour {
  id: unknown;
  image?: string;
  gallery?: unknown[];
}

let server: UpstreamServer;
let site: BuiltSite;
const media = new Map<string, { body: Buffer; type: string }>();

beforeAll(async () => {
  const sample = folderReader(path.resolve(import.meta.dirname, '../../sample-data'));
  let origin = '';
  const at = (name: string) => `${origin}/media/${name}`;
  /** Tour 101: a good photo and a gallery with a file that is not an image; 107: a missing photo; 102: an example host. */
  const withUpstreamPhotos = (file: string, data: unknown) => {
    if (file === 'provider/attractions.json') {
      // An evening start, written in Goiás's offset: the pages name its clock.
      const events = (data as { data: { events: { id: unknown; start_date?: string }[] } }).data.events;
      for (const event of events) if (String(event.id) === '402') event.start_date = '2027-07-01T19:00:00-03:00';
      return data;
    }
    if (file !== 'provider/tours.json') return data;
    const tours = (data as { data: { tours: WireTour[] } }).data.tours;
    for (const tour of tours) {
      if (String(tour.id) === '101') {
        tour.image = at('ok.jpg');
        tour.gallery = [
          { large: at('ok.jpg'), thumb: at('ok.jpg') },
          { large: at('garbage.jpg'), thumb: at('garbage.jpg') },
        ];
      }
      if (String(tour.id) === '107') {
        tour.image = at('missing.jpg');
        tour.gallery = [];
      }
      if (String(tour.id) === '102') tour.image = 'https://cdn.example.com/tours/rio.jpg';
    }
    return data;
  };
  server = await startUpstreamServer({
    reader: async (file) => withUpstreamPhotos(file, moveToAnotherCity(await sample(file))),
    city: CITY,
  });
  origin = server.origin;
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
  // The sample's relative photo paths are relative to the provider, as a real upstream's uploads are.
  server.setFault(new RegExp(`^${SAMPLE_MEDIA}`), {
    kind: 'respond',
    respond: async (request, next) => {
      const file = path.join(SAMPLE_MEDIA_DIR, new URL(request.url).pathname.slice(SAMPLE_MEDIA.length));
      if (!file.startsWith(`${SAMPLE_MEDIA_DIR}${path.sep}`)) return next();
      const body = await readFile(file).catch(() => null);
      return body ? new Response(new Uint8Array(body), { headers: { 'content-type': 'image/jpeg' } }) : next();
    },
  });
  site = await buildSite({ ...server.env, CITY_NAME: CITY.name, CITY_STATE: CITY.state, CITY_TIME_ZONE: CITY.timeZone });
}, 300_000);

afterAll(async () => {
  await server?.close();
  await site?.remove();
});

describe('a build for another city', () => {
  it('syncs every collection from the upstream without a warning', () => {
    expect(site.report.warnings).toEqual([]);
  });

  it("gives every time in the city's own time zone, on the pages and in their scripts", async () => {
    // Post 1305 was published at 22:05 UTC (its date_gmt): 19:05 in Goiás, 18:05 in Mato Grosso.
    expect(await site.page('/news/1305')).toContain('10/11/2026 às 19:05');
    // An event's hour says which clock it is on: Brasília's here, not Mato Grosso's.
    for (const page of ['/event/402', '/agenda', '/all-events']) {
      const html = await site.page(page);
      expect(html, page).toContain('1 de julho, 19h, a 4 de julho de 2027, horário de Brasília');
      expect(html, page).not.toContain('horário de Mato Grosso');
    }
    const scripts = (await site.textFiles()).filter((file) => file.endsWith('.js'));
    const zones = await Promise.all(scripts.map(async (file) => (await readFile(file, 'utf8')).match(/America\/\w+/g) ?? []));
    // format.ts in the browser (relative dates, the favourites' cards) has the city's zone, not Barra do Bugres's.
    expect(new Set(zones.flat())).toEqual(new Set(['America/Sao_Paulo']));
  });

  it('names the configured city on the home page', async () => {
    const home = await site.page('/');
    expect(home).toContain(CITY.name);
    expect(home).toContain(CITY.state);
  });

  it('states on no page a price, rating, group size, count, credential or contact its data does not hold', async () => {
    expect(await truthProblems(site.dist, site.snapshot, { timeZone: CITY.timeZone })).toEqual([]);
  });

  it('has no trace of Barra do Bugres in any page, feed or script', async () => {
    const files = await site.textFiles();
    expect(files.length).toBeGreaterThan(100);
    const traces: string[] = [];
    for (const file of files) {
      const match = (await readFile(file, 'utf8')).match(/.{0,60}bugres.{0,60}/i);
      if (match) traces.push(`${path.relative(site.dist, file)}: …${match[0]}…`);
    }
    expect(traces).toEqual([]);
  });
});

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '{}') as Record<string, unknown>,
  );
const pictures = (html: string) => [...html.matchAll(/<picture\b[^>]*>([\s\S]*?)<\/picture>/g)].map((match) => match[1] ?? '');

describe('upstream images through the image pipeline', () => {
  it('reports the broken images as placeholders, not as failures of the build', () => {
    const ours = Object.entries(site.images.manifest.failed).filter(([url]) => url.startsWith(server.origin));
    expect(Object.fromEntries(ours)).toEqual({
      [`${server.origin}/media/missing.jpg`]: 'HTTP 404',
      [`${server.origin}/media/garbage.jpg`]: 'not a readable image',
    });
    // Documentation hosts (cdn.example.com) are never asked: placeholders at once.
    expect(site.images.manifest.failed['https://cdn.example.com/tours/rio.jpg']).toBe('example host (RFC 2606), not fetched');
    expect(Object.keys(site.images.manifest.images)).toContain(`${server.origin}/media/ok.jpg`);
  });

  it('serves a good photo as AVIF widths and one WebP from the site itself, the banner eager and high priority', async () => {
    const html = await site.page('/tour/101');
    const [banner] = pictures(html);
    // The banner's widths (src/lib/images.ts): a phone at DPR 2 takes 720 px, one at DPR 3 1080 px.
    expect(banner).toMatch(/<source type="image\/avif" srcset="\/_astro\/[^"]+\.avif 720w, \/_astro\/[^"]+\.avif 1080w"/);
    // Browsers without AVIF get one WebP, not a WebP per width.
    expect(banner).toMatch(/<img src="\/_astro\/[^"]+\.webp" alt=/);
    expect(banner).not.toMatch(/<img[^>]*srcset/);
    expect(banner).toMatch(/loading="eager" fetchpriority="high"/);
    expect(banner).toMatch(/width="1080" height="720"/);
    // Nothing on the page is loaded from the upstream's host, nor named by its structured data.
    expect(html).not.toMatch(new RegExp(`(src|srcset|href)="${server.origin}`));
    expect(html).not.toContain(server.origin);
    const trip = jsonLd(html).find((entry) => entry['@type'] === 'TouristTrip');
    expect(trip?.image).toMatch(/^https?:\/\/[^/]+\/_astro\/[^"]+\.jpg$/);
  });

  it('leaves out of the structured data a photo it has no copy of', async () => {
    const trip = jsonLd(await site.page('/tour/107')).find((entry) => entry['@type'] === 'TouristTrip');
    expect(trip).toBeDefined();
    expect(trip).not.toHaveProperty('image');
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
    // Never a broken <img> pointing at the failed URL.
    expect(missing).not.toMatch(/(src|srcset)="[^"]*missing\.jpg/);
  });
});
