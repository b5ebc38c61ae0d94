/**
 * The editors' words (src/lib/status/): every record note, collection problem and photo reason the sync
 * can give has its Portuguese sentence, naming the record, the field and where to fix it; and /status as
 * data (statusView): the time in the city's clock, a refused update first, problems before counts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  type CollectionProblem,
  type CollectionStatus,
  HIDDEN_REASONS,
  NOTE_PROBLEMS,
  type RecordNote,
} from '../../src/lib/schemas/index.ts';
import { NIGHTLY_UTC, nextNightlyRun, readBuildRequest } from '../../src/lib/status/build.ts';
import { COLLECTION_NAMES } from '../../src/lib/status/collection-names.ts';
import { imageNotes } from '../../src/lib/status/images.ts';
import {
  collectionProblemText,
  fieldWords,
  imageFailureWords,
  imageNoteText,
  recordNoteText,
} from '../../src/lib/status/messages.ts';
import { cityTime, HIDDEN_WORDS, statusView } from '../../src/lib/status/report.ts';
import { missingSettings } from '../../src/lib/status/settings.ts';
import { aStatus } from '../fixtures/entries.ts';
import { englishWords } from '../support/portuguese.ts';

const ZONE = 'America/Cuiaba';
/** 14:32 in Barra do Bugres (UTC-4). */
const BUILT_AT = new Date('2026-11-28T18:32:00Z');
const when = (iso: string) => `${cityTime(iso, ZONE).date} às ${cityTime(iso, ZONE).time}`;

describe('a record note in Portuguese', () => {
  it.each(NOTE_PROBLEMS)('%s names the record, says what happened and where to fix it', (problem) => {
    const note: RecordNote = {
      id: '412',
      name: 'Festa do Peixe',
      reason: 'the English reason',
      field: 'start_date',
      problem,
      value: '"31/02/2026"',
    };
    const text = recordNoteText('events', 'cityApi', note);
    expect(text).toMatch(/^Evento 412 “Festa do Peixe”: /);
    expect(englishWords(text)).toEqual([]);
    expect(text).not.toContain('English');
    expect(text).toMatch(/\.$/);
  });

  it('reads as the example editors are given', () => {
    const note: RecordNote = {
      id: '412',
      name: 'Festa do Peixe',
      reason: '…',
      field: 'start_date',
      problem: 'not-date',
      value: '"31/02/2026"',
    };
    expect(recordNoteText('events', 'cityApi', note)).toBe(
      'Evento 412 “Festa do Peixe”: a data "31/02/2026" não é uma data válida e ficou de fora. Corrija a data no painel do provedor.',
    );
  });

  it.each([
    ['news', 'blog', 'no WordPress'],
    ['episodes', 'podcast', 'no Spotify'],
    ['tours', 'cityApi', 'no painel do provedor'],
  ] as const)('a %s record is fixed %s', (collection, source, place) => {
    const note: RecordNote = { id: '1', reason: '…', field: 'title', problem: 'no-title' };
    expect(recordNoteText(collection, source, note)).toContain(place);
  });

  it('names a record without an id by its position (without its title), and one without a name by its id', () => {
    expect(
      recordNoteText('tours', 'cityApi', { id: '#3 (no id)', name: 'Sem id', reason: '…', field: 'id', problem: 'invalid' }),
    ).toMatch(/^Passeio sem identificador \(o 3º da lista\): o identificador falta ou é inválido/);
    expect(recordNoteText('tours', 'cityApi', { id: '7', reason: '…', problem: 'too-large' })).toMatch(
      /^Passeio 7: o registro é grande demais/,
    );
  });

  it.each([
    ['start_date', 'a data'],
    ['provider.email', 'o e-mail'],
    ['gallery[3].large', 'a foto'],
    ['gallery', 'a galeria de fotos'],
    ['social.instagram', 'o perfil na rede social'],
    ['commercial_phone_number', 'o telefone'],
    ['sale_price', 'o preço'],
    ['horario_especial', 'o campo “horario_especial”'],
    [undefined, 'o registro'],
  ])('the field %s is %s', (field, words) => {
    expect(fieldWords(field)).toBe(words);
  });
});

describe('a collection that could not be refreshed, in Portuguese', () => {
  const problems: [CollectionProblem, Partial<CollectionStatus>, RegExp][] = [
    [
      { code: 'unavailable', kind: 'http', status: 503 },
      { origin: 'snapshot', failed: true },
      /^Passeios: o provedor de dados respondeu com erro 503; o site mostra os 3 itens de 28\/11\/2026 às 14:30\.$/,
    ],
    [
      { code: 'unavailable', kind: 'credentials', status: 401 },
      { origin: 'snapshot', failed: true },
      /recusou a chave de acesso/,
    ],
    [
      { code: 'unavailable', kind: 'timeout' },
      { origin: 'sample', failed: true },
      /não respondeu a tempo; o site mostra dados de exemplo\./,
    ],
    [
      { code: 'unavailable', kind: 'network' },
      { origin: 'none', failed: true, count: 0 },
      /não pôde ser contatado; a lista fica vazia\./,
    ],
    [
      { code: 'unavailable', kind: 'http', status: 500 },
      { id: 'city', origin: 'none', failed: true, count: 1 },
      /^Cidade: .+; o site mostra só o nome da cidade/,
    ],
    [
      { code: 'unavailable', kind: 'timeout' },
      { id: 'blogPages', source: 'blog', origin: 'none', failed: true, count: 0 },
      /^Páginas do blog: o blog não respondeu a tempo; \/destination e \/about mostram o texto padrão do portal, e o guia do visitante não aparece\.$/,
    ],
    [{ code: 'unavailable', kind: 'garbage' }, { origin: 'snapshot', failed: true }, /formato inesperado/],
    [{ code: 'unavailable', kind: 'too-large' }, { origin: 'snapshot', failed: true }, /dados demais/],
    [{ code: 'unavailable', kind: 'other' }, { origin: 'snapshot', failed: true }, /falhou/],
    [
      { code: 'shrink', count: 8, previous: 80 },
      { origin: 'snapshot', failed: true, count: 80 },
      /^Passeios: vieram 8 itens, menos da metade dos 80 publicados; o site mostra os 80 itens de .+“allow_shrink”/,
    ],
    [{ code: 'partial-kept', count: 20, previous: 50 }, { origin: 'snapshot', failed: true }, /a leitura parou no meio/],
    [{ code: 'partial', count: 30 }, {}, /o site mostra os 30 itens lidos/],
    [
      { code: 'partial-filled', count: 30, filled: 20 },
      { count: 50 },
      /o site mostra os 30 itens lidos e mantém 20 itens da publicação anterior que não puderam ser lidos/,
    ],
    [
      { code: 'growth', count: 630, previous: 30 },
      { origin: 'snapshot', failed: true, count: 30 },
      /^Passeios: vieram 630 itens, muito mais que os 30 publicados; o site mostra os 30 itens de .+“allow_growth”/,
    ],
    [
      { code: 'another-city', found: 'Tangará da Serra – MT' },
      { origin: 'snapshot', failed: true },
      /outra cidade \(Tangará da Serra – MT\)/,
    ],
    [{ code: 'ids-replaced', gone: 12, previous: 14 }, {}, /12 dos 14 publicados saíram/],
  ];

  it.each(problems)('%j', (problem, fields, expected) => {
    const text = collectionProblemText(aStatus({ id: 'tours', ...fields, problem }), when);
    expect(text).toMatch(expected);
    expect(englishWords(text ?? '')).toEqual([]);
  });

  it('covers every kind of problem the schema has', () => {
    const codes = new Set(problems.map(([problem]) => problem.code));
    const kinds = new Set(problems.flatMap(([problem]) => (problem.code === 'unavailable' ? [problem.kind] : [])));
    expect([...codes].sort()).toEqual([
      'another-city',
      'growth',
      'ids-replaced',
      'partial',
      'partial-filled',
      'partial-kept',
      'shrink',
      'unavailable',
    ]);
    expect(kinds.size).toBe(7);
  });

  it('says nothing of a collection that went well', () => {
    expect(collectionProblemText(aStatus({ id: 'tours' }), when)).toBeNull();
  });
});

describe('a photo replaced by the placeholder, in Portuguese', () => {
  // The reasons scripts/sync/images/ gives (describeImageError, ImageRejected, masterPlan).
  it.each([
    ['HTTP 404', 'a foto não existe mais nesse endereço'],
    ['HTTP 500', 'o endereço da foto respondeu com erro 500'],
    ['timed out', 'o servidor da foto não respondeu a tempo'],
    ['image step deadline exceeded', 'acabou o tempo para baixar as fotos desta atualização, e ela fica para a próxima'],
    [
      'skipped: host fotos.example.net failed 5 times in a row (HTTP 503)',
      'o servidor da foto falhou várias vezes seguidas, e ela fica para a próxima atualização',
    ],
    [
      'skipped: 3 images of the same record failed in a row (timed out)',
      'outras fotos do mesmo registro falharam várias vezes seguidas, e ela fica para a próxima atualização',
    ],
    ['network error (ECONNREFUSED)', 'o servidor da foto não pôde ser contatado'],
    ['refused: 10.0.0.1 is a private address; only public addresses are fetched', 'o endereço da foto não é público'],
    ['file too large (over 15728640 bytes)', 'a foto é grande demais'],
    ['image too large (20000×20000 pixels)', 'a foto é grande demais'],
    ['example host (RFC 2606), not fetched', 'o endereço da foto é só de exemplo'],
    ['not a readable image', 'o arquivo não é uma foto válida'],
    ['image data is corrupt or truncated', 'o arquivo não é uma foto válida'],
    ['content type text/html, not an image', 'o arquivo não é uma foto válida'],
    ['unsupported image format svg', 'o arquivo não é uma foto válida'],
    ['empty body', 'o arquivo não é uma foto válida'],
    ['something new', 'a foto não pôde ser baixada'],
  ])('%s: %s', (reason, words) => {
    expect(imageFailureWords(reason)).toBe(words);
  });

  it('finds the records whose photos failed, one note per record', () => {
    const failed = { 'https://x.example.org/a.jpg': 'HTTP 404', 'https://x.example.org/b.jpg': 'timed out' };
    const entries = [
      { id: '1', title: 'Trilha', image: 'https://x.example.org/a.jpg', gallery: [{ large: 'https://x.example.org/b.jpg' }] },
      { id: '2', title: 'Barco', image: 'https://x.example.org/ok.jpg' },
    ];
    const notes = imageNotes([{ collection: 'tours', source: 'cityApi', entries }], failed);
    expect(notes).toEqual([{ collection: 'tours', source: 'cityApi', id: '1', name: 'Trilha', count: 2, reason: 'HTTP 404' }]);
    expect(imageNoteText('tours', 'cityApi', notes[0] as (typeof notes)[number])).toBe(
      'Passeio 1 “Trilha”: 2 fotos não puderam ser usadas (a primeira porque a foto não existe mais nesse endereço); no lugar delas aparece uma imagem padrão. Envie outra foto no painel do provedor.',
    );
  });
});

describe('/status as data', () => {
  const request = { trigger: 'nightly' as const, reason: null };
  const statuses = [
    aStatus({
      id: 'news',
      source: 'blog',
      origin: 'snapshot',
      failed: true,
      count: 12,
      syncedAt: '2026-11-27T07:20:00Z',
      problem: { code: 'unavailable', kind: 'timeout' },
    }),
    aStatus({
      id: 'events',
      dropped: {
        total: 1,
        first: [
          { id: '412', name: 'Festa do Peixe', reason: '…', field: 'start_date', problem: 'not-date', value: '"31/02/2026"' },
        ],
      },
      changes: {
        added: { total: 1, first: [{ id: '9', name: 'Festival de Pesca' }] },
        removed: { total: 0, first: [] },
        changed: 2,
      },
    }),
    aStatus({ id: 'city', count: 1 }),
  ];
  const view = statusView({ builtAt: BUILT_AT, timeZone: ZONE, request, statuses, refusal: null, images: [] });

  it('starts with the time of the update in the city', () => {
    expect(view.headline).toEqual({
      isRefused: false,
      title: 'Atualizado às 14:32',
      detail: 'em 28/11/2026, no horário da cidade',
    });
    expect(view.requestedBy).toBe('publicação da noite, automática');
  });

  it('puts the problems first: the source down, then the records left out', () => {
    expect(view.attention.map((group) => group.heading)).toEqual([
      'Fontes e coleções com problema',
      'Registros que ficaram fora do site',
    ]);
    expect(view.attention[0]?.lines[0]?.text).toBe(
      'Notícias: o blog não respondeu a tempo; o site mostra os 12 itens de 27/11/2026 às 03:20.',
    );
    expect(view.attention[1]?.lines[0]?.text).toMatch(/^Evento 412 “Festa do Peixe”/);
  });

  it('says which sources answered and since when the others show older data', () => {
    expect(view.sources).toEqual([
      { name: 'Provedor de dados da cidade', isFresh: true, text: 'Respondeu. Dados de 28/11/2026 às 14:30.' },
      {
        name: 'Blog (WordPress)',
        isFresh: false,
        text: 'Indisponível nesta atualização; o site mostra os dados de 27/11/2026 às 03:20.',
      },
    ]);
  });

  it("says a source down shows the sample, not the sample's date, or nothing, when no update has kept its data", () => {
    const down = (origin: 'sample' | 'none') =>
      statusView({
        builtAt: BUILT_AT,
        timeZone: ZONE,
        request,
        refusal: null,
        images: [],
        statuses: [
          aStatus({
            id: 'news',
            source: 'blog',
            origin,
            failed: true,
            count: origin === 'sample' ? 30 : 0,
            syncedAt: '2026-11-29T06:37:00Z',
            problem: { code: 'unavailable', kind: 'timeout' },
          }),
        ],
      }).sources;
    expect(down('sample')).toEqual([
      { name: 'Blog (WordPress)', isFresh: false, text: 'Indisponível nesta atualização; o site mostra dados de exemplo.' },
    ]);
    expect(down('none')[0]?.text).toBe(
      'Indisponível nesta atualização; o site fica sem esses dados até uma atualização que os leia.',
    );
  });

  it('links the new items to their pages and counts every collection in the sync order', () => {
    expect(view.changes).toEqual([
      {
        heading: 'Eventos',
        added: { heading: 'Novos', lines: [{ text: 'Festival de Pesca', href: '/event/9' }], more: 0 },
        removed: { heading: 'Saíram', lines: [], more: 0 },
        changed: 2,
      },
    ]);
    expect(view.counts.map((count) => count.name)).toEqual(['Cidade', 'Eventos', 'Notícias']);
    expect(view.counts[1]).toEqual({ name: 'Eventos', count: '3 itens', hidden: null, href: '/all-events' });
  });

  it('gives the next nightly run in the city', () => {
    expect(view.nextNightly).toBe('29/11/2026 às 03:17');
  });

  it('leads with a refused update, and the date of the data the site shows', () => {
    const refused = statusView({
      builtAt: BUILT_AT,
      timeZone: ZONE,
      request,
      statuses,
      refusal: {
        attemptedAt: '2026-11-28T18:30:00Z',
        stage: 'verify',
        reasons: ['A coleção Passeios tem 8 itens, menos da metade dos 80 publicados.'],
        total: 3,
        lastPublishedAt: '2026-11-27T07:25:00Z',
      },
      images: [],
    });
    expect(refused.headline).toEqual({
      isRefused: true,
      title: 'A atualização de 28/11/2026 às 14:30 não foi publicada',
      detail: 'O site continua no ar com os dados publicados em 27/11/2026 às 03:25.',
    });
    expect(refused.refusal).toMatchObject({ reasons: [expect.stringContaining('Passeios')], more: 2 });
  });

  it('has no English in it, whatever went wrong', () => {
    const texts = [
      view.headline.title,
      view.headline.detail,
      view.requestedBy,
      ...view.attention.flatMap((group) => [group.heading, ...group.lines.map((line) => line.text)]),
      ...view.sources.flatMap((source) => [source.name, source.text]),
      ...view.counts.flatMap((count) => [count.name, count.count, count.hidden ?? '']),
      view.nextNightly,
    ];
    expect(englishWords(texts.join('\n'))).toEqual([]);
  });
});

describe.each([
  [{ trigger: 'nightly', reason: null }, 'publicação da noite, automática'],
  [{ trigger: 'source-change', reason: null }, 'publicação automática: a verificação viu uma mudança nas fontes'],
  [
    { trigger: 'button', reason: 'Novo evento' },
    'publicação pedida à mão, pelo botão “Run workflow” ou pelo webhook (motivo: Novo evento)',
  ],
  [{ trigger: 'webhook', reason: null }, 'publicação pedida por outro sistema, pelo webhook antigo'],
  [{ trigger: null, reason: null }, 'uma construção do site feita num computador, fora da publicação do GitHub'],
] as const)('who asked for %j', (request, words) => {
  it(`reads “${words}”`, () => {
    const view = statusView({ builtAt: BUILT_AT, timeZone: ZONE, request, statuses: [], refusal: null, images: [] });
    expect(view.requestedBy).toBe(words);
    expect(englishWords(words.replace('Run workflow', ''))).toEqual([]);
  });
});

describe('the records kept off the lists', () => {
  const guides = aStatus({
    id: 'guides',
    count: 10,
    hidden: {
      total: 7,
      first: [
        { id: '31', name: 'Ana Souza', reason: 'inactive' },
        { id: '32', name: 'Bruno Lima', reason: 'pending' },
        { id: '33', name: 'Carla Dias', reason: 'review' },
        { id: '34', name: 'Davi Reis', reason: 'unpublished' },
        { id: '[redacted]', reason: 'inactive' },
      ],
    },
  });
  const view = statusView({
    builtAt: BUILT_AT,
    timeZone: ZONE,
    request: { trigger: null, reason: null },
    statuses: [guides, aStatus({ id: 'tours', count: 5 })],
    refusal: null,
    images: [],
  });

  it('counts what the lists show, and apart what they leave out', () => {
    // In the sync's order of collections: the tours before the guides.
    expect(view.counts).toEqual([
      { name: 'Passeios', count: '5 itens', hidden: null, href: '/all-tours' },
      { name: 'Guias', count: '3 itens', hidden: '7 fora das listas', href: '/all-guides' },
    ]);
  });

  it('names each one, linked to its page, with why in the words of its status', () => {
    expect(view.hidden).toEqual([
      {
        heading: 'Guias',
        lines: [
          { text: 'Guia 31 “Ana Souza”: inativo', href: '/guide/31', linked: 'Guia 31 “Ana Souza”' },
          { text: 'Guia 32 “Bruno Lima”: cadastro pendente', href: '/guide/32', linked: 'Guia 32 “Bruno Lima”' },
          { text: 'Guia 33 “Carla Dias”: em análise', href: '/guide/33', linked: 'Guia 33 “Carla Dias”' },
          { text: 'Guia 34 “Davi Reis”: cadastro não publicado', href: '/guide/34', linked: 'Guia 34 “Davi Reis”' },
          // A withheld id is no page: named as the report names it, with no link.
          { text: 'Guia [redacted]: inativo' },
        ],
        more: 2,
      },
    ]);
  });

  it('has words for every reason, and none is a problem to fix', () => {
    expect(Object.keys(HIDDEN_WORDS).sort()).toEqual([...HIDDEN_REASONS].sort());
    expect(view.attention).toEqual([]);
  });

  it('quotes a name as an excerpt, with no address a reader could follow', () => {
    const [group] = statusView({
      builtAt: BUILT_AT,
      timeZone: ZONE,
      request: { trigger: null, reason: null },
      statuses: [
        aStatus({
          id: 'agencies',
          hidden: { total: 1, first: [{ id: '7', name: 'Agência https://golpe.example/pix', reason: 'pending' }] },
        }),
      ],
      refusal: null,
      images: [],
    }).hidden;
    expect(group?.lines[0]?.text).toBe('Agência 7 “Agência golpe[.]example”: cadastro pendente');
  });
});

describe('the settings a production build lacks', () => {
  const site = { siteUrl: 'https://turismo.nobres.mt.gov.br', cityBody: null, privacyOfficer: null };

  it.each([
    ['the sample or a test build', { ...site, siteUrl: 'https://turismo.example.com.br' }, []],
    ['a production build with neither', site, ['CITY_BODY', 'PRIVACY_OFFICER_NAME e PRIVACY_OFFICER_EMAIL']],
    ['one without the officer', { ...site, cityBody: 'Secretaria de Turismo' }, ['PRIVACY_OFFICER_NAME e PRIVACY_OFFICER_EMAIL']],
    ['one without the body', { ...site, privacyOfficer: { name: 'Ana', email: 'a@b.gov.br' } }, ['CITY_BODY']],
  ])('%s', (_name, config, settings) => {
    const lines = missingSettings(config);
    expect(lines.map((line) => /defina (.+) nas variáveis/.exec(line.text)?.[1])).toEqual(settings);
    for (const line of lines) expect(line).toMatchObject({ href: '/privacidade', linked: '/privacidade' });
  });

  it('needs the attention of the editors first', () => {
    const view = statusView({
      builtAt: BUILT_AT,
      timeZone: ZONE,
      request: { trigger: null, reason: null },
      statuses: [],
      refusal: null,
      images: [],
      missingSettings: missingSettings(site),
    });
    expect(view.attention.map((group) => [group.heading, group.lines.length])).toEqual([['Configurações que faltam', 2]]);
    expect(view.attention[0]?.lines[0]?.text).toContain('“ainda não foi informado”');
  });
});

describe('the build request and the nightly run', () => {
  it.each([
    [
      { BUILD_TRIGGER: 'button', BUILD_REASON: '  Novo   evento ' },
      { trigger: 'button', reason: 'Novo evento' },
    ],
    [{ BUILD_TRIGGER: 'source-change' }, { trigger: 'source-change', reason: null }],
    [{ BUILD_TRIGGER: 'rm -rf' }, { trigger: null, reason: null }],
    [{}, { trigger: null, reason: null }],
  ])('%j → %j', (env, expected) => {
    expect(readBuildRequest(env)).toEqual(expected);
  });

  it.each([
    ['2026-11-28T07:16:59Z', '2026-11-28T07:17:00.000Z'],
    ['2026-11-28T07:17:00Z', '2026-11-29T07:17:00.000Z'],
    ['2026-12-31T23:00:00Z', '2027-01-01T07:17:00.000Z'],
  ])('after %s, the next nightly run is %s', (after, next) => {
    expect(nextNightlyRun(new Date(after)).toISOString()).toBe(next);
  });

  it("is deploy.yml's schedule", () => {
    const workflow = parse(readFileSync(path.resolve(import.meta.dirname, '../../.github/workflows/deploy.yml'), 'utf8')) as {
      on: { schedule: { cron: string }[] };
    };
    expect(workflow.on.schedule.map((entry) => entry.cron)).toEqual([`${NIGHTLY_UTC.minute} ${NIGHTLY_UTC.hour} * * *`]);
  });
});

describe('the collections editors read of', () => {
  it('has a Portuguese name for every collection of the snapshot', async () => {
    const { PUBLISHED_COLLECTIONS } = await import('../../src/integrations/build-manifest.ts');
    expect(Object.keys(COLLECTION_NAMES).sort()).toEqual([...PUBLISHED_COLLECTIONS].sort());
  });
});
