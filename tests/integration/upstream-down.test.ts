/**
 * The first build ever, with every upstream down: the pages show the documented error catalogue
 * (docs/product.md) instead of failing or showing nothing.
 */
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltSite, buildSite } from '../support/build-site.ts';
import { englishWords } from '../support/portuguese.ts';
import { startUpstreamServer, type UpstreamServer } from '../support/upstream-server.ts';

let server: UpstreamServer;
let site: BuiltSite;

beforeAll(async () => {
  server = await startUpstreamServer();
  server.setFault(/^\/provider\//, { kind: 'status', status: 503 });
  server.setFault(/^\/blog\//, { kind: 'html', status: 502 });
  server.setFault(/^\/spotify-accounts\//, { kind: 'status', status: 401 });
  site = await buildSite(server.env);
}, 300_000);

afterAll(async () => {
  await server?.close();
  await site?.remove();
});

/**
 * What a visitor reads on a page: its body's text, without <template>s and scripts. An island's props (an
 * attribute) also hold the load error its results show only when a fetch fails.
 */
function shown(html: string): string {
  const { document } = new JSDOM(html).window;
  for (const hidden of document.querySelectorAll('template, script, style')) hidden.remove();
  return document.body.textContent ?? '';
}

describe('every upstream down and no snapshot yet', () => {
  it('falls back as docs/architecture.md says: fallback city, empty lists, sample news and podcast', () => {
    const origins = Object.fromEntries(site.report.collections.map((collection) => [collection.id, collection.origin]));
    expect(origins).toMatchObject({ city: 'none', tours: 'none', testimonials: 'none', news: 'sample', episodes: 'sample' });
    expect(site.report.collections.every((collection) => collection.failed)).toBe(true);
  });

  it.each([
    ['/all-tours', 'Erro ao carregar passeios.'],
    ['/all-accommodation', 'Erro ao carregar hospedagens.'],
    ['/all-restaurants', 'Erro ao carregar restaurantes.'],
    ['/all-drivers', 'Erro ao carregar condutores.'],
    ['/all-guides', 'Erro ao carregar guias de turismo.'],
    ['/all-agencies', 'Erro ao carregar agências.'],
    ['/all-events', 'Erro ao carregar eventos.'],
    ['/all-providers-tours', 'Erro ao carregar fornecedores.'],
    ['/testimonials', 'Erro ao carregar depoimentos. Tente novamente.'],
  ])('%s says %s', async (pathname, message) => {
    expect(shown(await site.page(pathname))).toContain(message);
  });

  it('shows the fallback city and the podcast sample notice on the home page', async () => {
    const home = await site.page('/');
    expect(home).toContain('Cidade não encontrada');
    expect(home).toContain('Erro ao carregar episódios');
    expect(home).toContain('Usando dados de exemplo');
  });

  it('gives the footer and the contact page their fallback texts', async () => {
    const contact = await site.page('/contato');
    for (const text of ['Endereço não informado', 'E-mail não informado', 'Telefone não informado', 'Não Informado']) {
      expect(contact).toContain(text);
    }
  });

  it('still publishes the sample news', async () => {
    const news = await site.page('/news');
    expect(shown(news)).not.toContain('Erro ao carregar notícias');
    expect(news).toContain('data-kind="news"');
  });

  it('tells editors on /status, in Portuguese, that every source was down and what the site shows instead', async () => {
    const main = (await site.page('/status')).replace(/^[\s\S]*?<main[^>]*>|<\/main>[\s\S]*$/g, '');
    const text = main.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');
    for (const source of ['Provedor de dados da cidade', 'Blog (WordPress)', 'Podcast (Spotify)']) {
      expect(text).toMatch(new RegExp(`${source.replace(/[()]/g, '\\$&')}: Indisponível nesta atualização`));
    }
    expect(text).toContain('Passeios: o provedor de dados respondeu com erro 503; a lista fica vazia.');
    expect(text).toContain('Notícias: o blog respondeu com erro 502; o site mostra dados de exemplo.');
    expect(text).toContain('Episódios do podcast: o Spotify recusou a chave de acesso (erro 401)');
    for (const collection of site.report.collections)
      expect(text).toContain(`${collection.count} ${collection.count === 1 ? 'item' : 'itens'}`);
    expect(englishWords(text)).toEqual([]);
  });
});
