/**
 * /status, end to end: a night after a good one, the blog down and the city data API sending records the
 * sync drops, repairs or cannot take a photo of, with a new tour whose name is hostile markup and a
 * tour gone. The page the build writes tells editors, in Portuguese and in the city's time, when the
 * site was updated, which source was down and since when its data is, every record left out by id,
 * every count, and what came and went; it is kept out of search engines, the sitemap and the search
 * index, and the hostile name is text. In Chromium at a phone's width (390 and 320 px): the update's
 * time in the first screen, nothing wider than the screen, no serious accessibility violation.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from '../../scripts/ensure-browser.ts';
import { startStaticServer } from '../../scripts/serve.ts';
import { folderReader } from '../../scripts/sync/fixture-upstream.ts';
import { syncImages } from '../../scripts/sync/images/index.ts';
import { runSync } from '../../scripts/sync/run/index.ts';
import type { SyncReport } from '../../scripts/sync/run/report.ts';
import { cityTime } from '../../src/lib/status/report.ts';
import { seriousA11yViolations } from '../e2e/support.ts';
import { astroBuild } from '../support/build-site.ts';
import { englishWords } from '../support/portuguese.ts';
import { DEFAULT_FIXTURE_DIR, startUpstreamServer, type UpstreamServer } from '../support/upstream-server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const quiet = { info() {}, warn() {} };
/** A title that is markup once its entities are read: the sync keeps it as text, the page must too. */
const HOSTILE_TITLE = 'Passeio &lt;img src=x onerror=alert(1)&gt; novo';
const HOSTILE_NAME = 'Passeio <img src=x onerror=alert(1)> novo';
const PRODUCTION_URL = 'https://turismo.nobres.mt.gov.br';

let server: UpstreamServer;
let work: string;
let report: SyncReport;
let dist: string;
let html: string;
let main: HTMLElement;
let builtBetween: [Date, Date];

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'status-page-'));
  const snapshot = path.join(work, 'snapshot');
  server = await startUpstreamServer();
  const env = { ...server.env, SNAPSHOT_DIR: snapshot, IMAGE_CACHE_DIR: path.join(work, 'images') };
  const sampleDir = path.join(root, 'sample-data');
  // The good night before: the last published snapshot.
  await runSync({ env, outDir: snapshot, sampleDir, logger: quiet });

  const fixtures = folderReader(DEFAULT_FIXTURE_DIR);
  const tours = (await fixtures('provider/tours.json')) as ({ id?: unknown } | null)[];
  server.setFile('provider/tours.json', [...tours.filter((tour) => tour?.id !== 107), { id: 109, title: HOSTILE_TITLE }]);
  const events = (await fixtures('provider/attractions.json')) as { events: unknown[] };
  server.setFile('provider/attractions.json', {
    events: [...events.events, { id: 503, title: 'Festa do Peixe', start_date: '31/02/2026' }],
  });
  server.setFault(/^\/blog\//, { kind: 'status', status: 503 });

  report = await runSync({ env, outDir: snapshot, sampleDir, logger: quiet });
  await syncImages({ env, root, snapshotDir: snapshot, logger: quiet });
  dist = path.join(work, 'dist');
  const before = new Date();
  // A production build (its own address) that left the controller and the officer unset.
  await astroBuild(dist, {
    ...process.env,
    ...env,
    BUILD_TRIGGER: 'nightly',
    SITE_URL: PRODUCTION_URL,
    CITY_BODY: '',
    PRIVACY_OFFICER_NAME: '',
    PRIVACY_OFFICER_EMAIL: '',
  });
  builtBetween = [before, new Date()];
  html = await readFile(path.join(dist, 'status.html'), 'utf8');
  main = new JSDOM(html).window.document.querySelector('main') as HTMLElement;
  await promisify(execFile)(process.execPath, ['scripts/index-search.ts', dist], { cwd: root });
}, 300_000);

afterAll(async () => {
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** The page's text as a reader reads it. */
const text = () => (main.textContent ?? '').replace(/\s+/g, ' ');

describe('/status after a night with the blog down and records left out', () => {
  it('says when the site was updated, in the city’s time, first', () => {
    const heading = main.querySelector('.headline .title')?.textContent ?? '';
    const times = builtBetween.map((moment) => cityTime(moment, 'America/Cuiaba'));
    expect(times.map((time) => `Atualizado às ${time.time}`)).toContain(heading);
    expect(text()).toContain(`em ${times[1]?.date}, no horário da cidade`);
    expect(text()).toContain('Pedido por: publicação da noite, automática.');
  });

  it('names the source that was down, and the date of the data shown instead', () => {
    const news = report.collections.find((collection) => collection.id === 'news');
    expect(news).toMatchObject({ origin: 'snapshot', failed: true });
    const { date, time } = cityTime(news?.syncedAt ?? '', 'America/Cuiaba');
    expect(text()).toContain(`Blog (WordPress): Indisponível nesta atualização; o site mostra os dados de ${date} às ${time}.`);
    expect(text()).toContain('Notícias: o blog respondeu com erro 503');
  });

  it('lists every record left out by its id, problems before the counts', () => {
    const dropped = report.collections.flatMap((collection) => collection.dropped.map((note) => note.id));
    expect(dropped.length).toBeGreaterThan(2);
    const attention = main.querySelector('[aria-labelledby="status-attention"]')?.textContent ?? '';
    for (const id of dropped) expect(attention, id).toContain(id.startsWith('#') ? 'sem identificador' : id);
    expect(text().indexOf('Precisa de atenção')).toBeLessThan(text().indexOf('Quantidades publicadas'));
  });

  it('says what the sync repaired, with the field to fix', () => {
    expect(text()).toContain(
      'Evento 503 “Festa do Peixe”: a data "31/02/2026" não é uma data válida e ficou de fora. Corrija a data no painel do provedor.',
    );
  });

  it('says which photos are shown as the placeholder, and why', () => {
    expect(text()).toContain(
      'Passeio 101 “Passeio de Barco no Rio Paraguai”: 3 fotos não puderam ser usadas (a primeira porque o endereço da foto é só de exemplo); no lugar delas aparece uma imagem padrão. Envie outra foto no painel do provedor.',
    );
  });

  it('counts what each list shows, and apart the records kept off the lists', () => {
    const rows = [...main.querySelectorAll('tbody tr')].map((row) =>
      [...row.children].map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim()),
    );
    expect(rows).toHaveLength(report.collections.length);
    // The upstream's fixtures: guide 702 'inactive', driver 602 'pending'; every other record is listed.
    expect(rows.find(([name]) => name === 'Guias')?.slice(1)).toEqual(['1 item', '1 fora das listas']);
    expect(rows.find(([name]) => name === 'Condutores')?.slice(1)).toEqual(['1 item', '1 fora das listas']);
    for (const collection of report.collections.filter((entry) => !['guides', 'drivers'].includes(entry.id))) {
      expect(
        rows.some((row) => row[1] === `${collection.count} ${collection.count === 1 ? 'item' : 'itens'}` && row[2] === '–'),
      ).toBe(true);
    }
  });

  it('names each provider kept off the lists, linked to its page, and why', () => {
    const hidden = main.querySelector('[aria-labelledby="status-hidden"]');
    const lines = [...(hidden?.querySelectorAll('li') ?? [])].map((line) => (line.textContent ?? '').replace(/\s+/g, ' ').trim());
    expect(lines).toEqual(['Condutor 602 “Maria Transportes”: cadastro pendente', 'Guia 702 “Pedro Guia”: inativo']);
    expect(hidden?.querySelector('a[href="/guide/702"]')?.textContent).toBe('Guia 702 “Pedro Guia”');
  });

  it('asks for the settings a production build lacks, under what needs attention', () => {
    const attention = main.querySelector('[aria-labelledby="status-attention"]')?.textContent?.replace(/\s+/g, ' ') ?? '';
    expect(attention).toContain('Configurações que faltam (2)');
    expect(attention).toContain('Peça à equipe técnica que defina CITY_BODY');
    expect(attention).toContain('Peça à equipe técnica que defina PRIVACY_OFFICER_NAME e PRIVACY_OFFICER_EMAIL');
  });

  it('links the new tour and names the one gone, the hostile name as text', () => {
    const added = [...main.querySelectorAll('a[href="/tour/109"]')];
    expect(added.map((link) => link.textContent)).toContain(HOSTILE_NAME);
    expect(html).not.toContain('<img src=x');
    expect(main.querySelectorAll('img')).toHaveLength(0);
    expect(text()).toContain('Cachoeira Salto das Nuvens');
  });

  it('has no English, names no upstream address and no secret', () => {
    expect(englishWords(text())).toEqual([]);
    expect(html).not.toContain(server.origin);
    expect(html).not.toContain(server.env.PROVIDER_API_TOKEN);
  });

  it('is kept out of search engines, the sitemap and the search index', async () => {
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(await readFile(path.join(dist, 'sitemap-0.xml'), 'utf8')).not.toContain('/status');
    expect(html).not.toContain('data-pagefind-body');
  });
});

describe("/status in a phone's browser", () => {
  it.each([390, 320])(
    'at %i px: the update first, nothing wider than the screen, no serious accessibility violation',
    async (width) => {
      const host = await startStaticServer({ root: dist, port: 0 });
      const executablePath = findChromium();
      const browser = await chromium.launch({
        ...(executablePath ? { executablePath } : {}),
        args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      });
      try {
        const page = await browser.newPage({ viewport: { width, height: 844 } });
        await page.goto(`${host.origin}/status`);
        const title = page.locator('.headline .title');
        // Loaded pages on a busy machine (the whole suite on 2 cores) have come visible after the default wait.
        await title.waitFor({ state: 'visible', timeout: 20_000 });
        const box = await title.boundingBox();
        expect((box?.y ?? 1000) + (box?.height ?? 0)).toBeLessThan(844);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        if (width === 390) expect(await seriousA11yViolations(page)).toEqual([]);
      } finally {
        await browser.close();
        await host.close();
      }
    },
    60_000,
  );
});
