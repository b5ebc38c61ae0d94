import { z } from 'astro/zod';
import { escapeHtml, slugify, truncate } from '../format.ts';
import { htmlToText } from '../html.ts';
import type { Experience } from '../schemas/index.ts';
import { firstText, LenientHtml, LenientText, lenient, RawId, RawText, safeUrl } from './fields.ts';

/** An experience record; the list gives only name and image, details add the rest. */
export const RawExperienceSchema = z
  .looseObject({
    id: RawId.optional(),
    name: RawText,
    title: RawText,
    subtitle: LenientText,
    description: LenientHtml,
    image: lenient(z.union([z.string(), z.looseObject({ url: z.string() }).transform((image) => image.url)])),
    provider: lenient(z.looseObject({ name: LenientText, email: LenientText, phone: LenientText })),
  })
  .refine((raw) => raw.id !== undefined || (raw.name ?? raw.title) !== undefined, {
    message: 'no id and no name',
    path: ['id'],
  });
export type RawExperience = z.output<typeof RawExperienceSchema>;

const PREFIX = /^experi[êe]ncias?\s+(?:de|em|no|na|nos|nas|do|da)\s+/i;

/** 'Experiência de Pesca Esportiva' → 'Pesca Esportiva'. */
export function experienceCategory(name: string): string {
  const category = name.replace(PREFIX, '').trim();
  return category ? category.charAt(0).toUpperCase() + category.slice(1) : name;
}

/** The experience as the site shows it; ids are derived from the name when the upstream has none. */
export function toExperience(raw: RawExperience, city: string): Experience {
  const title = (raw.name ?? raw.title) as string | undefined;
  const name = title ?? `Experiência ${raw.id}`;
  const category = experienceCategory(name);
  const descriptionHtml = raw.description ?? `<p>${escapeHtml(`Descubra ${category} em ${city} e região`)}</p>`;
  const provider = raw.provider
    ? { name: firstText(raw.provider.name), email: firstText(raw.provider.email), phone: firstText(raw.provider.phone) }
    : null;
  return {
    id: raw.id ?? slugify(name),
    title: name,
    category,
    subtitle: firstText(raw.subtitle),
    descriptionHtml,
    excerpt: truncate(htmlToText(descriptionHtml), 100),
    image: safeUrl(raw.image),
    provider: provider && Object.values(provider).some(Boolean) ? provider : null,
  };
}
