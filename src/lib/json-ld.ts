/**
 * Every schema.org object the pages publish (JSON-LD in BaseLayout's head): the detail pages'
 * TouristTrip, Event, LodgingBusiness, …, the lists' ItemList, breadcrumbs, FAQs, news articles,
 * reviews, and the home, destination, about and contact pages' own. Pure builders: pages pass the
 * data; each fact appears only when the data holds it (src/lib/facts.ts).
 */

import { ENTITIES, itemPath } from './entities.ts';
import { displayPrice, isEventOver, offerAmount } from './facts.ts';
import { cityDay, truncate } from './format.ts';
import type { City, Experience, Item, NewsArticle, Testimonial } from './schemas/index.ts';
import { absoluteUrl, canonicalUrl } from './seo.ts';

type Json = Record<string, unknown>;

const withoutEmpty = (object: Json): Json =>
  Object.fromEntries(
    Object.entries(object).filter(
      ([, value]) => value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0),
    ),
  );

/** Context the schema.org builders need from the page (absolute URLs, the city). */
interface LdContext {
  /** Absolute URL of the page. */
  url: string;
  /** The item's image as the data names it (BaseLayout publishes our copy: withOwnImages). */
  image: string;
  city: { name: string; state: string; country: string };
  /** The build's time (BUILT_AT), which says whether an event is over (isEventOver); the clock's now when not given. */
  now?: Date;
}

const postalAddress = (street: string | null | undefined, context: LdContext) =>
  withoutEmpty({
    '@type': 'PostalAddress',
    streetAddress: street || null,
    addressLocality: context.city.name,
    addressRegion: context.city.state,
    addressCountry: context.city.country,
  });

/**
 * An Offer only for a price the upstream stated (an amount, or free); never a price of 0 it did not
 * give. No `availability`: no record says whether places are left, so the portal claims none.
 */
const offerOf = (item: Item, context: LdContext) => {
  const price = offerAmount(item);
  return price === null ? null : { '@type': 'Offer', price, priceCurrency: 'BRL', url: context.url };
};

const sameAs = (links: Item['social']) =>
  [links.instagram, links.facebook, links.youtube, links.tiktok, links.linkedin].filter((link): link is string => Boolean(link));

const organizationOf = (item: Item) =>
  item.provider?.name
    ? withoutEmpty({
        '@type': 'Organization',
        name: item.provider.name,
        telephone: item.provider.phone,
        email: item.provider.email,
        url: item.provider.website,
        sameAs: sameAs(item.provider.social),
      })
    : null;

/** The schema.org object of an item's detail page (TouristTrip, Event, LodgingBusiness, ...). */
export function itemLd(item: Item, context: LdContext): Json {
  const base = {
    '@context': 'https://schema.org',
    '@type': ENTITIES[item.kind].schemaType,
    name: item.title,
    description: item.excerpt || null,
    image: context.image,
    url: context.url,
  };
  const address = item.provider?.address || item.location || null;
  // A provider the portal does not list is offered for contact nowhere, structured data included.
  if (!item.isListed) return withoutEmpty({ ...base, address: postalAddress(item.location, context) });
  switch (item.kind) {
    case 'tour':
      return withoutEmpty({
        ...base,
        touristType: item.experiences,
        offers: offerOf(item, context),
        provider: organizationOf(item),
      });
    case 'event': {
      // An event over (isEventOver) has nothing left to sell, and whether it was held as scheduled is
      // nothing a record says: no offer and no status.
      const isOver = isEventOver(item, context.now ?? new Date());
      return withoutEmpty({
        ...base,
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        // The provider's records say nothing of a cancelled or postponed event (ItemSchema has no such field): a listed event to come is on.
        eventStatus: isOver ? null : 'https://schema.org/EventScheduled',
        // As the snapshot keeps them (EventDateSchema): a Date for a day-only event, a DateTime with the city's offset for a
        // timed one; none for an undated event, which Google then leaves out of its event results rather than show a made-up day.
        startDate: item.startDate,
        endDate: item.endDate,
        location: { '@type': 'Place', name: item.location || context.city.name, address: postalAddress(item.location, context) },
        offers: isOver ? null : offerOf(item, context),
        organizer: organizationOf(item),
      });
    }
    case 'accommodation':
    case 'restaurant':
      return withoutEmpty({
        ...base,
        address: postalAddress(address, context),
        telephone: item.contactPhone,
        email: item.email,
        priceRange: displayPrice(item).amount === null ? null : item.price,
        servesCuisine: item.kind === 'restaurant' ? item.cuisine : null,
        amenityFeature:
          item.kind === 'accommodation'
            ? item.amenities.map((name) => ({ '@type': 'LocationFeatureSpecification', name, value: true }))
            : null,
        sameAs: sameAs(item.provider?.social ?? item.social),
      });
    default:
      return withoutEmpty({
        ...base,
        legalName: item.businessName,
        address: postalAddress(item.location, context),
        telephone: item.contactPhone,
        email: item.email,
        sameAs: sameAs(item.social),
      });
  }
}

/** TouristAttraction for an experience of the city. */
export function experienceLd(experience: Experience, context: LdContext): Json {
  return withoutEmpty({
    '@context': 'https://schema.org',
    '@type': 'TouristAttraction',
    name: experience.title,
    description: experience.excerpt || null,
    image: context.image,
    url: context.url,
    touristType: experience.category,
    address: postalAddress(null, context),
  });
}

/** BreadcrumbList from [name, path] pairs, home first. */
export function breadcrumbLd(trail: readonly (readonly [name: string, path: string])[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item: canonicalUrl(path),
    })),
  };
}

/** FAQPage from question/answer pairs (answers as sanitised HTML). */
export function faqLd(faq: readonly { question: string; answerHtml: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faq.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.answerHtml },
    })),
  };
}

/**
 * schema.org ItemList of the items a page shows (name and absolute url). A page of a longer list
 * (`/all-tours/page/2`) gives its place in it: its items are numbered from `offset + 1`, and
 * numberOfItems counts the whole list, as schema.org asks of a list described across pages.
 */
export function itemListLd(
  name: string,
  items: readonly Item[],
  absoluteUrl: (path: string) => string,
  page: { offset: number; total: number } = { offset: 0, total: items.length },
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: page.total,
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: page.offset + index + 1,
      name: item.title,
      url: absoluteUrl(itemPath(item.kind, item.id)),
    })),
  };
}

/** The publisher of the site's own texts. */
interface Publisher {
  name: string;
  /** Site path or URL of its logo. */
  logo: string;
}

/** NewsArticle of a post, with its breadcrumb. */
export function newsArticleLd(article: NewsArticle, url: string, path: string, publisher: Publisher): Json[] {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: truncate(article.title, 110),
      description: article.summary,
      image: [article.image],
      // The day alone when the blog gave no time: the noon the sync placed it at is nobody's hour.
      datePublished: article.hasPublishedTime ? article.publishedAt : cityDay(new Date(article.publishedAt)),
      author:
        article.author === 'Redação' ? { '@type': 'Organization', name: 'Redação' } : { '@type': 'Person', name: article.author },
      publisher: {
        '@type': 'Organization',
        name: publisher.name,
        logo: { '@type': 'ImageObject', url: absoluteUrl(publisher.logo) },
      },
      articleSection: article.category,
      keywords: article.tags.join(', '),
      mainEntityOfPage: url,
      url,
      ...(article.link ? { isBasedOn: article.link } : {}),
    },
    breadcrumbLd([
      ['Início', '/'],
      ['Notícias', '/news'],
      [article.title, path],
    ]),
  ];
}

/** Review of a testimonial (its rating only when the feedback has one, on the collection's scale), with its breadcrumb. */
export function reviewLd(
  testimonial: Testimonial,
  page: { url: string; path: string; heading: string; scale: 5 | 10; reviewed: string; publisher: string },
): Json[] {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Review',
      name: testimonial.title ? `${page.heading} sobre ${testimonial.title}` : page.heading,
      author: { '@type': 'Person', name: testimonial.name },
      reviewBody: testimonial.content,
      ...(testimonial.writtenDate ? { datePublished: testimonial.writtenDate } : {}),
      ...(testimonial.rating !== null
        ? { reviewRating: { '@type': 'Rating', ratingValue: testimonial.rating, bestRating: page.scale, worstRating: 0 } }
        : {}),
      itemReviewed: {
        '@type': 'TouristTrip',
        name: page.reviewed,
        ...(testimonial.image ? { image: testimonial.image } : {}),
      },
      publisher: { '@type': 'Organization', name: page.publisher },
      url: page.url,
    },
    breadcrumbLd([
      ['Início', '/'],
      ['Depoimentos', '/testimonials'],
      [page.heading, page.path],
    ]),
  ];
}

const cityAddress = (city: Pick<City, 'name' | 'state' | 'country'>, street?: string | null) => ({
  '@type': 'PostalAddress',
  ...(street ? { streetAddress: street } : {}),
  addressLocality: city.name,
  ...(city.state ? { addressRegion: city.state } : {}),
  addressCountry: city.country || 'BR',
});

/** The home's WebSite and TouristDestination, naming the tours the home features. */
export function homeLd(site: { name: string; description: string; place: string }, city: City, tours: readonly Item[]): Json[] {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: site.name,
      url: absoluteUrl('/'),
      inLanguage: 'pt-BR',
      description: site.description,
    },
    {
      '@context': 'https://schema.org',
      '@type': 'TouristDestination',
      name: site.place,
      description: site.description,
      url: absoluteUrl('/'),
      address: cityAddress(city),
      ...(city.gallery.length > 0 ? { image: city.gallery.map((image) => image.large) } : {}),
      ...(tours.length > 0
        ? {
            includesAttraction: tours.map((tour) => ({
              '@type': 'TouristAttraction',
              name: tour.title,
              url: absoluteUrl(itemPath('tour', tour.id)),
            })),
          }
        : {}),
    },
  ];
}

/** /destination's TouristDestination, with its breadcrumb; `photo` as the data names it (BaseLayout publishes our copy). */
export function destinationLd(place: string, city: Pick<City, 'state'>, photo: string | null): Json[] {
  return [
    breadcrumbLd([
      ['Início', '/'],
      ['O destino', '/destination'],
    ]),
    {
      '@context': 'https://schema.org',
      '@type': 'TouristDestination',
      name: place,
      url: absoluteUrl('/destination'),
      ...(photo ? { image: photo } : {}),
      containedInPlace: { '@type': 'State', name: city.state },
    },
  ];
}

/**
 * A page of the visitor's guide (src/components/visitor-guide/GuidePage.astro): its breadcrumb and a WebPage in
 * its language, with the date an editor last changed it.
 */
export function guidePageLd(
  page: { title: string; summary: string; modifiedAt: string; lang: string },
  trail: readonly (readonly [name: string, path: string])[],
): Json[] {
  const path = trail.at(-1)?.[1] ?? '/';
  return [
    breadcrumbLd(trail),
    {
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: page.title,
      ...(page.summary ? { description: page.summary } : {}),
      url: canonicalUrl(path),
      inLanguage: page.lang,
      dateModified: page.modifiedAt,
    },
  ];
}

/** /about's AboutPage, with its breadcrumb. */
export function aboutLd(siteName: string, place: string): Json[] {
  return [
    breadcrumbLd([
      ['Início', '/'],
      ['Sobre', '/about'],
    ]),
    {
      '@context': 'https://schema.org',
      '@type': 'AboutPage',
      name: `Sobre ${siteName}`,
      about: { '@type': 'Place', name: place },
    },
  ];
}

/** One opening-hours row (src/lib/contact/hours.ts OfficeHours): schema.org days, and its periods (none when closed). */
interface OpeningHours {
  days: readonly string[];
  periods: readonly { opens: string; closes: string }[];
}

/**
 * The rows as schema.org's OpeningHoursSpecification: one per period of a row ('8h às 12h e 14h às 18h'
 * is two), and a closed row as open from 00:00 to 00:00, schema.org's 'closed all day', so that closed
 * holidays (PublicHolidays) are said rather than left to read as the weekday's hours.
 */
function openingHoursLd(hours: readonly OpeningHours[]): Json[] {
  return hours.flatMap(({ days, periods }) => {
    const dayOfWeek = days.map((day) => `https://schema.org/${day}`);
    const times = periods.length ? periods : [{ opens: '00:00', closes: '00:00' }];
    return times.map(({ opens, closes }) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek, opens, closes }));
  });
}

/**
 * /contato's tourist information centre (each contact only when the agency has it), with its breadcrumb; the
 * agency's image as the data names it (BaseLayout publishes our copy).
 */
export function contactLd(
  city: City,
  agency: { name: string; url: string; sameAs: readonly string[]; image: string },
  hours: readonly OpeningHours[],
): Json[] {
  const { address, lat, lng, phone, email } = city.agency;
  return [
    {
      '@context': 'https://schema.org',
      '@type': ['LocalBusiness', 'TouristInformationCenter'],
      name: agency.name,
      url: agency.url,
      address: cityAddress(city, address),
      ...(lat !== null && lng !== null ? { geo: { '@type': 'GeoCoordinates', latitude: lat, longitude: lng } } : {}),
      ...(phone ? { telephone: phone } : {}),
      ...(email ? { email } : {}),
      ...(agency.sameAs.length ? { sameAs: agency.sameAs } : {}),
      image: agency.image,
      // Only the hours the city configured (OFFICE_HOURS): none, no hours claimed.
      ...(hours.length ? { openingHoursSpecification: openingHoursLd(hours) } : {}),
    },
    breadcrumbLd([
      ['Início', '/'],
      ['Contato', '/contato'],
    ]),
  ];
}
