/**
 * A list's results (docs/product.md, Lists): its active filters (ActiveFilters.tsx), the count of the
 * whole list ('N resultados') with the sort control beside it (SortControl.tsx), the cards, 'Mostrar
 * mais', the messages and the pagination. It reads `$filters` with the list's other islands
 * (ListSearch.tsx, ListFilters.tsx, ListTitle.tsx), hydrated with them (client:reach, one group).
 *
 * It renders no card of its own. Unfiltered it shows this page's cards as Astro rendered them
 * (ItemCard.astro, its children) with the pagination. A filter or an order covers the whole list: on a
 * list of one page, this page's cards; on a longer one, the cards of the static pages that hold the
 * matches (src/lib/static-cards.ts, useStaticResults), a batch at a time ('Mostrar mais', focus on the
 * first card it brought), drawn again as served, each in a `<li>` keyed by its item. Their hearts and
 * share buttons are the page's delegated enhancers', told by CARDS_ADDED_EVENT.
 */
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { experienceList, type ListOptions } from '../lib/lists/active-filters.ts';
import { type FilterConfig, serialiseFilters } from '../lib/lists/filters.ts';
import { listIndexPath, listPagePath } from '../lib/lists/paging.ts';
import { cardEntry, isListEntry, type ListEntry, listView } from '../lib/lists/results.ts';
import type { SortOption } from '../lib/lists/sort.ts';
import { type CardSelector, cardSource, cardsIn, elementProps, type StaticCard } from '../lib/static-cards.ts';
import { resultCount } from '../lib/text.ts';
import ActiveFilters from './ActiveFilters.tsx';
import { useHydrated } from './address-state.ts';
import { CARDS_ADDED_EVENT } from './browser.ts';
import { useEarlyActions } from './early-reach.ts';
import Pagination from './Pagination.tsx';
import ResultsMessage from './ResultsMessage.tsx';
import SortControl, { applyOrder } from './SortControl.tsx';
import { useFilters } from './use-filters.ts';
import { useStaticResults } from './use-static-results.ts';
import '../styles/lists.css';

/** A list page's cards: each `<li>` of the grid (its filter data: cardDataAttributes), by the id its card shows. */
const LIST_CARDS: CardSelector = {
  selector: '[data-list-grid] > li',
  idOf: (card) => card.querySelector('[data-id]')?.getAttribute('data-id') ?? '',
};

interface Props {
  /** The kind of the list's items (`data-list-kind`). */
  kind: string;
  config: FilterConfig;
  /** What the panel names (ListFilters.tsx): the chips and the no-match message name a value as it does. */
  named: Pick<ListOptions, 'experiences' | 'localities'>;
  /** The sort control's orders, the list's own first; none under two. */
  orders: SortOption[];
  /** The list's path and this page of its static pages. */
  paging: { listPath: string; page: number; pages: number };
  texts: {
    /** The count while the list's index or cards come ('Carregando passeios...'). */
    loading: string;
    /** 'Erro ao carregar passeios.' */
    loadError: string;
    /** 'Nenhum passeio encontrado.' */
    emptyTitle: string;
    /** With `?experience=`: the no-match message, whose `{list}` names the experiences chosen. */
    noMatch?: string;
  };
  /** Items in the whole list. */
  total: number;
  /** This page's cards: the grid as Astro rendered it. */
  children?: ReactNode;
}

export default function ListResults({ kind, config, named, orders, paging, texts, total, children }: Props) {
  const state = useFilters(config);
  const isHydrated = useHydrated();
  const options: ListOptions = { duration: config.duration, price: config.price, ...named };
  const filtersKey = serialiseFilters(state, config);
  const isFiltered = filtersKey !== '';
  const sectionRef = useRef<HTMLElement>(null);
  const gridRef = useRef<HTMLUListElement>(null);
  const retryRef = useRef<HTMLButtonElement>(null);

  // This page's cards, as served: the first cards at hand, and on a list of one page the whole list.
  const ownCards = useRef<StaticCard[]>([]);
  const [source] = useState(() =>
    cardSource<ListEntry>({
      ...LIST_CARDS,
      pagePath: (page) => listPagePath(paging.listPath, page),
      index:
        paging.pages > 1
          ? { url: listIndexPath(paging.listPath), isEntry: isListEntry }
          : { ownEntries: () => ownCards.current.map((card) => cardEntry(card, 1)) },
    }),
  );
  // Before the first effect, while the grid is still the served one.
  useLayoutEffect(() => {
    if (!sectionRef.current) return;
    ownCards.current = cardsIn(sectionRef.current, LIST_CARDS);
    source.cards.add(ownCards.current);
  }, [source]);

  // 'Mostrar mais': how many batches of this state's matches are drawn; a state shown again (Back) starts with one.
  const [more, setMore] = useState({ filtersKey, batches: 1 });
  if (more.filtersKey !== filtersKey) setMore({ filtersKey, batches: 1 });
  const batches = more.filtersKey === filtersKey ? more.batches : 1;
  const request = isFiltered
    ? {
        key: `${filtersKey}#${batches}`,
        select: (entries: readonly ListEntry[], hasCard: (id: string) => boolean) => ({
          ...listView(entries, state, config.duration, batches, hasCard),
          filtersKey,
        }),
      }
    : null;
  const { shown, waiting, failedKey, retry } = useStaticResults(source, request);
  const hasFailed = request !== null && failedKey === request.key;
  /** What is drawn of this very state (fewer batches while 'Mostrar mais' brings more). */
  const current = shown?.view.filtersKey === filtersKey ? shown : null;
  const isLoadingMore = current !== null && current.key !== request?.key;
  /** What the grid holds: this page's own cards (unfiltered, or until the first results come), none (they could not come), or results. */
  const drawn = !isFiltered ? 'own' : hasFailed && !current ? 'nothing' : (shown?.key ?? 'own');

  useEarlyActions(sectionRef, (island) => {
    const form = island.querySelector<HTMLFormElement>('form[data-list-sort]');
    if (form) applyOrder(form, config);
  });

  // Cards put in after the page loaded: their hearts and share buttons are the page's enhancers'.
  const isFirstDraw = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new set of cards drawn (its key) is told once.
  useEffect(() => {
    if (isFirstDraw.current) isFirstDraw.current = false;
    else document.dispatchEvent(new Event(CARDS_ADDED_EVENT));
  }, [drawn]);

  // 'Mostrar mais' hands the keyboard on to the first card it brought, in the commit that draws it (a passive
  // effect may run after the visitor, or a test, has already moved on).
  const focusFrom = useRef<number | null>(null);
  useLayoutEffect(() => {
    const from = focusFrom.current;
    if (from === null || !current || current.cards.length <= from) return;
    focusFrom.current = null;
    gridRef.current?.children[from]?.querySelector<HTMLElement>('.title a')?.focus();
  }, [current]);
  // A batch that could not come: its 'Tentar novamente' takes the place of 'Mostrar mais'.
  const isMoreFailure = hasFailed && current !== null;
  useLayoutEffect(() => {
    if (isMoreFailure) retryRef.current?.focus();
  }, [isMoreFailure]);

  const count =
    waiting !== null
      ? texts.loading
      : drawn === 'nothing'
        ? ''
        : drawn === 'own' || !shown
          ? resultCount(total)
          : resultCount(shown.view.total);
  const isExperienceFiltered = state.experiences.length > 0;

  return (
    <>
      <ActiveFilters state={state} options={options} action={paging.listPath} />
      <section
        ref={sectionRef}
        className="results"
        aria-label="Resultados"
        data-list-kind={kind}
        aria-busy={waiting !== null ? 'true' : undefined}
        data-hydrated={isHydrated ? '' : undefined}
      >
        <div className="bar">
          <p className="count" data-list-count="" aria-live="polite" aria-atomic="true">
            {count}
          </p>
          {orders.length > 1 && <SortControl state={state} config={config} action={paging.listPath} options={orders} />}
        </div>
        {drawn === 'own' ? (
          children
        ) : drawn === 'nothing' || !shown ? null : (
          // biome-ignore lint/a11y/noRedundantRoles: list-style none drops the list semantics in Safari (VoiceOver); the role keeps them.
          <ul ref={gridRef} className="grid" role="list" data-list-grid="" hidden={shown.cards.length === 0}>
            {shown.cards.map((card) => (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the card as this site's own static page serves it (ItemCard.astro).
              <li key={card.id} {...elementProps(card.attributes)} dangerouslySetInnerHTML={{ __html: card.html }} />
            ))}
          </ul>
        )}
        {hasFailed ? (
          <ResultsMessage title={texts.loadError} text="Verifique a sua conexão." isError>
            <button ref={retryRef} type="button" className="btn btn-outline" onClick={retry}>
              Tentar novamente
            </button>
          </ResultsMessage>
        ) : current?.view.total === 0 ? (
          isExperienceFiltered && texts.noMatch ? (
            <ResultsMessage title={texts.noMatch.replace('{list}', () => experienceList(state, named.experiences))} />
          ) : (
            <ResultsMessage title={texts.emptyTitle} text="Nenhum resultado para estes filtros.">
              <a className="btn btn-outline" href={paging.listPath}>
                Limpar filtros
              </a>
            </ResultsMessage>
          )
        ) : null}
        {current?.view.hasMore && !hasFailed && (
          <button
            type="button"
            className="btn btn-outline more"
            aria-disabled={isLoadingMore ? 'true' : undefined}
            onClick={() => {
              if (isLoadingMore) return;
              focusFrom.current = current.cards.length;
              setMore({ filtersKey, batches: batches + 1 });
            }}
          >
            Mostrar mais
          </button>
        )}
      </section>
      {paging.pages > 1 && (
        <div data-list-pagination="" hidden={isFiltered}>
          <Pagination current={paging.page} pages={paging.pages} href={(page) => listPagePath(paging.listPath, page)} />
        </div>
      )}
    </>
  );
}
