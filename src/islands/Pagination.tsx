/**
 * The pagination of a list or a portal (docs/product.md): 'Primeira', 'Anterior', a window of page
 * numbers (paginationEntries: a thousand posts make 84 pages), 'Próxima', 'Última'; the controls that
 * lead nowhere are shown disabled. The one rendering of it: Astro draws it without a directive on the
 * static pages (every page a real URL, so it works without JavaScript), and the portals' filtered
 * results (PortalResults.tsx) draw it for pages whose count only the browser knows, following a plain
 * click on a page in place (`onFollow`).
 */
import type { MouseEvent } from 'react';
import { paginationEntries } from '../lib/portal/portal.ts';
import '../styles/pagination.css';
import { isPlainClick } from './browser.ts';

interface Props {
  current: number;
  pages: number;
  /** The address of page `page`. */
  href: (page: number) => string;
  /** Shows page `page` in place of following its link (a plain click only: another opens a tab). */
  onFollow?: (page: number) => void;
}

export default function Pagination({ current, pages, href, onFollow }: Props) {
  if (pages < 2) return null;
  const follow = (page: number) => (event: MouseEvent) => {
    if (!onFollow || !isPlainClick(event.nativeEvent)) return;
    event.preventDefault();
    onFollow(page);
  };
  return (
    <nav className="pagination" aria-label="Paginação">
      <ul>
        {paginationEntries(current, pages).map((entry, index) => {
          if (entry === null)
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no page of its own; its place is its identity.
              <li key={`gap-${index}`} className="page-gap" aria-hidden="true">
                …
              </li>
            );
          if ('number' in entry)
            return (
              <li key={entry.number}>
                <a
                  className={entry.isCurrent ? 'page-link number current' : 'page-link number'}
                  href={href(entry.number)}
                  data-page={entry.number}
                  aria-current={entry.isCurrent ? 'page' : undefined}
                  onClick={follow(entry.number)}
                >
                  <span className="visually-hidden">Página </span>
                  {entry.number}
                </a>
              </li>
            );
          return (
            <li key={entry.label}>
              {entry.isDisabled ? (
                <span className="page-link" aria-disabled="true">
                  {entry.label}
                </span>
              ) : (
                <a className="page-link" href={href(entry.page)} data-page={entry.page} onClick={follow(entry.page)}>
                  {entry.label}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
