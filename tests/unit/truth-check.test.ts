/**
 * The reader of built pages the truth tests rely on (tests/support/truth.ts): on a small built site
 * whose pages state what their snapshot does not hold, it names each statement, and on honest
 * pages it names none. Without this, a checker that found nothing would pass every build.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '../../src/lib/entities.ts';
import { ITEM_KINDS } from '../../src/lib/schemas/index.ts';
import { anItem, aTestimonial } from '../fixtures/entries.ts';
import { truthProblems } from '../support/truth.ts';

let work: string;
const dist = () => path.join(work, 'dist');
const snapshot = () => path.join(work, 'snapshot');

const NO_INFO = { howToGetThere: null, howToVisit: null, operation: null, trackLevel: null, generalInfo: null };
const page = (body: string) => `<!DOCTYPE html><html lang="pt-BR"><head></head><body><main>${body}</main></body></html>`;
const card = (kind: string, id: string, inner = '') =>
  `<article class="card item-card" data-kind="${kind}" data-id="${id}"><h3>${id}</h3>${inner}</article>`;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'truth-check-'));
  await mkdir(path.join(dist(), 'guide'), { recursive: true });
  await mkdir(path.join(dist(), 'tour'), { recursive: true });
  await mkdir(path.join(dist(), 'testimonials'), { recursive: true });
  await mkdir(path.join(dist(), 'event'), { recursive: true });
  await mkdir(snapshot());
  const items = {
    tour: [anItem({ id: 't1' }), anItem({ id: 't2', rating: 4.5, price: 'R$ 80,00', priceValue: 80 })],
    guide: [
      anItem({ id: 'g1', kind: 'guide', experiences: ['Aves'] }),
      anItem({
        id: 'g2',
        kind: 'guide',
        status: { value: 'em_analise', label: 'Cadastro em análise', tone: 'warning' },
        isListed: false,
        contactPhone: '(65) 99999-0000',
      }),
      // What its record tells a visitor: how to book (left out of its page), and where it starts (kept).
      anItem({
        id: 'g3',
        kind: 'guide',
        info: { ...NO_INFO, howToVisit: '<p>Agende pelo WhatsApp com 24h de antecedência.</p>' },
      }),
      anItem({ id: 'g4', kind: 'guide', info: { ...NO_INFO, howToGetThere: '<p>Saída do porto municipal.</p>' } }),
    ],
    restaurant: [anItem({ id: 'r1', kind: 'restaurant', duration: 'Almoço' })],
    accommodation: [anItem({ id: 'h1', kind: 'accommodation', duration: '2h' })],
    // Dated and to come (every build's clock is before 2090), over, and undated.
    event: [
      anItem({ id: 'e1', kind: 'event', startDate: '2090-07-16', endDate: '2090-07-25' }),
      anItem({ id: 'e2', kind: 'event', startDate: '2020-01-01', price: 'R$ 10,00', priceValue: 10 }),
      anItem({ id: 'e3', kind: 'event' }),
      anItem({ id: 'e4', kind: 'event', startDate: '2090-12-27T19:00:00-04:00' }),
      anItem({ id: 'e5', kind: 'event', startDate: '2090-05-22T19:00:00-04:00' }),
    ],
  } as Record<string, unknown[]>;
  for (const kind of ITEM_KINDS) {
    await writeFile(path.join(snapshot(), `${ENTITIES[kind].collection}.json`), JSON.stringify(items[kind] ?? []));
  }
  await writeFile(path.join(snapshot(), 'news.json'), '[]');
  await writeFile(
    path.join(snapshot(), 'testimonials.json'),
    JSON.stringify([aTestimonial({ rating: 9 }), aTestimonial({ id: '2', experienceId: 't2' })]),
  );

  // Honest pages.
  await writeFile(
    path.join(dist(), 'index.html'),
    page(
      `${card('tour', 't1', '<p class="price on-request">Preço sob consulta</p>')}${card(
        'tour',
        't2',
        '<span class="rating" aria-label="Nota dos visitantes 4,5 de 5"></span><p class="price">R$ 80,00</p>',
      )}<a href="tel:+556533761000">(65) 3376-1000</a><a href="/all-guides?experience=Aves">Aves</a>`,
    ),
  );
  await writeFile(
    path.join(dist(), 'guide', 'g2.html'),
    `<!DOCTYPE html><html><head><meta name="robots" content="noindex"></head><body><main><p class="listing-notice">Cadastro em análise: …</p></main></body></html>`,
  );
  // Pages that state what the data does not hold.
  await writeFile(
    path.join(dist(), 'tour', 't1.html'),
    page(
      `<ul class="info-chips"><li>5 estrelas</li><li>2 pessoas</li></ul><section class="card price-box"><p class="price">R$ 0</p></section>` +
        `<p>Guia Credenciado · Em dia</p><span class="chip">em_analise</span><a href="tel:32230000">ligar</a>` +
        `${card('guide', 'g2')}<a href="/all-tours?experience=Aves">Aves</a><span class="score">Nota 9/10</span><span class="score">Nota 4/5</span>`,
    ),
  );
  await writeFile(path.join(dist(), 'guide', 'g1.html'), page('<a href="https://wa.me/5565999990000">WhatsApp</a>'));
  // Contacts: the ones that reach someone, then WhatsApp to a landline, abroad or nowhere, and a button that says a number is missing.
  await writeFile(
    path.join(dist(), 'phones.html'),
    page(
      '<a href="tel:+14155550100">Ligar</a><a href="tel:08001234567">0800 123 4567</a><a href="tel:+5565999123456">Ligar</a>' +
        '<a href="https://wa.me/5565999123456?text=Ol%C3%A1" target="_blank">Falar com o organizador<span> pelo WhatsApp (abre em nova aba)</span></a>' +
        '<a href="https://wa.me/?text=Lista" target="_blank">Enviar pelo WhatsApp<span> (abre em nova aba)</span></a>' +
        '<p>Ainda não disponível sem internet</p>',
    ),
  );
  await writeFile(
    path.join(dist(), 'missing.html'),
    page(
      '<a href="https://wa.me/556532231006?text=Oi">Entrar em contato pelo WhatsApp</a><a href="https://wa.me/2165999123456">WhatsApp</a>' +
        '<a href="https://wa.me/33762000">WhatsApp</a><a href="tel:+556599123456">(65) 9912-3456</a><a href="tel:09001234567">0900</a>' +
        '<details class="missing-phone"><summary class="btn">Contatar</summary><p role="alert">Número de telefone não disponível para este guia.</p></details>',
    ),
  );
  // WhatsApp links that do not say where they go, or offer to book; ratings on another scale; clocks beside what is no time.
  await writeFile(
    path.join(dist(), 'silent.html'),
    page(
      '<a href="https://wa.me/5565999123456?text=Oi" target="_blank">Reservar Agora</a>' +
        '<a href="https://wa.me/5565999123456" target="_blank">Conversar no WhatsApp</a>' +
        '<p>Hotel 4,5 estrelas</p><span>Nota 1/10</span>' +
        card('restaurant', 'r1', '<span class="duration"><svg></svg> Almoço</span>') +
        card('accommodation', 'h1', '<span class="duration">2h</span>'),
    ),
  );
  await writeFile(path.join(dist(), 'guide', 'g3.html'), page('<h2>Sobre o guia</h2>'));
  await writeFile(
    path.join(dist(), 'guide', 'g4.html'),
    page('<dl><dt>Como chegar</dt><dd><p>Saída do porto\n municipal.</p></dd></dl>'),
  );
  // Claims nobody configured, relabelled fields, the panel's and the developers' words.
  await writeFile(
    path.join(dist(), 'about.html'),
    `<!DOCTYPE html><html lang="pt-BR"><body><main>` +
      `<p>24/7 sempre atualizado</p><h2>Idiomas e especialidades</h2><p>Visita em jan. de 2025</p><h2>Tags</h2>` +
      `<span class="chip">Ativo</span><p>ID do condutor não fornecido.</p>` +
      card(
        'tour',
        't2',
        '<h3 class="title">Tour</h3><span class="rating" aria-label="Nota dos visitantes 4,5 de 5"><span class="stars" data-stars="5"></span></span><p class="price">R$ 80,00</p>',
      ) +
      `</main><footer class="site-footer"><ul><li class="sponsor">Governo de MT</li></ul><h2>Formas de pagamento</h2>` +
      `<ul class="social"><li><button type="button" disabled aria-label="TikTok não informado"></button></li></ul></footer></body></html>`,
  );
  // Events: an honest page and calendar file (e4), then an hour nobody gave, a Google link from another day and no
  // .ics file (e1), a calendar entry for an undated event (e3), an agenda listing what is over and leaving out e4
  // and e5; an event over (e2) still booked, in calendars, in stock and on a card not marked; a time without its
  // clock and a calendar file folded by characters (e5).
  const eventLd = (startDate: string | null, more: object = {}) =>
    `<script type="application/ld+json">${JSON.stringify({ '@type': 'Event', ...(startDate ? { startDate } : {}), ...more })}</script>`;
  const google = (dates: string) =>
    `<a href="https://calendar.google.com/calendar/render?action=TEMPLATE&dates=${dates}">Google Agenda</a>`;
  await writeFile(
    path.join(dist(), 'event', 'e4.html'),
    page(
      `${eventLd('2090-12-27T19:00:00-04:00')}<ul class="info-chips"><li>27 de dezembro de 2090, 19h, horário de Mato Grosso</li></ul>` +
        `${google('20901227T190000/20901227T190000')}<a href="/event/e4.ics">.ics</a>`,
    ),
  );
  await writeFile(path.join(dist(), 'event', 'e4.ics'), 'BEGIN:VCALENDAR\r\nDTSTART:20901227T230000Z\r\nEND:VCALENDAR\r\n');
  const over = {
    eventStatus: 'https://schema.org/EventScheduled',
    offers: { price: '10.00', availability: 'https://schema.org/InStock' },
  };
  await writeFile(
    path.join(dist(), 'event', 'e2.html'),
    page(
      `${eventLd('2020-01-01', over)}<ul class="info-chips"><li>1 de janeiro de 2020</li></ul>` +
        `<section class="card price-box"><a class="btn btn-primary" data-channel="whatsapp" href="https://wa.me/5565999990000">Reservar Agora</a></section>` +
        `${google('20200101/20200102')}<a href="/event/e2.ics">.ics</a>` +
        card('event', 'e2', '<p class="dates">1 de janeiro de 2020</p>'),
    ),
  );
  await writeFile(path.join(dist(), 'event', 'e2.ics'), 'BEGIN:VCALENDAR\r\nDTSTART;VALUE=DATE:20200101\r\nEND:VCALENDAR\r\n');
  await writeFile(
    path.join(dist(), 'event', 'e5.html'),
    page(
      `${eventLd('2090-05-22T19:00:00-04:00')}<ul class="info-chips"><li>22 de maio de 2090, 19h</li></ul>` +
        `${google('20900522T190000/20900522T190000')}<a href="/event/e5.ics">.ics</a>`,
    ),
  );
  await writeFile(
    path.join(dist(), 'event', 'e5.ics'),
    // As the `ics` library folds: 72 characters, but 96 octets, then a tab.
    `BEGIN:VCALENDAR\r\nDTSTART:20900522T230000Z\r\nDESCRIPTION:${'ação '.repeat(12)}\r\n\tfim\r\nEND:VCALENDAR\r\n`,
  );
  await writeFile(
    path.join(dist(), 'event', 'e1.html'),
    page(`${eventLd('2090-07-16T16:00:00.000Z')}<p>16 a 25 de julho de 2090</p>${google('20900715/20900726')}`),
  );
  await writeFile(
    path.join(dist(), 'event', 'e3.html'),
    page(`${eventLd(null)}<p>Data a confirmar</p><a href="/event/e3.ics">.ics</a>`),
  );
  await writeFile(
    path.join(dist(), 'agenda.html'),
    page(
      '<ul><li class="agenda-entry" data-id="e1"><time>16 a 25 de julho de 2090</time></li>' +
        '<li class="agenda-entry" data-id="e2"><time>1 de janeiro de 2020</time></li>' +
        '<li class="agenda-entry" data-id="e3"><p class="fact"><span>Data a confirmar</span></p></li></ul>',
    ),
  );
  await writeFile(path.join(dist(), 'testimonials', '2.html'), page('<h2 class="title">Trilha</h2>'));
  await writeFile(path.join(dist(), 'testimonials', '1.html'), page('<h2 class="title">Trilha</h2>'));
});

afterAll(() => rm(work, { recursive: true, force: true }));

describe('truthProblems', () => {
  it('names WhatsApp links to numbers that are not Brazilian mobiles, undialable phone links and missing-number buttons', async () => {
    const problems = await truthProblems(dist(), snapshot());
    expect(problems.filter((problem) => problem.startsWith('/phones:'))).toEqual([]);
    expect(problems.filter((problem) => problem.startsWith('/missing:'))).toEqual([
      '/missing: has a phone link that cannot dial from abroad (tel:+556599123456)',
      '/missing: has a phone link that cannot dial from abroad (tel:09001234567)',
      '/missing: has a WhatsApp link to 556532231006, which is not a Brazilian mobile',
      '/missing: has a WhatsApp link to 2165999123456, which is not a Brazilian mobile',
      '/missing: has a WhatsApp link to 33762000, which is not a Brazilian mobile',
      "/missing: has a contact control that says 'telefone não disponível' instead of reaching someone",
    ]);
  });

  it('names every statement its snapshot does not hold, and none on honest pages', async () => {
    const problems = await truthProblems(dist(), snapshot());
    expect(problems.filter((problem) => problem.startsWith('/:') || problem.startsWith('/guide/g2:'))).toEqual([]);
    expect(problems).toEqual(
      expect.arrayContaining([
        "/tour/t1: states a price of R$ 0 ('R$ 0')",
        "/tour/t1: says 'Guia Credenciado', which no record says",
        "/tour/t1: says 'Em dia', which no record says",
        "/tour/t1: shows the raw code 'em_analise'",
        '/tour/t1: has a phone link that cannot dial from abroad (tel:32230000)',
        "/tour/t1: lists guide/g2, whose registration is 'Cadastro em análise'",
        "/tour/t1: links 'Aves' to /all-tours, which lists none",
        '/tour/t1: rates an item its record does not rate',
        '/tour/t1: gives a group size its record does not give',
        "/tour/t1: shows the price 'R$ 0', its record 'Preço sob consulta'",
        'testimonial ratings are drawn on 10 and 5: one scale only',
        "/about: says '24/7', which no record says",
        "/about: says 'Idiomas e especialidades', which no record says",
        "/about: says 'Visita em', which no record says",
        "/about: says 'Formas de pagamento', which no record says",
        "/about: says 'não fornecido', which no record says",
        "/about: shows the provider panel's status 'Ativo'",
        "/about: has a heading 'Tags'",
        "/about: names 'Governo de MT' a supporter, which SPONSORS does not",
        '/about: shows a social network it has no link for',
        "/about: card tour/t2 is headed 'Tour', its record 'Passeio de Barco'",
        '/about: card tour/t2 draws 5 stars for a rating of 4.5',
        '/testimonials/2: names what it is about without linking /tour/t2',
      ]),
    );
    expect(problems.filter((problem) => problem.startsWith('/event/e4'))).toEqual([]);
    expect(problems.filter((problem) => /^\/(?:event|agenda)/.test(problem))).toEqual([
      '/agenda: lists event/e2, which was over on 2020-01-01',
      '/agenda: leaves out event/e4, which is still to come',
      '/agenda: leaves out event/e5, which is still to come',
      '/event/e1: starts in structured data at 2090-07-16T16:00:00.000Z, its record 2090-07-16',
      "/event/e1: offers no .ics file in 'Adicionar à agenda'",
      "/event/e1: puts it in Google Calendar from '20900715/20900726', its record 2090-07-16",
      "/event/e2: claims an offer's availability",
      "/event/e2: has a WhatsApp link named 'Reservar Agora', which does not say WhatsApp",
      "/event/e2: has a WhatsApp link named 'Reservar Agora': no record gives a booking channel",
      "/event/e2: card event/e2 does not mark 'Encerrado' an event over on 2020-01-01",
      "/event/e2: does not say 'Evento encerrado em 01/01/2020'",
      "/event/e2: offers 'Reservar' for an event over on 2020-01-01",
      '/event/e2: offers a booking button for an event over on 2020-01-01',
      '/event/e2: offers a calendar entry for an event over on 2020-01-01',
      '/event/e2: claims the status https://schema.org/EventScheduled for an event over',
      '/event/e2: offers tickets in structured data for an event over',
      '/event/e3: offers a calendar entry for an event without a date or a listing',
      "/event/e5: leaves out the event's dates (22 de maio de 2090, 19h, horário de Mato Grosso)",
      "/event/e5: gives a time without its clock ('22 de maio de 2090, 19h')",
      '/event/e1.ics: is missing, for an event dated 2090-07-16',
      '/event/e2.ics: is made for an event over on 2020-01-01',
      "/event/e5.ics: has a line of 96 octets ('DESCRIPTION:ação ação ação açã…')",
      '/event/e5.ics: continues a line with a tab, not one space',
    ]);
    expect(problems.filter((problem) => /^\/(?:silent|guide\/g[34])/.test(problem))).toEqual([
      "/silent: has a WhatsApp link named 'Reservar Agora', which does not say WhatsApp",
      "/silent: has a WhatsApp link named 'Reservar Agora', which does not say it opens a new tab",
      "/silent: has a WhatsApp link named 'Reservar Agora': no record gives a booking channel",
      "/silent: has a WhatsApp link named 'Conversar no WhatsApp', which does not say it opens a new tab",
      "/silent: calls a rating '4,5 estrelas', which reads as a hotel's official class",
      "/silent: writes a rating as 'Nota 1/10', not on the stars' scale of every other rating",
      "/silent: card restaurant/r1 draws a clock beside 'Almoço', which is not a time",
      "/silent: card accommodation/h1 shows '2h' as a stay, which counts no nights",
      "/guide/g3: leaves out what its record tells a visitor: 'Agende pelo WhatsApp com 24h de antecedência.'",
    ]);
    // A testimonial about no page of the site names it as text; a configured supporter may be named.
    expect(problems.filter((problem) => problem.startsWith('/testimonials/1:'))).toEqual([]);
    const configured = await truthProblems(dist(), snapshot(), { sponsors: ['Governo de MT'] });
    expect(configured.filter((problem) => problem.includes('supporter'))).toEqual([]);
  });
});
