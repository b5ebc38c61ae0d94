import { z } from 'astro/zod';
import { whatsappNumber } from '../../../src/lib/contact/whatsapp.ts';
import { discountPercent, formatBRL, parsePrice, slugify, truncate } from '../../../src/lib/format.ts';
import { distinctPhotos } from '../../../src/lib/gallery.ts';
import type { GalleryImage, HiddenReason, Item, ItemKind, ItemProvider, ItemStatus } from '../../../src/lib/schemas/index.ts';
import { placeLabel } from '../../../src/lib/text.ts';
import { cityZone, type RecordContext, RecordRefused } from './context.ts';
import {
  checkedField,
  firstText,
  html,
  LenientHtml,
  LenientText,
  lenient,
  lenientList,
  noteField,
  RawBoolean,
  RawId,
  RawMoney,
  RawName,
  RawNameList,
  unique,
  withinScale,
} from './fields.ts';
import { htmlToText } from './html.ts';
import { checkedSocialLinks, checkedVisitorLink } from './own-links.ts';
import { socialLinks } from './social.ts';
import { eventDate, imageUrl, plainEmail, plausiblePhone, webUrl } from './values.ts';

/** What the registration panel calls an item's name, for the editor's note when it is missing. */
const NAME_FIELDS: Record<ItemKind, 'title' | 'name'> = {
  tour: 'title',
  event: 'title',
  restaurant: 'title',
  accommodation: 'name',
  driver: 'name',
  guide: 'name',
  agency: 'name',
  tourProvider: 'name',
};

const CARD_EXCERPT_LENGTH = 120;
/** Items are rated on 0–5 (the filters offer 4, 4.5 and 5); no rating given is no rating shown. */
export const RATING_SCALE = { label: 'rating', min: 0, max: 5, fallback: null };
/** People a tour or a room is for; not given is not shown. */
const PEOPLE_SCALE = { label: 'people', min: 1, max: 1000, fallback: null, isInteger: true };
/** A duration is a short phrase ('2-4 horas', '1 noite'). */
const DURATION_CHARS = 60;
const SLUG_CHARS = 80;
/** How far ahead an event may be announced: a date beyond it is a typing error. */
const EVENT_HORIZON_MS = 5 * 365 * 86_400_000;

/** A price text that says the offer costs nothing. */
const FREE_PRICE = /\b(?:gratuit[oa]|gr[aá]tis|entrada (?:franca|livre)|free)\b/i;

/** Statuses that let a provider be listed and contacted, how each status reads, and why the others keep it off the lists. */
const STATUS_LABELS: { match: RegExp; label: string; tone: ItemStatus['tone']; hidden: HiddenReason | null }[] = [
  { match: /^(?:active|ativo|ativa)$/, label: 'Ativo', tone: 'success', hidden: null },
  { match: /^(?:publish|published|publicado|publicada)$/, label: 'Publicado', tone: 'success', hidden: null },
  {
    match: /^(?:inactive|inativo|inativa|disabled|desativado|desativada|suspended|suspenso|suspensa|blocked|bloqueado)$/,
    label: 'Inativo',
    tone: 'error',
    hidden: 'inactive',
  },
  { match: /^(?:pending|pendente)$/, label: 'Cadastro pendente', tone: 'warning', hidden: 'pending' },
  {
    match: /^(?:em[ _-]?an[aá]lise|in[ _-]?review|under[ _-]?review|review|analysis|analise|an[aá]lise)$/,
    label: 'Cadastro em análise',
    tone: 'warning',
    hidden: 'review',
  },
];

/** Any other status value: a registration that is not published. */
const NOT_PUBLISHED = { label: 'Cadastro não publicado', tone: 'warning', hidden: 'unpublished' } as const;

/** What a status value says: its row of STATUS_LABELS, or NOT_PUBLISHED. */
function statusRow(value: string): Omit<(typeof STATUS_LABELS)[number], 'match'> {
  const code = value.trim().toLowerCase();
  return STATUS_LABELS.find((status) => status.match.test(code)) ?? NOT_PUBLISHED;
}

/**
 * The status chip: a Portuguese label for every value, never the raw code. Only active and
 * published providers are listed; any other value, known or not, is a registration that is not
 * published ('Cadastro não publicado').
 */
export function statusChip(value: string | undefined): (ItemStatus & { isListed: boolean }) | null {
  if (!value) return null;
  const { label, tone, hidden } = statusRow(value);
  return { value, label, tone, isListed: hidden === null };
}

/**
 * Why an item is kept off the lists, for the editors' report (hiddenRecords, scripts/sync/run/publish.ts): its
 * status as statusChip reads it; null for an item the lists show.
 */
export function hiddenReason(item: { isListed?: boolean; status?: { value: string } | null }): HiddenReason | null {
  if (item.isListed !== false) return null;
  return (item.status && statusRow(item.status.value).hidden) || 'unpublished';
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

/** A tour, hotel, restaurant or event record, or one of the `providers` endpoint, as the city data API sends it. */
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
  start_date: LenientText,
  starts_at: LenientText,
  start: LenientText,
  date: LenientText,
  end_date: LenientText,
  ends_at: LenientText,
  end: LenientText,
});
type RawItem = z.output<typeof RawItemSchema>;

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

/** The item's images: the gallery entries with both sizes, then the plain `images` list, each photo once. */
function galleryOf(raw: RawItem, context: RecordContext): GalleryImage[] {
  const image = (value: string) => imageUrl(value, context.baseUrl);
  return distinctPhotos([
    ...raw.gallery.flatMap((entry) => {
      const large = image(entry.large);
      const thumb = image(entry.thumb);
      return large && thumb ? [{ large, thumb }] : [];
    }),
    ...raw.images.flatMap((url) => {
      const large = image(url);
      return large ? [{ large, thumb: large }] : [];
    }),
  ]);
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
    // The portal itself is not the provider's site, nor is a private host or a lookalike of the portal's.
    website: checkedVisitorLink(
      checkedField(firstText(provider.website, provider.site), { label: 'provider.website', kind: 'url' }, webUrl, context),
      'provider.website',
      context,
    ),
    cnpj: firstText(provider.cnpj),
    address: firstText(provider.address),
    social: checkedSocialLinks(socialLinks(provider.social), 'provider.social', context),
  };
  const hasAny = Object.entries(result).some(([key, value]) =>
    key === 'social' ? Object.values(result.social).some(Boolean) : value !== null,
  );
  return hasAny ? result : null;
}

/**
 * A price field: its value in reais, or null when the upstream gave no amount, with a note when a
 * number was refused. Zero is no amount: providers send 0 for a price nobody typed, and a free
 * offer says so in words (FREE_PRICE).
 */
function priceOf(value: string | number | undefined, label: string, context: RecordContext): number | null {
  if (value === undefined) return null;
  const price = parsePrice(value);
  // 'Sob consulta' (no number at all) is a price on request, not a repair.
  if (price === null && (typeof value === 'number' || /\d/.test(value)))
    noteField(context, label, value, 'not-price', 'not a price (negative, exponent, below a cent, several numbers or too large)');
  return price === 0 ? null : price;
}

/**
 * An event's date (eventDate, values.ts) from the first of its date fields that is a date within the
 * event horizon, each field before it noted. A day written alone in one field and with its time in
 * a later one ('start_date' 2026-12-27, 'starts_at' 2026-12-27T19:00:00-04:00) keeps the time.
 */
function eventDay(values: (string | undefined)[], label: string, context: RecordContext): string | null {
  // The run's zone, not the process's: a sync run for another city (runSync's env) writes that city's clock.
  const options = { timeZone: cityZone(context), latest: new Date(context.now.getTime() + EVENT_HORIZON_MS) };
  const given = values.filter((value): value is string => Boolean(value));
  for (const [index, value] of given.entries()) {
    const day = eventDate(value, options);
    if (!day) {
      noteField(context, label, value, 'not-date', 'not a calendar date between 2000 and five years ahead; left out');
      continue;
    }
    if (day.length > 10) return day;
    const later = given.slice(index + 1).map((other) => eventDate(other, options));
    return later.find((date) => date !== null && date.length > 10 && date.startsWith(day)) ?? day;
  }
  return null;
}

/** Whether the event date `end` is after `start`: a later day, or a later time on the same day when both have one. */
function isAfter(end: string, start: string): boolean {
  const [endDay, startDay] = [end.slice(0, 10), start.slice(0, 10)];
  if (endDay !== startDay) return endDay > startDay;
  return end.length > 10 && start.length > 10 && Date.parse(end) > Date.parse(start);
}

/** An event's start and end (Item.startDate, Item.endDate); an end not after the start is left out. */
function eventDates(raw: RawItem, kind: ItemKind, context: RecordContext): { startDate: string | null; endDate: string | null } {
  if (kind !== 'event') return { startDate: null, endDate: null };
  const startDate = eventDay([raw.start_date, raw.starts_at, raw.start, raw.date], 'start_date', context);
  const end = eventDay([raw.end_date, raw.ends_at, raw.end], 'end_date', context);
  const endDate = startDate && end && isAfter(end, startDate) ? end : null;
  return { startDate, endDate };
}

/** A raw record already validated by RawItemSchema, as the typed item of its kind. */
export function toItem(raw: RawItem, kind: ItemKind, context: RecordContext): Item {
  // A card headed 'Tour' or 'Evento' tells a visitor nothing: a record without a name is left out, and
  // /status asks the editor to fill it in.
  const title = firstText(raw.title, raw.name);
  if (!title) throw new RecordRefused('no title', { field: NAME_FIELDS[kind], problem: 'no-title' });
  const toHtml = (value: string | undefined) => html(value, context);
  const descriptionHtml = toHtml(raw.content) ?? toHtml(raw.description) ?? '';
  const priceValue = priceOf(raw.price, 'price', context);
  const saleValue = priceOf(raw.sale_price, 'sale_price', context);
  const gallery = galleryOf(raw, context);
  // A named attribute keeps its name as its heading; the items of an unnamed one are keywords like the tags.
  const attributes = raw.attributes.flatMap((attribute) => {
    const items = unique(attribute.items ?? []);
    return attribute.name && items.length > 0 ? [{ name: attribute.name, items }] : [];
  });
  const unnamedItems = raw.attributes.flatMap((attribute) => (attribute.name ? [] : (attribute.items ?? [])));
  const provider = describeProvider(raw, context);
  const social = checkedSocialLinks(socialLinks(raw.social_media, raw.social), 'social', context);
  const { location, locality } = describeLocation(raw.location);
  const category = firstText(raw.category);
  const image = (value: string | undefined) => (value ? imageUrl(value, context.baseUrl) : null);
  const phone = (value: string | undefined, label: string) =>
    checkedField(value, { label, kind: 'phone' }, plausiblePhone, context);
  const ownPhone = phone(raw.phone, 'phone');
  const status = statusChip(raw.status);

  return {
    id: raw.id,
    kind,
    title,
    slug: (slugify(raw.slug ?? '') || slugify(title) || raw.id).slice(0, SLUG_CHARS).replace(/-+$/, ''),
    location,
    locality,
    rating: withinScale(raw.rating, RATING_SCALE, context),
    duration: truncate(firstText(raw.duration_description, raw.duration) ?? '', DURATION_CHARS),
    price: priceValue === null ? null : formatBRL(priceValue),
    priceValue,
    isFree: priceValue === null && typeof raw.price === 'string' && FREE_PRICE.test(raw.price),
    salePrice: saleValue === null ? null : formatBRL(saleValue),
    salePriceValue: saleValue,
    discountPercent: discountPercent(priceValue, saleValue),
    image: image(raw.image) ?? gallery[0]?.large ?? image(raw.banner),
    banner: image(raw.banner),
    people: withinScale(raw.people, PEOPLE_SCALE, context),
    ...eventDates(raw, kind, context),
    gallery,
    provider,
    tags: unique([...raw.tags, ...raw.terms, ...unnamedItems]),
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
      plausiblePhone(whatsappNumber(social.whatsapp)),
    email: checkedField(raw.email, { label: 'email', kind: 'email' }, plainEmail, context) ?? provider?.email ?? null,
    experiences: unique([...raw.experiences, ...raw.expriences]),
    status: status && { value: status.value, label: status.label, tone: status.tone },
    isListed: status?.isListed ?? true,
    social,
    cadastur: firstText(raw.cadastur),
    cnpj: firstText(raw.cnpj, provider?.cnpj),
    businessName: firstText(raw.business_name),
    category,
    video: checkedVisitorLink(checkedField(raw.video, { label: 'video', kind: 'url' }, webUrl, context), 'video', context),
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
    attributes,
  };
}
