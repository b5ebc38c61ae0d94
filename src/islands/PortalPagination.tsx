/**
 * The pagination of a filtered portal, drawn by the portal islands with the classes of the static
 * Pagination.astro: 'Primeira', 'Anterior', a window of page numbers, 'Próxima', 'Última'. Each
 * control is a real link to the filtered URL; a plain click stays on the page.
 */
import type { MouseEvent } from 'react';
import { pageWindow } from '../lib/portal/portal.ts';

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
  const control = (label: string, page: number, isDisabled: boolean) => (
    <li key={label}>
      {isDisabled ? (
        <span className="page-link" aria-disabled="true">
          {label}
        </span>
      ) : (
        <a className="page-link" href={href(page)} onClick={go(page)}>
          {label}
        </a>
      )}
    </li>
  );
  return (
    <nav className="pagination" aria-label="Paginação">
      <ul>
        {control('Primeira', 1, current === 1)}
        {control('Anterior', current - 1, current === 1)}
        {pageWindow(current, total).map((page, index) =>
          page === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place.
            <li key={`gap-${index}`} className="page-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              <a
                className={`page-link number${page === current ? ' current' : ''}`}
                href={href(page)}
                aria-current={page === current ? 'page' : undefined}
                onClick={go(page)}
              >
                <span className="visually-hidden">Página </span>
                {page}
              </a>
            </li>
          ),
        )}
        {control('Próxima', current + 1, current === total)}
        {control('Última', total, current === total)}
      </ul>
    </nav>
  );
}
