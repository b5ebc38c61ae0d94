/**
 * What every item detail page passes to its layout: path, breadcrumb trail, 'Voltar' target,
 * share image, meta description and JSON-LD. One call per page keeps the nine pages thin; the
 * page passes the city, so this module reads no collection and is tested on its own.
 */
import { ENTITIES, experiencePath, itemPath } from '../entities.ts';
import { listingNotice } from '../facts.ts';
import { PLACEHOLDERS } from '../images.ts';
import { breadcrumbLd, experienceLd, faqLd, itemLd } from '../json-ld.ts';
import type { City, Experience, Item } from '../schemas/index.ts';
import { experienceSearchRecord, itemSearchRecord, type SearchRecord } from '../search/search.ts';
import { canonicalUrl } from '../seo.ts';
import { BUILT_AT } from '../site.ts';
import { placeLabel } from '../text.ts';
import { heroImage } from './detail-data.ts';

/** Where the experiences live: the home's experience grid. */
const EXPERIENCES_LIST = { name: 'Experiências', path: '/#experiencias' } as const;

type Trail = [name: string, path: string][];

export interface DetailPageData {
  path: string;
  trail: Trail;
  backHref: string;
  /** Site path or URL of the hero image (placeholder when none). */
  image: string;
  /** Share image (Open Graph, JSON-LD): the item's own image, else the hero. */
  shareImage: string;
  /** Meta description: the item's excerpt, or a sentence naming the item and the city. */
  description: string;
  jsonLd: object[];
  /** Filters and meta of the page in the site search. */
  search: SearchRecord;
  /**
   * Why the item is not listed ('Cadastro em análise: …'), or null: such a page shows the notice
   * instead of its contacts and price, and is kept out of the site search and search engines.
   */
  notice: string | null;
}

/** Layout data of an item's page; `prefer` picks the hero (restaurants: first photo; providers: banner). */
export function itemPageData(
  item: Item,
  city: City,
  prefer: 'banner' | 'image' | 'gallery' = 'image',
  now: Date = BUILT_AT,
): DetailPageData {
  const path = itemPath(item.kind, item.id);
  const trail: Trail = [
    ['Início', '/'],
    [ENTITIES[item.kind].listName, ENTITIES[item.kind].listPath],
    [item.title, path],
  ];
  const image = heroImage(item, prefer);
  const shareImage = item.image ?? image;
  const context = { url: canonicalUrl(path), image: shareImage, city, now };
  return {
    path,
    trail,
    backHref: ENTITIES[item.kind].listPath,
    image,
    shareImage,
    description: item.excerpt || `${item.title} – ${ENTITIES[item.kind].singular} em ${placeLabel(city)}.`,
    jsonLd: [itemLd(item, context), breadcrumbLd(trail), ...(item.faq.length > 0 ? [faqLd(item.faq)] : [])],
    search: itemSearchRecord(item),
    notice: listingNotice(item),
  };
}

/** Layout data of an experience's page. */
export function experiencePageData(experience: Experience, city: City): DetailPageData {
  const path = experiencePath(experience.id);
  const trail: Trail = [
    ['Início', '/'],
    [EXPERIENCES_LIST.name, EXPERIENCES_LIST.path],
    [experience.title, path],
  ];
  const image = experience.image ?? PLACEHOLDERS.default;
  const context = { url: canonicalUrl(path), image, city };
  return {
    path,
    trail,
    backHref: EXPERIENCES_LIST.path,
    image,
    shareImage: image,
    description: experience.excerpt || `${experience.title} em ${city.name} e região.`,
    jsonLd: [experienceLd(experience, context), breadcrumbLd(trail)],
    search: experienceSearchRecord(experience),
    notice: null,
  };
}
