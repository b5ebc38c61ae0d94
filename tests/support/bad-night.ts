/**
 * A "bad night": the fixture upstreams (tests/fixtures/upstream) with, next to their good records,
 * one record of every kind that real city providers and WordPress sites have sent and that once
 * stopped the nightly deploy, cost a collection or put words in the editors' public report. Served
 * by the test upstream server through `badNightReader`; the integration test
 * tests/integration/bad-night.test.ts builds and verifies a site from it.
 *
 * `HOSTILE` lists each kind with where it sits and what the site must make of it, so the test and
 * its report say the same thing.
 */
import sharp from 'sharp';
import { type FixtureReader, folderReader } from '../../scripts/sync/fixture-upstream.ts';
import { DEFAULT_FIXTURE_DIR, TEST_CREDENTIALS } from './upstream-server.ts';

/** What the site must do with a hostile record. */
export type Outcome = 'dropped' | 'repaired';

export interface HostileKind {
  /** What the upstream sent. */
  what: string;
  /** Collection and record id (as the sync reports it). */
  collection: string;
  id: string;
  outcome: Outcome;
  /** The reason the sync's report must give. */
  reason: RegExp;
}

/** A secret of the sync (the provider's token), split by markup inside a description. */
const SPLIT_SECRET = `${TEST_CREDENTIALS.cityApiToken.slice(0, 10)}<span>${TEST_CREDENTIALS.cityApiToken.slice(10)}</span>`;

/**
 * The provider's token in the forms that once passed the sync's redaction and made the gate refuse
 * the whole site: split by a space, by a line break, and base64-encoded.
 */
export const HIDDEN_TOKENS = [
  {
    id: 'token-space',
    what: 'split by a space',
    text: `${TEST_CREDENTIALS.cityApiToken.slice(0, 12)} ${TEST_CREDENTIALS.cityApiToken.slice(12)}`,
  },
  {
    id: 'token-newline',
    what: 'split by a line break',
    text: `${TEST_CREDENTIALS.cityApiToken.slice(0, 8)}\n${TEST_CREDENTIALS.cityApiToken.slice(8)}`,
  },
  { id: 'token-base64', what: 'base64-encoded', text: Buffer.from(TEST_CREDENTIALS.cityApiToken).toString('base64') },
] as const;

/**
 * Upstream text that a report cuts short, across the provider's token: 60 letters before it, so that
 * an 80-character cut keeps its first 19 characters (a title), or its first 20 (an e-mail's value).
 */
export const CUT_TOKENS = {
  title: `${'a'.repeat(60)} ${TEST_CREDENTIALS.cityApiToken}fim`,
  email: `${'c'.repeat(60)}${TEST_CREDENTIALS.cityApiToken}@x`,
} as const;

/** A title that would have /status, a public page of the city's domain, relay a scam. */
export const SCAM_TITLE = 'Prefeitura: cadastro expirou, acesse https://golpe.example/pix?id=1 agora mesmo';

/** A title that a spreadsheet in a comma locale splits into a formula. */
export const FORMULA_TITLE = "Festa do Peixe,=cmd|' /C calc'!A0,";

/** 199,000 CJK characters: under the sync's 200,000 characters of a field, 597,000 bytes of UTF-8. */
export const CJK_TEXT = '旅'.repeat(199_000);

/** Paths the test server answers with a real JPEG (the blog's uploads, the provider's photos). */
export const IMAGE_PATHS = /^\/(?:wp-content\/uploads|media)\//;

/** A small real JPEG for every image path. */
export async function sampleJpeg(): Promise<Buffer<ArrayBuffer>> {
  return sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 44, g: 95, b: 45 } } })
    .jpeg({ quality: 70 })
    .toBuffer();
}

export const HOSTILE: HostileKind[] = [
  { what: 'an id with a slash', collection: 'tours', id: '"a/b"', outcome: 'dropped', reason: /^id: not a page address/ },
  {
    what: 'an id with dots',
    collection: 'tours',
    id: '"../../etc/passwd"',
    outcome: 'dropped',
    reason: /^id: not a page address/,
  },
  { what: 'an id with ? and #', collection: 'tours', id: '"x?y#z"', outcome: 'dropped', reason: /^id: not a page address/ },
  { what: 'an id with a space', collection: 'accommodation', id: '"com espaço"', outcome: 'dropped', reason: /^id: / },
  // As the reports quote it: cut to 60 characters (src/lib/status/excerpt.ts).
  { what: 'a 300-character id', collection: 'restaurants', id: `"${'r'.repeat(58)}…`, outcome: 'dropped', reason: /^id: / },
  { what: 'an id with a control character', collection: 'events', id: '"x\\u0007y"', outcome: 'dropped', reason: /^id: / },
  { what: 'an id that is a route name', collection: 'news', id: '"page"', outcome: 'dropped', reason: /^id: / },
  { what: 'an id that differs only in case', collection: 'tours', id: 'TOUR-7', outcome: 'dropped', reason: /^duplicate id/ },
  {
    what: 'a description nested 5,000 elements deep',
    collection: 'tours',
    id: 'deep',
    outcome: 'repaired',
    reason: /^description: HTML nested 5,00\d levels deep, tags below level 64 removed$/,
  },
  {
    what: 'a 5 MB description',
    collection: 'accommodation',
    id: 'huge',
    outcome: 'repaired',
    reason: /^description: 5,\d{3},\d{3} characters, cut to 200,000$/,
  },
  {
    what: 'a 200,000-photo gallery',
    collection: 'events',
    id: 'gallery',
    outcome: 'repaired',
    reason: /^gallery: 200,000 entries, kept the first 40$/,
  },
  {
    what: 'an e-mail with a hidden copy (?bcc=)',
    collection: 'tours',
    id: 'bcc',
    outcome: 'repaired',
    reason: /^email "contato@x\.com\?bcc=someone@else\.com": not a plain e-mail address$/,
  },
  {
    what: 'a provider e-mail with a hidden copy',
    collection: 'guides',
    id: 'bcc-guide',
    outcome: 'repaired',
    reason: /^provider\.email ".*": not a plain e-mail address$/,
  },
  {
    what: 'an agency e-mail with a hidden copy',
    collection: 'city',
    id: '1',
    outcome: 'repaired',
    reason: /^agency\.email ".*": not a plain e-mail address$/,
  },
  { what: 'a negative price', collection: 'tours', id: 'neg', outcome: 'repaired', reason: /^price -5: not a price/ },
  { what: 'a price of 1e309', collection: 'restaurants', id: 'inf', outcome: 'repaired', reason: /^price "1e309": not a price/ },
  { what: 'a rating of 11', collection: 'tours', id: 'eleven', outcome: 'repaired', reason: /^rating 11 outside 0–5; left out$/ },
  {
    what: 'a feedback rating of 11 (would be featured)',
    collection: 'testimonials',
    id: '1099',
    outcome: 'repaired',
    reason: /^rating 11 outside 0–10; left out$/,
  },
  {
    what: 'a feedback dated 2026-02-30',
    collection: 'testimonials',
    id: '1098',
    outcome: 'repaired',
    reason: /^created_at "2026-02-30": not a calendar date/,
  },
  { what: 'a post dated 9999', collection: 'news', id: '9999', outcome: 'dropped', reason: /^no valid publication date/ },
  {
    // Its page would be over the gate's limit for the page of one record (sync-gate-rules.test.ts): the gate refused the whole site.
    what: 'a description and an `include` of 199,000 CJK characters each',
    collection: 'tours',
    id: 'cjk',
    outcome: 'dropped',
    reason: /^too large for one page \(about 1,\d{3},\d{3} bytes, over the gate's limit of 1,000,000/,
  },
  {
    what: 'the token split by markup',
    collection: 'tours',
    id: 'secret',
    outcome: 'dropped',
    reason: /^carries a secret of the sync \(PROVIDER_API_TOKEN, /,
  },
  ...HIDDEN_TOKENS.map(
    ({ id, what }): HostileKind => ({
      what: `the token ${what}`,
      collection: 'tours',
      id,
      outcome: 'dropped',
      reason: /^carries a secret of the sync \(PROVIDER_API_TOKEN, /,
    }),
  ),
  {
    // Nothing visible is no name: the record is left out, and /status asks for its name.
    what: 'a title of invisible characters',
    collection: 'drivers',
    id: 'invisible',
    outcome: 'dropped',
    reason: /^no title$/,
  },
  {
    what: 'a javascript: website',
    collection: 'agencies',
    id: 'js-site',
    outcome: 'repaired',
    reason: /^provider\.website "javascript:alert\(1\)": not an http\(s\) address$/,
  },
  {
    what: 'a title with the token after 60 letters',
    collection: 'tours',
    id: 'cut-title',
    outcome: 'dropped',
    reason: /^carries a secret of the sync \(PROVIDER_API_TOKEN, as it is\)$/,
  },
  {
    what: 'an e-mail with the token after 60 letters',
    collection: 'tours',
    id: 'cut-email',
    outcome: 'repaired',
    reason: /^provider\.email: not-email \(its text is withheld: it holds part of a credential\)$/,
  },
  {
    what: 'a scam in the title of a record left out, its id valid',
    collection: 'news',
    id: '1302',
    outcome: 'dropped',
    reason: /^status "draft" is not published/,
  },
  {
    what: 'a scam in the title of a record left out, its id invalid',
    collection: 'events',
    id: '"../golpe"',
    outcome: 'dropped',
    reason: /^id: not a page address/,
  },
  {
    what: 'an episode id that leaves its path',
    collection: 'episodes',
    id: '"../../me"',
    outcome: 'dropped',
    reason: /^id: not a page address/,
  },
];

/** The WordPress markup of a real post: footnotes block, table of contents, relative links, uploads images. */
export function wordpressPost(origin: string) {
  const link = `${origin}/2026/11/18/noite-ruim/`;
  return {
    id: 1301,
    date: '2026-11-18T09:30:00',
    date_gmt: '2026-11-18T12:30:00',
    slug: 'noite-ruim',
    status: 'publish',
    link,
    title: { rendered: 'Guia da cheia &#8211; o que muda no rio' },
    excerpt: { rendered: '<p>Rotas, horários e segurança.</p>' },
    content: {
      rendered: [
        '<div class="wp-block-yoast-seo-table-of-contents"><h2>Índice</h2><ul>',
        '<li><a href="#h-rotas">Rotas</a></li>',
        `<li><a href="${link}#h-seguranca">Segurança</a></li></ul></div>`,
        '<h2 class="wp-block-heading" id="h-rotas">Rotas</h2>',
        '<p>As rotas mudam na cheia<sup data-fn="6b1c" class="fn"><a href="#6b1c" id="6b1c-link">1</a></sup>. ',
        'Veja também <a href="/2026/11/outro-post/">o outro post</a> e <a href="leia-mais">leia mais</a>.</p>',
        '<figure class="wp-block-image"><img src="/wp-content/uploads/2026/11/rio-cheio.jpg" alt="Rio cheio" ',
        'srcset="/wp-content/uploads/2026/11/rio-cheio-300x200.jpg 300w" sizes="(max-width: 640px) 100vw"></figure>',
        '<h2 class="wp-block-heading" id="h-seguranca">Segurança</h2>',
        '<p>Use colete. <a href="#nao-existe">Âncora sem destino</a>.</p>',
        '<ol class="wp-block-footnotes"><li id="6b1c">Segundo a Marinha. <a href="#6b1c-link" aria-label="Voltar">↩︎</a></li></ol>',
      ].join(''),
    },
    _embedded: {
      author: [{ name: 'Redação' }],
      'wp:featuredmedia': [{ source_url: '/wp-content/uploads/2026/11/capa.jpg' }],
      'wp:term': [[{ taxonomy: 'category', name: 'Serviço' }]],
    },
  };
}

const tour = (id: unknown, extra: Record<string, unknown> = {}) => ({
  id,
  title: `Passeio ${String(id).slice(0, 20)}`,
  price: 'R$ 90,00',
  ...extra,
});

/**
 * The fixture files with the hostile records added; everything else as the fixtures have it.
 * `originOf` gives the server's own origin once it listens (posts link to it, their uploads are there).
 */
export function badNightReader(originOf: () => string, base: FixtureReader = folderReader(DEFAULT_FIXTURE_DIR)): FixtureReader {
  const withRecords = (body: unknown, key: string, records: unknown[]): unknown => {
    if (Array.isArray(body)) return [...body, ...records];
    const envelope = body as Record<string, unknown>;
    if (Array.isArray(envelope[key])) return { ...envelope, [key]: [...(envelope[key] as unknown[]), ...records] };
    const data = envelope.data as Record<string, unknown> | unknown[];
    if (Array.isArray(data)) return { ...envelope, data: [...data, ...records] };
    return { ...envelope, data: { ...data, [key]: [...(data[key] as unknown[]), ...records] } };
  };
  const additions: Record<string, [string, unknown[]]> = {
    'provider/tours.json': [
      'tours',
      [
        tour('a/b'),
        tour('../../etc/passwd'),
        tour('x?y#z'),
        tour('tour-7', { title: 'Passeio sete' }),
        tour('TOUR-7', { title: 'Passeio sete de novo' }),
        tour('deep', { description: `${'<div>'.repeat(5000)}<p>Roteiro completo.</p>${'</div>'.repeat(5000)}` }),
        tour('bcc', { email: 'contato@x.com?bcc=someone@else.com' }),
        tour('neg', { price: -5 }),
        tour('eleven', { rating: 11 }),
        tour('secret', { description: `<p>Chave de acesso: ${SPLIT_SECRET}.</p>` }),
        ...HIDDEN_TOKENS.map(({ id, text }) => tour(id, { description: `<p>Chave de acesso: ${text}</p>` })),
        tour('cut-title', { title: CUT_TOKENS.title }),
        tour('cut-email', { provider: { email: CUT_TOKENS.email } }),
        tour('cjk', { description: `<p>${CJK_TEXT}</p>`, include: `<p>${CJK_TEXT}</p>` }),
        tour('relative', {
          image: '/media/tours/relativo.jpg',
          description: '<p>Mapa: <a href="/mapas/serra">serra</a>. <img src="/media/tours/trilha.jpg" alt="Trilha"></p>',
        }),
        tour('ssrf', {
          image: 'http://169.254.169.254/latest/meta-data/iam.jpg',
          gallery: [{ large: 'http://127.0.0.2:9/spy.jpg', thumb: 'http://[::1]:9/spy.jpg' }],
        }),
      ],
    ],
    'provider/hotels.json': [
      'hotels',
      [
        { id: 'com espaço', name: 'Hotel com espaço' },
        { id: 'huge', name: 'Hotel com descrição enorme', description: `<p>${'Quarto amplo. '.repeat(380_000)}</p>` },
      ],
    ],
    'provider/restaurants.json': [
      'restaurants',
      [
        { id: 'r'.repeat(300), name: 'Restaurante de id comprido' },
        { id: 'inf', name: 'Restaurante infinito', price: '1e309' },
      ],
    ],
    'provider/attractions.json': [
      'events',
      [
        { id: 'x\u0007y', title: 'Evento com controle' },
        { id: '../golpe', title: SCAM_TITLE },
        { id: 'formula', title: FORMULA_TITLE, start_date: '2026-12-19' },
        {
          id: 'gallery',
          title: 'Galeria gigante',
          gallery: Array.from({ length: 200_000 }, (_, index) => ({
            large: `/media/g/${index}.jpg`,
            thumb: `/media/g/${index}-t.jpg`,
          })),
        },
      ],
    ],
    'provider/providers-drivers.json': ['providers', [{ id: 'invisible', name: '\u200b\u202e\u2066', status: 'active' }]],
    'provider/providers-guides.json': [
      'providers',
      [{ id: 'bcc-guide', name: 'Guia Bcc', provider: { name: 'Guia Bcc', email: 'guia@x.com?bcc=spy@else.com' } }],
    ],
    'provider/providers-agencies.json': [
      'providers',
      [{ id: 'js-site', name: 'Agência JS', provider: { name: 'Agência JS', website: 'javascript:alert(1)' } }],
    ],
    'provider/feedbacks.json': [
      'feedbacks',
      [
        { id: 1099, description: 'Nota onze!', rating: 11, created_at: '2026-03-01T10:00:00Z' },
        { id: 1098, description: 'Data impossível.', rating: 8, created_at: '2026-02-30' },
      ],
    ],
  };
  return async (file) => {
    const body = await base(file);
    if (file === 'provider/cities.json') {
      const envelope = body as { data: { cities: Record<string, unknown>[] } };
      const cities = envelope.data.cities.map((city) => ({
        ...city,
        tourist_support_agency: {
          ...(city.tourist_support_agency as object),
          email: 'turismo@barra.example?bcc=spy@else.com',
        },
      }));
      return { ...envelope, data: { ...envelope.data, cities, total: cities.length } };
    }
    if (file === 'provider/feedbacks.json') {
      const envelope = withRecords(body, 'feedbacks', additions[file]?.[1] ?? []) as { data: Record<string, unknown> };
      return { ...envelope, data: { ...envelope.data, total: (envelope.data.feedbacks as unknown[]).length } };
    }
    if (file === 'blog/posts.json') {
      const origin = originOf();
      const post = wordpressPost(origin);
      return [
        ...(body as unknown[]),
        post,
        { ...post, id: 'page', link: `${origin}/page/` },
        { ...post, id: 1302, status: 'draft', title: { rendered: SCAM_TITLE }, link: `${origin}/golpe/` },
        { ...post, id: 9999, date: '9999-01-01T00:00:00', date_gmt: '9999-01-01T03:00:00', link: `${origin}/futuro/` },
      ];
    }
    if (file === 'spotify/episodes.json') {
      const show = body as { items: unknown[] };
      return { ...show, items: [...show.items, { id: '../../me', name: 'Episódio fora do caminho', duration_ms: 1000 }] };
    }
    const addition = additions[file];
    return addition ? withRecords(body, addition[0], addition[1]) : body;
  };
}

/** Ids of the good records every collection must publish (the fixtures' good records and the repaired ones). */
export const GOOD_IDS: Record<string, string[]> = {
  tours: ['101', '102', '104', '105', '107', '108', 'tour-7', 'deep', 'bcc', 'neg', 'eleven', 'relative', 'ssrf', 'cut-email'],
  accommodation: ['201', '202', 'huge'],
  restaurants: ['301', '302', 'inf'],
  events: ['501', '502', 'gallery', 'formula'],
  drivers: ['601', '602'],
  guides: ['701', '702', 'bcc-guide'],
  agencies: ['801', '802', 'js-site'],
  tourProviders: ['901', '902'],
  testimonials: ['1001', '1002', '1003', '1004', '1005', '1099', '1098'],
  news: ['11', '12', '13', '1301'],
  episodes: ['ep003', 'ep002', 'ep001'],
};
