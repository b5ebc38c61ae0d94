/** The schema.org objects of the detail pages (TouristTrip, Event, LodgingBusiness, TouristAttraction, ...). */

import { ENTITIES } from '../entities.ts';
import { displayPrice, offerAmount } from '../facts.ts';
import type { Experience, Item } from '../schemas/index.ts';

type Json = Record<string, unknown>;

const withoutEmpty = (object: Json): Json =>
  Object.fromEntries(
    Object.entries(object).filter(
      ([, value]) => value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0),
    ),
  );

/** Context the schema.org builders need from the page (absolute URLs, the city). */
export interface LdContext {
  /** Absolute URL of the page. */
  url: string;
  /** The item's image as the data names it (BaseLayout publishes our copy: withOwnImages). */
  image: string;
  city: { name: string; state: string; country: string };
}

const postalAddress = (street: string | null | undefined, context: LdContext) =>
  withoutEmpty({
    '@type': 'PostalAddress',
    streetAddress: street || null,
    addressLocality: context.city.name,
    addressRegion: context.city.state,
    addressCountry: context.city.country,
  });

/** An Offer only for a price the upstream stated (an amount, or free); never a price of 0 it did not give. */
const offerOf = (item: Item, context: LdContext) => {
  const price = offerAmount(item);
  return price === null
    ? null
    : {
        '@type': 'Offer',
        price,
        priceCurrency: 'BRL',
        url: context.url,
        availability: 'https://schema.org/InStock',
      };
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
    case 'event':
      return withoutEmpty({
        ...base,
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        startDate: item.startDate,
        endDate: item.endDate,
        location: { '@type': 'Place', name: item.location || context.city.name, address: postalAddress(item.location, context) },
        offers: offerOf(item, context),
        organizer: organizationOf(item),
      });
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
