/**
 * The pagination of a filtered portal: the entries of the static Pagination.astro (paginationEntries),
 * with its classes. Each control is a real link to the filtered URL; a plain click stays on the page.
 */
import type { MouseEvent } from 'react';
import { paginationEntries } from '../lib/portal/portal.ts';

interface Props {
  current: number;
  total: number;
  href: (page: number) => string;
  onPage: (page: number) => void;
}

export default function PortalPagination({ current, total, href, onPage }: Props) {
  if (total < 2) return null;
  const go = (page: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onPage(page);
  };
  return (
    <nav className="pagination" aria-label="Paginação">
      <ul>
        {paginationEntries(current, total).map((entry, index) =>
          entry === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place.
            <li key={`gap-${index}`} className="page-gap" aria-hidden="true">
              …
            </li>
          ) : 'number' in entry ? (
            <li key={entry.number}>
              <a
                className={`page-link number${entry.isCurrent ? ' current' : ''}`}
                href={href(entry.number)}
                aria-current={entry.isCurrent ? 'page' : undefined}
                onClick={go(entry.number)}
              >
                <span className="visually-hidden">Página </span>
                {entry.number}
              </a>
            </li>
          ) : (
            <li key={entry.label}>
              {entry.isDisabled ? (
                <span className="page-link" aria-disabled="true">
                  {entry.label}
                </span>
              ) : (
                <a className="page-link" href={href(entry.page)} onClick={go(entry.page)}>
                  {entry.label}
                </a>
              )}
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
