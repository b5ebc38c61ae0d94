/**
 * The normalisers of the sync (scripts/sync/normalise/): the collection envelopes, socials, the city,
 * experiences, news, testimonials, podcast episodes, a post's own link and an event's time zone.
 * The items' card view model is in normalise-items.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { blogHosts } from '../../scripts/sync/collections.ts';
import { readSyncConfig } from '../../scripts/sync/config.ts';
import { pickCity, RawCitySchema, toCity } from '../../scripts/sync/normalise/city.ts';
import { EnvelopeError, readTotal, unwrapCollection } from '../../scripts/sync/normalise/envelope.ts';
import { RawEpisodeSchema, spotifyUrl, toEpisode } from '../../scripts/sync/normalise/episode.ts';
import { experienceCategory, RawExperienceSchema, toExperience } from '../../scripts/sync/normalise/experience.ts';
import { RawItemSchema, toItem } from '../../scripts/sync/normalise/item.ts';
import { blogLink, NEWS_PLACEHOLDER_IMAGE, RawPostSchema, toNewsArticle } from '../../scripts/sync/normalise/news.ts';
import { normaliseRecords } from '../../scripts/sync/normalise/records.ts';
import { socialUrl } from '../../scripts/sync/normalise/social.ts';
import { RawFeedbackSchema, toTestimonial } from '../../scripts/sync/normalise/testimonial.ts';
import { cityDay } from '../../src/lib/format.ts';
import {
  CitySchema,
  EpisodeSchema,
  ExperienceSchema,
  fallbackCity,
  NewsArticleSchema,
  TestimonialSchema,
} from '../../src/lib/schemas/index.ts';
import { contextFor, SAMPLE } from '../support/record-context.ts';

describe('unwrapCollection: the four envelope shapes', () => {
  const tours = [{ id: 1 }];
  it.each([
    ['plain array', tours],
    ['{ name: [...] }', { tours }],
    ['{ data: { name: [...] } }', { data: { tours } }],
    ['{ data: [...] }', { data: tours }],
  ])('%s', (_shape, body) => {
    expect(unwrapCollection(body, 'tours')).toEqual(tours);
  });
  it.each([[null], ['<html>'], [{ data: { hotels: [] } }], [{ tours: 'x' }], [42]])('rejects %j', (body) => {
    expect(() => unwrapCollection(body, 'tours')).toThrow(EnvelopeError);
  });
  it.each([
    [{ data: { feedbacks: [], total: 31 } }, 31],
    [{ total: '7' }, 7],
    [{ data: [] }, null],
    [[], null],
  ])('readTotal(%j) → %j', (body, total) => {
    expect(readTotal(body)).toBe(total);
  });
});
describe('socialUrl', () => {
  it.each([
    ['instagram', 'https://instagram.com/x', 'https://instagram.com/x'],
    ['instagram', '@pousada', 'https://www.instagram.com/pousada'],
    ['facebook', 'pousada.rio', 'https://www.facebook.com/pousada.rio'],
    // With its country code (wa.me/65… would be Singapore), and only to a mobile (classifyPhone).
    ['whatsapp', '(65) 99999-1234', 'https://wa.me/5565999991234'],
    ['whatsapp', '(65) 3361-1234', null],
    ['tiktok', 'javascript:alert(1)', null],
    ['youtube', 'um canal com espaços', null],
    ['linkedin', '', null],
  ] as const)('%s %j → %j', (network, value, expected) => {
    expect(socialUrl(network, value)).toBe(expected);
  });
});

describe('city', () => {
  const configured = { name: 'Barra do Bugres', state: 'MT' };
  it('maps the agency and keeps gallery photos with both sizes, each once', () => {
    const raw = RawCitySchema.parse({
      id: 10,
      name: 'Barra do Bugres',
      state: 'MT',
      region: 'Centro-Oeste',
      tourist_support_agency: { name: 'CAT', lat: '-15.07', lng: -57.18, phone_number: '(65) 3361-0000', tiktok: null },
      gallery: [{ large: '/l.jpg', thumb: '/t.jpg' }, { large: '/only-large.jpg' }, { large: '/l.jpg', thumb: '/t2.jpg' }],
    });
    const city = CitySchema.parse(toCity(raw, configured, contextFor()));
    expect(city).toMatchObject({ id: '10', country: 'BR', isFallback: false, gallery: [{ large: '/l.jpg', thumb: '/t.jpg' }] });
    expect(city.agency).toMatchObject({
      name: 'CAT',
      lat: -15.07,
      lng: -57.18,
      phone: '(65) 3361-0000',
      tiktok: null,
      email: null,
    });
  });
  it('falls back to id 0 with the configured name and no agency data', () => {
    const city = CitySchema.parse(fallbackCity({ name: 'Cáceres', state: 'MT' }));
    expect(city).toMatchObject({
      id: '0',
      name: 'Cáceres',
      state: 'MT',
      region: '',
      country: 'BR',
      isFallback: true,
      gallery: [],
    });
    expect(Object.values(city.agency).every((value) => value === null)).toBe(true);
  });
  it('picks the configured city by name, accent- and case-insensitively, else the first', () => {
    const cities = [{ name: 'Cuiabá' }, { name: 'Barra do Bugres' }];
    expect(pickCity(cities, ' barra DO bugres ')).toBe(cities[1]);
    expect(pickCity(cities, 'Cuiaba')).toBe(cities[0]);
    expect(pickCity(cities, 'Outra')).toBe(cities[0]);
    expect(pickCity([], 'Outra')).toBeUndefined();
  });
});

describe('experiences', () => {
  it.each([
    ['Experiência de Pesca Esportiva', 'Pesca Esportiva'],
    ['Experiência em Cachoeiras', 'Cachoeiras'],
    ['Experiência no Rio Paraguai', 'Rio Paraguai'],
    ['Experiencia de observação de aves', 'Observação de aves'],
    ['Ecoturismo', 'Ecoturismo'],
  ])('category of %s is %s', (name, category) => {
    expect(experienceCategory(name)).toBe(category);
  });
  it('derives a stable id from the name and a default description naming the city', async () => {
    const { entries } = await normaliseRecords(
      [
        { name: 'Experiência de Pesca Esportiva', image: { url: '/p.jpg' } },
        { id: 3, name: 'Ecoturismo', description: '<p>Trilhas</p>' },
        { image: '/x.jpg' },
      ],
      RawExperienceSchema,
      (raw, context) => toExperience(raw, 'Barra do Bugres', context),
      ExperienceSchema,
      SAMPLE,
    );
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ id: 'experiencia-de-pesca-esportiva', category: 'Pesca Esportiva', image: '/p.jpg' });
    expect(entries[0]?.descriptionHtml).toBe('<p>Descubra Pesca Esportiva em Barra do Bugres e região</p>');
    expect(entries[1]).toMatchObject({ id: '3', descriptionHtml: '<p>Trilhas</p>', excerpt: 'Trilhas' });
  });
});

describe('news from WordPress posts', () => {
  const post = (extra: Record<string, unknown> = {}) => ({
    id: 1201,
    date: '2026-10-03T09:30:00',
    date_gmt: '2026-10-03T13:30:00',
    slug: 'festival',
    status: 'publish',
    sticky: true,
    title: { rendered: 'Festival de Praia &#8211; 2026 &amp; mais' },
    content: { rendered: `<p>${'palavra '.repeat(450)}</p><script>alert(1)</script>` },
    excerpt: { rendered: '<p>Resumo do festival&hellip;</p>' },
    _embedded: {
      author: [{ name: 'Maria' }],
      'wp:featuredmedia': [{ source_url: 'https://blog.example.com/f.jpg' }],
      'wp:term': [[{ taxonomy: 'category', name: 'Eventos' }], [{ taxonomy: 'post_tag', name: 'praia' }]],
    },
    ...extra,
  });
  const article = (raw: unknown, context = contextFor()) =>
    NewsArticleSchema.parse(toNewsArticle(RawPostSchema.parse(raw), context));

  it('decodes entities, reads _embedded, computes read time and sanitises content', () => {
    expect(article(post())).toMatchObject({
      id: '1201',
      title: 'Festival de Praia – 2026 & mais',
      summary: 'Resumo do festival…',
      author: 'Maria',
      category: 'Eventos',
      tags: ['praia'],
      image: 'https://blog.example.com/f.jpg',
      hasPlaceholderImage: false,
      readTime: 3,
      featured: true,
      publishedAt: '2026-10-03T13:30:00.000Z',
      hasPublishedTime: true,
    });
    expect(article(post()).contentHtml).not.toContain('script');
  });
  it.each([
    ['a day alone in date', { date: '2026-10-03', date_gmt: undefined }],
    ['a day alone in date_gmt', { date: '2026-10-03', date_gmt: '2026-10-03' }],
    ['a Brazilian day alone', { date: '03/10/2026', date_gmt: undefined }],
  ])('keeps the day of a post dated with %s, and says it has no time', (_, dates) => {
    const dated = article(post(dates));
    expect(dated.hasPublishedTime).toBe(false);
    expect(cityDay(new Date(dated.publishedAt))).toBe('2026-10-03');
  });
  it('summarises the stripped content when there is no excerpt', () => {
    const summary = article(
      post({ excerpt: { rendered: '' }, content: { rendered: `<h2>Título</h2><p>${'texto '.repeat(60)}</p>` } }),
    ).summary;
    expect(summary.startsWith('Título texto texto')).toBe(true);
    expect(summary.length).toBeLessThanOrEqual(203);
    expect(summary.endsWith('...')).toBe(true);
  });
  it('falls back to the yoast og:image and author, then to the placeholder and Redação', () => {
    const yoast = article(post({ _embedded: {}, yoast_head_json: { og_image: [{ url: '/og.jpg' }], author: 'João' } }));
    expect(yoast).toMatchObject({ image: '/og.jpg', author: 'João', category: 'Notícias' });
    const bare = article(post({ _embedded: undefined }));
    expect(bare).toMatchObject({ image: NEWS_PLACEHOLDER_IMAGE, hasPlaceholderImage: true, author: 'Redação' });
  });
  it.each([
    [{}, null],
    [{ views: 1234 }, 1234],
    [{ post_views: '57' }, 57],
    [{ views: -3 }, null],
  ])('counts views only when the blog does (%j → %j)', (fields, views) => {
    expect(article(post(fields)).views).toBe(views);
  });
  it('drops drafts, untitled posts and posts without a date', async () => {
    const { entries, dropped } = await normaliseRecords(
      [
        post(),
        post({ id: 2, status: 'draft' }),
        post({ id: 3, title: { rendered: '  ' } }),
        post({ id: 4, date: 'x', date_gmt: undefined }),
      ],
      RawPostSchema,
      toNewsArticle,
      NewsArticleSchema,
      SAMPLE,
    );
    expect(entries.map((entry) => entry.id)).toEqual(['1201']);
    expect(dropped).toEqual([
      expect.objectContaining({ id: '2', reason: 'status "draft" is not published', field: 'status', problem: 'not-published' }),
      { id: '3', reason: 'no title', field: 'title', problem: 'no-title' },
      expect.objectContaining({
        id: '4',
        reason: 'no valid publication date ("x": not a calendar date between 2000 and tomorrow)',
        field: 'date',
        problem: 'not-date',
        value: '"x"',
      }),
    ]);
  });
});

describe('testimonials from feedbacks', () => {
  const testimonial = (raw: unknown) => TestimonialSchema.parse(toTestimonial(RawFeedbackSchema.parse(raw), contextFor()));
  it('maps the feedback and its tour', () => {
    expect(
      testimonial({
        id: 5,
        description: 'Passeio incrível!',
        rating: 10,
        created_at: '2026-03-15T10:00:00Z',
        user: { name: 'Ana', avatar: '/a.jpg', email: 'ana@example.com' },
        tour: { id: 3, title: 'Trilha', image: '/t.jpg', location: { city: 'Barra do Bugres', state: 'MT' } },
      }),
    ).toMatchObject({
      id: '5',
      name: 'Ana',
      avatar: '/a.jpg',
      image: '/t.jpg',
      title: 'Trilha',
      content: 'Passeio incrível!',
      rating: 10,
      featured: true,
      verified: false,
      helpful: null,
      status: 'published',
      experience: 'tours',
      experienceId: '3',
      location: { city: 'Barra do Bugres', state: 'MT' },
      country: 'BR',
    });
  });
  it('never publishes the visitor e-mail', () => {
    expect(JSON.stringify(testimonial({ id: 1, user: { name: 'A', email: 'segredo@example.com' } }))).not.toContain('segredo');
  });
  it.each([
    [{ id: 1 }, 'Anônimo', null, false],
    [{ id: 1, user: null, rating: 9 }, 'Anônimo', 9, true],
    [{ id: 1, user: { name: '' }, rating: '8' }, 'Anônimo', 8, false],
    [{ id: 1, rating: 11 }, 'Anônimo', null, false],
  ])('%j → name %s, rating %j, featured %s', (raw, name, rating, featured) => {
    expect(testimonial(raw)).toMatchObject({ name, rating, featured });
  });
  it.each([
    [{}, false, null, 'tours'],
    [{ verified: true, helpful: 4, experience: 'restaurants' }, true, 4, 'restaurants'],
    [{ verified: 'false', helpful: 'muitos', experience: 'spaceflight' }, false, null, 'tours'],
  ])(
    'states verified, helpful and the experience only as the feedback gives them (%j)',
    (fields, verified, helpful, experience) => {
      expect(testimonial({ id: 1, ...fields })).toMatchObject({ verified, helpful, experience });
    },
  );
  it.each([
    [{ id: 1, description: '', type: 'audio', audio_url: '/a.mp3' }],
    [{ id: 1, description: 'https://cdn.example.com/msg.ogg' }],
    [{ id: 1, audio: '/x.m4a' }],
  ])('shows an audio message as Mensagem de áudio: %j', (raw) => {
    expect(testimonial(raw)).toMatchObject({ content: 'Mensagem de áudio', isAudio: true });
  });
});

describe('podcast episodes from Spotify', () => {
  const episodes = (items: unknown[]) => normaliseRecords(items, RawEpisodeSchema, toEpisode, EpisodeSchema, SAMPLE);
  it('cuts the description, upper-cases a short title and formats the duration', async () => {
    const { entries } = await episodes([
      {
        id: 'abc',
        name: 'Pesca esportiva no Rio Paraguai',
        description: 'x'.repeat(200),
        duration_ms: 3_900_000,
        release_date: '2026-03-05',
        external_urls: { spotify: 'https://open.spotify.com/episode/abc' },
        images: [{ url: 'https://i.scdn.co/image/1' }],
        audio_preview_url: null,
      },
      { id: 'def', name: 'Curto', duration_ms: 45_000, release_date: '2025-08', release_date_precision: 'month', images: [] },
      null,
      { name: 'sem id' },
    ]);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      shortTitle: 'PESCA ESPORTIVA NO R',
      duration: '1h 05min',
      date: '05/03/2026',
      spotifyUrl: 'https://open.spotify.com/episode/abc',
      imageUrl: 'https://i.scdn.co/image/1',
      episodeNumber: 4,
    });
    expect(entries[0]?.description).toHaveLength(153);
    expect(entries[1]).toMatchObject({
      shortTitle: 'CURTO',
      duration: '45s',
      date: '01/08/2025',
      spotifyUrl: null,
      imageUrl: null,
    });
  });
});

describe.each([
  ['https://open.spotify.com/episode/abc', 'https://open.spotify.com/episode/abc'],
  ['open.spotify.com/episode/abc', 'https://open.spotify.com/episode/abc'],
  ['https://podcasters.spotify.com/pod/show/x/episodes/y', 'https://podcasters.spotify.com/pod/show/x/episodes/y'],
  ['http://open.spotify.com/episode/abc', null],
  ['https://open.spotify.com:8443/episode/abc', null],
  ['https://spotify.com/episode/abc', null],
  ['https://open.spotify.com.evil.example/episode/abc', null],
  ['https://evilspotify.com/episode/abc', null],
  ['https://spotify.link/abc', null],
  ['https://evil.example/?u=https://open.spotify.com/episode/abc', null],
  ['https://x@open.spotify.com/episode/abc', null],
  ['javascript:alert(1)//open.spotify.com', null],
])('spotifyUrl(%j)', (value, expected) => {
  it(`is ${expected}`, () => expect(spotifyUrl(value)).toBe(expected));
});

describe('an episode linking off Spotify', () => {
  it("gets no link of its own (the page shows the show's), with a note", async () => {
    const { entries, repaired } = await normaliseRecords(
      [{ id: 'ep', name: 'Episódio', external_urls: { spotify: 'https://evil.example/episode/ep' } }],
      RawEpisodeSchema,
      toEpisode,
      EpisodeSchema,
      SAMPLE,
    );
    expect(entries[0]?.spotifyUrl).toBeNull();
    expect(repaired).toEqual([
      {
        id: 'ep',
        name: 'Episódio',
        reason: 'external_urls.spotify "https://evil.example/episode/ep": not an https address on spotify.com',
        field: 'external_urls.spotify',
        problem: 'not-spotify-url',
        value: '"https://evil.example/episode/ep"',
      },
    ]);
  });
});

describe("a post's own link", () => {
  /** The blog at https://blog.example.com/ (its posts' base), BLOG_URL on www. and the API on api. */
  const HOSTS = ['www.blog.example.com', 'api.blog.example.com'];
  const post = (link: string) => ({
    id: 1201,
    date_gmt: '2026-10-03T13:30:00',
    status: 'publish',
    title: { rendered: 'Festival' },
    content: { rendered: '<p><a href="leia-mais">Leia mais</a></p>' },
    link,
  });
  const article = (link: string, baseUrl: string | null = 'https://blog.example.com/') => {
    const context = contextFor({ baseUrl });
    return { article: toNewsArticle(RawPostSchema.parse(post(link)), context, HOSTS), notes: context.notes };
  };

  it.each([
    ['https://blog.example.com/2026/10/festival/', 'https://blog.example.com/2026/10/festival/'],
    ['http://blog.example.com/festival/', 'http://blog.example.com/festival/'],
    ['https://BLOG.example.com/festival/', 'https://BLOG.example.com/festival/'],
    ['https://www.blog.example.com/festival/', 'https://www.blog.example.com/festival/'],
    ['https://api.blog.example.com/festival/', 'https://api.blog.example.com/festival/'],
    ['https://evil.example/festival/', null],
    ['https://blog.example.com.evil.example/festival/', null],
    ['https://sub.blog.example.com/festival/', null],
    ['/festival/', null],
  ])('%s → %s', (link, expected) => {
    const { article: result, notes } = article(link);
    expect(result.link).toBe(expected);
    expect(blogLink(link, new Set(['blog.example.com', ...HOSTS]))).toBe(expected);
    if (expected === null) expect(notes).toEqual([`link ${JSON.stringify(link)}: not an address on the blog's host`]);
    else expect(notes).toEqual([]);
  });

  it("resolves the content's relative links against the blog, not against a link to another host", () => {
    expect(article('https://evil.example/festival/').article.contentHtml).toContain('href="https://blog.example.com/leia-mais"');
    expect(article('https://blog.example.com/2026/festival/').article.contentHtml).toContain(
      'href="https://blog.example.com/2026/festival/leia-mais"',
    );
  });

  it('keeps the links of the embedded sample data, which is ours', () => {
    expect(article('https://blog.turismobarradobugres.com.br/2025/festival/', null).article.link).toBe(
      'https://blog.turismobarradobugres.com.br/2025/festival/',
    );
  });

  it('takes the blog hosts from BLOG_URL and BLOG_API_URL', () => {
    const config = readSyncConfig({
      BLOG_URL: 'https://www.blog.example.org/',
      BLOG_API_URL: 'https://Blog.example.org/wp-json',
    });
    expect(blogHosts(config)).toEqual(['www.blog.example.org', 'blog.example.org']);
    expect(blogHosts(readSyncConfig({}))).toEqual([]);
  });
});

describe("an event's time in the run's city zone", () => {
  const record = { id: 402, title: 'Festa', start_date: '2027-07-01T19:00:00-03:00', end_date: '01/07/2027 23:00' };
  it.each([
    // The run's CITY_TIME_ZONE (RecordContext.timeZone), not the zone of the process that runs the sync.
    ['America/Sao_Paulo', '2027-07-01T19:00:00-03:00', '2027-07-01T23:00:00-03:00'],
    ['America/Cuiaba', '2027-07-01T18:00:00-04:00', '2027-07-01T23:00:00-04:00'],
  ])('in %s, is written on its clock: %s to %s', (timeZone, startDate, endDate) => {
    const item = toItem(RawItemSchema.parse(record), 'event', contextFor({ timeZone }));
    expect({ startDate: item.startDate, endDate: item.endDate }).toEqual({ startDate, endDate });
  });
});
