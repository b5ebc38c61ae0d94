import { z } from 'astro/zod';
import { discountPercent, formatBRL, parsePrice, slugify, truncate } from '../format.ts';
import { htmlToText } from '../html.ts';
import type { GalleryImage, Item, ItemKind, ItemProvider, ItemStatus } from '../schemas/index.ts';
import { placeLabel } from '../text.ts';
import {
  checkedField,
  firstText,
  html,
  LenientHtml,
  LenientText,
  lenient,
  lenientList,
  RawBoolean,
  RawId,
  RawMoney,
  RawName,
  RawNameList,
  unique,
  withinScale,
} from './fields.ts';
import type { RecordContext } from './records.ts';
import { socialLinks } from './social.ts';
import { imageUrl, plainEmail, plausiblePhone, quoted, webUrl } from './values.ts';

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
/** Items are rated on 0–5 (the filters offer 4, 4.5 and 5). */
export const RATING_SCALE = { label: 'rating', min: 0, max: 5, fallback: DEFAULT_RATING };
/** People a tour or a room is for. */
export const PEOPLE_SCALE = { label: 'people', min: 1, max: 1000, fallback: DEFAULT_PEOPLE, isInteger: true };
/** A duration is a short phrase ('2-4 horas', '1 noite'). */
const DURATION_CHARS = 60;
const SLUG_CHARS = 80;

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

const RawGalleryImage = z.looseObject({ large: z.string(), thumb: z.string() });

const RawAttribute = z.looseObject({ name: LenientText, items: RawNameList.optional() });

const RawFaq = z.looseObject({ question: LenientText, answer: LenientHtml });

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
  title: LenientText,
  name: LenientText,
  slug: LenientText,
  location: lenient(RawLocation),
  rating: z.unknown().optional(),
  duration_description: LenientText,
  duration: LenientText,
  price: RawMoney,
  sale_price: RawMoney,
  image: LenientText,
  banner: LenientText,
  people: z.unknown().optional(),
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
  const cityState = placeLabel({ name: location.city ?? '', state: location.state ?? '' });
  return {
    location: [location.address, cityState].filter(Boolean).join(', '),
    locality: location.city ?? '',
  };
}

/** The item's images: the gallery entries with both sizes, then the plain `images` list. */
function galleryOf(raw: RawItem, context: RecordContext): GalleryImage[] {
  const image = (value: string) => imageUrl(value, context.baseUrl);
  return [
    ...raw.gallery.flatMap((entry) => {
      const large = image(entry.large);
      const thumb = image(entry.thumb);
      return large && thumb ? [{ large, thumb }] : [];
    }),
    ...raw.images.flatMap((url) => {
      const large = image(url);
      return large ? [{ large, thumb: large }] : [];
    }),
  ];
}

function describeProvider(raw: RawItem, context: RecordContext): ItemProvider | null {
  const provider = raw.provider;
  if (!provider) return null;
  const result: ItemProvider = {
    name: firstText(provider.name),
    contact: firstText(provider.contact),
    phone: checkedField(
      firstText(provider.phone, provider.phone_number),
      { label: 'provider.phone', kind: 'phone' },
      plausiblePhone,
      context,
    ),
    email: checkedField(provider.email, { label: 'provider.email', kind: 'email' }, plainEmail, context),
    website: checkedField(
      firstText(provider.website, provider.site),
      { label: 'provider.website', kind: 'url' },
      webUrl,
      context,
    ),
    cnpj: firstText(provider.cnpj),
    address: firstText(provider.address),
    social: socialLinks(provider.social),
  };
  const hasAny = Object.entries(result).some(([key, value]) =>
    key === 'social' ? Object.values(result.social).some(Boolean) : value !== null,
  );
  return hasAny ? result : null;
}

/** A price field: its value in reais, or null (the spec's 'R$ 0') with a note when a number was refused. */
function priceOf(value: string | number | undefined, label: string, context: RecordContext): number | null {
  if (value === undefined) return null;
  const price = parsePrice(value);
  // 'Sob consulta' (no number at all) is the spec's 'R$ 0', not a repair.
  if (price === null && (typeof value === 'number' || /\d/.test(value)))
    context.note(`${label} ${quoted(value)}: not a price (negative, exponent, several numbers or too large)`);
  return price;
}

/** A raw record already validated by RawItemSchema, as the typed item of its kind. */
export function toItem(raw: RawItem, kind: ItemKind, context: RecordContext): Item {
  const defaults = ITEM_DEFAULTS[kind];
  const title = firstText(raw.title, raw.name) ?? defaults.title;
  const toHtml = (value: string | undefined) => html(value, context);
  const descriptionHtml = toHtml(raw.content) ?? toHtml(raw.description) ?? '';
  const priceValue = priceOf(raw.price, 'price', context);
  const saleValue = priceOf(raw.sale_price, 'sale_price', context);
  const gallery = galleryOf(raw, context);
  const attributeItems = raw.attributes.flatMap((attribute) => attribute.items ?? []);
  const provider = describeProvider(raw, context);
  const social = socialLinks(raw.social_media, raw.social);
  const { location, locality } = describeLocation(raw.location);
  const category = firstText(raw.category);
  const image = (value: string | undefined) => (value ? imageUrl(value, context.baseUrl) : null);
  const phone = (value: string | undefined, label: string) =>
    checkedField(value, { label, kind: 'phone' }, plausiblePhone, context);
  const ownPhone = phone(raw.phone, 'phone');

  return {
    id: raw.id,
    kind,
    title,
    slug: (slugify(raw.slug ?? '') || slugify(title) || raw.id).slice(0, SLUG_CHARS).replace(/-+$/, ''),
    location,
    locality,
    rating: withinScale(raw.rating, RATING_SCALE, context),
    duration: truncate(firstText(raw.duration_description, raw.duration) ?? defaults.duration, DURATION_CHARS),
    price: formatBRL(priceValue ?? 0),
    priceValue: priceValue ?? 0,
    salePrice: saleValue === null ? null : formatBRL(saleValue),
    salePriceValue: saleValue,
    discountPercent: discountPercent(priceValue, saleValue),
    image: image(raw.image) ?? gallery[0]?.large ?? image(raw.banner),
    banner: image(raw.banner),
    people: withinScale(raw.people, PEOPLE_SCALE, context),
    gallery,
    provider,
    tags: unique([...raw.tags, ...attributeItems, ...raw.terms]),
    amenities: raw.amenities,
    descriptionHtml,
    excerpt: truncate(htmlToText(descriptionHtml), CARD_EXCERPT_LENGTH),
    isFeatured: raw.is_featured ?? false,
    cuisine: firstText(raw.cuisine),
    phone: ownPhone,
    contactPhone:
      ownPhone ??
      phone(raw.commercial_phone_number, 'commercial_phone_number') ??
      phone(raw.phone_number, 'phone_number') ??
      provider?.phone ??
      plausiblePhone(social.whatsapp?.replace('https://wa.me/', '+')),
    email: checkedField(raw.email, { label: 'email', kind: 'email' }, plainEmail, context) ?? provider?.email ?? null,
    experiences: unique([...raw.experiences, ...raw.expriences]),
    status: statusChip(raw.status),
    social,
    cadastur: firstText(raw.cadastur),
    cnpj: firstText(raw.cnpj, provider?.cnpj),
    businessName: firstText(raw.business_name),
    category,
    video: checkedField(raw.video, { label: 'video', kind: 'url' }, webUrl, context),
    howItWorksHtml: toHtml(raw.how_it_works),
    essentialInformationHtml: toHtml(raw.essential_information),
    insuranceInfoHtml: toHtml(raw.insurance_info),
    includeHtml: toHtml(raw.include),
    excludeHtml: toHtml(raw.exclude),
    info: {
      howToGetThere: toHtml(raw.info?.how_to_get_there),
      howToVisit: toHtml(raw.info?.how_to_visit),
      operation: toHtml(raw.info?.operation),
      trackLevel: toHtml(raw.info?.track_level),
      generalInfo: toHtml(raw.info?.general_info),
    },
    faq: raw.faq.flatMap((entry) =>
      entry.question ? [{ question: entry.question, answerHtml: toHtml(entry.answer) ?? '' }] : [],
    ),
    policiesHtml: toHtml(raw.policies),
    scheduleHtml: toHtml(raw.schedule),
    capacityHtml: toHtml(raw.capacity),
    pricingHtml: toHtml(raw.pricing),
    locationDetailsHtml: toHtml(raw.location_details),
    accessibilityHtml: toHtml(raw.accessibility),
    requirementsHtml: toHtml(raw.requirements),
    cancellationHtml: toHtml(raw.cancellation),
    highlights: unique([...attributeItems, ...(category ? [category] : [])]),
  };
}
