/**
 * The configuration contract (src/lib/config.ts): every setting read as a city writes it, with a
 * notice when it is read otherwise than written, or refused in one line, in Portuguese and English,
 * naming the variable, its value and an example; and the sync, as it starts, ending on that one line
 * (src/lib/load-settings.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSyncConfig } from '../../scripts/sync/config.ts';
import { type Env, readSettings, SettingError, type Settings } from '../../src/lib/config.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The refusal `env` meets when it is read, or a failure when it is read. */
function refusalOf(env: Env): SettingError {
  try {
    readSettings(env);
  } catch (error) {
    if (error instanceof SettingError) return error;
    throw error;
  }
  throw new Error(`${JSON.stringify(env)} was read`);
}

describe.each<[Env, string, string, RegExp, RegExp, string]>([
  // variables, what the refusal names (with the entry of a list), the value it quotes, why in Portuguese and in English, its example
  [
    { CITY_TIME_ZONE: 'America/Cuiabá' },
    'CITY_TIME_ZONE',
    '"America/Cuiabá"',
    /sem acento: America\/Cuiaba/,
    /without the accent: America\/Cuiaba/,
    'CITY_TIME_ZONE="America/Cuiaba"',
  ],
  [
    { CITY_TIME_ZONE: 'America/Sao Paulo' },
    'CITY_TIME_ZONE',
    '"America/Sao Paulo"',
    /com _ no lugar de espaços: America\/Sao_Paulo/,
    /with _ for spaces: America\/Sao_Paulo/,
    'CITY_TIME_ZONE="America/Sao_Paulo"',
  ],
  [
    { CITY_TIME_ZONE: 'EST' },
    'CITY_TIME_ZONE',
    '"EST"',
    /abreviação.*America\/New_York/,
    /abbreviation.*America\/New_York/,
    'CITY_TIME_ZONE="America/New_York"',
  ],
  [
    { CITY_TIME_ZONE: 'BRT' },
    'CITY_TIME_ZONE',
    '"BRT"',
    /abreviação.*America\/Sao_Paulo/,
    /abbreviation/,
    'CITY_TIME_ZONE="America/Sao_Paulo"',
  ],
  [
    { CITY_TIME_ZONE: '-03:00' },
    'CITY_TIME_ZONE',
    '"-03:00"',
    /Região\/Cidade/,
    /Region\/City/,
    'CITY_TIME_ZONE="America/Cuiaba"',
  ],
  [
    { CITY_TIME_ZONE: 'Etc/GMT+4' },
    'CITY_TIME_ZONE',
    '"Etc/GMT+4"',
    /Região\/Cidade/,
    /Region\/City/,
    'CITY_TIME_ZONE="America/Cuiaba"',
  ],
  [
    { CITY_TIME_ZONE: 'Cuiaba' },
    'CITY_TIME_ZONE',
    '"Cuiaba"',
    /não é um fuso horário IANA/,
    /IANA/,
    'CITY_TIME_ZONE="America/Cuiaba"',
  ],
  [
    { SITE_URL: 'javascript:alert(1)' },
    'SITE_URL',
    '"javascript:alert(1)"',
    /só endereços http\(s\)/,
    /only http\(s\) addresses/,
    'SITE_URL="https://turismo.barradobugres.mt.gov.br"',
  ],
  [{ SITE_URL: 'turismo' }, 'SITE_URL', '"turismo"', /não tem domínio/, /has no domain/, 'SITE_URL="https://'],
  [
    { SITE_URL: 'turismo barra.mt.gov.br' },
    'SITE_URL',
    '"turismo barra.mt.gov.br"',
    /não tem espaços/,
    /has no spaces/,
    'SITE_URL=',
  ],
  [
    { BOOKING_URL: 'mailto:reservas@x.com.br' },
    'BOOKING_URL',
    '"mailto:reservas@x.com.br"',
    /http\(s\)/,
    /http\(s\)/,
    'BOOKING_URL="https://',
  ],
  [{ BLOG_URL: 'htps://blog.x.com.br' }, 'BLOG_URL', '"htps://blog.x.com.br"', /http\(s\)/, /http\(s\)/, 'BLOG_URL="https://'],
  [
    { TRANSPARENCY_URL: 'javascript:alert(1)' },
    'TRANSPARENCY_URL',
    '"javascript:alert(1)"',
    /http\(s\)/,
    /http\(s\)/,
    'TRANSPARENCY_URL=',
  ],
  [
    { OMBUDSMAN_URL: 'https://' },
    'OMBUDSMAN_URL',
    '"https://"',
    /não é um endereço da web/,
    /is not a web address/,
    'OMBUDSMAN_URL=',
  ],
  [
    { LOGO_PATH: 'http://x.mt.gov.br/logo.png' },
    'LOGO_PATH',
    '"http://x.mt.gov.br/logo.png"',
    /https:\/\//,
    /https:\/\//,
    'LOGO_PATH="/logo.svg"',
  ],
  [
    { PROVIDER_API_URL: 'ftp://usuario:senha@api.x.com.br' },
    'PROVIDER_API_URL',
    // The credentials of an address are not quoted.
    '"ftp://***@api.x.com.br"',
    /http\(s\)/,
    /http\(s\)/,
    'PROVIDER_API_URL="https://',
  ],
  [{ BLOG_API_URL: 'blog' }, 'BLOG_API_URL', '"blog"', /domínio/, /domain/, 'BLOG_API_URL='],
  [
    { SPONSORS: '|https://x.com.br' },
    'SPONSORS, entrada 1 / entry 1',
    '"|https://x.com.br"',
    /não tem nome/,
    /has no name/,
    'SPONSORS="Prefeitura Municipal de Barra do Bugres|https://www.barradobugres.mt.gov.br; Sebrae MT"',
  ],
  [
    { SPONSORS: 'Prefeitura|https://p.mt.gov.br; A|https://a.com.br|extra' },
    'SPONSORS, entrada 2 / entry 2',
    '"A|https://a.com.br|extra"',
    /mais de um "\|"/,
    /more than one "\|"/,
    'SPONSORS=',
  ],
  [{ SPONSORS: 'Sebrae MT;; A|' }, 'SPONSORS, entrada 3 / entry 3', '"A|"', /não tem endereço/, /has no address/, 'SPONSORS='],
  [
    { SPONSORS: 'A|javascript:alert(1)' },
    'SPONSORS, entrada 1 / entry 1',
    '"javascript:alert(1)"',
    /http\(s\)/,
    /http\(s\)/,
    'SPONSORS=',
  ],
  [
    { DATA_LICENSE: '|https://x.com.br' },
    'DATA_LICENSE',
    '"|https://x.com.br"',
    /não tem nome/,
    /has no name/,
    'DATA_LICENSE="CC0 1.0|',
  ],
  [{ DATA_LICENSE: 'CC BY|ftp://x.com.br' }, 'DATA_LICENSE', '"ftp://x.com.br"', /http\(s\)/, /http\(s\)/, 'DATA_LICENSE='],
  [
    { PRIVACY_OFFICER_NAME: 'Ana Souza', PRIVACY_OFFICER_EMAIL: 'ana' },
    'PRIVACY_OFFICER_EMAIL',
    '"ana"',
    /não é um endereço de e-mail/,
    /is not an e-mail address/,
    'PRIVACY_OFFICER_EMAIL="encarregado@barradobugres.mt.gov.br"',
  ],
  [
    { PRIVACY_OFFICER_NAME: 'Ana Souza' },
    'PRIVACY_OFFICER_EMAIL',
    '""',
    /falta.*PRIVACY_OFFICER_NAME \("Ana Souza"\)/,
    /is missing/,
    'PRIVACY_OFFICER_NAME="Ana Souza" PRIVACY_OFFICER_EMAIL=',
  ],
  [{ PRIVACY_OFFICER_EMAIL: 'dpo@x.mt.gov.br' }, 'PRIVACY_OFFICER_NAME', '""', /falta/, /is missing/, 'PRIVACY_OFFICER_NAME='],
  [
    { OFFICE_HOURS: 'seg-sex 8h-12h; sáb 8h' },
    'OFFICE_HOURS, linha 2 / row 2',
    '"sáb 8h"',
    /não é um horário de abertura e fechamento/,
    /is not an opening and a closing time/,
    'OFFICE_HOURS="Segunda a sexta: 7h às 13h; sábado: 8h às 12h; domingo e feriados: fechado"',
  ],
  [{ VLIBRAS: 'talvez' }, 'VLIBRAS', '"talvez"', /não é sim nem não/, /neither yes nor no/, 'VLIBRAS="true"'],
  [
    { GUIDE_PAGE_SLUG: 'guia do visitante' },
    'GUIDE_PAGE_SLUG',
    '"guia do visitante"',
    /não é o slug de uma página/,
    /is not a page's slug/,
    'GUIDE_PAGE_SLUG="guia-do-visitante"',
  ],
  [
    { ABOUT_PAGE_SLUG: 'destino' },
    'ABOUT_PAGE_SLUG',
    '"destino"',
    /é o mesmo slug de DESTINATION_PAGE_SLUG/,
    /the same slug as DESTINATION_PAGE_SLUG/,
    'ABOUT_PAGE_SLUG="sobre"',
  ],
  [
    { GUIDE_PAGE_SLUG: 'EN' },
    'GUIDE_PAGE_SLUG',
    '"en"',
    /é o slug de uma tradução do guia/,
    /one of the guide's translations/,
    'GUIDE_PAGE_SLUG="guia-do-visitante"',
  ],
  [
    { DEPLOY_HOST: 'vercel' },
    'DEPLOY_HOST',
    '"vercel"',
    /github-pages, cloudflare-pages/,
    /not one of the known hosts/,
    'DEPLOY_HOST="github-pages"',
  ],
])('%j is refused', (env, named, value, pt, en, example) => {
  const { message } = refusalOf(env);
  it('in one line that names the setting and its value', () => {
    expect(message).not.toMatch(/[\r\n]/);
    expect(message.startsWith(`Configuração inválida / invalid setting: ${named} (${value}): `)).toBe(true);
  });
  it('saying why in Portuguese, then in English', () => {
    const [, why = ''] = message.split(`(${value}): `);
    const [portuguese = '', english = ''] = why.split(' / ');
    expect(portuguese).toMatch(pt);
    expect(english).toMatch(en);
  });
  it('with an example', () => expect(message).toContain(`. Exemplo / example: ${example}`));
});

describe.each<[Env, (settings: Settings) => unknown, unknown, string | null]>([
  // variables, what is read, its value, the notice the log gets (null: read as written, no notice)
  [
    { SITE_URL: 'turismo.cidade.mt.gov.br' },
    ({ site }) => site.siteUrl,
    'https://turismo.cidade.mt.gov.br',
    'Configuração lida / setting read: SITE_URL ("turismo.cidade.mt.gov.br"): lido como https://turismo.cidade.mt.gov.br (https:// acrescentado) / read as https://turismo.cidade.mt.gov.br (https:// added).',
  ],
  [{ SITE_URL: ' https://turismo.cidade.mt.gov.br/ ' }, ({ site }) => site.siteUrl, 'https://turismo.cidade.mt.gov.br', null],
  [{ SITE_URL: 'http://127.0.0.1:4321' }, ({ site }) => site.siteUrl, 'http://127.0.0.1:4321', null],
  [{}, ({ site }) => site.siteUrl, 'https://turismo.example.com.br', null],
  [
    { BOOKING_URL: 'reservas.cidade.com.br/' },
    ({ site }) => site.bookingUrl,
    'https://reservas.cidade.com.br',
    'BOOKING_URL ("reservas.cidade.com.br/"): lido como https://reservas.cidade.com.br/',
  ],
  [
    { BLOG_URL: '//blog.cidade.com.br' },
    ({ site }) => site.blogUrl,
    'https://blog.cidade.com.br',
    'BLOG_URL ("//blog.cidade.com.br")',
  ],
  [
    { TRANSPARENCY_URL: 'transparencia.cidade.mt.gov.br:8080/portal' },
    ({ site }) => site.transparencyUrl,
    'https://transparencia.cidade.mt.gov.br:8080/portal',
    'TRANSPARENCY_URL (',
  ],
  [
    { OMBUDSMAN_URL: 'ouvidoria.cidade.mt.gov.br' },
    ({ site }) => site.ombudsmanUrl,
    'https://ouvidoria.cidade.mt.gov.br',
    'OMBUDSMAN_URL (',
  ],
  [
    { PROVIDER_API_URL: 'api.provedor.com.br/v1' },
    ({ upstreams }) => upstreams.cityApiUrl,
    'https://api.provedor.com.br/v1',
    'PROVIDER_API_URL ("api.provedor.com.br/v1")',
  ],
  [
    { SPONSORS: 'Prefeitura|www.prefeitura.mt.gov.br; Sebrae MT;' },
    ({ site }) => site.sponsors,
    [
      { name: 'Prefeitura', url: 'https://www.prefeitura.mt.gov.br' },
      { name: 'Sebrae MT', url: null },
    ],
    'SPONSORS, entrada 1 / entry 1 ("www.prefeitura.mt.gov.br"): lido como https://www.prefeitura.mt.gov.br',
  ],
  [
    { DATA_LICENSE: 'CC0 1.0|creativecommons.org/publicdomain/zero/1.0/' },
    ({ site }) => site.dataLicense,
    { name: 'CC0 1.0', url: 'https://creativecommons.org/publicdomain/zero/1.0/' },
    'DATA_LICENSE ("creativecommons.org/publicdomain/zero/1.0/")',
  ],
  [
    { PRIVACY_OFFICER_NAME: 'Ana Souza', PRIVACY_OFFICER_EMAIL: 'mailto:dpo@cidade.mt.gov.br' },
    ({ site }) => site.privacyOfficer,
    { name: 'Ana Souza', email: 'dpo@cidade.mt.gov.br' },
    'PRIVACY_OFFICER_EMAIL ("mailto:dpo@cidade.mt.gov.br"): lido como dpo@cidade.mt.gov.br (sem "mailto:") / read as dpo@cidade.mt.gov.br (without "mailto:")',
  ],
  [
    { PRIVACY_OFFICER_NAME: 'Ana Souza', PRIVACY_OFFICER_EMAIL: 'dpo@cidade.mt.gov.br' },
    ({ site }) => site.privacyOfficer?.email,
    'dpo@cidade.mt.gov.br',
    null,
  ],
  [{ LOGO_PATH: 'logo.png' }, ({ site }) => site.logoPath, '/logo.png', 'LOGO_PATH ("logo.png"): lido como /logo.png'],
  [{ LOGO_PATH: '/img/brasao.svg' }, ({ site }) => site.logoPath, '/img/brasao.svg', null],
  [
    { LOGO_PATH: 'www.cidade.mt.gov.br/logo.png' },
    ({ site }) => site.logoPath,
    'https://www.cidade.mt.gov.br/logo.png',
    'LOGO_PATH ("www.cidade.mt.gov.br/logo.png"): lido como https://',
  ],
  [{ CITY_TIME_ZONE: 'america/sao_paulo' }, ({ site }) => site.timeZone, 'America/Sao_Paulo', 'lido como America/Sao_Paulo'],
  [{ CITY_TIME_ZONE: 'Brazil/West' }, ({ site }) => site.timeZone, 'America/Manaus', 'CITY_TIME_ZONE ("Brazil/West")'],
  [{ CITY_TIME_ZONE: ' America/Cuiaba ' }, ({ site }) => site.timeZone, 'America/Cuiaba', null],
  [{ CITY_TIME_ZONE: 'UTC' }, ({ site }) => site.timeZone, 'UTC', null],
  [{}, ({ site }) => site.timeZone, 'America/Cuiaba', null],
  [
    { SPOTIFY_SHOW_ID: 'https://open.spotify.com/show/4rOoJ6Egrf8K2IrywzwOMk?si=1a2b' },
    ({ site }) => site.podcastShowId,
    '4rOoJ6Egrf8K2IrywzwOMk',
    'SPOTIFY_SHOW_ID (',
  ],
  [{ VLIBRAS: 'Sim' }, ({ site }) => site.vlibras, true, null],
  [{ DEPLOY_HOST: ' Netlify ' }, ({ deployHost }) => deployHost, 'netlify', null],
  [{}, ({ site }) => site.pageSlugs, { destination: 'destino', about: 'sobre', guide: 'guia' }, null],
  [
    { DESTINATION_PAGE_SLUG: 'o-destino', ABOUT_PAGE_SLUG: 'quem-somos', GUIDE_PAGE_SLUG: ' guia-do-visitante ' },
    ({ site }) => site.pageSlugs,
    { destination: 'o-destino', about: 'quem-somos', guide: 'guia-do-visitante' },
    null,
  ],
  [
    { GUIDE_PAGE_SLUG: 'https://blog.cidade.mt.gov.br/guia-do-visitante/' },
    ({ site }) => site.pageSlugs.guide,
    'guia-do-visitante',
    'GUIDE_PAGE_SLUG ("https://blog.cidade.mt.gov.br/guia-do-visitante/"): lido como o slug guia-do-visitante / read as the slug guia-do-visitante.',
  ],
  [{ DESTINATION_PAGE_SLUG: 'Destino' }, ({ site }) => site.pageSlugs.destination, 'destino', 'lido como o slug destino'],
  [{ ABOUT_PAGE_SLUG: '%c3%a1gua' }, ({ site }) => site.pageSlugs.about, 'água', 'lido como o slug água'],
])('%j', (env, read, expected, notice) => {
  const settings = readSettings(env);
  it(`reads ${JSON.stringify(expected)}`, () => expect(read(settings)).toEqual(expected));
  if (notice === null) it('as written, without a notice', () => expect(settings.notices).toEqual([]));
  else
    it('and the log says how, in one line', () => {
      expect(settings.notices).toHaveLength(1);
      expect(settings.notices[0]).toContain(notice);
      expect(settings.notices[0]).not.toMatch(/[\r\n]/);
    });
});

describe('the sync reads the settings the pages read', () => {
  it('an upstream address without https:// is fetched with it', () => {
    const config = readSyncConfig({ PROVIDER_API_URL: 'api.provedor.com.br/v1', BLOG_API_URL: 'blog.cidade.com.br/wp-json' });
    expect(config.cityApi?.url).toBe('https://api.provedor.com.br/v1');
    expect(config.blog?.url).toBe('https://blog.cidade.com.br/wp-json');
    expect(config.upstreamOrigins).toEqual(['https://api.provedor.com.br', 'https://blog.cidade.com.br']);
  });
  it('a setting it cannot read stops it', () => {
    expect(() => readSyncConfig({ CITY_TIME_ZONE: 'America/Cuiabá' })).toThrow(SettingError);
  });
});

describe('the sync as it starts (src/lib/load-settings.ts)', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'settings-'));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  /** `npm run sync -- --check` in a fresh Node with `env`: its exit status and everything it printed, on each stream. */
  const sync = (env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['scripts/sync.ts', '--check'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SNAPSHOT_DIR: work, ...env },
    })
      .then(({ stdout, stderr }) => ({ code: 0, stdout, stderr }))
      .catch((error: { code: number; stdout: string; stderr: string }) => error);

  it('refuses a setting in one line on stderr, exit status 1, no stack trace, nothing else', async () => {
    const { code, stdout, stderr } = await sync({ SPONSORS: 'Prefeitura|https://p.mt.gov.br; A|https://a.com.br|extra' });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(`${refusalOf({ SPONSORS: 'Prefeitura|https://p.mt.gov.br; A|https://a.com.br|extra' }).message}\n`);
  });

  it('in GitHub Actions, as an error annotation of one line', async () => {
    const { code, stderr } = await sync({ CITY_TIME_ZONE: 'America/Cuiabá', GITHUB_ACTIONS: 'true' });
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^::error title=Configuração inválida::Configuração inválida \/ invalid setting: CITY_TIME_ZONE \("America\/Cuiabá"\): [^\n]+\n$/,
    );
  });

  it('quotes no secret, should another setting carry it', async () => {
    const token = 'tok-8f3a9c2e71';
    const { code, stderr } = await sync({ PROVIDER_API_TOKEN: token, PROVIDER_API_URL: `ftp://api.x.com.br/?token=${token}` });
    expect(code).toBe(1);
    expect(stderr).toContain('PROVIDER_API_URL ("ftp://api.x.com.br/?token=***")');
    expect(stderr).not.toContain(token);
  });

  it('says in its log which setting it read otherwise than written', async () => {
    const { stdout } = await sync({ SITE_URL: 'turismo.cidade.mt.gov.br' });
    expect(stdout.split('\n')[0]).toBe(readSettings({ SITE_URL: 'turismo.cidade.mt.gov.br' }).notices[0]);
  });
});
