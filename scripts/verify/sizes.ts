/**
 * The size gate: a page built from upstream data has a hard size limit, so one oversized record (a
 * 5 MB description, a gallery of 200,000 photos) is refused instead of published to visitors on 3G.
 *
 * Two kinds of page, two limits (raw bytes, both configurable):
 * - a page of one record or one page of a portal or a list (every page in a folder: `tour/101.html`,
 *   `news/page/2.html`, `all-tours/page/2.html`): 1 MB, more than ten times the heaviest such page
 *   of the sample site or of `npm run bench` (PAGE_WEIGHT, scripts/sync/normalise/bounds.ts).
 * - a top-level page (home, the lists' and portals' first pages): 16 MB. The lists are paged
 *   (src/lib/lists/paging.ts), but the home and the filter panels still grow with the data, so this
 *   limit only stops a collection gone wild, not a city that grows.
 */
import { AT_THE_SOURCE, bytesWords, pageName, STAYS_ONLINE } from './editor.ts';
import type { Problem } from './problem.ts';

export interface PageSizeLimits {
  /** Bytes of a page in a folder (one record, or one page of a portal). */
  recordPage: number;
  /** Bytes of a top-level page (home, lists, portals). */
  listPage: number;
}

export const DEFAULT_PAGE_SIZE_LIMITS: PageSizeLimits = { recordPage: 1_000_000, listPage: 16_000_000 };

/** The environment variables and options that set the limits, for the messages. */
const LIMIT_SETTINGS = {
  recordPage: 'VERIFY_MAX_PAGE_BYTES (--max-page-bytes)',
  listPage: 'VERIFY_MAX_LIST_PAGE_BYTES (--max-list-page-bytes)',
} as const;

/** '1500000', '1.5MB', '800 kB' → bytes (decimal units); null when it is not a size. */
export function parseBytes(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(text);
  if (!match?.[1]) return null;
  const unit = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9 }[(match[2] ?? 'b').toLowerCase() as 'b' | 'kb' | 'mb' | 'gb'];
  const bytes = Math.round(Number(match[1]) * unit);
  return bytes > 0 ? bytes : null;
}

/** 1234567 → '1.23 MB', 87000 → '87 kB'. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1e6) return `${Number((bytes / 1e6).toPrecision(3))} MB`;
  if (bytes >= 1e3) return `${Number((bytes / 1e3).toPrecision(3))} kB`;
  return `${bytes} B`;
}

/** One problem per page over its limit, naming the page, its size and the setting that raises it. */
export function checkPageSizes(pages: readonly { file: string; bytes: number }[], limits: PageSizeLimits): Problem[] {
  return pages.flatMap(({ file, bytes }) => {
    const kind = file.includes('/') ? 'recordPage' : 'listPage';
    const limit = limits[kind];
    if (bytes <= limit) return [];
    const what = kind === 'recordPage' ? 'a page of one record' : 'a page that lists a collection';
    const size = `tem ${bytesWords(bytes)}, acima do limite de ${bytesWords(limit)}`;
    return [
      {
        gate: 'sizes' as const,
        message:
          `${file} is ${formatBytes(bytes)}, over the ${formatBytes(limit)} limit for ${what}: some upstream data is far ` +
          `larger than the site expects. Fix it at its source, or raise ${LIMIT_SETTINGS[kind]} if the size is intended.`,
        editor:
          kind === 'recordPage'
            ? `A página ${pageName(file)} ${size} para a página de um item: o texto ou a galeria de fotos desse item é ` +
              `grande demais. Reduza o texto ou a galeria ${AT_THE_SOURCE}. ${STAYS_ONLINE}`
            : `A página ${pageName(file)} ${size} para uma página de lista: os textos ou as galerias dos itens que ela ` +
              `mostra são grandes demais. Reduza os textos ou as galerias maiores ${AT_THE_SOURCE}, ou avise a equipe técnica. ${STAYS_ONLINE}`,
      },
    ];
  });
}
