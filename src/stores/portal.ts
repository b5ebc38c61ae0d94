/**
 * `$portalQuery`: the state of a news or testimonials portal (its search words, its chip, the page of
 * its filtered results), read from the address's query (`$query`, src/stores/query.ts) as the lists'
 * `$filters` is, so the portal's search, chips and results stay in step, and a filtered portal can be
 * shared, reloaded and stepped through with Back. Changes go through `showPortal`.
 *
 * A filtered state lives at the portal's own path (`/news?q=rio&pagina=2`), whichever of its static
 * pages it was asked from, since its results have their own pages; the unfiltered one is the static
 * page the visitor is on (`/news/page/2`), which shows itself as it was served.
 */
import { atom, computed } from 'nanostores';
import { isDefaultQuery, type PortalQuery, pagePath, parsePortalQuery, portalSearch } from '../lib/portal/portal.ts';
import { $query, setQuery } from './query.ts';

/** What a portal's islands share about it (PortalPage.astro gives it to each). */
export interface PortalConfig {
  /** The portal's path ('/news'): its first static page, and where its filtered states live. */
  base: string;
  /** The query parameter of its chips ('categoria', 'experiencia'). */
  chipParam: string;
  /** The static page this document is (1-based). */
  page: number;
}

const NO_PORTAL: PortalConfig = { base: '', chipParam: '', page: 1 };

/** The portal of this page, set once by initPortal. */
export const $portalConfig = atom<PortalConfig>(NO_PORTAL);

/** The portal's state, as the address says. */
export const $portalQuery = computed([$query, $portalConfig], (query, config) => parsePortalQuery(query, config.chipParam));

/** Sets the portal's configuration; the same again changes nothing, so each island of the page may say it. */
export function initPortal(config: PortalConfig): void {
  if (JSON.stringify(config) !== JSON.stringify($portalConfig.get())) $portalConfig.set(config);
}

/** Shows a state, as a new history entry: a filtered one at the portal's path, the unfiltered one at this static page's. */
export function showPortal(next: PortalQuery): void {
  const { base, chipParam, page } = $portalConfig.get();
  setQuery(portalSearch(next, chipParam), { path: isDefaultQuery(next) ? pagePath(base, page) : base });
}

/** 'Limpar Filtros': the page as it was served. */
export function clearPortal(): void {
  showPortal({ q: '', chip: null, page: 1 });
}
