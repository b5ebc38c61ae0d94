/**
 * The results of a news or testimonials portal (docs/product.md): unfiltered, the static page as Astro
 * rendered it (its children: the large card, the grid, the pagination); filtered (`$portalQuery`, the
 * search and chips of PortalSearch.tsx), 12 results a page with their pagination, the polite status
 * line ('3 notícias encontradas – página 1 de 2'), the empty state with 'Limpar Filtros' and the load
 * error with 'Tentar novamente'. Hydrated with the search (client:reach, one group).
 *
 * It renders no card of its own: it shows the static pages' cards (NewsCard.astro,
 * TestimonialCard.astro) from the index and the pages that hold them (src/lib/static-cards.ts,
 * useStaticResults, as a list's results do), the first of page 1 as the large card (sizedCard). Their
 * hearts and share buttons are the page's delegated enhancers', told by CARDS_ADDED_EVENT.
 */
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { sizedCard } from '../lib/portal/lead-card.ts';
import {
  isDefaultQuery,
  newsSearchable,
  type PortalView,
  pagePath,
  portalSearch,
  portalStatus,
  portalView,
  type Searchable,
  testimonialSearchable,
} from '../lib/portal/portal.ts';
import { type CardSelector, cardSource, cardsIn, elementProps, type IndexEntry, type StaticCard } from '../lib/static-cards.ts';
import { clearPortal, type PortalConfig, showPortal } from '../stores/portal.ts';
import { CARDS_ADDED_EVENT } from './browser.ts';
import Pagination from './Pagination.tsx';
import ResultsMessage from './ResultsMessage.tsx';
import { usePortalQuery } from './use-portal-query.ts';
import { useStaticResults } from './use-static-results.ts';
import '../styles/portals.css';

/** What the search reads of each portal's index entries (src/lib/portal/index-entries.ts). */
const READERS = { news: newsSearchable, testimonials: testimonialSearchable } as const;

/** A portal page's cards: the articles of its static results, by their id. */
const PORTAL_CARDS: CardSelector = {
  selector: '[data-portal-static] article[data-id]',
  idOf: (card) => card.getAttribute('data-id') ?? '',
};

const isIndexEntry = (entry: unknown): entry is IndexEntry =>
  typeof (entry as Partial<IndexEntry> | null)?.id === 'string' && Number.isInteger((entry as IndexEntry).page);

/** A card drawn again as its page serves it, at the size it is shown. */
function Card({ card, isLead }: { card: StaticCard; isLead: boolean }) {
  const { attributes, html } = sizedCard(card, isLead);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the card as this site's own static page serves it (NewsCard.astro, TestimonialCard.astro).
  return <article {...elementProps(attributes)} dangerouslySetInnerHTML={{ __html: html }} />;
}

interface Props {
  /** Which portal: what its search reads. */
  name: keyof typeof READERS;
  config: PortalConfig;
  /** The search box's id (PortalSearch.tsx): 'Limpar Filtros' brings the focus back to it. */
  searchId: string;
  /** The grid's class ('news-grid'), as on the static grid. */
  gridClass: string;
  texts: {
    /** 'Erro ao carregar notícias. Tente novamente.' */
    error: string;
    /** 'Nenhuma notícia encontrada'. */
    empty: string;
    /** What to try when a filter matches nothing ('Tente outra busca ou outra categoria.'). */
    filteredEmptyText: string;
    /** The status line while the index or cards come ('Carregando notícias...'). */
    loading: string;
    /** 'notícia encontrada' / 'notícias encontradas'. */
    found: [string, string];
  };
  /** The static page's results, as Astro rendered them. */
  children?: ReactNode;
}

export default function PortalResults({ name, config, searchId, gridClass, texts, children }: Props) {
  const query = usePortalQuery(config);
  const staticRef = useRef<HTMLDivElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const [source] = useState(() =>
    cardSource<IndexEntry>({
      ...PORTAL_CARDS,
      pagePath: (page) => pagePath(config.base, page),
      index: { url: `${config.base}/index.json`, isEntry: isIndexEntry },
    }),
  );
  // This page's own cards, as served: no page is fetched for them.
  useLayoutEffect(() => {
    if (staticRef.current) source.cards.add(cardsIn(staticRef.current, PORTAL_CARDS));
  }, [source]);

  const read = READERS[name] as unknown as (entry: IndexEntry) => Searchable;
  const request = isDefaultQuery(query)
    ? null
    : {
        key: portalSearch(query, config.chipParam),
        select: (entries: readonly IndexEntry[]) => portalView(entries, query, read),
      };
  const { shown, waiting, failedKey, retry } = useStaticResults<IndexEntry, PortalView>(source, request);
  const hasFailed = request !== null && failedKey === request.key;
  /** The static page stays until the first results are drawn (dimmed while they come). */
  const isStatic = request === null || (!shown && !hasFailed);
  const drawn = isStatic ? 'static' : hasFailed ? 'error' : (shown?.key ?? 'static');

  const isFirstDraw = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new page of cards drawn (its key) is told once.
  useEffect(() => {
    if (isFirstDraw.current) isFirstDraw.current = false;
    else document.dispatchEvent(new Event(CARDS_ADDED_EVENT));
  }, [drawn]);

  // A page chosen in the pagination brings the visitor to its results in the commit that draws them.
  const isFollowing = useRef(false);
  useLayoutEffect(() => {
    if (!isFollowing.current || drawn === 'static') return;
    isFollowing.current = false;
    resultsRef.current?.focus({ preventScroll: true });
    resultsRef.current?.scrollIntoView({ block: 'start' });
  }, [drawn]);

  const status =
    waiting !== null
      ? texts.loading
      : drawn === 'static' || drawn === 'error' || !shown
        ? ''
        : portalStatus(shown.view, texts.found, texts.empty);
  const cards = drawn !== 'static' && drawn !== 'error' && shown ? shown.cards : [];
  const lead = cards.find((card) => card.id === shown?.view.leadId);
  const rest = cards.filter((card) => card !== lead);

  return (
    <>
      <div ref={staticRef} data-portal-static="" hidden={!isStatic} aria-busy={isStatic && waiting !== null ? 'true' : undefined}>
        {children}
      </div>
      <p className="portal-status" role="status">
        {status}
      </p>
      <div ref={resultsRef} className="portal-results" tabIndex={-1} data-portal-results="" hidden={isStatic}>
        {hasFailed ? (
          <ResultsMessage title={texts.error} isError>
            <button type="button" className="btn btn-outline" onClick={retry}>
              Tentar novamente
            </button>
          </ResultsMessage>
        ) : (
          shown?.view.total === 0 && (
            <ResultsMessage title={texts.empty} text={texts.filteredEmptyText}>
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => {
                  clearPortal();
                  document.getElementById(searchId)?.focus();
                }}
              >
                Limpar Filtros
              </button>
            </ResultsMessage>
          )
        )}
        {lead && (
          <div className="portal-lead">
            <Card card={lead} isLead />
          </div>
        )}
        {rest.length > 0 && (
          <ul className={`grid ${gridClass}`}>
            {rest.map((card) => (
              <li key={card.id}>
                <Card card={card} isLead={false} />
              </li>
            ))}
          </ul>
        )}
        {shown && !hasFailed && (
          <Pagination
            current={shown.view.page}
            pages={shown.view.pages}
            href={(page) => `${config.base}${portalSearch({ ...query, page }, config.chipParam)}`}
            onFollow={(page) => {
              isFollowing.current = true;
              showPortal({ ...query, page });
            }}
          />
        )}
      </div>
    </>
  );
}
