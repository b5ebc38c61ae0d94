/**
 * What the news and testimonials portals draw once the visitor filters: the polite status line,
 * the load error with a retry, the empty state with 'Limpar Filtros', the lead card on page 1,
 * the grid and the pagination. The portals differ only in their words and their cards.
 */
import type { ReactNode } from 'react';
import { splitLead } from '../lib/portal/portal.ts';
import { countLabel } from '../lib/text.ts';
import PortalPagination from './PortalPagination.tsx';
import type { usePortal } from './use-portal.ts';

/** The visitor-facing words of one portal, e.g. 'notícia encontrada' / 'notícias encontradas'. */
export interface PortalTexts {
  loading: string;
  singular: string;
  plural: string;
  none: string;
  error: string;
  emptyHint: string;
}

/** The status line: loading, or the count and the page. */
function statusText<T>({ isActive, status, page }: ReturnType<typeof usePortal<T>>, texts: PortalTexts): string {
  if (!isActive) return '';
  if (status === 'loading') return texts.loading;
  if (!page) return '';
  const count = page.total === 0 ? texts.none : countLabel(page.total, texts.singular, texts.plural);
  return page.pages > 1 ? `${count} – página ${page.page} de ${page.pages}` : count;
}

export default function PortalResults<T extends { id: string | number }>({
  portal,
  texts,
  gridClass,
  renderCard,
}: {
  portal: ReturnType<typeof usePortal<T>>;
  texts: PortalTexts;
  gridClass: string;
  renderCard: (entry: T, isLead: boolean) => ReactNode;
}) {
  const { page, status } = portal;
  const { lead, rest } = page ? splitLead(page) : { lead: undefined, rest: [] };
  return (
    <div ref={portal.anchorRef}>
      <p className="portal-status" role="status">
        {statusText(portal, texts)}
      </p>
      {portal.hasResults && (
        <div ref={portal.resultsRef} className="portal-results" tabIndex={-1}>
          {status === 'error' ? (
            <div className="portal-empty error" role="alert">
              <p className="title">{texts.error}</p>
              <button type="button" className="btn btn-outline" onClick={portal.retry}>
                Tentar novamente
              </button>
            </div>
          ) : page && page.total === 0 ? (
            <div className="portal-empty">
              <p className="title">{texts.none}</p>
              <p>{texts.emptyHint}</p>
              <button type="button" className="btn btn-outline" onClick={portal.clear}>
                Limpar Filtros
              </button>
            </div>
          ) : (
            page && (
              <>
                {lead && <div className="portal-lead">{renderCard(lead, true)}</div>}
                {rest.length > 0 && (
                  <ul className={`grid ${gridClass}`}>
                    {rest.map((entry) => (
                      <li key={entry.id}>{renderCard(entry, false)}</li>
                    ))}
                  </ul>
                )}
                <PortalPagination current={page.page} total={page.pages} href={portal.pageHref} onPage={portal.goToPage} />
              </>
            )
          )}
        </div>
      )}
    </div>
  );
}
