/**
 * The filtered results of a list or a portal (ListResults.tsx, PortalResults.tsx), one model for both:
 * a state of the address asks for some of the whole collection's cards; the index
 * (src/lib/static-cards.ts) says which and where they are, the static pages that hold them are fetched
 * (each once), and their cards, as served, are what the island draws. A state that asks for nothing
 * (the page as served) draws the page's own markup. An answer that comes for a state the visitor has
 * left is dropped; a failed one can be tried again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CardSource, IndexEntry, StaticCard } from '../lib/static-cards.ts';

/** What a state asks of the index. */
interface ResultsRequest<E, V extends { ids: readonly string[] }> {
  /** Tells one state from another (its query). */
  key: string;
  /** The view of the state over the index: the ids of the cards to draw, in order, and what else it says (the count…). */
  select: (entries: readonly E[], hasCard: (id: string) => boolean) => V;
}

/** Results drawn: for which state, its view and its cards. */
interface ShownResults<V> {
  key: string;
  view: V;
  cards: StaticCard[];
}

interface StaticResults<V> {
  /** The last results drawn: the current state's, or the previous one's while the current one is on its way; null before any. */
  shown: ShownResults<V> | null;
  /** What the current state waits for: the index, or the cards of static pages; null when nothing. */
  waiting: 'index' | 'cards' | null;
  /** The state whose index or cards could not be fetched. */
  failedKey: string | null;
  /** Fetches the current state again. */
  retry: () => void;
}

type State<V> = Omit<StaticResults<V>, 'retry'>;

const NOTHING = { shown: null, waiting: null, failedKey: null };

export function useStaticResults<E extends IndexEntry, V extends { ids: readonly string[] }>(
  source: CardSource<E>,
  request: ResultsRequest<E, V> | null,
): StaticResults<V> {
  const [state, setState] = useState<State<V>>(NOTHING);
  const [attempt, setAttempt] = useState(0);
  // The request of this render; the effect runs again only when its key does.
  const requestRef = useRef(request);
  requestRef.current = request;
  const key = request?.key ?? null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `attempt` say when the request is another (requestRef holds it).
  useEffect(() => {
    const current = requestRef.current;
    if (!current) {
      setState(NOTHING);
      return;
    }
    let isCurrent = true;
    const wait = (waiting: State<V>['waiting']) => {
      if (isCurrent) setState((previous) => ({ ...previous, waiting, failedKey: null }));
    };
    const show = async () => {
      if (!source.hasEntries()) wait('index');
      const entries = await source.entries();
      if (!isCurrent) return;
      const view = current.select(entries, source.cards.has);
      const pageOf = new Map(entries.map((entry) => [entry.id, entry.page]));
      const pages = [...new Set(view.ids.filter((id) => !source.cards.has(id)).flatMap((id) => pageOf.get(id) ?? []))];
      if (pages.length > 0) {
        wait('cards');
        await source.cards.load(pages);
        if (!isCurrent) return;
      }
      const cards = view.ids.flatMap((id) => source.cards.get(id) ?? []);
      setState({ shown: { key: current.key, view, cards }, waiting: null, failedKey: null });
    };
    show().catch(() => {
      if (isCurrent) setState((previous) => ({ ...previous, waiting: null, failedKey: current.key }));
    });
    return () => {
      isCurrent = false;
    };
  }, [key, attempt, source]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...state, retry };
}
