/**
 * Pure helpers of the detail pages: which sections are filled, which items are related, the
 * hero image, the maps hand-off and the schema.org objects. They take entries as arguments so the
 * pages stay thin (and so they could move to src/lib with their own unit tests).
 */
import { parsePrice } from '../format.ts';
import type { Experience, Item, ItemKind } from '../schemas/index.ts';

/** The placeholder image of every missing picture. */
export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

/** True when sanitised HTML has something to read (text or an image), not just empty tags. */
export function isFilledHtml(html: string | null | undefined): html is string {
  if (!html) return false;
  if (/<img\b/i.test(html)) return true;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim().length > 0
  );
}

/** 'Informações adicionais' of SPEC section 2 (info.how_to_get_there ...), in the spec's order. */
export const INFO_LABELS: Record<keyof Item['info'], string> = {
  howToGetThere: 'Como chegar',
  howToVisit: 'Como visitar',
  operation: 'Funcionamento',
  trackLevel: 'Nível de dificuldade',
  generalInfo: 'Informações gerais',
};

/** The filled entries of an item's info block, as [label, html] pairs. */
export function infoEntries(info: Item['info']): [label: string, html: string][] {
  return (Object.keys(INFO_LABELS) as (keyof Item['info'])[]).flatMap((key) => {
    const html = info[key];
    return isFilledHtml(html) ? [[INFO_LABELS[key], html] as [string, string]] : [];
  });
}

/** The banner of a detail page: the item's banner, image or first photo; the placeholder when none. */
export function heroImage(item: Item, prefer: 'banner' | 'image' | 'gallery' = 'image'): string {
  const first = item.gallery[0]?.large ?? null;
  const order =
    prefer === 'banner'
      ? [item.banner, item.image, first]
      : prefer === 'gallery'
        ? [first, item.image, item.banner]
        : [item.image, first, item.banner];
  return order.find((url): url is string => Boolean(url)) ?? PLACEHOLDER_IMAGE;
}

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/**
 * Up to `count` other items of the same kind, those sharing most experiences, tags and locality
 * first, then featured ones, then in list order.
 */
export function relatedItems(item: Item, items: readonly Item[], count = 4): Item[] {
  const own = new Set([...item.experiences, ...item.tags].map(normalise));
  const score = (other: Item) =>
    [...other.experiences, ...other.tags].filter((value) => own.has(normalise(value))).length * 2 +
    (item.locality && other.locality === item.locality ? 1 : 0) +
    (other.isFeatured ? 1 : 0);
  return items
    .map((other, index) => ({ other, index, score: score(other) }))
    .filter(({ other }) => other.id !== item.id)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count)
    .map(({ other }) => other);
}

/**
 * The SPEC section 5 experience filter for one experience: each comma-separated part of the name
 * must be contained (case-insensitive) in one of the item's experiences.
 */
export function offersExperience(item: Item, experience: string): boolean {
  const parts = experience.split(',').map(normalise).filter(Boolean);
  const offered = item.experiences.map(normalise);
  return parts.length > 0 && parts.every((part) => offered.some((name) => name.includes(part)));
}

/** Prefilled WhatsApp text for an experience (entities.ts' whatsappText covers item kinds only). */
export const experienceWhatsappText = (title: string) =>
  `Olá! Vi no portal de turismo e gostaria de mais informações sobre a experiência "${title}".`;

/** The prices the visitor sees: the original, and the sale price only when it is lower. */
export function displayPrice(item: Pick<Item, 'price' | 'priceValue' | 'salePrice' | 'discountPercent'>): {
  price: string;
  salePrice: string | null;
  discountPercent: number | null;
  /** The amount actually charged, for schema.org offers; null when the item has no price. */
  amount: number | null;
} {
  const isDiscounted = item.salePrice !== null && item.discountPercent !== null;
  const sale = isDiscounted ? parsePrice(item.salePrice) : null;
  const amount = sale ?? (item.priceValue > 0 ? item.priceValue : null);
  return {
    price: item.price,
    salePrice: isDiscounted ? item.salePrice : null,
    discountPercent: isDiscounted ? item.discountPercent : null,
    amount,
  };
}

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
  /** Absolute URL of the item's image. */
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

const offerOf = (item: Item, context: LdContext) => {
  const { amount } = displayPrice(item);
  return amount === null
    ? null
    : {
        '@type': 'Offer',
        price: amount.toFixed(2),
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

const SCHEMA_TYPES: Record<ItemKind, string> = {
  tour: 'TouristTrip',
  event: 'Event',
  accommodation: 'LodgingBusiness',
  restaurant: 'Restaurant',
  driver: 'LocalBusiness',
  guide: 'LocalBusiness',
  agency: 'LocalBusiness',
  attraction: 'LocalBusiness',
};

/** The schema.org object of an item's detail page (TouristTrip, Event, LodgingBusiness, ...). */
export function itemLd(item: Item, context: LdContext): Json {
  const base = {
    '@context': 'https://schema.org',
    '@type': SCHEMA_TYPES[item.kind],
    name: item.title,
    description: item.excerpt || null,
    image: context.image,
    url: context.url,
  };
  const address = item.provider?.address || item.location || null;
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
        priceRange: item.price !== 'R$ 0' ? item.price : null,
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
