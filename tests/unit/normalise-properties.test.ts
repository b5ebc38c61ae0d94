/**
 * Property-based tests of the data boundary (fast-check): arbitrary and adversarial records, fed
 * through the normaliser of every collection of the sync, never throw, and every entry they
 * publish fits its schema, has a page address for an id, stays within the page-size bound, links
 * only where a visitor may go, and puts no query (extra recipients) in a mailto: link.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnotherCityError, COLLECTIONS, type CollectionSpec } from '../../scripts/sync/collections.ts';
import { readSyncConfig } from '../../scripts/sync/config.ts';
import { estimatedPageBytes, LIMITS } from '../../scripts/sync/normalise/bounds.ts';
import type { NormaliseOptions } from '../../scripts/sync/normalise/records.ts';
import { DEFAULT_PAGE_SIZE_LIMITS } from '../../scripts/verify/sizes.ts';
import { isRouteSafeId } from '../../src/lib/route-id.ts';

const config = readSyncConfig({});
const NOW = new Date('2026-11-22T12:00:00Z');
const SOURCES: NormaliseOptions[] = [
  { baseUrl: null, now: NOW },
  { baseUrl: 'https://provider.example.org/api/v1', now: NOW },
];

/** What real upstreams have been seen to send, and what an attacker would. */
const ADVERSARIAL_STRINGS = [
  '',
  ' ',
  '\u200b\u202e\u2066',
  '\u0000\u0007',
  '../../etc/passwd',
  'a/b',
  'x?y#z',
  'index',
  'page',
  'com espaço',
  'a'.repeat(300),
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '//evil.example/x.jpg',
  '/wp-content/uploads/2026/11/foto.jpg',
  'leia-mais',
  'http://169.254.169.254/latest/meta-data/',
  'contato@x.com?bcc=someone@else.com',
  'mailto:a@b.com?cc=c@d.com',
  'a@b.com\nBcc: c@d.com',
  '<a href="mailto:a@b.com?bcc=c@d.com">e-mail</a>',
  '<a href="#fn-1">1</a><li id="fn-1">nota</li><a href="#nada">x</a>',
  '<p>Texto<sup><a href="/2026/11/outro-post/">1</a></sup></p><img src="/wp-content/uploads/x.jpg">',
  `${'<div>'.repeat(3000)}fundo${'</div>'.repeat(3000)}`,
  '<a "'.repeat(2000),
  '<img src=x onerror=alert(1)><script>alert(1)</script>',
  '-5',
  'R$ -5',
  '1e309',
  'R$ 1.234,56',
  '2026-02-30',
  '9999-01-01T00:00:00',
  '2026-11-01T10:00:00',
  '11',
  '(65) 99999-0000',
  'www.pousada.com.br',
  '{"rendered":"x"}',
];

const text = fc.oneof(
  fc.constantFrom(...ADVERSARIAL_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -1, 0, 5, 11, 1e300));
const scalar = fc.oneof(text, number, fc.boolean(), fc.constant(null));
/** Any JSON value, nested a little; lists of the same value stand for huge galleries cheaply. */
const value: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom('large', 'thumb', 'name', 'url', 'rendered', 'id', 'items'), tie('value'), { maxKeys: 3 }),
    fc.tuple(scalar, fc.integer({ min: 41, max: 2000 })).map(([item, count]) => Array(count).fill(item)),
  ),
})).value;

/** Every field name any raw schema reads, so records hit the real parsing paths. */
const FIELDS = [
  'title',
  'name',
  'slug',
  'location',
  'rating',
  'duration',
  'duration_description',
  'price',
  'sale_price',
  'image',
  'banner',
  'people',
  'gallery',
  'images',
  'provider',
  'attributes',
  'terms',
  'tags',
  'amenities',
  'content',
  'description',
  'is_featured',
  'phone',
  'phone_number',
  'commercial_phone_number',
  'email',
  'website',
  'video',
  'social',
  'social_media',
  'experiences',
  'expriences',
  'faq',
  'info',
  'status',
  'tourist_support_agency',
  'state',
  'user',
  'tour',
  'created_at',
  'date',
  'date_gmt',
  'excerpt',
  'link',
  '_embedded',
  'yoast_head_json',
  'duration_ms',
  'release_date',
  'external_urls',
  'audio_preview_url',
] as const;

const id = fc.oneof(
  fc.constantFrom('101', 'abc-1', 'A_b'),
  fc.integer({ min: -10, max: 100_000 }),
  text,
  number,
  fc.constant(undefined),
);
const record = fc
  .oneof(
    { weight: 9, arbitrary: fc.tuple(id, fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 12 })) },
    { weight: 1, arbitrary: fc.tuple(id, fc.constant({})) },
  )
  .map(([recordId, fields]) => (recordId === undefined ? fields : { ...fields, id: recordId }));
const records = fc.array(fc.oneof({ weight: 19, arbitrary: record }, { weight: 1, arbitrary: value }), { maxLength: 6 });

/** A mailto: link with a query (`?bcc=`: every visitor's message copied to someone else). */
const MAILTO_QUERY = /^mailto:[^?&]*[?&]/i;
/** Fields that hold sanitised HTML: `…Html` and the 'Informações adicionais' entries. */
const isHtmlField = (key: string) =>
  key.endsWith('Html') || ['howToGetThere', 'howToVisit', 'operation', 'trackLevel', 'generalInfo'].includes(key);
/** The URL attributes of the entry's HTML. */
const URL_ATTRIBUTES = /\s(?:href|src|cite)="([^"]*)"/g;
/** Fields that hold one URL. */
const URL_FIELDS = new Set([
  'image',
  'banner',
  'large',
  'thumb',
  'avatar',
  'imageUrl',
  'website',
  'site',
  'video',
  'link',
  'spotifyUrl',
  'audioPreviewUrl',
  'instagram',
  'facebook',
  'youtube',
  'tiktok',
  'linkedin',
  'whatsapp',
]);

/** Every string of a value with the key it sits under. */
function strings(value: unknown, key = ''): [string, string][] {
  if (typeof value === 'string') return [[key, value]];
  if (Array.isArray(value)) return value.flatMap((item) => strings(item, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([name, item]) => strings(item, name));
  return [];
}

function checkEntries(spec: CollectionSpec, entries: { id: string }[], options: NormaliseOptions): void {
  for (const entry of entries) {
    expect(spec.schema.safeParse(entry).success, `${spec.name} ${entry.id} fits its schema`).toBe(true);
    if (spec.name !== 'city') expect(isRouteSafeId(entry.id), `${spec.name} id ${JSON.stringify(entry.id)}`).toBe(true);
    expect(estimatedPageBytes(entry)).toBeLessThanOrEqual(DEFAULT_PAGE_SIZE_LIMITS.recordPage);
    const gallery = (entry as { gallery?: unknown[] }).gallery;
    if (gallery) expect(gallery.length).toBeLessThanOrEqual(LIMITS.galleryPhotos);
    // A link or an image goes to another site (http/s), to the visitor's mail or phone app, to an
    // anchor of the same field, or (sample data only) to a file of ours.
    const isAllowed = (url: string) =>
      (/^(?:https?:\/\/|mailto:|tel:|#uc-)/i.test(url) && !MAILTO_QUERY.test(url)) ||
      url.startsWith('/images/') ||
      (options.baseUrl === null && /^\/(?!\/)/.test(url));
    for (const [key, value] of strings(entry)) {
      if (URL_FIELDS.has(key)) expect(isAllowed(value), `${spec.name} ${key} ${value}`).toBe(true);
      if (!isHtmlField(key)) continue;
      for (const [, url = ''] of value.matchAll(URL_ATTRIBUTES)) {
        expect(isAllowed(url.replaceAll('&amp;', '&')), `${spec.name} links to ${url}`).toBe(true);
      }
    }
  }
}

describe.each(COLLECTIONS.map((spec) => [spec.name, spec] as const))('%s: any records', (_name, spec) => {
  it.each(SOURCES.map((options) => [options.baseUrl ?? 'sample data', options] as const))(
    'never throw; every entry published is valid, addressable, bounded and safe (%s)',
    async (_source, options) => {
      await fc.assert(
        fc.asyncProperty(records, async (input) => {
          let result: Awaited<ReturnType<typeof spec.normalise>>;
          try {
            result = await spec.normalise(input, config, options);
          } catch (error) {
            // The one refusal of a whole collection: a city lookup that answered another city.
            if (error instanceof AnotherCityError) return;
            throw error;
          }
          const { entries, dropped, repaired } = result;
          expect(entries.length + dropped.length).toBeLessThanOrEqual(input.length);
          for (const note of [...dropped, ...repaired]) expect(typeof note.reason).toBe('string');
          checkEntries(spec, entries, options);
        }),
        { numRuns: 150 },
      );
    },
  );
});
