import { z } from 'astro/zod';
import { escapeHtml, slugify, truncate } from '../../../src/lib/format.ts';
import type { Experience } from '../../../src/lib/schemas/index.ts';
import type { RecordContext } from './context.ts';
import { checkedField, firstText, html, LenientHtml, LenientText, lenient, RawId } from './fields.ts';
import { htmlToText } from './html.ts';
import { imageUrl, plainEmail, plausiblePhone } from './values.ts';

/** An experience record; the list gives only name and image, details add the rest. */
export const RawExperienceSchema = z
  .looseObject({
    id: RawId.optional(),
    name: LenientText,
    title: LenientText,
    subtitle: LenientText,
    description: LenientHtml,
    image: lenient(z.union([z.string(), z.looseObject({ url: z.string() }).transform((image) => image.url)])),
    provider: lenient(z.looseObject({ name: LenientText, email: LenientText, phone: LenientText })),
  })
  .refine((raw) => raw.id !== undefined || (raw.name ?? raw.title) !== undefined, {
    message: 'no id and no name',
    path: ['id'],
  });
type RawExperience = z.output<typeof RawExperienceSchema>;

const PREFIX = /^experi[êe]ncias?\s+(?:de|em|no|na|nos|nas|do|da)\s+/i;

/** 'Experiência de Pesca Esportiva' → 'Pesca Esportiva'. */
export function experienceCategory(name: string): string {
  const category = name.replace(PREFIX, '').trim();
  return category ? category.charAt(0).toUpperCase() + category.slice(1) : name;
}

/** The experience as the site shows it; ids are derived from the name when the upstream has none. */
export function toExperience(raw: RawExperience, city: string, context: RecordContext): Experience {
  const title = (raw.name ?? raw.title) as string | undefined;
  const name = title ?? `Experiência ${raw.id}`;
  const category = experienceCategory(name);
  const descriptionHtml = html(raw.description, context) ?? `<p>${escapeHtml(`Descubra ${category} em ${city} e região`)}</p>`;
  const provider = raw.provider
    ? {
        name: firstText(raw.provider.name),
        email: checkedField(raw.provider.email, { label: 'provider.email', kind: 'email' }, plainEmail, context),
        phone: checkedField(raw.provider.phone, { label: 'provider.phone', kind: 'phone' }, plausiblePhone, context),
      }
    : null;
  return {
    // Without an upstream id, the name's slug: cut to a page address's 64 characters.
    id: raw.id ?? slugify(name).slice(0, 64).replace(/-+$/, ''),
    title: name,
    category,
    subtitle: firstText(raw.subtitle),
    descriptionHtml,
    excerpt: truncate(htmlToText(descriptionHtml), 100),
    image: raw.image ? imageUrl(raw.image, context.baseUrl) : null,
    provider: provider && Object.values(provider).some(Boolean) ? provider : null,
  };
}
