/**
 * The deploy gate speaks to editors in Portuguese: every reason of every check (scripts/verify/*.ts)
 * carries a plain Portuguese sentence beside the developers' English one, the editors' report
 * (formatEditorReport) groups, caps and escapes them for the job summary, and `npm run verify` leaves
 * that report in GITHUB_STEP_SUMMARY and the refusal note in VERIFY_REFUSAL_FILE.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHeadersFile } from '../../scripts/verify/headers.ts';
import { checkHostLimits, checkPageForms, checkReachability, checkStructuredDataForms } from '../../scripts/verify/hosting.ts';
import { imageProblem } from '../../scripts/verify/images.ts';
import { checkLinks } from '../../scripts/verify/links.ts';
import { type BuildManifest, checkCollections } from '../../scripts/verify/manifest.ts';
import { checkExpectedPages, readSnapshot } from '../../scripts/verify/pages.ts';
import { GATE_TITLES, GATE_TITLES_PT, type Gate, type Problem } from '../../scripts/verify/problem.ts';
import { editorReasons, formatEditorReport } from '../../scripts/verify/report.ts';
import { runVerify } from '../../scripts/verify/run.ts';
import { checkPageScripts } from '../../scripts/verify/scripts.ts';
import { checkPageText, checkSearchIndex, checkSecrets, fingerprintSecrets } from '../../scripts/verify/secrets.ts';
import { checkPageSizes, DEFAULT_PAGE_SIZE_LIMITS } from '../../scripts/verify/sizes.ts';
import { checkXmlFiles } from '../../scripts/verify/xml.ts';
import type { Snapshot } from '../../src/integrations/build-manifest.ts';
import { GB, MIB } from '../../src/integrations/hosts.ts';
import { scanPage, scanTags } from '../../src/integrations/html-scan.ts';
import { collectionName } from '../../src/lib/status/collection-names.ts';
import { REFUSAL_REASONS_CAP, RefusalSchema } from '../../src/lib/status/refusal.ts';
import { englishWords } from '../support/portuguese.ts';

const exec = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const SITE_ORIGIN = 'https://turismo.example.com.br';
const SECRET = 'prov-token-5f2a9c1e7d';
/** What the gate gets: the salted fingerprints of the secret, never its value. */
const FINGERPRINTS = fingerprintSecrets([{ name: 'PROVIDER_API_TOKEN', value: SECRET }]);
/** A page with a policy, so that only what a case adds is wrong with it. */
const POLICY = `<meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self'">`;
const GPS = { IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '15/1 4/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '57/1 11/1 0/1' } };

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'verify-editor-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** A folder of `work` holding `files`. */
async function folderWith(name: string, files: Record<string, string | Uint8Array>): Promise<string> {
  const dir = path.join(work, name);
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), content);
  }
  await mkdir(dir, { recursive: true });
  return dir;
}

const manifest = (counts: BuildManifest['counts']): BuildManifest => ({ version: 1, builtAt: '', snapshotDir: 's', counts });
const snapshotOf = (counts: Record<string, number>): Snapshot =>
  Object.fromEntries(
    Object.entries(counts).map(([name, count]) => [name, Array.from({ length: count }, (_, id) => ({ id: String(id) }))]),
  );
/** The collections gate on `now` against the last published `before`, the build being of `now`. */
const collections = (before: Record<string, number> | null, now: Record<string, number>) =>
  checkCollections({
    snapshot: snapshotOf(now),
    built: manifest(now),
    previous: before && manifest(before),
    allowShrink: false,
    allowGrowth: false,
  });
const photo = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a6' } });
const files = (count: number, folder = 'tour') =>
  Array.from({ length: count }, (_, index) => ({ file: `${folder}/${index}.html`, bytes: 1 }));

/** Each way a check refuses a build, with the check it belongs to: every creation site of a Problem. */
const CASES: [name: string, gate: Gate, reasons: () => Promise<Problem[]> | Problem[]][] = [
  ['no built site at all', 'pages', async () => (await runVerify(noDist())).problems],
  [
    'pages the build did not make',
    'pages',
    async () => checkExpectedPages(await folderWith('empty', {}), snapshotOf({ tours: 60 })),
  ],
  [
    'a page over its limit, of one item and of a list',
    'sizes',
    () =>
      checkPageSizes(
        [
          { file: 'tour/102.html', bytes: 1_200_000 },
          { file: 'all-tours.html', bytes: 17_000_000 },
          { file: 'index.html', bytes: 17_000_000 },
        ],
        DEFAULT_PAGE_SIZE_LIMITS,
      ),
  ],
  [
    'a site over each limit of a host',
    'host',
    () => [
      ...checkHostLimits([{ file: 'fotos/grande.avif', bytes: 2 * GB }], 'github-pages'),
      ...checkHostLimits([...files(20_001), { file: 'fotos/grande.avif', bytes: 30 * MIB }], 'cloudflare-pages'),
      ...checkHostLimits(files(54_001), 'netlify'),
    ],
  ],
  [
    'no build manifest, or one of other data',
    'collections',
    () => [
      ...checkCollections({
        snapshot: snapshotOf({ city: 1, tours: 2 }),
        built: null,
        previous: null,
        allowShrink: false,
        allowGrowth: false,
      }),
      ...checkCollections({
        snapshot: snapshotOf({ city: 1, tours: 2 }),
        built: manifest({ city: 1, tours: 3 }),
        previous: null,
        allowShrink: false,
        allowGrowth: false,
      }),
    ],
  ],
  [
    'no city, every collection empty, a collection emptied, shrunk or grown',
    'collections',
    () => [
      ...collections({ city: 1, tours: 2 }, { city: 0, tours: 2 }),
      ...collections(null, { city: 1, tours: 0 }),
      ...collections({ city: 1, tours: 80, news: 3 }, { city: 1, tours: 8, news: 0 }),
      ...collections({ city: 1, tours: 40, events: 0 }, { city: 1, tours: 4000, events: 501 }),
    ],
  ],
  [
    'snapshot files missing, not JSON, not a list',
    'collections',
    async () => {
      const dir = await folderWith('snapshot', { 'tours.json': '{"not":"a list"}', 'news.json': '[{' });
      return (await readSnapshot(dir)).problems;
    },
  ],
  [
    'a secret in the files, in the text of a page and in the search index',
    'secrets',
    async () => {
      const fragment = gzipSync(Buffer.concat([Buffer.from('pagefind_dcd'), Buffer.from(JSON.stringify({ content: SECRET }))]));
      const dist = await folderWith('secrets', {
        'news/1008.html': `<p>${SECRET}</p>`,
        '_astro/chunk.js': `const leaked = "${SECRET}";`,
        'pagefind/fragment/pt_1a2b.pf_fragment': fragment,
      });
      const all = ['news/1008.html', '_astro/chunk.js', 'pagefind/fragment/pt_1a2b.pf_fragment'];
      const html = `<p>chave ${SECRET.slice(0, 6)}<span>${SECRET.slice(6)}</span></p><img alt="${SECRET}">`;
      return [
        ...(await checkSecrets(dist, all, FINGERPRINTS)),
        ...checkPageText('tour/101.html', scanPage(html), FINGERPRINTS),
        ...(await checkSearchIndex(dist, all, FINGERPRINTS)),
      ];
    },
  ],
  [
    'an image of another format, with a location, or both, or of none',
    'images',
    async () => {
      const jpeg = await photo().jpeg().toBuffer();
      const located = await photo().jpeg().withExif(GPS).toBuffer();
      const found = await Promise.all([
        imageProblem('_astro/foto.Xy12.avif', jpeg),
        imageProblem('_astro/foto.Xy12.jpg', located),
        imageProblem('_astro/foto.Xy12.webp', located),
        imageProblem('_astro/foto.Xy12.png', Buffer.from('<html>Erro</html>')),
      ]);
      return found.filter((problem) => problem !== null);
    },
  ],
  [
    'a page with code the build did not put there',
    'scripts',
    () => [
      ...checkPageScripts('about.html', scanTags('<p>sem política</p>')),
      ...checkPageScripts(
        'news/1008.html',
        scanTags(
          `${POLICY}<script src="https://cdn.evil.example/x.js"></script><script>fetch("https://evil.example")</script>` +
            '<img src="/a.svg" alt="" onerror="alert(1)"><a href="javascript:alert(1)">x</a><iframe srcdoc="<p>x</p>"></iframe><embed src="/x">',
        ),
      ),
    ],
  ],
  [
    'a broken link in a page, in a stylesheet only, in a sitemap',
    'links',
    () =>
      checkLinks({
        pages: [
          { file: 'about.html', path: '/about', tags: scanTags('<a href="/tour/999">Passeio antigo</a>') },
          { file: 'contato.html', path: '/contato', tags: scanTags('<a href="/tour/999">de novo</a>') },
          { file: 'index.html', path: '/', tags: scanTags('<a href="/tour/999">e aqui</a>') },
          { file: 'destination.html', path: '/destination', tags: scanTags('<a href="/tour/999">e ali</a>') },
        ],
        stylesheets: [{ file: '_astro/site.css', css: 'body{background:url(/fonte.woff2)}' }],
        sitemaps: [{ file: 'sitemap-0.xml', xml: `<urlset><url><loc>${SITE_ORIGIN}/tour/103</loc></url></urlset>` }],
        resolve: () => null,
        siteOrigin: SITE_ORIGIN,
      }),
  ],
  [
    'no news feed, a feed and a sitemap that are not well-formed',
    'xml',
    () =>
      checkXmlFiles(
        ['sitemap-0.xml'],
        [
          { file: 'news/rss.xml', bytes: Buffer.from('<rss><channel><title>Festa\u0001</title></channel></rss>') },
          { file: 'sitemap-0.xml', bytes: Buffer.from('<urlset><url></urlset>') },
        ],
      ),
  ],
  [
    '_headers missing, stale, with too many rules or too long a line',
    'hosting',
    () => [
      ...checkHeadersFile(null, [], []),
      ...checkHeadersFile(
        `${Array.from({ length: 101 }, (_, index) => `/${index}\n  X-Regra: ${index}`).join('\n')}\n/longa\n  X-Regra: ${'a'.repeat(2001)}\n`,
        ['index.html'],
        [],
      ),
    ],
  ],
  [
    'a page some host would not serve, or whose folder form differs',
    'hosting',
    () => [
      ...checkReachability(['index.html', 'news.html', 'news/1.html', 'news/1/index.html'], () => true, 'any'),
      ...checkReachability(['index.html', 'about.html', 'about/index.html'], () => false, 'any'),
    ],
  ],
  [
    'links in another form, path-relative references, mixed content, structured data',
    'hosting',
    () => [
      ...checkPageForms(
        'contato.html',
        scanTags(
          '<a href="/news/">n</a><img src="fotos/logo.svg" alt=""><form action="mailto:turismo@example.com"></form>' +
            '<img src="http://cdn.example.com/a.jpg" alt="">',
        ),
        SITE_ORIGIN,
      ),
      ...checkStructuredDataForms(
        'news/1008.html',
        scanTags(`<script type="application/ld+json">{"item":"${SITE_ORIGIN}/news/"}</script>`),
        SITE_ORIGIN,
      ),
    ],
  ],
  [
    'no .nojekyll',
    'hosting',
    async () => {
      const dist = await folderWith('tiny-dist', {
        'index.html': `<!doctype html><html><head>${POLICY}</head><body></body></html>`,
      });
      return (await runVerify({ ...noDist(), distDir: dist })).problems.filter((problem) =>
        problem.message.startsWith('.nojekyll'),
      );
    },
  ],
];

function noDist() {
  return {
    distDir: path.join(work, 'nowhere'),
    snapshotDir: path.join(work, 'nowhere'),
    previous: null,
    allowShrink: false,
    allowGrowth: false,
    fingerprints: FINGERPRINTS,
    siteOrigin: SITE_ORIGIN,
  };
}

/** An editor's sentence: Portuguese, and never a secret or a piece of one. */
function expectForEditors(problem: Problem): void {
  expect(problem.editor.trim(), problem.message).not.toBe('');
  expect(englishWords(problem.editor), problem.editor).toEqual([]);
  expect(problem.editor).not.toBe(problem.message);
  for (let start = 0; start + 6 <= SECRET.length; start += 1) {
    expect(problem.editor).not.toContain(SECRET.slice(start, start + 6));
  }
}

describe("every reason of the gate, in the editors' Portuguese", () => {
  it.each(CASES)('%s (%s)', async (_name, gate, reasons) => {
    const problems = await reasons();
    expect(problems.filter((problem) => problem.gate === gate).length).toBeGreaterThan(0);
    for (const problem of problems) expectForEditors(problem);
  });

  it('covers every check', () => {
    expect(new Set(CASES.map(([, gate]) => gate))).toEqual(new Set(Object.keys(GATE_TITLES)));
    expect(Object.keys(GATE_TITLES_PT)).toEqual(Object.keys(GATE_TITLES));
    for (const title of Object.values(GATE_TITLES_PT)) expect(englishWords(title), title).toEqual([]);
  });

  it('names the collection, the counts and the override, as the editors know them', () => {
    expect(collections({ city: 1, tours: 80 }, { city: 1, tours: 8 }).map((problem) => problem.editor)).toEqual([
      'O site não foi atualizado: a coleção Passeios tem 8 itens, menos da metade dos 80 publicados. O site atual ' +
        'continua no ar. Se a redução é intencional, peça uma nova publicação com a opção “allow_shrink” marcada ' +
        '(veja “Publicar agora” no guia dos editores).',
    ]);
    expect(collections({ city: 1, tours: 2, testimonials: 1 }, { city: 1, tours: 2, testimonials: 0 })[0]?.editor).toMatch(
      /^O site não foi atualizado: a coleção Depoimentos está vazia, mas o site publicado tem 1 item\. .*“allow_shrink”/,
    );
    expect(collections({ city: 1, tours: 40 }, { city: 1, tours: 4000 })[0]?.editor).toMatch(
      /^O site não foi atualizado: a coleção Passeios tem 4\.000 itens, 3\.960 a mais que os 40 publicados .*“allow_growth”/,
    );
    expect(collections(null, { city: 1, tours: 0 })[0]?.editor).toMatch(
      /^O site não foi atualizado: todas as coleções .*“allow_shrink”/,
    );
    expect(['tours', 'tourProviders', 'news', 'episodes', 'city'].map(collectionName)).toEqual([
      'Passeios',
      'Fornecedores',
      'Notícias',
      'Episódios do podcast',
      'Cidade',
    ]);
  });

  it('names the page and what to reduce, the page and the link, the image', async () => {
    const [size] = checkPageSizes([{ file: 'tour/102.html', bytes: 1_200_000 }], DEFAULT_PAGE_SIZE_LIMITS);
    expect(size?.editor).toMatch(/^A página \/tour\/102 tem 1,2 MB, acima do limite de 1 MB .*texto ou a galeria de fotos/);
    const [link] = checkLinks({
      pages: [{ file: 'about.html', path: '/about', tags: scanTags('<a href="/tour/999">x</a>') }],
      stylesheets: [],
      resolve: () => null,
      siteOrigin: SITE_ORIGIN,
    });
    expect(link?.editor).toMatch(/^O link para \/tour\/999, na página \/about, leva a um endereço que não existe no site\./);
    const image = await imageProblem('_astro/foto.Xy12.avif', await photo().jpeg().toBuffer());
    expect(image?.editor).toMatch(/^A imagem _astro\/foto\.Xy12\.avif é um JPEG, e não um AVIF como o nome diz/);
  });
});

describe('formatEditorReport', () => {
  const problem = (gate: Gate, editor: string): Problem => ({ gate, message: `${gate}: English`, editor });

  it('says the site was not updated, groups the reasons by check in their order, then what to do', () => {
    const report = formatEditorReport([
      problem('links', 'Link A.'),
      problem('pages', 'Página A.'),
      problem('links', 'Link B.'),
      problem('collections', 'Coleção A, com “allow_shrink”.'),
    ]);
    const lines = report.split('\n');
    expect(lines[0]).toBe('### O site não foi atualizado');
    expect(report).toContain('4 problemas');
    expect(report).toContain('O site que está no ar continua como estava.');
    const headings = lines.filter((line) => line.startsWith('**'));
    expect(headings).toEqual([
      `**${GATE_TITLES_PT.pages} (1)**`,
      `**${GATE_TITLES_PT.collections} (1)**`,
      `**${GATE_TITLES_PT.links} (2)**`,
      '**O que fazer**',
    ]);
    expect(report).toMatch(/\*\*Links internos quebrados \(2\)\*\*\n\n- Link A\.\n- Link B\.\n/);
    expect(report).toContain(
      '- Se uma coleção diminuiu ou cresceu muito de propósito, peça uma nova publicação com a opção “allow\\_shrink”',
    );
    expect(englishWords(report)).toEqual([]);
    // The overrides only where a reason offers one.
    expect(formatEditorReport([problem('links', 'Link A.'), problem('collections', 'Arquivo de dados.')])).not.toContain('allow');
  });

  it('caps the lines of each check and says how many more', () => {
    const report = formatEditorReport(
      Array.from({ length: 7 }, (_, index) => problem('links', `Link ${index + 1}.`)),
      { limit: 3 },
    );
    expect(report).toContain('- Link 3.\n- … e mais 4 do mesmo tipo.');
    expect(report).not.toContain('Link 4.');
  });

  it('escapes markup and emphasis in what the sentences name', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const [size] = checkPageSizes([{ file: `tour/${hostile}*bold*.html`, bytes: 2_000_000 }], DEFAULT_PAGE_SIZE_LIMITS);
    const report = formatEditorReport([
      size as Problem,
      problem('collections', 'A coleção `x` | [link](javascript:alert(1)) _y_ & z.'),
    ]);
    expect(report).not.toContain('<img');
    expect(report).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(report).toContain('\\*bold\\*');
    expect(report).toContain('A coleção \\`x\\` \\| \\[link\\](javascript:alert(1)) \\_y\\_ &amp; z.');
  });
});

describe('editorReasons', () => {
  const many = (gate: Gate, count: number) =>
    Array.from({ length: count }, (_, index): Problem => ({ gate, message: '', editor: `${gate} ${index}` }));

  it('keeps at most the cap, each check its share, in the order of the checks', () => {
    expect(editorReasons([...many('links', 300), ...many('collections', 1), ...many('pages', 2)], 6)).toEqual({
      reasons: ['pages 0', 'pages 1', 'collections 0', 'links 0', 'links 1', 'links 2'],
      total: 303,
    });
    expect(editorReasons(many('xml', 2), 50)).toEqual({ reasons: ['xml 0', 'xml 1'], total: 2 });
  });

  it('says what is one thing to do once, and counts it once', () => {
    const twice: Problem[] = [
      {
        gate: 'secrets',
        message: 'news/1.html contains the value of A (as it is).',
        editor: 'A página /news/1 contém uma chave.',
      },
      {
        gate: 'secrets',
        message: 'news/1.html contains the value of A (base64-encoded).',
        editor: 'A página /news/1 contém uma chave.',
      },
    ];
    expect(editorReasons(twice, 50)).toEqual({ reasons: ['A página /news/1 contém uma chave.'], total: 1 });
    expect(formatEditorReport(twice)).toContain(`1 problema no site novo`);
    expect(formatEditorReport(twice)).toContain(`**${GATE_TITLES_PT.secrets} (1)**`);
  });
});

/** Only what the command needs: the secrets it searches for come from the test, not from this machine. */
const BASE_ENV = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SITE_URL: SITE_ORIGIN };

describe('the command, for the editors', () => {
  it('appends the Portuguese report to GITHUB_STEP_SUMMARY and writes the refusal note to VERIFY_REFUSAL_FILE', async () => {
    const dist = await folderWith('broken-dist', {
      'index.html': `<!doctype html><html><body>${Array.from({ length: 12 }, (_, index) => `<a href="/tour/9${index}">x</a>`).join('')}</body></html>`,
      '_astro/leak.js': SECRET,
    });
    const snapshot = await folderWith('broken-snapshot', {});
    const out = path.join(work, 'out');
    const summary = path.join(out, 'summary.md');
    const refusalFile = path.join(out, 'published', 'refusal.json');
    await mkdir(out, { recursive: true });
    await writeFile(summary, '### Atualização do site\n\n');
    const env = { ...BASE_ENV, PROVIDER_API_TOKEN: SECRET, GITHUB_STEP_SUMMARY: summary, VERIFY_REFUSAL_FILE: refusalFile };
    const before = Date.now();
    const failed = await exec(process.execPath, ['scripts/verify.ts', '--dist', dist, '--snapshot', snapshot], {
      cwd: ROOT,
      env,
    }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    const total = Number(/must not be published \((\d+) problems\)/.exec(failed?.stderr ?? '')?.[1]);
    expect(total).toBeGreaterThan(REFUSAL_REASONS_CAP);
    // The log stays the developers', in English.
    expect(failed?.stderr).toContain('The current site stays online.');

    const markdown = await readFile(summary, 'utf8');
    expect(markdown).toMatch(/^### Atualização do site\n\n### O site não foi atualizado\n/);
    expect(markdown).toContain(`${total.toLocaleString('pt-BR')} problemas`);
    expect(markdown).toContain(`**${GATE_TITLES_PT.secrets} (1)**`);
    expect(markdown).toContain('**O que fazer**');
    expect(markdown).not.toContain(SECRET);
    expect(englishWords(markdown)).toEqual([]);

    const refusal = RefusalSchema.parse(JSON.parse(await readFile(refusalFile, 'utf8')));
    expect(refusal).toMatchObject({ stage: 'verify', total, lastPublishedAt: null });
    expect(Date.parse(refusal.attemptedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(refusal.reasons).toHaveLength(REFUSAL_REASONS_CAP);
    expect(
      refusal.reasons.some((reason) => reason.startsWith('O arquivo _astro/leak.js do site construído contém uma chave')),
    ).toBe(true);
    for (const reason of refusal.reasons) {
      expect(englishWords(reason), reason).toEqual([]);
      expect(reason).not.toContain(SECRET);
    }
  });

  it('refuses in Portuguese too when it cannot start', async () => {
    const out = await folderWith('cannot-start', {});
    const summary = path.join(out, 'summary.md');
    const refusalFile = path.join(out, 'refusal.json');
    const failed = await exec(process.execPath, ['scripts/verify.ts', '--dist', out, '--host', 'nowhere'], {
      cwd: ROOT,
      env: { ...BASE_ENV, GITHUB_STEP_SUMMARY: summary, VERIFY_REFUSAL_FILE: refusalFile },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect(await readFile(summary, 'utf8')).toMatch(/^### O site não foi atualizado\n\nA verificação final não pôde começar/);
    const refusal = RefusalSchema.parse(JSON.parse(await readFile(refusalFile, 'utf8')));
    expect(refusal).toMatchObject({ stage: 'verify', total: 1, reasons: [expect.stringMatching(/problema técnico/)] });
  });
});
