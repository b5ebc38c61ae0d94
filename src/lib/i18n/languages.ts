/**
 * The languages of the portal: Portuguese, its own, and the languages of the visitor's guide's
 * translations (docs/editores.md, "O guia do visitante"). Only the guide and a home page per language
 * are translated; every other page is in Portuguese. No imports: the snapshot's schema, the sync and
 * the pages share it.
 */

/** Every language a page of the portal may be in, as `<html lang>` and `hreflang` write it. */
export const LANGUAGE_CODES = ['pt-BR', 'es', 'en'] as const;
export type Language = (typeof LANGUAGE_CODES)[number];

/** The portal's own language: every page but the translated guide and the languages' home pages. */
export const DEFAULT_LANGUAGE: Language = 'pt-BR';

/** The languages the guide is translated into: the slug of the guide's child page that holds each version. */
export const TRANSLATED_LANGUAGES = ['es', 'en'] as const satisfies readonly Language[];
type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

/** Whether `value` is one of the translated languages ('es', 'en'). */
export const isTranslatedLanguage = (value: string): value is TranslatedLanguage =>
  (TRANSLATED_LANGUAGES as readonly string[]).includes(value);

/** A language as a visitor picks it, in its own words, and as Open Graph names its locale. */
export const LANGUAGE_NAMES: Readonly<Record<Language, { name: string; short: string; ogLocale: string }>> = {
  'pt-BR': { name: 'Português', short: 'PT', ogLocale: 'pt_BR' },
  es: { name: 'Español', short: 'ES', ogLocale: 'es_ES' },
  en: { name: 'English', short: 'EN', ogLocale: 'en_US' },
};

/** Where a language's pages live: '' for Portuguese (the whole site), '/es' and '/en' for the translations. */
const languagePrefix = (lang: Language): string => (lang === DEFAULT_LANGUAGE ? '' : `/${lang}`);

/** A language's home page: '/' for Portuguese, '/es' and '/en' for the translations. */
export const languageHome = (lang: Language): string => languagePrefix(lang) || '/';

/** The guide's address in a language: '/guia', '/es/guia', '/en/guia'. */
export const guidePath = (lang: Language): string => `${languagePrefix(lang)}/guia`;
