/**
 * The schema.org builders of the site's own pages (src/lib/json-ld.ts): news articles, reviews, the
 * home, /destination, /about and /contato, and an event's page as Google's Event results read it. Each
 * states only what its data holds.
 */
import { describe, expect, it } from 'vitest';
import { readOfficeHours } from '../../src/lib/contact/hours.ts';
import { aboutLd, contactLd, destinationLd, homeLd, itemLd, newsArticleLd, reviewLd } from '../../src/lib/json-ld.ts';
import { fallbackCity } from '../../src/lib/schemas/index.ts';
import { absoluteUrl } from '../../src/lib/seo.ts';
import { anArticle, anItem, aTestimonial } from '../fixtures/entries.ts';

const CITY = fallbackCity({ name: 'Barra do Bugres', state: 'MT' });
const PUBLISHER = { name: 'Turismo Barra do Bugres', logo: '/logo.svg' };

describe('newsArticleLd', () => {
  it.each([
    ['Redação', { '@type': 'Organization', name: 'Redação' }],
    ['Ana Souza', { '@type': 'Person', name: 'Ana Souza' }],
  ])('credits %j as %j', (author, expected) => {
    const [article] = newsArticleLd(anArticle({ author }), 'https://x.br/news/1', '/news/1', PUBLISHER);
    expect(article).toMatchObject({ '@type': 'NewsArticle', author: expected, publisher: { name: PUBLISHER.name } });
  });

  it('cuts a long headline at 110 characters and names the post it is based on only when there is one', () => {
    const long = 'Festival '.repeat(20).trim();
    const [cut] = newsArticleLd(anArticle({ title: long }), 'u', '/news/1', PUBLISHER);
    expect(String(cut?.headline).length).toBeLessThanOrEqual(113);
    expect(cut).not.toHaveProperty('isBasedOn');
    const [based] = newsArticleLd(anArticle({ link: 'https://blog.br/p' }), 'u', '/news/1', PUBLISHER);
    expect(based).toMatchObject({ isBasedOn: 'https://blog.br/p' });
  });

  it('publishes the instant of a post with its time, and the day alone of one the blog dated without a time', () => {
    const noonInCuiaba = '2026-10-03T16:00:00.000Z';
    const [timed] = newsArticleLd(anArticle({ publishedAt: noonInCuiaba }), 'u', '/news/1', PUBLISHER);
    expect(timed?.datePublished).toBe(noonInCuiaba);
    const [day] = newsArticleLd(anArticle({ publishedAt: noonInCuiaba, hasPublishedTime: false }), 'u', '/news/1', PUBLISHER);
    expect(day?.datePublished).toBe('2026-10-03');
  });
});

describe('reviewLd', () => {
  const page = { url: 'https://x.br/testimonials/1', path: '/testimonials/1', heading: 'Depoimento de Ana', scale: 10 as const };
  it.each([
    [9, { reviewRating: { ratingValue: 9, bestRating: 10, worstRating: 0 } }],
    [null, {}],
  ])('rates a feedback of %j only when it has a rating', (rating, expected) => {
    const [review] = reviewLd(aTestimonial({ rating }), { ...page, reviewed: 'Trilha', publisher: 'P' });
    expect(review).toMatchObject({ '@type': 'Review', itemReviewed: { name: 'Trilha' }, ...expected });
    if (rating === null) expect(review).not.toHaveProperty('reviewRating');
  });
});

describe('homeLd', () => {
  it('names the featured tours, and no attraction when there is none', () => {
    const site = { name: 'Turismo', description: 'd', place: 'Barra do Bugres – MT' };
    const [, destination] = homeLd(site, CITY, [anItem({ id: '7', title: 'Trilha' })]);
    expect(destination).toMatchObject({
      '@type': 'TouristDestination',
      address: { addressLocality: 'Barra do Bugres', addressRegion: 'MT', addressCountry: 'BR' },
      includesAttraction: [{ name: 'Trilha', url: absoluteUrl('/tour/7') }],
    });
    expect(homeLd(site, CITY, [])[1]).not.toHaveProperty('includesAttraction');
    expect(destination).not.toHaveProperty('image');
  });
});

describe('destinationLd and aboutLd', () => {
  it('give their page and its breadcrumb', () => {
    expect(destinationLd('Barra do Bugres – MT', CITY, null)[1]).toMatchObject({ containedInPlace: { name: 'MT' } });
    expect(destinationLd('B', CITY, null)[1]).not.toHaveProperty('image');
    expect(aboutLd('Turismo', 'B').map((entry) => entry['@type'])).toEqual(['BreadcrumbList', 'AboutPage']);
  });
});

describe('contactLd', () => {
  const agency = { name: 'Atendimento', url: 'https://x.br', sameAs: [], image: '/logo.svg' };
  const OPENING_HOURS = readOfficeHours('seg-sex 08:00-18:00; sáb 08:00-12:00; dom fechado');
  it('gives each row its days, a closed one as 00:00 to 00:00, and no contact the agency lacks', () => {
    const [centre] = contactLd(CITY, agency, OPENING_HOURS);
    expect(centre).toMatchObject({ name: 'Atendimento', address: { addressLocality: 'Barra do Bugres' } });
    const day = (name: string) => `https://schema.org/${name}`;
    expect(centre?.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map(day),
        opens: '08:00',
        closes: '18:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: [day('Saturday')], opens: '08:00', closes: '12:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: [day('Sunday')], opens: '00:00', closes: '00:00' },
    ]);
    for (const field of ['telephone', 'email', 'geo', 'sameAs']) expect(centre).not.toHaveProperty(field);
  });
  it('gives a day of two periods two specifications, and holidays as PublicHolidays', () => {
    const hours = readOfficeHours('Segunda a sexta: 8h às 12h e 14h às 18h; sábado, domingo e feriados: fechado');
    const [centre] = contactLd(CITY, agency, hours);
    const specifications = centre?.openingHoursSpecification as { dayOfWeek: string[]; opens: string; closes: string }[];
    expect(specifications.map(({ opens, closes }) => `${opens}-${closes}`)).toEqual([
      '08:00-12:00',
      '14:00-18:00',
      '00:00-00:00',
    ]);
    expect(specifications[0]?.dayOfWeek).toEqual(specifications[1]?.dayOfWeek);
    expect(specifications[2]?.dayOfWeek).toEqual(
      ['Saturday', 'Sunday', 'PublicHolidays'].map((name) => `https://schema.org/${name}`),
    );
  });
  it('places the agency by its coordinates and address when it has them', () => {
    const city = {
      ...CITY,
      agency: { ...CITY.agency, lat: -15.07, lng: -57.18, address: 'Av. Beira Rio', phone: '(65) 3361-0000' },
    };
    expect(contactLd(city, agency, [])[0]).not.toHaveProperty('openingHoursSpecification');
    expect(contactLd(city, agency, OPENING_HOURS)[0]).toMatchObject({
      geo: { latitude: -15.07, longitude: -57.18 },
      address: { streetAddress: 'Av. Beira Rio' },
      telephone: '(65) 3361-0000',
    });
  });
});

describe('itemLd of an event', () => {
  const ORIGIN = 'https://turismo.example.com.br';
  /** The build's day: the events below are still to come on it, but the one over. */
  const now = new Date('2026-11-29T12:00:00Z');
  const context = { url: `${ORIGIN}/event/401`, image: `${ORIGIN}/festival.jpg`, city: CITY, now };
  const anEvent = (overrides: Parameters<typeof anItem>[0]) =>
    anItem({
      id: '401',
      kind: 'event',
      title: 'Festival de Praia',
      location: 'Praia do Julião, Barra do Bugres – MT',
      excerpt: 'Dez dias de shows na praia.',
      ...overrides,
    });

  it.each([
    // A day: a schema.org Date, the day alone, never an hour nobody gave ('…T16:00:00.000Z').
    ['a day', { startDate: '2026-12-27', endDate: null }, { startDate: '2026-12-27' }],
    // A timed event keeps the city's offset, its end too.
    [
      'a timed event',
      { startDate: '2026-12-27T19:00:00-04:00', endDate: '2026-12-27T23:00:00-04:00' },
      { startDate: '2026-12-27T19:00:00-04:00', endDate: '2026-12-27T23:00:00-04:00' },
    ],
    ['a multi-day event', { startDate: '2027-07-16', endDate: '2027-07-25' }, { startDate: '2027-07-16', endDate: '2027-07-25' }],
  ])('describes %s as Google asks: its dates, place, status, image and text', (_, dates, expected) => {
    const ld = itemLd(anEvent(dates), context);
    expect(Object.fromEntries(Object.entries(ld).filter(([key]) => key.endsWith('Date')))).toEqual(expected);
    expect(ld).toMatchObject({
      '@type': 'Event',
      name: 'Festival de Praia',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: 'Praia do Julião, Barra do Bugres – MT',
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'Praia do Julião, Barra do Bugres – MT',
          addressLocality: 'Barra do Bugres',
          addressRegion: 'MT',
          addressCountry: 'BR',
        },
      },
      image: `${ORIGIN}/festival.jpg`,
      description: 'Dez dias de shows na praia.',
      url: `${ORIGIN}/event/401`,
    });
    expect(String(ld.startDate)).not.toMatch(/Z$|\.000/);
  });

  it.each([
    ['no price', { price: null, priceValue: null, isFree: false }, undefined],
    ['a price', { price: 'R$ 40,00', priceValue: 40, isFree: false }, '40.00'],
    ['free entry', { price: null, priceValue: null, isFree: true }, '0.00'],
  ])('offers %s only as the data states it', (_, priced, offer) => {
    const ld = itemLd(anEvent({ startDate: '2027-04-16', ...priced }), context);
    expect((ld.offers as { price: string } | undefined)?.price).toBe(offer);
    if (offer) expect(ld.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'BRL', url: `${ORIGIN}/event/401` });
    // No record says whether places are left: no availability, never an invented 'InStock'.
    expect(JSON.stringify(ld)).not.toMatch(/availability|InStock/);
  });

  it('claims nothing of an event over on the build day: no status, no offer; its dates and place stay', () => {
    const over = anEvent({ startDate: '2026-10-19T19:00:00-04:00', endDate: null, price: 'R$ 40,00', priceValue: 40 });
    const ld = itemLd(over, context);
    expect(ld).not.toHaveProperty('eventStatus');
    expect(ld).not.toHaveProperty('offers');
    expect(ld).toMatchObject({ '@type': 'Event', startDate: '2026-10-19T19:00:00-04:00', location: { '@type': 'Place' } });
    // The same event, on a build before it, is on and sold.
    const before = itemLd(over, { ...context, now: new Date('2026-10-01T12:00:00Z') });
    expect(before).toMatchObject({ eventStatus: 'https://schema.org/EventScheduled', offers: { price: '40.00' } });
  });

  it('invents no date for an undated event, and places one without a place in the city', () => {
    const ld = itemLd(anEvent({ startDate: null, endDate: null, location: '' }), context);
    expect(ld).not.toHaveProperty('startDate');
    expect(ld).not.toHaveProperty('endDate');
    expect(ld.location).toEqual({
      '@type': 'Place',
      name: 'Barra do Bugres',
      address: { '@type': 'PostalAddress', addressLocality: 'Barra do Bugres', addressRegion: 'MT', addressCountry: 'BR' },
    });
  });
});
