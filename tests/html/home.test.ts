/**
 * The home page (docs/product.md) in the static HTML of the sample build: its sections in order, the
 * hero's pictures and dot links, Segmentos, the item carousels, the experiences, the podcast, news and
 * testimonials, the menu anchors and the JSON-LD. What a visitor does with them (open a card, hover,
 * swipe, the slideshow, the carousels' slides) and how each width lays them out: tests/e2e/home.spec.ts,
 * tests/e2e/home-behaviour.spec.ts and tests/e2e/interaction.spec.ts.
 */
import { expect, it } from 'vitest';
import { SECTIONS, SEGMENT_LINKS, UPPERCASE_SECTIONS } from '../fixtures/home-page.ts';
import { attributes, byRole, byText, jsonLd, one, page, region, textOf } from '../support/dist-pages.ts';
import { cityToday, DEFAULT_TIME_ZONE } from '../support/expected-facts.ts';
import { islandProps } from '../support/islands.ts';

/** Each item carousel: section heading, its list link and how many cards the sample data gives (at most 12). */
const CAROUSELS = [
  ['Passeios', 'Ver mais passeios', '/all-tours', 12],
  // Events: those still to come, however many the day of the build leaves (the test below).
  ['Eventos', 'Ver mais eventos', '/all-events', null],
  // Providers: only the active and published ones (the sample has pending, in-review and inactive ones too).
  ['Fornecedores de atrativos', 'Ver mais fornecedores de atrativos', '/all-providers-tours', 4],
  ['Hospedagens', 'Ver mais hospedagens', '/all-accommodation', 9],
  ['Restaurantes', 'Ver mais restaurantes', '/all-restaurants', 11],
  ['Agências de turismo', 'Ver todas as agências de turismo', '/all-agencies', 3],
  ['Guias de turismo', 'Ver todos os guias de turismo', '/all-guides', 3],
  ['Condutores', 'Ver todos os condutores', '/all-drivers', 3],
] as const;

const home = () => page('/');

it('names the city in its title and h1, in Portuguese', () => {
  expect(home().title).toMatch(/Barra do Bugres/);
  expect(home().documentElement.getAttribute('lang')).toBe('pt-BR');
  expect(byRole(home(), 'heading', { level: 1 }).map(textOf)).toEqual([expect.stringContaining('Barra do Bugres')]);
});

it('has every section in order with its heading, the curved divider on odd ones, no frame, only its own scripts', () => {
  const document = home();
  expect([...document.querySelectorAll('main > section')].map((node) => node.id)).toEqual(SECTIONS.map(([id]) => id));
  expect(byRole(document, 'heading', { level: 1 })).toHaveLength(1);
  for (const [index, [id, heading]] of SECTIONS.entries()) {
    const section = document.getElementById(id) as Element;
    const title = byRole(section, 'heading', { level: id === 'inicio' ? 1 : 2 })[0];
    expect(textOf(title), id).toBe(heading);
    // Capitals, where the design wants them, by CSS: a screen reader reads the words, never spells them.
    expect(title?.classList.contains('uppercase'), id).toBe(UPPERCASE_SECTIONS.includes(id));
    // Odd sections (1st, 3rd, ...) carry the decorative curved divider, even ones do not.
    expect(section.querySelectorAll(':scope > svg.wave[aria-hidden="true"]'), id).toHaveLength(index % 2 === 0 ? 1 : 0);
  }
  expect(document.querySelectorAll('iframe')).toHaveLength(0);
  for (const src of attributes(document, 'script[src]', 'src')) expect(src).toMatch(/^\/_astro\//);
});

it('draws its widgets as islands that wait for the page’s load and the visitor: carousels near the view, the hero when due, the podcast at a reach', () => {
  // The header's search islands are every page's (tests/html/search-and-gallery.test.ts): the home's own are in its <main>.
  const islands = [...home().querySelectorAll('main astro-island')].map((island) => [
    island.getAttribute('component-url')?.match(/\/_astro\/(\w+)\./)?.[1],
    island.getAttribute('client'),
    island.closest('section')?.id,
  ]);
  const carousels = islands.filter(([component]) => component === 'Carousel');
  // Every carousel of the home (the kinds', the news' and the testimonials'; a kind with nothing to show has none).
  const count = home().querySelectorAll('[data-carousel]').length;
  expect(count).toBeGreaterThanOrEqual(CAROUSELS.length);
  expect(carousels.map(([, client]) => client)).toEqual(Array(count).fill('near'));
  expect(islands.filter(([component]) => component !== 'Carousel')).toEqual([
    ['SlideshowControls', 'due', 'inicio'],
    ['PodcastTopics', 'reach', 'podcast'],
    ['EmbedOnRequest', 'reach', 'podcast'],
    ['PodcastEpisodes', 'reach', 'podcast'],
  ]);
  // The hero's first advance is due 5 s after the page started: the island comes a second before.
  expect(home().querySelector('astro-island[client="due"]')?.getAttribute('opts')).toContain('"at":5000');
});

it('hero: the first city photo is the eager LCP image, the others lazy slides behind dot links', () => {
  const hero = region(home(), 'Barra do Bugres – MT');
  expect(byText(hero, 'Natureza, cultura, sabores e boas histórias')).not.toHaveLength(0);
  const slides = hero.querySelectorAll('[data-slideshow] li');
  expect(slides).toHaveLength(6);
  const first = slides[0]?.querySelector('img');
  expect(first?.getAttribute('fetchpriority')).toBe('high');
  expect(first?.getAttribute('loading')).toBe('eager');
  expect(hero.querySelectorAll('[data-slideshow] li img[loading="lazy"]')).toHaveLength(5);
  // The static dots link to their slides (the island's dot buttons: tests/components/slideshow.test.tsx).
  const links = hero.querySelectorAll('[data-slideshow-dots] a[data-slide-dot]');
  expect(links).toHaveLength(6);
  expect(links[2]?.getAttribute('href')).toBe('#slide-3');
  expect(home().querySelector('#slide-3 img')?.getAttribute('alt')).toBe('Barra do Bugres: foto 3 de 6');
  // Below the hero every image is lazy.
  const below = [...home().querySelectorAll('main > section:not(#inicio) img')];
  expect(below.length).toBeGreaterThan(0);
  expect(below.filter((image) => image.getAttribute('loading') !== 'lazy')).toHaveLength(0);
  expect(byText(hero, 'Cidade não encontrada', { includeHidden: true })).toHaveLength(0);
});

it('Segmentos: four cards with their list links and the contact prompt', () => {
  const segments = region(home(), 'Segmentos');
  expect(byRole(segments, 'heading', { level: 3 }).map(textOf)).toEqual([
    'O que fazer',
    'Onde dormir',
    'Onde comer',
    'Quem contratar',
  ]);
  // Each card's links are in its collapsed panel (opened in tests/e2e/home.spec.ts).
  for (const [card, label, href] of SEGMENT_LINKS) {
    const cardElement = byText(segments, card, { exact: true })[0]?.closest('details');
    expect(cardElement, card).toBeTruthy();
    expect(
      byRole(cardElement as Element, 'link', { name: label, exact: true, includeHidden: true }).map((link) =>
        link.getAttribute('href'),
      ),
      label,
    ).toEqual([href]);
  }
  expect(byText(segments, 'Não encontrou o que procura?')).not.toHaveLength(0);
  expect(one(segments, 'link', 'Entre em Contato', { exact: false }).getAttribute('href')).toBe('/contato');
});

it('item carousels: static lists of at most 12 cards, with the list links and the card fallbacks', () => {
  for (const [heading, more, href, count] of CAROUSELS) {
    const section = region(home(), heading);
    const carousels = section.querySelectorAll('[data-carousel]');
    expect(carousels, heading).toHaveLength(1);
    if (count !== null) {
      expect(carousels[0]?.querySelectorAll('[data-carousel-track] > li[data-carousel-item]'), heading).toHaveLength(count);
      expect(byRole(carousels[0] as Element, 'heading', { level: 3 }), heading).toHaveLength(count);
    }
    expect(one(section, 'link', more).getAttribute('href')).toBe(href);
  }
  // Featured tours first; a card opens its detail page.
  const tours = region(home(), 'Passeios');
  expect(one(tours, 'link', 'Trilha e Banho nas Cachoeiras da Serra das Araras', { exact: false }).getAttribute('href')).toMatch(
    /^\/tour\/\d+$/,
  );
  expect(textOf(one(tours, 'link', 'Ver mais passeios', { exact: false }))).toMatch(/^Ver mais/);
  // Sample records that miss data show the card fallbacks.
  const noData = region(home(), 'Fornecedores de atrativos').querySelector('[data-id="807"]') as Element;
  expect(byText(noData, 'Local não informado')).not.toHaveLength(0);
  expect(noData.querySelector('img')?.getAttribute('src')).toBe('/images/placeholder.svg');
});

it('carousels: each its own interval; the news and the testimonials stop at the ends, the testimonials a grid from a tablet on', () => {
  // The island's props as Astro writes them ([type, value] each): what the timers and the buttons run on
  // (tests/components/carousel.test.tsx); the slides and the pauses in a browser: tests/e2e/interaction.spec.ts.
  const settings = (heading: string) => {
    const island = region(home(), heading).querySelector('astro-island[component-url*="Carousel"]');
    const props = JSON.parse(island?.getAttribute('props') ?? '{}') as Record<string, [number, unknown?]>;
    return {
      interval: props.interval?.[1],
      isClamped: props.isClamped?.[1] ?? false,
      gridFromTablet: props.gridFromTablet?.[1] ?? false,
    };
  };
  expect(settings('Passeios')).toEqual({ interval: 5000, isClamped: false, gridFromTablet: false });
  expect(settings('Hospedagens')).toEqual({ interval: 4500, isClamped: false, gridFromTablet: false });
  expect(settings('Restaurantes')).toEqual({ interval: 4500, isClamped: false, gridFromTablet: false });
  expect(settings('Notícias')).toEqual({ interval: 5000, isClamped: true, gridFromTablet: false });
  expect(settings('Depoimentos dos visitantes')).toEqual({ interval: 6000, isClamped: true, gridFromTablet: true });
});

it('events carousel: only the events still to come in the city, soonest first, as /all-events lists them', () => {
  // The sample is built on CITY_TIME_ZONE's default clock.
  const today = cityToday(new Date(), DEFAULT_TIME_ZONE);
  const listed = [...page('/all-events').querySelectorAll<HTMLElement>('article.item-card')].map((card) => card.dataset.id);
  const upcoming = listed.filter((id) => {
    const [event] = jsonLd(page(`/event/${id}`));
    const lastDay = String(event?.endDate ?? event?.startDate ?? '').slice(0, 10);
    return lastDay !== '' && lastDay >= today;
  });
  const cards = [...region(home(), 'Eventos').querySelectorAll<HTMLElement>('article.item-card')].map((card) => card.dataset.id);
  expect(cards).toEqual(upcoming.slice(0, 12));
  // The sample's undated event is listed, never announced.
  expect(listed.length).toBeGreaterThan(upcoming.length);
});

it('experiences: a grid linking to the filtered tour list, each card with its description', () => {
  const experiences = region(home(), 'Todas as experiências');
  expect(byRole(experiences, 'heading', { level: 3 })).toHaveLength(9);
  const link = one(experiences, 'link', 'Experiência de Pesca Esportiva', { exact: false });
  expect(link.getAttribute('href')).toBe('/all-tours?experience=Experi%C3%AAncia%20de%20Pesca%20Esportiva');
  const cards = byRole(experiences, 'listitem').filter((item) => item.contains(link));
  expect(cards).toHaveLength(1);
  expect(byText(cards[0] as Element, 'Barcos com piloteiros experientes')).toHaveLength(1);
});

it('podcast: topics, episodes with link fallbacks and covers, the player placeholder', () => {
  const podcast = region(home(), 'Vozes do Turismo');
  expect(byRole(one(podcast, 'list', 'Temas do podcast'), 'listitem')).toHaveLength(4);
  // The newest episode is the player's; the grid holds the six before it, each episode once.
  const player = podcast.querySelector('[data-podcast-player]') as Element;
  expect(byRole(player, 'heading', { level: 3 }).map(textOf)).toEqual([expect.stringMatching(/^Ep\. 7 – Festival de Praia/)]);
  const episodes = [...podcast.querySelectorAll('.episodes > li')];
  expect(episodes).toHaveLength(6);
  expect(textOf(byRole(episodes[0] as Element, 'heading', { level: 3 })[0])).toMatch(/^Ep\. 6 – Pílula/);
  const titles = episodes.map((episode) => textOf(byRole(episode, 'heading', { level: 3 })[0]));
  expect(new Set(titles).size).toBe(6);
  expect(titles).not.toContain(textOf(byRole(player, 'heading', { level: 3 })[0]));
  const listen = byRole(podcast, 'link', { name: /^Ouvir no Spotify – Ep\. 7 – Festival de Praia/ }).at(-1);
  expect(listen?.getAttribute('href')).toBe('https://open.spotify.com/episode/rjX6c53MFCUseGkBtNzWxS');
  expect(listen?.getAttribute('target')).toBe('_blank');
  expect(listen?.getAttribute('rel')).toMatch(/noopener/);
  // An episode without its own link falls back to the show (here: the newest episode's link).
  const noLink = episodes.filter((episode) => textOf(episode).includes('Ep. 2 – A cozinha da mojica'));
  expect(byRole(noLink[0] as Element, 'link', { name: /Ouvir no Spotify/ }).map((link) => link.getAttribute('href'))).toEqual([
    'https://open.spotify.com/episode/rjX6c53MFCUseGkBtNzWxS',
  ]);
  // An episode without a cover shows its gradient (drawn: tests/e2e/home.spec.ts), its duration and date.
  const noImage = episodes.filter((episode) => textOf(episode).includes('Ep. 4 – Guias e condutores'))[0] as Element;
  expect(noImage.querySelectorAll('img')).toHaveLength(0);
  expect(noImage.querySelectorAll('.gradient')).toHaveLength(1);
  expect(byText(noImage, '33min 7s')).not.toHaveLength(0);
  expect(byText(noImage, '15/07/2026')).not.toHaveLength(0);
  // The embed comes later: a placeholder with a large listen button.
  expect(byRole(player, 'link', { name: /^Ouvir no Spotify/ }).map((link) => link.getAttribute('target'))).toEqual(['_blank']);
  expect(byText(podcast, 'Erro ao carregar episódios', { includeHidden: true })).toHaveLength(0);
  expect(byText(podcast, 'Nenhum episódio disponível', { includeHidden: true })).toHaveLength(0);
});

it("podcast: every topic chip keeps some of the episodes and hides others (the chips' islands at work: tests/components/podcast.test.tsx)", () => {
  const podcast = region(home(), 'Vozes do Turismo');
  const { topics } = islandProps(podcast, 'PodcastTopics') as { topics: string[] };
  const { episodeTopics } = islandProps(podcast, 'PodcastEpisodes') as { episodeTopics: string[][] };
  expect(byRole(one(podcast, 'list', 'Temas do podcast'), 'button', { includeHidden: true }).map(textOf)).toEqual(topics);
  expect(episodeTopics).toHaveLength(podcast.querySelectorAll('.episodes > li').length);
  for (const topic of topics) {
    const kept = episodeTopics.filter((episode) => episode.includes(topic)).length;
    expect(kept, topic).toBeGreaterThan(0);
    expect(kept, topic).toBeLessThan(episodeTopics.length);
  }
});

it('news: the 9 newest articles, summaries cut at 150, and the link to more news', () => {
  const news = region(home(), 'Notícias');
  const cards = [...news.querySelectorAll('[data-carousel-item]')];
  expect(cards).toHaveLength(9);
  expect(byRole(cards[0] as Element, 'link').map((link) => link.getAttribute('href'))).toEqual(['/news/1312']);
  expect(byText(cards[0] as Element, '18/11/2026')).not.toHaveLength(0);
  expect(byText(cards[0] as Element, 'Carlos Eduardo Arruda')).not.toHaveLength(0);
  const summaries = [...news.querySelectorAll('.summary')].map((summary) => summary.textContent ?? '');
  expect(summaries).toHaveLength(9);
  for (const summary of summaries) expect(summary.length).toBeLessThanOrEqual(153);
  // The sample article 1263 has a 201-character summary.
  expect(textOf(news.querySelector('[data-id="1263"] .summary'))).toMatch(/\.\.\.$/);
  // The site's own news list, configured blog or not (BLOG_URL is for an article's full text).
  expect(one(news, 'link', 'Ver mais notícias', { exact: false }).getAttribute('href')).toBe('/news');
});

it("testimonials: three featured, newest visit first, each opening its page, on every rating's stars", () => {
  const testimonials = region(home(), 'Depoimentos dos visitantes');
  const links = byRole(testimonials, 'heading', { level: 3 }).flatMap((heading) => byRole(heading, 'link'));
  expect(links.map(textOf)).toEqual(['Depoimento de Gabriela Fontes', 'Depoimento de Daniela Pires', 'Depoimento de Anônimo']);
  expect(links[0]?.getAttribute('href')).toBe('/testimonials/1026');
  // The collection is on 10: a 9 is four and a half of the five stars every other rating has, in words too.
  const ratings = byRole(testimonials, 'img', { name: 'Nota 4,5 de 5' });
  expect(ratings).not.toHaveLength(0);
  expect(ratings[0]?.querySelector('.stars')?.getAttribute('data-stars')).toBe('4.5');
  expect(textOf(testimonials)).not.toMatch(/\/10/);
  expect(one(testimonials, 'link', 'Ver mais depoimentos', { exact: false }).getAttribute('href')).toBe('/testimonials');
});

it('both variants of the menu anchors point into their section; every home anchor of the header exists', () => {
  const targets = [
    ['inicio', 'Barra do Bugres – MT'],
    ['servicos', 'Segmentos'],
    ['experiencias', 'Todas as experiências'],
    ['eventos', 'Eventos'],
    ['noticias', 'Notícias'],
    ['promocoes', 'Passeios'],
    ['tours', 'Passeios'],
    ['accommodations', 'Hospedagens'],
    ['restaurants', 'Restaurantes'],
    ['provedores', 'Agências de turismo'],
    ['agencies', 'Agências de turismo'],
    ['guides', 'Guias de turismo'],
    ['drivers', 'Condutores'],
    ['fornecedores-atrativos', 'Fornecedores de atrativos'],
  ] as const;
  const document = home();
  for (const [anchor, heading] of targets) {
    const sectionId = document.getElementById(anchor)?.closest('section')?.id;
    expect(sectionId, `#${anchor}`).toBe(anchor === 'promocoes' ? 'tours' : anchor === 'provedores' ? 'agencies' : anchor);
    const section = document.querySelector(`section#${sectionId}`) as Element;
    expect(byRole(section, 'heading', { name: heading, exact: true }), `#${anchor}`).toHaveLength(1);
  }
  const hrefs = attributes(document, 'header a[href^="/#"]', 'href');
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of new Set(hrefs)) expect(document.querySelectorAll(href?.slice(1) ?? ''), href ?? '').toHaveLength(1);
});

it('describes the site and the destination in JSON-LD', () => {
  const entries = jsonLd(home()) as Record<string, never>[];
  const site = entries.find((entry) => entry['@type'] === 'WebSite') as { inLanguage?: string } | undefined;
  const destination = entries.find((entry) => entry['@type'] === 'TouristDestination') as
    | { name: string; address: unknown; image: string[]; includesAttraction: unknown[] }
    | undefined;
  expect(site?.inLanguage).toBe('pt-BR');
  expect(destination?.name).toBe('Barra do Bugres – MT');
  expect(destination?.address).toMatchObject({ addressLocality: 'Barra do Bugres', addressRegion: 'MT', addressCountry: 'BR' });
  expect(destination?.image).toHaveLength(6);
  for (const image of destination?.image ?? []) expect(image).toMatch(/^https?:\/\/[^/]+\/_astro\/[\w.-]+\.jpg$/);
  expect(destination?.includesAttraction?.[0]).toMatchObject({ '@type': 'TouristAttraction' });
});
