/**
 * Reads a built site beside the snapshot it was built from and lists every place where a page
 * states what its upstream did not give: a price of R$ 0, a rating, group size, view count or
 * credential the record lacks, a provider listed or offered for contact while its registration is
 * not active, a phone link that cannot dial from abroad, an experience link that lists nothing, a
 * testimonial chip that answers nothing, events out of date order. No browser: the static HTML is
 * what a visitor (and a search engine) gets.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { ENTITIES } from '../../src/lib/entities.ts';
import { byEventDate, displayPrice, eventDatesFact, peopleFact, ratingFact } from '../../src/lib/facts.ts';
import { matchesExperiences } from '../../src/lib/lists/filters.ts';
import { ITEM_KINDS, type Item, type ItemKind, type NewsArticle, type Testimonial } from '../../src/lib/schemas/index.ts';

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
];
/** Raw provider status codes a visitor must never read. */
const RAW_STATUS = /^(?:active|inactive|pending|publish|em_analise|[a-z]+_[a-z_]+)$/;
const ZERO_PRICE = /R\$\s?0(?:,0{1,2})?(?![\d.,])/;

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

/** Every statement of the built site in `dist` that its snapshot in `snapshotDir` does not hold. */
export async function truthProblems(dist: string, snapshotDir: string, now = new Date()): Promise<string[]> {
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
    for (const phrase of absentPhrases) if (text.includes(phrase)) say(`says '${phrase}', which no record says`);
    if (jsonLd.some((entry) => JSON.stringify(entry).includes('aggregateRating'))) say('claims an aggregateRating');
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href^="tel:"]')) {
      if (!/^tel:\+55\d{10,11}$/.test(link.getAttribute('href') ?? ''))
        say(`has a phone link that cannot dial from abroad (${link.getAttribute('href')})`);
    }
    for (const chip of document.querySelectorAll('.chip')) {
      if (RAW_STATUS.test(chip.textContent?.trim() ?? '')) say(`shows the raw code '${chip.textContent?.trim()}'`);
    }
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
      const rating = card.querySelector('.rating')?.getAttribute('aria-label') ?? null;
      if (rating !== ratingFact(item.rating)) say(`card ${key} rates it ${rating}, its record ${item.rating}`);
      const price = card.querySelector('.price')?.textContent ?? '';
      if (/R\$/.test(price) && displayPrice(item).amount === null) say(`card ${key} prices it (${price.trim()}) without a price`);
      if (/Gratuito/.test(price) && !item.isFree) say(`card ${key} calls it free`);
    }

    // Every link to an experience's offers lists some.
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href*="?experience="]')) {
      const url = new URL(link.getAttribute('href') ?? '', 'https://site.invalid');
      const kind = ITEM_KINDS.find((candidate) => ENTITIES[candidate].listPath === url.pathname);
      const experience = url.searchParams.get('experience') ?? '';
      const offers = kind
        ? data.byKind[kind].filter((item) => item.isListed && matchesExperiences(item.experiences, [experience]))
        : [];
      if (offers.length === 0) say(`links '${experience}' to ${url.pathname}, which lists none`);
    }

    const [, prefix = '', id = ''] = page.split('/');
    const kind = detailKinds.get(prefix);
    const item = kind ? data.items.get(`${kind}/${id}`) : undefined;
    if (item) checkItemPage(document, item, jsonLd, say);
    const article = prefix === 'news' ? data.news.get(id) : undefined;
    if (article && article.views === null && /visualiza/.test(text)) say('counts views the blog never counted');
    if (!data.testimonials.some((testimonial) => testimonial.verified) && /verificad/i.test(text))
      say('calls a testimonial verified');
    if (!data.testimonials.some((testimonial) => testimonial.helpful !== null) && /acharam útil|achou útil/.test(text))
      say('counts helpful votes nobody counted');
    if (page === '/testimonials') checkTestimonialChips(document, data.testimonials, say);
    if (page === '/all-events') {
      const shown = [...document.querySelectorAll<HTMLElement>('article.item-card')].map((card) => card.dataset.id);
      const expected = byEventDate(
        data.byKind.event.filter((event) => event.isListed),
        now,
      ).map((event) => event.id);
      if (shown.join() !== expected.join()) say(`lists events as ${shown.join()}, not in date order (${expected.join()})`);
    }
  }
  if (scales.size > 1) problems.push(`testimonial ratings are drawn on ${[...scales].join(' and ')}: one scale only`);
  return problems;
}

/** An item's own page: its chips, price, dates, structured data and, when it is not listed, no contact. */
function checkItemPage(document: Document, item: Item, jsonLd: Record<string, unknown>[], say: (problem: string) => void): void {
  // The item's own statements: not its peers' cards, nor the site's header and footer (the city's contacts).
  for (const other of document.querySelectorAll('.related, .site-header, .site-footer')) other.remove();
  const chips = [...document.querySelectorAll('.info-chips')].map((list) => list.textContent ?? '').join(' ');
  if (item.rating === null && /estrela/.test(chips)) say('rates an item its record does not rate');
  if (item.rating !== null && !chips.includes(ratingFact(item.rating) ?? '')) say(`leaves out the rating ${item.rating}`);
  if (item.people === null && /pessoa/.test(chips)) say('gives a group size its record does not give');
  if (item.people !== null && !/pessoa/.test(chips) && ['tour', 'event', 'accommodation'].includes(item.kind))
    say(`leaves out the group size ${peopleFact(item.people)}`);
  const dates = eventDatesFact(item);
  if (dates && !(document.body.textContent ?? '').includes(dates)) say(`leaves out the event's dates (${dates})`);
  const price = document.querySelector('.price-box .price')?.textContent?.replace(/\s+/g, ' ').trim();
  const shown = displayPrice(item);
  if (price !== undefined && !price.includes(shown.salePrice ?? shown.price))
    say(`shows the price '${price}', its record '${shown.price}'`);
  const own = jsonLd.find((entry) => entry['@type'] === ENTITIES[item.kind].schemaType);
  const offer = (own?.offers as { price?: string } | undefined)?.price;
  if (offer !== undefined && !shown.isStated) say(`offers it at ${offer} in structured data without a price`);
  if (!item.isListed) {
    if (!document.querySelector('.listing-notice')) say('does not say why the provider is not listed');
    if (document.querySelector('a[href^="tel:"], a[href^="https://wa.me"], a[href^="mailto:"]'))
      say(`offers a contact for a provider whose registration is '${item.status?.label}'`);
    if (!document.querySelector('meta[name="robots"][content="noindex"]'))
      say('asks search engines to index an unlisted provider');
  }
}

/** Each experience chip of the testimonials portal finds at least one testimonial. */
function checkTestimonialChips(document: Document, testimonials: Testimonial[], say: (problem: string) => void): void {
  for (const chip of document.querySelectorAll<HTMLElement>('a[data-chip]')) {
    const value = chip.dataset.chip ?? '';
    if (value && !testimonials.some((testimonial) => testimonial.experience === value))
      say(`offers the chip '${value}', which answers nothing`);
  }
}
