import { z } from 'astro/zod';
import { discountPercent, formatBRL, parsePrice, slugify, truncate } from '../format.ts';
import { htmlToText } from '../html.ts';
import type { GalleryImage, Item, ItemKind, ItemProvider, ItemStatus } from '../schemas/index.ts';
import {
  firstText,
  LenientHtml,
  LenientText,
  lenient,
  lenientList,
  RawBoolean,
  RawId,
  RawMoney,
  RawName,
  RawNameList,
  RawNumber,
  RawText,
  safeUrl,
  unique,
} from './fields.ts';
import { socialLinks } from './social.ts';

/** Title and duration a record gets when the upstream leaves them out (SPEC section 3). */
export const ITEM_DEFAULTS: Record<ItemKind, { title: string; duration: string }> = {
  tour: { title: 'Tour', duration: '1h' },
  event: { title: 'Evento', duration: '1h' },
  accommodation: { title: 'Hospedagem', duration: '1 noite' },
  restaurant: { title: 'Restaurante', duration: 'Almoço/Jantar' },
  driver: { title: 'Condutor', duration: '' },
  guide: { title: 'Guia', duration: '' },
  agency: { title: 'Agência', duration: '' },
  attraction: { title: 'Fornecedor', duration: '' },
};

export const DEFAULT_RATING = 5;
export const DEFAULT_PEOPLE = 2;
export const CARD_EXCERPT_LENGTH = 120;

const STATUS_LABELS: Record<string, Omit<ItemStatus, 'value'>> = {
  active: { label: 'Ativo', tone: 'success' },
  inactive: { label: 'Inativo', tone: 'error' },
  pending: { label: 'Pendente', tone: 'warning' },
  publish: { label: 'Publicado', tone: 'success' },
};

/** The status chip: known values get their Portuguese label, others are shown raw in orange. */
export function statusChip(value: string | undefined): ItemStatus | null {
  if (!value) return null;
  const known = STATUS_LABELS[value.toLowerCase()];
  return known ? { value, ...known } : { value, label: value, tone: 'warning' };
}

const RawLocation = z.union([
  z.string().transform((text) => ({ text: htmlToText(text) })),
  z.looseObject({ address: LenientText, city: LenientText, state: LenientText, country: LenientText }),
]);

const RawGalleryImage = z.looseObject({ large: z.string(), thumb: z.string() }).transform((image): GalleryImage | null => {
  const large = safeUrl(image.large);
  const thumb = safeUrl(image.thumb);
  return large && thumb ? { large, thumb } : null;
});

const RawAttribute = z.looseObject({ name: LenientText, items: RawNameList.optional() });

const RawFaq = z
  .looseObject({ question: LenientText, answer: LenientHtml })
  .transform((faq) => (faq.question ? { question: faq.question, answerHtml: faq.answer ?? '' } : null));

const RawProvider = z.looseObject({
  name: LenientText,
  contact: LenientText,
  phone: LenientText,
  phone_number: LenientText,
  email: LenientText,
  website: LenientText,
  site: LenientText,
  cnpj: LenientText,
  address: LenientText,
  social: z.unknown().optional(),
});

const RawInfo = z.looseObject({
  how_to_get_there: LenientHtml,
  how_to_visit: LenientHtml,
  operation: LenientHtml,
  track_level: LenientHtml,
  general_info: LenientHtml,
});

/** A tour, hotel, restaurant, event or provider record as the provider sends it. */
export const RawItemSchema = z.looseObject({
  id: RawId,
  title: RawText,
  name: RawText,
  slug: LenientText,
  location: lenient(RawLocation),
  rating: RawNumber,
  duration_description: LenientText,
  duration: LenientText,
  price: RawMoney,
  sale_price: RawMoney,
  image: LenientText,
  banner: LenientText,
  people: RawNumber,
  gallery: lenientList(RawGalleryImage),
  images: lenientList(z.string()),
  provider: lenient(RawProvider),
  attributes: lenientList(RawAttribute),
  terms: RawNameList,
  tags: RawNameList,
  amenities: RawNameList,
  content: LenientHtml,
  description: LenientHtml,
  is_featured: RawBoolean,
  cuisine: LenientText,
  phone: LenientText,
  phone_number: LenientText,
  commercial_phone_number: LenientText,
  email: LenientText,
  cadastur: LenientText,
  cnpj: LenientText,
  business_name: LenientText,
  category: lenient(RawName),
  status: LenientText,
  video: LenientText,
  social_media: z.unknown().optional(),
  social: z.unknown().optional(),
  expriences: RawNameList,
  experiences: RawNameList,
  how_it_works: LenientHtml,
  essential_information: LenientHtml,
  insurance_info: LenientHtml,
  include: LenientHtml,
  exclude: LenientHtml,
  info: lenient(RawInfo),
  faq: lenientList(RawFaq),
  policies: LenientHtml,
  schedule: LenientHtml,
  capacity: LenientHtml,
  pricing: LenientHtml,
  location_details: LenientHtml,
  accessibility: LenientHtml,
  requirements: LenientHtml,
  cancellation: LenientHtml,
});
export type RawItem = z.output<typeof RawItemSchema>;

/**
 * The city in a one-line location: 'Rua A, 10, Barra do Bugres - MT' → 'Barra do Bugres' (the last
 * comma-separated part before the state); a text without a state suffix gives its last part too.
 */
export function localityOf(text: string): string {
  const withoutState = text.replace(/\s*(?:[-–/]\s*[A-Z]{2}|,\s*[A-Z]{2})\s*$/, '');
  const parts = withoutState
    .split(/,|\s[–-]\s/)
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.at(-1) ?? '';
}

function describeLocation(location: RawItem['location']): { location: string; locality: string } {
  if (!location) return { location: '', locality: '' };
  if ('text' in location) {
    const text = String(location.text ?? '');
    return { location: text, locality: localityOf(text) };
  }
  const cityState = [location.city, location.state].filter(Boolean).join(' - ');
  return {
    location: [location.address, cityState].filter(Boolean).join(', '),
    locality: location.city ?? '',
  };
}

function describeProvider(raw: RawItem): ItemProvider | null {
  const provider = raw.provider;
  if (!provider) return null;
  const result: ItemProvider = {
    name: firstText(provider.name),
    contact: firstText(provider.contact),
    phone: firstText(provider.phone, provider.phone_number),
    email: firstText(provider.email),
    website: safeUrl(firstText(provider.website, provider.site)),
    cnpj: firstText(provider.cnpj),
    address: firstText(provider.address),
    social: socialLinks(provider.social),
  };
  const hasAny = Object.entries(result).some(([key, value]) =>
    key === 'social' ? Object.values(result.social).some(Boolean) : value !== null,
  );
  return hasAny ? result : null;
}

/** A raw record already validated by RawItemSchema, as the typed item of its kind. */
export function toItem(raw: RawItem, kind: ItemKind): Item {
  const defaults = ITEM_DEFAULTS[kind];
  const title = firstText(raw.title, raw.name) ?? defaults.title;
  const descriptionHtml = raw.content ?? raw.description ?? '';
  const priceValue = parsePrice(raw.price);
  const saleValue = parsePrice(raw.sale_price);
  const gallery = [
    ...raw.gallery.filter((image): image is GalleryImage => image !== null),
    ...raw.images.flatMap((url) => {
      const safe = safeUrl(url);
      return safe ? [{ large: safe, thumb: safe }] : [];
    }),
  ];
  const attributeItems = raw.attributes.flatMap((attribute) => attribute.items ?? []);
  const provider = describeProvider(raw);
  const social = socialLinks(raw.social_media, raw.social);
  const { location, locality } = describeLocation(raw.location);
  const category = firstText(raw.category);

  return {
    id: raw.id,
    kind,
    title,
    slug: slugify(raw.slug ?? '') || slugify(title) || raw.id,
    location,
    locality,
    rating: raw.rating ?? DEFAULT_RATING,
    duration: firstText(raw.duration_description, raw.duration) ?? defaults.duration,
    price: formatBRL(priceValue ?? 0),
    priceValue: priceValue ?? 0,
    salePrice: saleValue === null ? null : formatBRL(saleValue),
    salePriceValue: saleValue,
    discountPercent: discountPercent(priceValue, saleValue),
    image: safeUrl(raw.image) ?? gallery[0]?.large ?? safeUrl(raw.banner),
    banner: safeUrl(raw.banner),
    people: raw.people ?? DEFAULT_PEOPLE,
    gallery,
    provider,
    tags: unique([...raw.tags, ...attributeItems, ...raw.terms]),
    amenities: raw.amenities,
    descriptionHtml,
    excerpt: truncate(htmlToText(descriptionHtml), CARD_EXCERPT_LENGTH),
    isFeatured: raw.is_featured ?? false,
    cuisine: firstText(raw.cuisine),
    phone: firstText(raw.phone),
    contactPhone: firstText(
      raw.phone,
      raw.commercial_phone_number,
      raw.phone_number,
      provider?.phone,
      social.whatsapp?.replace('https://wa.me/', '+'),
    ),
    email: firstText(raw.email, provider?.email),
    experiences: unique([...raw.experiences, ...raw.expriences]),
    status: statusChip(raw.status),
    social,
    cadastur: firstText(raw.cadastur),
    cnpj: firstText(raw.cnpj, provider?.cnpj),
    businessName: firstText(raw.business_name),
    category,
    video: raw.video && /^https?:\/\//i.test(raw.video) ? raw.video : null,
    howItWorksHtml: raw.how_it_works ?? null,
    essentialInformationHtml: raw.essential_information ?? null,
    insuranceInfoHtml: raw.insurance_info ?? null,
    includeHtml: raw.include ?? null,
    excludeHtml: raw.exclude ?? null,
    info: {
      howToGetThere: raw.info?.how_to_get_there ?? null,
      howToVisit: raw.info?.how_to_visit ?? null,
      operation: raw.info?.operation ?? null,
      trackLevel: raw.info?.track_level ?? null,
      generalInfo: raw.info?.general_info ?? null,
    },
    faq: raw.faq.filter((entry) => entry !== null),
    policiesHtml: raw.policies ?? null,
    scheduleHtml: raw.schedule ?? null,
    capacityHtml: raw.capacity ?? null,
    pricingHtml: raw.pricing ?? null,
    locationDetailsHtml: raw.location_details ?? null,
    accessibilityHtml: raw.accessibility ?? null,
    requirementsHtml: raw.requirements ?? null,
    cancellationHtml: raw.cancellation ?? null,
    highlights: unique([...attributeItems, ...(category ? [category] : [])]),
  };
}
