/**
 * The portal states only what its data says, on a city whose upstream leaves ordinary gaps
 * (tests/fixtures/gaps.ts): one sync and build against a local upstream, then every page read
 * beside its snapshot (tests/support/truth.ts), and the rules a visitor meets checked page by page.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAPS_CITY, gapsReader } from '../fixtures/gaps.ts';
import { type BuiltSite, buildSite } from '../support/build-site.ts';
import { truthProblems } from '../support/truth.ts';
import { startUpstreamServer, type UpstreamServer } from '../support/upstream-server.ts';

/** The one supporter this city configured: the footer names it, and nobody else. */
const SPONSORS = 'Prefeitura de Nobres|https://www.nobres.mt.gov.br';
/** What a public body configures (docs/public-body.md). */
const PUBLIC_BODY = {
  CITY_BODY: 'Prefeitura Municipal de Nobres',
  PRIVACY_OFFICER_NAME: 'Ana Souza',
  PRIVACY_OFFICER_EMAIL: 'encarregado@nobres.mt.gov.br',
  OFFICE_HOURS: 'seg-sex 07:00-13:00; sáb,dom fechado',
  TRANSPARENCY_URL: 'https://transparencia.nobres.mt.gov.br',
  OMBUDSMAN_URL: 'https://ouvidoria.nobres.mt.gov.br',
};
let server: UpstreamServer;
let site: BuiltSite;

beforeAll(async () => {
  server = await startUpstreamServer({ reader: gapsReader, city: GAPS_CITY });
  site = await buildSite({ ...server.env, ...PUBLIC_BODY, CITY_NAME: GAPS_CITY.name, CITY_STATE: GAPS_CITY.state, SPONSORS });
}, 300_000);

afterAll(async () => {
  await server?.close();
  await site?.remove();
});

/** The visible text of a page's part (tags dropped, spaces collapsed). */
const textOf = (html: string) =>
  html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
/** A page's own content: its <main>, without the head's policies or the footer's city contacts. */
const mainOf = (html: string) => html.split('<main')[1]?.split('</main>')[0] ?? '';
const heroChips = (html: string) => textOf(html.match(/<ul class="[^"]*\binfo-chips\b[\s\S]*?<\/ul>/)?.[0] ?? '');
const priceBox = (html: string) => textOf(html.match(/<section class="card price-box[\s\S]*?<\/section>/)?.[0] ?? '');
const cardIds = (html: string) =>
  [...html.matchAll(/<article class="card item-card[^"]*" data-kind="\w+" data-id="([^"]+)"/g)].map((match) => match[1]);

describe('a city whose upstream leaves gaps', () => {
  it('builds with every record kept', () => {
    const counts = Object.fromEntries(site.report.collections.map((collection) => [collection.id, collection.count]));
    expect(counts).toMatchObject({
      tours: 4,
      accommodation: 3,
      restaurants: 3,
      events: 6,
      guides: 4,
      agencies: 2,
      drivers: 2,
      news: 3,
    });
  });

  it('states on no page a price, rating, group size, count, credential or contact its data does not hold', async () => {
    expect(await truthProblems(site.dist, site.snapshot, { sponsors: ['Prefeitura de Nobres'] })).toEqual([]);
  });

  it("gives a public body's basics from its configuration: officer, hours, update date and links on every page", async () => {
    const privacy = textOf(mainOf(await site.page('/privacidade')));
    expect(privacy).toContain('Prefeitura Municipal de Nobres');
    expect(privacy).toContain('Ana Souza — encarregado@nobres.mt.gov.br');
    expect(privacy).toContain('não usa cookies');
    expect(textOf(mainOf(await site.page('/contato')))).toContain(
      // The hours say which clock they are on, as an event's time does.
      'Horário de atendimento Segunda a sexta: 7h às 13h Sábado e domingo: fechado No horário de Mato Grosso.',
    );
    const contact = await site.page('/contato');
    expect(contact).toContain('"opens":"07:00","closes":"13:00"');
    expect(contact).toMatch(/<a href="\/privacidade"[^>]*>aviso de privacidade<\/a>/);
    const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Cuiaba', dateStyle: 'short' }).format(new Date());
    for (const page of ['/', '/tour/t1', '/news', '/guide/g1']) {
      const footer = (await site.page(page)).split('<footer class="site-footer')[1] ?? '';
      expect(textOf(footer), page).toContain(`Atualizado em ${today}`);
      for (const href of [
        '/status',
        '/acessibilidade',
        '/privacidade',
        '/dados',
        PUBLIC_BODY.TRANSPARENCY_URL,
        PUBLIC_BODY.OMBUDSMAN_URL,
      ])
        expect(footer, `${page} ${href}`).toContain(`href="${href}"`);
    }
  });

  it('names fields as the record does, links what a testimonial is about, and claims nothing in the footer', async () => {
    const guide = mainOf(await site.page('/guide/g1'));
    // The record's attribute under its own name; its entries are not repeated as keywords.
    expect(textOf(guide)).toMatch(/Idiomas Português Inglês/);
    expect(textOf(guide)).toMatch(/Características Fotografia /);
    expect(textOf(guide)).toContain('Dados do guia');
    const testimonial = await site.page('/testimonials/f2');
    expect(testimonial).toMatch(/<h2 class="title[^"]*"[^>]*>\s*<a href="\/tour\/t1"[^>]*>Flutuação no Rio Estivado<\/a>/);
    const footer = (await site.page('/')).split('<footer class="site-footer')[1] ?? '';
    expect(textOf(footer)).toContain('Apoio Prefeitura de Nobres');
    expect(footer).toContain('href="https://www.nobres.mt.gov.br"');
    expect(textOf(footer)).not.toMatch(/pagamento|Pix|Visa/);
  });

  it('says plainly what a tour without data does not have', async () => {
    const bare = await site.page('/tour/t2');
    expect(heroChips(bare)).toBe(' Duração não informada ');
    expect(priceBox(bare)).toContain('Preço sob consulta');
    const full = await site.page('/tour/t1');
    expect(heroChips(full)).toMatch(/Nota dos visitantes 4,7 de 5 .*8 pessoas .*Duração: 3 horas/);
    // A price of 0 and 'Sob consulta' are no price; a refused rating and a group of 0 are left out.
    for (const id of ['t3', 't4']) expect(priceBox(await site.page(`/tour/${id}`))).toContain('Preço sob consulta');
    expect(heroChips(await site.page('/tour/t3'))).not.toMatch(/Nota|estrela|pessoa/);
    expect(heroChips(await site.page('/tour/t4'))).toContain('Nota dos visitantes 4,5 de 5');
  });

  it('calls an event free only when its upstream says so, and dates it only from its own dates', async () => {
    const free = await site.page('/event/e1');
    expect(priceBox(free)).toContain('Gratuito');
    expect(heroChips(free)).toContain('16 a 19 de julho de 2027');
    expect(priceBox(await site.page('/event/e2'))).toContain('Preço sob consulta');
    expect(heroChips(await site.page('/event/e2'))).toContain('10 de março de 2027');
    expect(heroChips(await site.page('/event/e3'))).not.toMatch(/20\d\d/);
  });

  it('lists the events in date order: the coming ones soonest first, undated, then the ones over', async () => {
    expect(cardIds(await site.page('/all-events'))).toEqual(['e2', 'e5', 'e6', 'e1', 'e3', 'e4']);
  });

  it('dates an event to the hour only when its upstream gave one, and an undated one "Data a confirmar"', async () => {
    const timed = await site.page('/event/e5');
    // The hour and the clock it is on: this city keeps Cuiabá's time (CITY_TIME_ZONE unset).
    expect(heroChips(timed)).toContain('22 de maio de 2027, 19h, horário de Mato Grosso');
    expect(timed).toContain('"startDate":"2027-05-22T19:00:00-04:00"');
    expect(heroChips(await site.page('/event/e2'))).toContain('10 de março de 2027, 7h');
    expect(heroChips(await site.page('/event/e6'))).toContain('5 de junho de 2027, 8h');
    // A day-only event: no hour invented, on the page or in its structured data.
    const days = await site.page('/event/e1');
    expect(heroChips(days)).not.toMatch(/\dh/);
    expect(days).toContain('"startDate":"2027-07-16"');
    expect(heroChips(await site.page('/event/e3'))).toContain('Data a confirmar');
    const list = await site.page('/all-events');
    const card = (id: string) => textOf(list.match(new RegExp(`data-id="${id}"[\\s\\S]*?</article>`))?.[0] ?? '');
    expect(card('e3')).toContain('Data a confirmar');
    expect(card('e5')).toContain('22 de maio de 2027, 19h, horário de Mato Grosso');
    const agenda = textOf(await site.page('/agenda'));
    expect(agenda).toContain('22 de maio de 2027, 19h, horário de Mato Grosso');
    expect(agenda).toContain('5 de junho de 2027, 8h, horário de Mato Grosso');
  });

  it('says an event held on 10 to 12 January 2026 is over, and offers nothing to book nor to add to a calendar', async () => {
    const page = await site.page('/event/e4');
    expect(textOf(mainOf(page))).toContain('Evento encerrado em 12/01/2026');
    expect(mainOf(page)).not.toMatch(/Reservar|calendar\.google\.com|\.ics"|data-channel/);
    expect(page).not.toMatch(/eventStatus|"offers"|InStock/);
    await expect(readFile(path.join(site.dist, 'event/e4.ics'), 'utf8')).rejects.toThrow();
    // Still its dates and price, as the record gives them.
    expect(heroChips(page)).toContain('10 a 12 de janeiro de 2026');
    expect(priceBox(page)).toContain('R$ 30,00');
    // An event to come keeps its booking and calendar entry, and says nothing of an end.
    const next = await site.page('/event/e5');
    expect(next).toMatch(/calendar\.google\.com/);
    expect(next).toContain('href="/event/e5.ics"');
    expect(textOf(next)).not.toContain('encerrado');
    // The list keeps it, last and marked; no other card is.
    const list = await site.page('/all-events');
    const card = (id: string) => textOf(list.match(new RegExp(`data-id="${id}"[\\s\\S]*?</article>`))?.[0] ?? '');
    expect(card('e4')).toContain('Encerrado');
    for (const id of ['e1', 'e2', 'e3', 'e5', 'e6']) expect(card(id), id).not.toContain('Encerrado');
    expect(list).toMatch(/<li data-title="Cavalgada"[^>]* data-over="1"/);
  });

  it('folds the calendar files at 75 octets, with one space before each continuation', async () => {
    const ics = await readFile(path.join(site.dist, 'event/e5.ics'), 'utf8');
    const lines = ics.split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith('\t'))).toBe(false);
  });

  it('announces on the home only the events still to come, soonest first', async () => {
    const home = await site.page('/');
    expect(cardIds(home.split('id="eventos"')[1]?.split('</section>')[0] ?? '')).toEqual(['e2', 'e5', 'e6', 'e1']);
  });

  it('filters events by days, the unit of their data', async () => {
    const list = await site.page('/all-events');
    expect(list).toMatch(/name="dias" value="1"/);
    expect(list).not.toMatch(/name="duracao"/);
    // Each card carries its length in days for the filter: 16 to 19 July is four.
    expect(list).toMatch(/<li data-title="Festival de Inverno"[^>]* data-days="4"/);
    expect(list).toMatch(/<li data-title="Festa do Peixe"[^>]* data-days="3"/);
  });

  it("counts as '1 dia' only a dated event of one day", async () => {
    const list = await site.page('/all-events');
    // The fixture's one such event: Corrida da Serra, on 10 March 2027, '4 horas'. A start alone (Show na
    // Praça, Feira do Produtor) says no length.
    const oneDay = [...list.matchAll(/<li data-title="([^"]+)"[^>]* data-days="1"/g)].map((match) => match[1]);
    expect(oneDay).toEqual(['Corrida da Serra']);
    expect(list).not.toMatch(/<li data-title="(?:Show na Praça|Feira do Produtor)"[^>]* data-days=/);
  });

  it('offers no filter choice that no record can match', async () => {
    /** The panel's boxes of a field on a list page. */
    const boxes = (html: string, name: string) =>
      [...html.matchAll(new RegExp(`name="${name}" value="([^"]+)"`, 'g'))].map((match) => match[1]);
    // The stays say '2 noites' and '1 noite' (h3 nothing): no '3+ noites'.
    expect(boxes(await site.page('/all-accommodation'), 'noites')).toEqual(['1', '2']);
    // The restaurants say 'Almoço', 'Jantar', 'Almoço': no 'Noite', no 'Almoço/Jantar'.
    expect(boxes(await site.page('/all-restaurants'), 'periodo')).toEqual(['1', '2']);
    // Tours of '3 horas' and 'Meio período' (4 h): '2-4h' only.
    expect(boxes(await site.page('/all-tours'), 'duracao')).toEqual(['4']);
    // Ratings 4,7 and 4,5 among the tours: no 'Nota 5'.
    expect(boxes(await site.page('/all-tours'), 'avaliacao')).toEqual(['4', '4.5']);
  });

  it('dials every phone from abroad, and links none it cannot', async () => {
    const footer = await site.page('/');
    expect(footer).toContain('href="tel:+556533761000"');
    expect(footer).toContain('(65) 3376-1000');
    const tour = await site.page('/tour/t1');
    expect(tour).toMatch(/<a href="tel:\+556533761000"[^>]*>\(65\) 3376-1000<\/a>/);
    // 3376-1001 has no area code: its words stay, its link goes.
    expect(tour).not.toMatch(/tel:[^"]*1001/);
    expect(tour).toContain('3376-1001');
    const restaurant = mainOf(await site.page('/restaurant/r1'));
    expect(restaurant).not.toMatch(/tel:[^"]*2000|wa\.me\/[^"]*2000/);
    expect(textOf(restaurant)).toContain('3376-2000');
    expect(await site.page('/restaurant/r2')).toContain('href="tel:+5565998765432"');
  });

  it('offers on each page the contact its record has: WhatsApp to a mobile only, a call, an e-mail, else the tourist office', async () => {
    /** The page's contact button (ContactAction): its href and its visible words. */
    const button = async (path: string) => {
      const link = mainOf(await site.page(path)).match(
        /<a class="btn btn-\w+" href="([^"]*)"[^>]*data-channel="\w+"[^>]*>([\s\S]*?)<\/a>/,
      );
      const words = (link?.[2] ?? '').replace(/<span class="visually-hidden">[\s\S]*?<\/span>/, '');
      return { href: (link?.[1] ?? '').replace(/&amp;/g, '&'), words: textOf(words).trim() };
    };
    expect((await button('/restaurant/r2')).href).toMatch(/^https:\/\/wa\.me\/5565998765432\?text=/);
    // Landlines: a call.
    expect(await button('/accommodation/h3')).toEqual({ href: 'tel:+556533765000', words: 'Ligar' });
    expect(await button('/driver/d1')).toEqual({ href: 'tel:+556533763000', words: 'Ligar' });
    // No phone, an e-mail.
    expect(await button('/restaurant/r3')).toEqual({
      href: `mailto:reservas@restaurantedagruta.com.br?subject=${encodeURIComponent('Contato pelo portal de turismo – Restaurante da Gruta')}`,
      words: 'Enviar e-mail',
    });
    expect((await button('/agency/a1')).href).toMatch(/^mailto:contato@nobresreceptivo\.com\.br\?subject=/);
    // Nothing of its own (a number without an area code is none): the city's tourist office, here a landline.
    for (const path of ['/guide/g3', '/restaurant/r1'])
      expect(await button(path), path).toEqual({ href: 'tel:+556533761000', words: 'Fale Conosco' });
    // An experience without a provider: no 'Fornecedor' box and no booking control; its offers are cards.
    const aves = mainOf(await site.page('/experience/aves'));
    expect(aves).not.toMatch(/Fornecedor<\/h2>|Reservar Experiência|data-channel/);
  });

  it('names WhatsApp and the new tab on every WhatsApp button, and offers to book nowhere the records give no booking channel', async () => {
    /** The WhatsApp button of a page's contact box or price card: its visible words and its whole accessible name. */
    const whatsapp = async (path: string) => {
      const link = mainOf(await site.page(path)).match(
        /<a class="btn btn-\w+" href="https:\/\/wa\.me\/[^"]*"[^>]*>([\s\S]*?)<\/a>/,
      );
      const inner = link?.[1] ?? '';
      return {
        words: textOf(inner.replace(/<span class="visually-hidden">[\s\S]*?<\/span>/, '')).trim(),
        name: textOf(inner).trim(),
      };
    };
    // The organiser's mobile (65) 99123-5555, and no ticket office in the record.
    expect(await whatsapp('/event/e5')).toEqual({
      words: 'Falar com o organizador',
      name: 'Falar com o organizador pelo WhatsApp (abre em nova aba)',
    });
    expect(textOf(mainOf(await site.page('/event/e5')))).not.toMatch(/Reservar/);
    // Cantina Serra's +55 65 99876-5432 and Lia Campos's (65) 99123-4567.
    for (const path of ['/restaurant/r2', '/guide/g1'])
      expect((await whatsapp(path)).name, path).toBe('Entrar em contato pelo WhatsApp (abre em nova aba)');
    // Every other WhatsApp link of the city's pages is checked by truthProblems.
  });

  it("keeps a guide's facts for visitors under their labels, and shows no empty label", async () => {
    const lia = textOf(mainOf(await site.page('/guide/g1')));
    expect(lia).toContain('Como visitar Agende pelo WhatsApp com 24h de antecedência.');
    expect(lia).toContain('Como chegar Saída do porto municipal.');
    expect(lia).toContain('Nível de dificuldade Fácil');
    expect(lia).toMatch(/Idiomas Português Inglês/);
    // Ana Prado's record gives none of these.
    expect(textOf(mainOf(await site.page('/guide/g3')))).not.toMatch(
      /Informações adicionais|Como visitar|Como chegar|dificuldade/,
    );
  });

  it('names each duration as what it is: a stay in nights, a meal, a time beside its clock', async () => {
    // Pousada Recanto's '2 noites' is a stay; Pousada Serra Azul's '2h' is none.
    expect(heroChips(await site.page('/accommodation/h1'))).toContain('Estadia: 2 noites');
    expect(textOf(mainOf(await site.page('/accommodation/h3')))).not.toMatch(/\b2h\b|Duração/);
    // Peixaria do Estivado's 'Almoço' is a meal, with no clock.
    const list = await site.page('/all-restaurants');
    const peixaria = list.match(/data-id="r1"[\s\S]*?<\/article>/)?.[0] ?? '';
    expect(peixaria).toMatch(/<span class="duration[^"]*">\s*Refeições: Almoço\s*<\/span>/);
    const tours = await site.page('/all-tours');
    const flutuacao = tours.match(/data-id="t1"[\s\S]*?<\/article>/)?.[0] ?? '';
    expect(flutuacao).toMatch(
      /<span class="duration[^"]*">\s*<svg[\s\S]*?<\/svg>\s*<span class="visually-hidden[^"]*">Duração: <\/span>\s*3 horas/,
    );
  });

  it('says so on an experience nobody offers, and searches the portal for its name', async () => {
    const rapel = mainOf(await site.page('/experience/rapel'));
    expect(textOf(rapel)).toContain('Nenhum passeio ou prestador do portal lista esta experiência no momento.');
    expect(rapel).toMatch(/<a class="btn btn-secondary[^"]*" href="\/busca\?q=Rapel">\s*Buscar “Rapel” no portal/);
    // One somebody offers lists them instead.
    expect(textOf(mainOf(await site.page('/experience/aves')))).not.toContain('Nenhum passeio ou prestador');
  });

  it('lists only active and published providers, and says why another is not listed', async () => {
    expect(cardIds(await site.page('/all-guides'))).toEqual(['g1', 'g3']);
    expect(cardIds(await site.page('/all-agencies'))).toEqual(['a1']);
    expect(cardIds(await site.page('/all-drivers'))).toEqual(['d1']);
    expect(cardIds(await site.page('/all-providers-tours'))).toEqual(['p1']);
    const inReview = await site.page('/guide/g2');
    expect(inReview).toContain('Cadastro em análise: este cadastro não está disponível para contato pelo portal');
    // No contact of its own (the footer keeps the city's).
    expect(mainOf(inReview)).not.toMatch(/wa\.me|tel:|mailto:/);
    expect(inReview).toContain('<meta name="robots" content="noindex"');
    expect(textOf(await site.page('/guide/g4'))).toContain('Cadastro não publicado');
    expect(textOf(await site.page('/guide/g4'))).not.toContain('DRAFT');
    const sitemap = await readFile(path.join(site.dist, 'sitemap-0.xml'), 'utf8');
    expect(sitemap).toContain('/guide/g1');
    expect(sitemap).not.toMatch(/\/(guide\/g2|guide\/g4|agency\/a2|driver\/d2|provider-tour\/p2)</);
  });

  it('names on /status every provider kept off the lists and why, and counts what the lists show', async () => {
    // A linked name is followed by its sentence: the tag's space dropped before the colon.
    const status = textOf(mainOf(await site.page('/status'))).replace(/ :/g, ':');
    // The fixture's statuses: g2 'em_analise', g4 'DRAFT_V2', a2 'inactive', d2 and p2 'pending'.
    for (const line of [
      'Guia g2 “Davi Rocha”: em análise',
      'Guia g4 “Rui Lemos”: cadastro não publicado',
      'Agência a2 “Serra Viagens”: inativo',
      'Condutor d2 “Van do Tião”: cadastro pendente',
      'Fornecedor p2 “Lago Azul Passeios”: cadastro pendente',
    ])
      expect(status).toContain(line);
    // Four guides, two of them listed (g1, g3), as /all-guides and /dados show them.
    expect(status).toMatch(/Guias 2 itens 2 fora das listas/);
    expect(status).toMatch(/Agências 1 item 1 fora das listas/);
  });

  it('shows a Cadastur number as given and no credential the data does not state', async () => {
    const guide = textOf(await site.page('/guide/g1'));
    expect(guide).toContain('12.345678.10.0001-9');
    expect(guide).not.toMatch(/credenciad|em dia/i);
  });

  it('links each experience to who offers it, and one nobody offers to its own page only', async () => {
    const home = await site.page('/');
    expect(home).toContain(`href="/all-guides?experience=${encodeURIComponent('Observação de Aves')}"`);
    expect(home).toContain('href="/all-agencies?experience=Mergulho"');
    expect(home).toContain(`href="/all-providers-tours?experience=${encodeURIComponent('Flutuação')}"`);
    expect(home).toContain('href="/experience/rapel"');
    const rapel = await site.page('/experience/rapel');
    expect(rapel).not.toMatch(/desta experiência/);
    const aves = await site.page('/experience/aves');
    expect(aves).toContain('Ver guias desta experiência');
    expect(cardIds(aves)).toEqual(['g1']);
  });

  it('draws every testimonial rating on one scale, none without a rating, and offers no chip that lists what Todas lists', async () => {
    const home = await site.page('/');
    const section = home.match(/id="depoimentos"[\s\S]*?<\/section>/)?.[0] ?? '';
    // Marta's 10 of 10 on the stars' scale of every other rating: five stars, 'Nota 5 de 5'.
    expect(section).toMatch(
      /<span class="rating[^"]*" role="img" aria-label="Nota 5 de 5">\s*<span class="stars[^"]*" data-stars="5"/,
    );
    expect(textOf(section)).not.toMatch(/\/10|estrela/);
    const portal = await site.page('/testimonials');
    expect(portal).not.toMatch(/data-chip="\w/);
    expect(textOf(portal)).not.toMatch(/verificad/i);
    const unrated = textOf((await site.page('/testimonials/f3')).split('Outros depoimentos')[0] ?? '');
    expect(unrated).toContain('Sem nota, mas recomendo.');
    expect(unrated).not.toMatch(/Nota|estrela|útil/);
  });

  it('dates a post by the blog’s own day and time when the blog gives no UTC date', async () => {
    expect(textOf(mainOf(await site.page('/news/903')))).toContain('19/11/2026 às 00:00');
    expect(textOf(await site.page('/news'))).toMatch(/Festa da virada do mês .*19\/11\/2026/);
  });

  it('counts a post’s views only when the blog does', async () => {
    expect(textOf(await site.page('/news/902'))).toContain('321 visualizações');
    expect(textOf(await site.page('/news/901'))).not.toContain('visualiza');
  });
});
