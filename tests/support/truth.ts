/**
 * Reads a built site beside the snapshot it was built from and lists every place where a page
 * states what its upstream did not give: a price of R$ 0, a rating, group size, view count or
 * credential the record lacks, a provider listed or offered for contact while its registration is
 * not active, a phone link that cannot dial from abroad (but a free or public-service number's), a WhatsApp link to a number that is not a
 * Brazilian mobile or that does not say WhatsApp and its new tab (or offers to book), a rating in 'estrelas'
 * or a testimonial's as a fraction, a clock beside a stay or a meal, a provider's page that drops what its
 * record tells a visitor (how to book, where it starts, difficulty), a contact control that only says a number is missing, an experience link that lists nothing, a
 * testimonial chip that answers nothing, events out of date order or dated otherwise than their
 * record (a card's 'Data a confirmar' included; the agenda's entries, an event's structured data, its
 * Google Calendar link and its `.ics` file; the agenda listing what is over or leaving out what is to
 * come), a time of day without its clock ('19h' with no 'horário de …' nor offset), an event over that
 * does not say so or still offers a booking or a calendar entry, a card of one over without its mark, an
 * `.ics` line longer than 75 octets, an offer's availability no record gives, an article without its day; a sponsor, a payment method or
 * '24/7' nobody configured, a field relabelled into a fact, the provider panel's statuses and the
 * developers' words, a social icon without a link, a testimonial that does not link its tour. No
 * browser: the static HTML is what a visitor (and a search engine) gets.
 *
 * What a page must say of a record (its price, rating, group size, dates, the order of events, the
 * offers of an experience, what a testimonial is about) comes from tests/support/expected-facts.ts,
 * written from the record and docs/product.md, never from the src/lib code that writes the pages.
 * Imports from src are the data contract only: the snapshot's types and kinds (src/lib/schemas) and
 * ENTITIES' collections and routes (src/lib/entities.ts).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { ENTITIES } from '../../src/lib/entities.ts';
import { ITEM_KINDS, type Item, type ItemKind, type NewsArticle, type Testimonial } from '../../src/lib/schemas/index.ts';
import {
  chargedAmount,
  cityToday,
  DEFAULT_TIME_ZONE,
  expectedArticleDay,
  expectedDiscount,
  expectedEventDates,
  expectedEventOrder,
  expectedOfferPrice,
  expectedPeople,
  expectedPrice,
  expectedRating,
  expectedReviewedPath,
  isOverOn,
  lastDayOf,
  offersExperience,
  reais,
} from './expected-facts.ts';

/** What the snapshot says, as the checks read it. */
interface Snapshot {
  items: Map<string, Item>;
  byKind: Record<ItemKind, Item[]>;
  news: Map<string, NewsArticle>;
  testimonials: Testimonial[];
  /** Every text of the snapshot, for phrases a page may only repeat from the data. */
  text: string;
}

/** Phrases of the original app's placeholders: a page may carry one only when the upstream's own text does. */
const PLACEHOLDER_PHRASES = [
  'Credenciamento',
  'Guia Credenciado',
  'Agência Credenciada',
  'Em dia',
  'CNH',
  'Categoria B',
  '5+ anos',
  'Para passageiros',
  'Perfil de referência',
  // Claims no data makes, and labels that turn a field into a fact it does not state.
  '24/7',
  'sempre atualizado',
  'Formas de pagamento',
  'Mastercard',
  'Boleto',
  'Idiomas e especialidades',
  'Veículos e serviços',
  'Informações pessoais',
  'Data da visita',
  'Visita em',
  'Visita:',
  // The provider panel's and the developers' words.
  'Tours',
  'Email',
  'não foram fornecidos',
  'não fornecido',
];
/** The provider panel's workflow, which tells a visitor nothing: only a registration not published is shown. */
const WORKFLOW_STATUS = /^(?:Ativo|Publicado)$/;
/** Headings that name the data's plumbing, not what it is. */
const PLUMBING_HEADING = /^(?:Tags|Etiquetas)$/;
/** Raw provider status codes a visitor must never read. */
const RAW_STATUS = /^(?:active|inactive|pending|publish|em_analise|[a-z]+_[a-z_]+)$/;
const ZERO_PRICE = /R\$\s?0(?:,0{1,2})?(?![\d.,])/;
/**
 * The phone links a page may have (docs/product.md, Formats), written out here rather than read from
 * classifyPhone, which they check: a Brazilian mobile or landline and a foreign number in
 * international form, a 0800 or 0300 number in its national form, and a public-service number
 * (190 police, 192 ambulance, 193 fire brigade, 199 civil defence…), which dials in Brazil only, as it is.
 */
const DIALABLE =
  /^tel:(?:\+55[1-9][1-9](?:9\d{8}|[2-5]\d{7})|\+(?!55)[1-9]\d{7,14}|0[38]00\d{6,7}|1(?:00|36|53|80|81|88|9[0-4789]))$/;
/** The developers' words above that are the page's own language on a page in English (the menu's 'Tours'). */
const ENGLISH_PAGE_WORDS = new Set(['Tours', 'Email']);
/** The only numbers a wa.me link may go to: Brazilian mobiles (area code, 9, eight digits). */
const WHATSAPP_NUMBER = /^55[1-9][1-9]9\d{8}$/;
/** Links that open WhatsApp: a number's chat, a share, the app itself. */
const WHATSAPP_LINKS =
  'a[href^="https://wa.me/"], a[href*="//api.whatsapp.com/"], a[href*="//web.whatsapp.com/"], a[href^="whatsapp:"]';
/** A rating in stars ('4,5 estrelas'), which beside an item reads as a hotel's official class. */
const STARS_WORDS = /\d(?:,\d+)? estrelas?/;
/** A testimonial's rating as a fraction ('Nota 9/10'), on another scale than every other rating's stars. */
const FRACTION_RATING = /Nota \d+(?:,\d+)?\/\d+/;
/** The kinds whose `duration` is no length of time: a stay's nights, a restaurant's meals. */
const NOT_A_TIME: ReadonlySet<ItemKind> = new Set(['accommodation', 'restaurant']);
/** The people and businesses whose pages show what their records say a visitor can use. */
const PROVIDER_KINDS: ReadonlySet<ItemKind> = new Set(['driver', 'guide', 'agency', 'tourProvider']);
/** A record's facts for a visitor beyond its description: how it works, how to book, where it starts, difficulty, rules. */
const providerFacts = (item: Item): (string | null)[] => [
  ...Object.values(item.info),
  item.howItWorksHtml,
  item.essentialInformationHtml,
  item.insuranceInfoHtml,
  item.includeHtml,
  item.excludeHtml,
  item.policiesHtml,
  item.scheduleHtml,
  item.capacityHtml,
  item.pricingHtml,
  item.locationDetailsHtml,
  item.accessibilityHtml,
  item.requirementsHtml,
  item.cancellationHtml,
];
/** Text with its runs of white space made one. */
const squeeze = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** A contact control that only says a number is missing, as the pages once had ('Número de telefone não disponível …'). */
const MISSING_CONTACT = /(?:telefone|WhatsApp) não disponível/i;

async function readSnapshot(dir: string): Promise<Snapshot> {
  const read = async <T>(name: string): Promise<T[]> => JSON.parse(await readFile(path.join(dir, `${name}.json`), 'utf8')) as T[];
  const byKind = Object.fromEntries(
    await Promise.all(ITEM_KINDS.map(async (kind) => [kind, await read<Item>(ENTITIES[kind].collection)])),
  ) as Record<ItemKind, Item[]>;
  const files = await readdir(dir);
  const texts = await Promise.all(
    files.filter((file) => file.endsWith('.json')).map((file) => readFile(path.join(dir, file), 'utf8')),
  );
  return {
    items: new Map(ITEM_KINDS.flatMap((kind) => byKind[kind].map((item) => [`${kind}/${item.id}`, item] as const))),
    byKind,
    news: new Map((await read<NewsArticle>('news')).map((article) => [article.id, article])),
    testimonials: await read<Testimonial>('testimonials'),
    text: texts.join('\n'),
  };
}

/** The page files of a build, each once: `x.html`, not its `x/index.html` mirror. */
async function pageFiles(dist: string): Promise<string[]> {
  const entries = await readdir(dist, { recursive: true });
  const html = new Set(entries.filter((entry) => entry.endsWith('.html')).map((entry) => entry.split(path.sep).join('/')));
  return [...html].filter((file) => !(file.endsWith('/index.html') && html.has(`${file.slice(0, -'/index.html'.length)}.html`)));
}

/** The site path of a page file: 'tour/101.html' → '/tour/101', 'index.html' → '/'. */
const pathOf = (file: string) => `/${file.replace(/(?:^|\/)index\.html$/, '').replace(/\.html$/, '')}`.replace(/\/$/, '') || '/';

const detailKinds = new Map(ITEM_KINDS.map((kind) => [ENTITIES[kind].detailPrefix.slice(1), kind]));

/** A time of day as the pages write it ('19h', '7h30'). */
const TIME_OF_DAY = /\b\d{1,2}h(?:\d{2})?\b/;
/** A dates text that gives a time says its clock at its end: the zone's name, or its offset. */
const NAMED_CLOCK = /(?:, horário d[eoa] [^,()]+| \(UTC(?:[+\u2212]\d{1,2}(?::\d{2})?)?\))$/;
/** A dates text with a time of day and no clock: the problem to report, else null. */
const unzonedTime = (dates: string | null | undefined) =>
  dates && TIME_OF_DAY.test(dates) && !NAMED_CLOCK.test(dates) ? `gives a time without its clock ('${dates}')` : null;

/**
 * Where a calendar entry of a dated event must start, from its record alone: a day-only event on its day
 * (`DTSTART;VALUE=DATE:20270716`, Google's `20270716/…`), a timed one at its instant in UTC in the `.ics`
 * and on the city's clock the record writes in Google's link (`20261227T190000/…`).
 */
function calendarStart(startDate: string): { ics: string; google: string } {
  if (startDate.length === 10) {
    const day = startDate.replace(/-/g, '');
    return { ics: `DTSTART;VALUE=DATE:${day}`, google: `${day}/` };
  }
  const utc = new Date(startDate).toISOString().slice(0, 19).replace(/[-:]/g, '');
  return { ics: `DTSTART:${utc}Z`, google: `${startDate.slice(0, 19).replace(/[-:]/g, '')}/` };
}

/** The agenda (/agenda): only listed events still to come on the city's day `today` (and the undated), each dated as its record, none left out. */
function checkAgenda(
  document: Document,
  events: Item[],
  today: string,
  datesOf: (event: Item) => string | null,
  say: (problem: string) => void,
): void {
  const shown = new Set<string>();
  for (const entry of document.querySelectorAll<HTMLElement>('li.agenda-entry')) {
    const key = `event/${entry.dataset.id}`;
    const event = events.find((candidate) => candidate.id === entry.dataset.id);
    shown.add(entry.dataset.id ?? '');
    if (!event) {
      say(`has an agenda entry of ${key}, which the snapshot does not have`);
      continue;
    }
    if (!event.isListed) say(`lists ${key}, whose registration is '${event.status?.label}'`);
    if (event.startDate && lastDayOf(event) < today) say(`lists ${key}, which was over on ${lastDayOf(event)}`);
    const dates = entry.querySelector('time, .fact')?.textContent?.replace(/\s+/g, ' ').trim() ?? null;
    if (dates !== datesOf(event)) say(`dates ${key} '${dates}', its record '${datesOf(event)}'`);
    const unzoned = unzonedTime(dates);
    if (unzoned) say(`${key} ${unzoned}`);
  }
  for (const event of events) {
    const isToCome = event.isListed && (event.startDate === null || lastDayOf(event) >= today);
    if (isToCome && !shown.has(event.id)) say(`leaves out event/${event.id}, which is still to come`);
  }
}

/**
 * Each listed dated event still to come has its `.ics` file (`/event/{id}.ics`), starting when its record
 * says, every line within 75 octets of UTF-8 and each continuation after one space, as calendar apps read them; an
 * event over has none, as its page offers no calendar entry.
 */
async function checkCalendarFiles(dist: string, events: Item[], today: string, problems: string[]): Promise<void> {
  for (const event of events) {
    if (!event.isListed || !event.startDate) continue;
    const file = `${ENTITIES.event.detailPrefix}/${event.id}.ics`;
    const text = await readFile(path.join(dist, file), 'utf8').catch(() => null);
    if (isOverOn(event, today)) {
      if (text !== null) problems.push(`${file}: is made for an event over on ${lastDayOf(event)}`);
      continue;
    }
    if (text === null) {
      problems.push(`${file}: is missing, for an event dated ${event.startDate}`);
      continue;
    }
    for (const line of text.split('\r\n')) {
      const octets = Buffer.byteLength(line, 'utf8');
      if (octets > 75) problems.push(`${file}: has a line of ${octets} octets ('${line.slice(0, 30)}…')`);
      if (/^\t/.test(line)) problems.push(`${file}: continues a line with a tab, not one space`);
    }
    const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
    const start = lines.find((line) => /^DTSTART[:;]/.test(line));
    const expected = calendarStart(event.startDate).ics;
    if (start !== expected) problems.push(`${file}: starts '${start}', its record ${event.startDate} (${expected})`);
  }
}

/** What the build was told besides its data. */
export interface TruthOptions {
  /** The build's clock, for the order of events. */
  now?: Date;
  /** The supporters configured in SPONSORS: the only names the footer's 'Apoio' may give. */
  sponsors?: string[];
  /** CITY_TIME_ZONE of the build, whose clock an event's time names; its default when not given. */
  timeZone?: string;
}

/** Every statement of the built site in `dist` that its snapshot in `snapshotDir` does not hold. */
export async function truthProblems(dist: string, snapshotDir: string, options: TruthOptions = {}): Promise<string[]> {
  const { now = new Date(), sponsors = [], timeZone = DEFAULT_TIME_ZONE } = options;
  const datesOf = (item: Item) => expectedEventDates(item, timeZone);
  const today = cityToday(now, timeZone);
  const data = await readSnapshot(snapshotDir);
  const problems: string[] = [];
  const absentPhrases = PLACEHOLDER_PHRASES.filter((phrase) => !data.text.includes(phrase));
  const scales = new Set<string>();

  for (const file of await pageFiles(dist)) {
    const page = pathOf(file);
    const say = (problem: string) => problems.push(`${page}: ${problem}`);
    const { document } = new JSDOM(await readFile(path.join(dist, file), 'utf8')).window;
    const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (script) => JSON.parse(script.textContent ?? '{}') as Record<string, unknown>,
    );
    // A filter's range ('De R$ 0 a R$ 300') is a control, not a statement about an item.
    for (const quiet of document.querySelectorAll('script, style, template, [data-list-filters]')) quiet.remove();
    const text = document.body.textContent ?? '';

    if (ZERO_PRICE.test(text)) say(`states a price of R$ 0 ('${text.match(ZERO_PRICE)?.[0]}')`);
    const isEnglish = document.documentElement.lang === 'en';
    for (const phrase of absentPhrases) {
      if (text.includes(phrase) && !(isEnglish && ENGLISH_PAGE_WORDS.has(phrase))) say(`says '${phrase}', which no record says`);
    }
    if (jsonLd.some((entry) => JSON.stringify(entry).includes('aggregateRating'))) say('claims an aggregateRating');
    // No record says whether places are left.
    if (jsonLd.some((entry) => JSON.stringify(entry).includes('availability'))) say("claims an offer's availability");
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href^="tel:"]')) {
      if (!DIALABLE.test(link.getAttribute('href') ?? ''))
        say(`has a phone link that cannot dial from abroad (${link.getAttribute('href')})`);
    }
    // A number for WhatsApp; wa.me/?text=… (sharing, the favourites' list) lets the visitor pick the contact.
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href^="https://wa.me/"]')) {
      const number = new URL(link.getAttribute('href') ?? '').pathname.slice(1);
      if (number && !WHATSAPP_NUMBER.test(number)) say(`has a WhatsApp link to ${number}, which is not a Brazilian mobile`);
    }
    // Every WhatsApp link says so, and that it opens a new tab, in its words or to screen readers; none offers to book.
    for (const link of document.querySelectorAll<HTMLAnchorElement>(WHATSAPP_LINKS)) {
      const name = squeeze(link.getAttribute('aria-label') ?? link.textContent);
      if (!/WhatsApp/i.test(name)) say(`has a WhatsApp link named '${name}', which does not say WhatsApp`);
      if (link.getAttribute('target') === '_blank' && !/nova aba/.test(name))
        say(`has a WhatsApp link named '${name}', which does not say it opens a new tab`);
      if (/Reserv/i.test(name)) say(`has a WhatsApp link named '${name}': no record gives a booking channel`);
    }
    // /dados's data dictionary says what the open data's rating column counts ('de 0 a 5 estrelas'): no rating of anything.
    const stars = page === '/dados' ? undefined : text.match(STARS_WORDS)?.[0];
    if (stars && !data.text.includes(stars)) say(`calls a rating '${stars}', which reads as a hotel's official class`);
    const fraction = text.match(FRACTION_RATING)?.[0];
    if (fraction) say(`writes a rating as '${fraction}', not on the stars' scale of every other rating`);
    const missingContact = text.match(MISSING_CONTACT)?.[0];
    if (missingContact || document.querySelector('details.missing-phone'))
      say(`has a contact control that says '${missingContact ?? 'não disponível'}' instead of reaching someone`);
    for (const chip of document.querySelectorAll('.chip')) {
      const label = chip.textContent?.trim() ?? '';
      if (RAW_STATUS.test(label)) say(`shows the raw code '${label}'`);
      if (WORKFLOW_STATUS.test(label)) say(`shows the provider panel's status '${label}'`);
    }
    for (const heading of document.querySelectorAll('h1, h2, h3, h4')) {
      if (PLUMBING_HEADING.test(heading.textContent?.trim() ?? '')) say(`has a heading '${heading.textContent?.trim()}'`);
    }
    for (const sponsor of document.querySelectorAll('.site-footer .sponsor')) {
      const name = sponsor.textContent?.trim() ?? '';
      if (!sponsors.includes(name)) say(`names '${name}' a supporter, which SPONSORS does not`);
    }
    if (document.querySelector('.social button, .social [aria-disabled="true"]'))
      say('shows a social network it has no link for');
    for (const score of document.querySelectorAll('.score')) scales.add(score.textContent?.match(/\/(\d+)/)?.[1] ?? '?');

    // Cards: each states only what its record holds, and only listed items are listed.
    for (const card of document.querySelectorAll<HTMLElement>('article.item-card')) {
      const key = `${card.dataset.kind}/${card.dataset.id}`;
      const item = data.items.get(key);
      if (!item) {
        say(`has a card of ${key}, which the snapshot does not have`);
        continue;
      }
      if (!item.isListed) say(`lists ${key}, whose registration is '${item.status?.label}'`);
      const title = card.querySelector('.title')?.textContent?.trim();
      if (title !== undefined && title !== item.title) say(`card ${key} is headed '${title}', its record '${item.title}'`);
      const stars = card.querySelector<HTMLElement>('.stars')?.dataset.stars;
      if (stars !== undefined && item.rating !== null && Number(stars) !== Math.round(item.rating * 2) / 2)
        say(`card ${key} draws ${stars} stars for a rating of ${item.rating}`);
      const rating = card.querySelector('.rating')?.getAttribute('aria-label') ?? null;
      if (rating !== expectedRating(item.rating)) say(`card ${key} rates it ${rating}, its record ${item.rating}`);
      const price = squeeze(card.querySelector('.price')?.textContent);
      if (/R\$/.test(price) && chargedAmount(item) === null) say(`card ${key} prices it (${price}) without a price`);
      if (price && !price.includes(expectedPrice(item)))
        say(`card ${key} prices it '${price}', its record '${expectedPrice(item)}'`);
      if (/Gratuito/.test(price) && !item.isFree) say(`card ${key} calls it free`);
      const discount = card.querySelector('.discount')?.textContent?.trim() ?? null;
      const expectedMark = expectedDiscount(item) === null ? null : `-${expectedDiscount(item)}%`;
      if (discount !== expectedMark) say(`card ${key} marks a discount of '${discount}', its record ${expectedMark ?? 'none'}`);
      if (NOT_A_TIME.has(item.kind) && card.querySelector('.duration svg'))
        say(`card ${key} draws a clock beside '${item.duration}', which is not a time`);
      if (item.kind === 'accommodation' && !/\bnoites?\b/i.test(item.duration) && card.querySelector('.duration'))
        say(`card ${key} shows '${item.duration}' as a stay, which counts no nights`);
      const dates = card.querySelector('.dates')?.textContent?.replace(/\s+/g, ' ').trim() ?? null;
      if (dates !== datesOf(item)) say(`card ${key} dates it '${dates}', its record '${datesOf(item)}'`);
      const unzoned = unzonedTime(dates);
      if (unzoned) say(`card ${key} ${unzoned}`);
      const isMarked = card.querySelector('.ended')?.textContent?.trim() === 'Encerrado';
      if (item.kind === 'event' && isOverOn(item, today) !== isMarked)
        say(
          `card ${key} ${isMarked ? 'marks as over an event to come' : `does not mark 'Encerrado' an event over on ${lastDayOf(item)}`}`,
        );
    }

    // Every link to an experience's offers lists some.
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href*="?experience="]')) {
      const url = new URL(link.getAttribute('href') ?? '', 'https://site.invalid');
      const kind = ITEM_KINDS.find((candidate) => ENTITIES[candidate].listPath === url.pathname);
      const experience = url.searchParams.get('experience') ?? '';
      const offers = kind ? data.byKind[kind].filter((item) => item.isListed && offersExperience(item, experience)) : [];
      if (offers.length === 0) say(`links '${experience}' to ${url.pathname}, which lists none`);
    }

    const [, prefix = '', id = ''] = page.split('/');
    const kind = detailKinds.get(prefix);
    const item = kind ? data.items.get(`${kind}/${id}`) : undefined;
    if (item) checkItemPage(document, item, jsonLd, { today, datesOf }, say);
    const article = prefix === 'news' ? data.news.get(id) : undefined;
    if (article && article.views === null && /visualiza/.test(text)) say('counts views the blog never counted');
    const day = article && expectedArticleDay(article.publishedAt, timeZone);
    if (day && !text.includes(day)) say(`leaves out its day (${day})`);
    // /dados's data dictionary names every column, these two included: a description, not a claim.
    const isDictionary = page === '/dados';
    if (!isDictionary && !data.testimonials.some((testimonial) => testimonial.verified) && /verificad/i.test(text))
      say('calls a testimonial verified');
    if (
      !isDictionary &&
      !data.testimonials.some((testimonial) => testimonial.helpful !== null) &&
      /acharam útil|achou útil/.test(text)
    )
      say('counts helpful votes nobody counted');
    if (page === '/testimonials') checkTestimonialChips(document, data.testimonials, say);
    const testimonial = prefix === 'testimonials' ? data.testimonials.find((entry) => entry.id === id) : undefined;
    const reviewed = testimonial && expectedReviewedPath(testimonial, (key) => data.items.has(key));
    if (reviewed && !document.querySelector(`.title a[href="${reviewed}"]`))
      say(`names what it is about without linking ${reviewed}`);
    if (page === '/agenda') checkAgenda(document, data.byKind.event, today, datesOf, say);
    if (page === '/all-events') {
      const shown = [...document.querySelectorAll<HTMLElement>('article.item-card')].map((card) => card.dataset.id);
      const listed = data.byKind.event.filter((event) => event.isListed);
      const expected = expectedEventOrder(listed, today, timeZone).map((event) => event.id);
      if (shown.join() !== expected.join()) say(`lists events as ${shown.join()}, not in date order (${expected.join()})`);
    }
  }
  if (scales.size > 1) problems.push(`testimonial ratings are drawn on ${[...scales].join(' and ')}: one scale only`);
  await checkCalendarFiles(dist, data.byKind.event, today, problems);
  return problems;
}

/** An item's own page: its chips, price, dates, structured data and, when it is not listed, no contact. */
function checkItemPage(
  document: Document,
  item: Item,
  jsonLd: Record<string, unknown>[],
  { today, datesOf }: { today: string; datesOf: (item: Item) => string | null },
  say: (problem: string) => void,
): void {
  // The item's own statements: not its peers' cards, nor the site's header and footer (the city's contacts).
  for (const other of document.querySelectorAll('.related, .site-header, .site-footer')) other.remove();
  if (document.querySelector('.detail-top button[disabled], .detail-end button[disabled]'))
    say('has a contact button that cannot act (disabled)');
  const chips = [...document.querySelectorAll('.info-chips')].map((list) => list.textContent ?? '').join(' ');
  if (item.rating === null && /estrela|Nota/.test(chips)) say('rates an item its record does not rate');
  const rating = expectedRating(item.rating);
  if (rating !== null && !chips.includes(rating)) say(`leaves out the rating '${rating}'`);
  if (item.people === null && /pessoa/.test(chips)) say('gives a group size its record does not give');
  const people = expectedPeople(item.people);
  const group = [...document.querySelectorAll('.info-chips li')]
    .map((chip) => squeeze(chip.textContent))
    .find((chip) => /pessoa/.test(chip));
  if (people !== null && group !== undefined && group !== people) say(`gives a group size '${group}', its record '${people}'`);
  if (people !== null && !/pessoa/.test(chips) && ['tour', 'event', 'accommodation'].includes(item.kind))
    say(`leaves out the group size '${people}'`);
  // Each named attribute under the name the record gives it.
  const headings = [...document.querySelectorAll('h2, h3')].map((heading) => heading.textContent?.trim());
  for (const attribute of item.attributes) if (!headings.includes(attribute.name)) say(`leaves out its '${attribute.name}'`);
  if (PROVIDER_KINDS.has(item.kind) && item.isListed) {
    const page = squeeze(document.body.textContent);
    const holder = document.createElement('div');
    for (const html of providerFacts(item)) {
      holder.innerHTML = html ?? '';
      const fact = squeeze(holder.textContent);
      if (fact && !page.includes(fact)) say(`leaves out what its record tells a visitor: '${fact.slice(0, 60)}'`);
    }
  }
  const dates = datesOf(item);
  if (dates && !(document.body.textContent ?? '').includes(dates)) say(`leaves out the event's dates (${dates})`);
  const priceBox = document.querySelector('.price-box .price');
  if (priceBox) checkPriceBox(priceBox, item, say);
  const own = jsonLd.find((entry) => entry['@type'] === ENTITIES[item.kind].schemaType);
  const offer = (own?.offers as { price?: string } | undefined)?.price;
  if (offer !== undefined && offer !== expectedOfferPrice(item))
    say(`offers it at ${offer} in structured data, its record ${expectedOfferPrice(item) ?? 'without a price'}`);
  if (item.kind === 'event') {
    // An event's first chip is its dates (TripDetail).
    const unzoned = unzonedTime(document.querySelector('.info-chips li')?.textContent?.replace(/\s+/g, ' ').trim());
    if (unzoned) say(unzoned);
    if (isOverOn(item, today)) checkEventOver(document, item, own, say);
    else checkEventDates(document, item, own, say);
  }
  if (!item.isListed) {
    if (!document.querySelector('.listing-notice')) say('does not say why the provider is not listed');
    if (document.querySelector('a[href^="tel:"], a[href^="https://wa.me"], a[href^="mailto:"]'))
      say(`offers a contact for a provider whose registration is '${item.status?.label}'`);
    if (!document.querySelector('meta[name="robots"][content="noindex"]'))
      say('asks search engines to index an unlisted provider');
  }
}

/**
 * The price box says what the visitor pays; a discount of at least 1 % (docs/product.md, Formats)
 * with the crossed-out original and its percent, and no other.
 */
function checkPriceBox(box: Element, item: Item, say: (problem: string) => void): void {
  const price = squeeze(box.textContent);
  const expected = expectedPrice(item);
  if (!price.includes(expected)) say(`shows the price '${price}', its record '${expected}'`);
  const discount = expectedDiscount(item);
  const original = squeeze(box.querySelector('del')?.textContent).replace(/^De /, '') || null;
  const expectedOriginal = discount === null || item.priceValue === null ? null : reais(item.priceValue);
  if (original !== expectedOriginal) say(`crosses out '${original}' as the original price, its record '${expectedOriginal}'`);
  const mark = box.querySelector('.discount')?.textContent?.trim() ?? null;
  const expectedMark = discount === null ? null : `-${discount}%`;
  if (mark !== expectedMark) say(`marks a discount of '${mark}', its record ${expectedMark ?? 'none'}`);
}

/**
 * An event's page dates it as its record does everywhere: its structured data's start (a day-only event
 * a Date, never an hour nobody gave), and 'Adicionar à agenda' (the Google Calendar link and the `.ics`
 * file) only for a listed dated event, starting when the record says.
 */
function checkEventDates(
  document: Document,
  item: Item,
  own: Record<string, unknown> | undefined,
  say: (problem: string) => void,
) {
  const start = own?.startDate;
  if ((start ?? null) !== item.startDate) say(`starts in structured data at ${String(start)}, its record ${item.startDate}`);
  const google = document.querySelector<HTMLAnchorElement>('a[href^="https://calendar.google.com/"]');
  const ics = document.querySelector(`a[href="${ENTITIES.event.detailPrefix}/${item.id}.ics"]`);
  if (!item.startDate || !item.isListed) {
    if (google || ics) say('offers a calendar entry for an event without a date or a listing');
    return;
  }
  if (!ics) say("offers no .ics file in 'Adicionar à agenda'");
  const dates = google ? new URL(google.getAttribute('href') ?? '').searchParams.get('dates') : null;
  const expected = calendarStart(item.startDate).google;
  if (!dates?.startsWith(expected)) say(`puts it in Google Calendar from '${dates}', its record ${item.startDate}`);
}

/**
 * The page of an event over on the build's day says so with its last day ('Evento encerrado em
 * 12/01/2026', written here from the record), offers no booking ('Reservar', a contact button of its
 * price card) nor calendar entry, and its structured data claims no status nor offer.
 */
function checkEventOver(
  document: Document,
  item: Item,
  own: Record<string, unknown> | undefined,
  say: (problem: string) => void,
) {
  const [year, month, day] = lastDayOf(item).split('-');
  const notice = `Evento encerrado em ${day}/${month}/${year}`;
  const text = (document.body.textContent ?? '').replace(/\s+/g, ' ');
  if (!text.includes(notice)) say(`does not say '${notice}'`);
  if (/Reservar/.test(text)) say(`offers 'Reservar' for an event over on ${lastDayOf(item)}`);
  if (document.querySelector('.price-box [data-channel], .price-box a.btn'))
    say(`offers a booking button for an event over on ${lastDayOf(item)}`);
  if (document.querySelector('a[href^="https://calendar.google.com/"], a[href$=".ics"]'))
    say(`offers a calendar entry for an event over on ${lastDayOf(item)}`);
  if (own?.eventStatus !== undefined) say(`claims the status ${String(own.eventStatus)} for an event over`);
  if (own?.offers !== undefined) say('offers tickets in structured data for an event over');
}

/** Each experience chip of the testimonials portal finds at least one testimonial. */
function checkTestimonialChips(document: Document, testimonials: Testimonial[], say: (problem: string) => void): void {
  for (const chip of document.querySelectorAll<HTMLElement>('a[data-chip]')) {
    const value = chip.dataset.chip ?? '';
    if (value && !testimonials.some((testimonial) => testimonial.experience === value))
      say(`offers the chip '${value}', which answers nothing`);
  }
}
