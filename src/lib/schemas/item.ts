import { z } from 'astro/zod';
import { GalleryImageSchema, RouteIdSchema, SocialLinksSchema, visitorLinkSchema } from './common.ts';

/** Every kind of listable item, each with its own collection and detail route. */
export const ITEM_KINDS = ['tour', 'accommodation', 'restaurant', 'event', 'driver', 'guide', 'agency', 'tourProvider'] as const;
const ItemKindSchema = z.enum(ITEM_KINDS);
export type ItemKind = z.infer<typeof ItemKindSchema>;

/** The provider (person or business) behind an item; every field shown only when filled. */
export const ItemProviderSchema = z.object({
  name: z.string().nullable(),
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: visitorLinkSchema(),
  cnpj: z.string().nullable(),
  address: z.string().nullable(),
  social: SocialLinksSchema,
});
export type ItemProvider = z.infer<typeof ItemProviderSchema>;

/** A question and its answer; the answer is sanitised HTML. */
const FaqEntrySchema = z.object({
  question: z.string().min(1),
  answerHtml: z.string(),
});

/**
 * An event's date: a day alone ('2026-12-27', ISO 8601 and schema.org's Date), or a day and time of
 * day in the city's time zone with its offset ('2026-12-27T19:00:00-04:00', schema.org's DateTime).
 * The wall clock is the city's, so the day and time read straight from the text; the sync makes it
 * (eventDate, scripts/sync/normalise/values.ts).
 */
export const EventDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2})?$/);

/** Provider status as the visitor sees it: a Portuguese label and a colour, never the raw code. */
const ItemStatusSchema = z.object({
  /** Raw upstream value, e.g. 'active' (for the sync's report, never shown). */
  value: z.string(),
  /** 'Ativo', 'Publicado', 'Inativo', 'Cadastro pendente', 'Cadastro em análise' or 'Cadastro não publicado'. */
  label: z.string(),
  /** Colour of the chip. */
  tone: z.enum(['success', 'error', 'warning']),
});
export type ItemStatus = z.infer<typeof ItemStatusSchema>;

/** The 'Informações adicionais' block; each entry is sanitised HTML or null. */
export const ItemInfoSchema = z.object({
  howToGetThere: z.string().nullable(),
  howToVisit: z.string().nullable(),
  operation: z.string().nullable(),
  trackLevel: z.string().nullable(),
  generalInfo: z.string().nullable(),
});

/**
 * One tour, accommodation, restaurant, event or provider, normalised from the provider's record.
 * A card shows a subset of these fields; the rest feed detail pages.
 * Fields ending in `Html` hold sanitised HTML; every other string is plain text.
 */
/** One named attribute of an item, as the upstream names it. */
const ItemAttributeSchema = z.object({
  /** The attribute's name, e.g. 'Idiomas', 'Veículos', 'Programação'. */
  name: z.string().min(1),
  /** Its entries, de-duplicated, never empty. */
  items: z.array(z.string().min(1)).min(1),
});

export const ItemSchema = z.object({
  /** Upstream id, as a string that is a page address (`/tour/{id}`): letters, digits, `-`, `_`. */
  id: RouteIdSchema,
  /** Which collection this item belongs to. */
  kind: ItemKindSchema,
  /** Title (or name) as the upstream gave it: a record without one is left out by the sync. */
  title: z.string().min(1),
  /** Upstream slug, or one derived from the title; used for the booking link. */
  slug: z.string().min(1),
  /** Location as one line of text; empty when unknown ('Local não informado'). */
  location: z.string(),
  /** The city part of the location, for the locality filter; empty when unknown. */
  locality: z.string(),
  /** Rating on 0–5 as the upstream gave it; null when it gave none (no rating is shown). */
  rating: z.number().nullable(),
  /** Duration text as the upstream gave it; '' when it gave none. */
  duration: z.string(),
  /** Price as shown, e.g. 'R$ 150,00'; null when the upstream gave no amount (see isFree). */
  price: z.string().nullable(),
  /** Numeric price in reais, for the price filter; null when the upstream gave no amount. */
  priceValue: z.number().nullable(),
  /** True only when the upstream's price says so ('Gratuito', 'Grátis', 'Entrada franca'). */
  isFree: z.boolean(),
  /** Sale price as shown, or null. */
  salePrice: z.string().nullable(),
  /** Numeric sale price in reais (the number behind salePrice), or null when there is none. */
  salePriceValue: z.number().nullable(),
  /** Rounded discount percent, only when the sale price is lower than the price. */
  discountPercent: z.number().nullable(),
  /** Main image URL, or null (placeholder). */
  image: z.string().nullable(),
  /** Banner image for provider heroes, or null. */
  banner: z.string().nullable(),
  /** How many people the offer is for, as the upstream gave it; null when it gave none. */
  people: z.number().nullable(),
  /**
   * When an event starts, when the upstream gave it (EventDateSchema): its day ('2026-12-27') when no
   * time was given, its day and time in the city with the offset ('2026-12-27T19:00:00-04:00') when
   * one was; null otherwise, and the event reads 'Data a confirmar' (src/lib/facts.ts).
   */
  startDate: EventDateSchema.nullable(),
  /** When an event ends, in the same shape, only when the upstream gave an end after its start; null otherwise. */
  endDate: EventDateSchema.nullable(),
  /** Photos with both sizes. */
  gallery: z.array(GalleryImageSchema),
  /** Provider data, or null when the record has none. */
  provider: ItemProviderSchema.nullable(),
  /** Keywords without a name of their own (the upstream's tags, terms and unnamed attributes), de-duplicated: 'Características'. */
  tags: z.array(z.string()),
  /** Amenities (accommodation). */
  amenities: z.array(z.string()),
  /** Sanitised description HTML (content or description). */
  descriptionHtml: z.string(),
  /** Plain-text description cut to 120 characters plus '...', for cards. */
  excerpt: z.string(),
  /** Featured on home carousels. */
  isFeatured: z.boolean(),
  /** Cuisine (restaurants). */
  cuisine: z.string().nullable(),
  /** Direct phone of the item (restaurants), else null. */
  phone: z.string().nullable(),
  /** Best number for WhatsApp/tel: the item's, the commercial one, or the provider's; null if none. */
  contactPhone: z.string().nullable(),
  /** Contact e-mail, or null. */
  email: z.string().nullable(),
  /** Experience names the item offers (from `experiences` or the upstream typo `expriences`). */
  experiences: z.array(z.string()),
  /** Provider status chip, or null when the record has no status. */
  status: ItemStatusSchema.nullable(),
  /** Listed (lists, home, search, related items) and offered for contact: false for a provider whose status is not active or published. */
  isListed: z.boolean(),
  /** Social links of the item itself. */
  social: SocialLinksSchema,
  /** Cadastur registration number, exactly as the upstream gave it. */
  cadastur: z.string().nullable(),
  cnpj: z.string().nullable(),
  businessName: z.string().nullable(),
  category: z.string().nullable(),
  /** Video URL (http/https only). */
  video: visitorLinkSchema(),
  howItWorksHtml: z.string().nullable(),
  essentialInformationHtml: z.string().nullable(),
  insuranceInfoHtml: z.string().nullable(),
  includeHtml: z.string().nullable(),
  excludeHtml: z.string().nullable(),
  info: ItemInfoSchema,
  faq: z.array(FaqEntrySchema),
  policiesHtml: z.string().nullable(),
  scheduleHtml: z.string().nullable(),
  capacityHtml: z.string().nullable(),
  pricingHtml: z.string().nullable(),
  locationDetailsHtml: z.string().nullable(),
  accessibilityHtml: z.string().nullable(),
  requirementsHtml: z.string().nullable(),
  cancellationHtml: z.string().nullable(),
  /** The upstream's named attributes, each shown under its own name ('Idiomas': Português, Espanhol); none in a snapshot written before they were kept. */
  attributes: z.array(ItemAttributeSchema).default([]),
});
export type Item = z.infer<typeof ItemSchema>;
