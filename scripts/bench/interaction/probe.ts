/**
 * The bench's probe in the page: it keeps the page's Event Timing entries and the bench's marks, and
 * watches a first touch until the frame that shows its result.
 */
import type { ActionMark, EventEntry, Widget } from './figures.ts';

/** A first touch as the probe saw it, at the page's clock (null until it happened). */
interface Watched {
  firstTouchAt: number | null;
  tapAt: number | null;
  openAt: number | null;
  shownAt: number | null;
  isRuntimeAhead: boolean;
}

/** What the page's probe holds: its Event Timing entries and marks, and a first touch being watched. */
interface Probe {
  mark(label: string): void;
  readEntries(): { entries: EventEntry[]; marks: ActionMark[]; count: number };
  watch(widget: Widget, tapSelector: string): void;
  watched(): Watched;
}

declare global {
  interface Window {
    interactionBench: Probe;
  }
}

/**
 * Installed before any script of each page (addInitScript, with the observer's `durationThreshold`): it
 * must hold everything it uses, as Playwright sends its source alone. The Event Timing observer is
 * buffered, so nothing before it is lost.
 */
export function installProbe(durationThreshold: number): void {
  const entries: EventEntry[] = [];
  const marks: ActionMark[] = [];
  const keep = (list: PerformanceEntryList) => {
    for (const entry of list as (PerformanceEntry & { interactionId?: number })[]) {
      if (entry.interactionId)
        entries.push({
          interactionId: entry.interactionId,
          name: entry.name,
          startTime: entry.startTime,
          duration: entry.duration,
        });
    }
  };
  const observer = new PerformanceObserver((list) => keep(list.getEntries()));
  observer.observe({ type: 'event', buffered: true, durationThreshold } as PerformanceObserverInit);
  const unwatched = (): Watched => ({ firstTouchAt: null, tapAt: null, openAt: null, shownAt: null, isRuntimeAhead: false });
  let state = unwatched();
  const isRuntimeRequested = () => {
    const url = document.querySelector('astro-island[renderer-url]')?.getAttribute('renderer-url');
    const href = url && new URL(url, window.location.href).href;
    return Boolean(href && document.querySelector(`link[rel="modulepreload"][href="${href}"]`));
  };
  window.interactionBench = {
    mark: (label) => {
      marks.push({ label, at: performance.now() });
    },
    readEntries: () => {
      keep(observer.takeRecords());
      return { entries, marks, count: (performance as Performance & { interactionCount?: number }).interactionCount ?? 0 };
    },
    watch: (widget, tapSelector) => {
      const search = window.location.search;
      state = unwatched();
      // The event's own time stamp: when the touch came in, before any task it waited for.
      const onTouch = (event: Event) => {
        if (state.firstTouchAt === null) {
          state.firstTouchAt = event.timeStamp;
          state.isRuntimeAhead = isRuntimeRequested();
        }
        if (state.tapAt === null && (event.target as Element | null)?.closest?.(tapSelector)) state.tapAt = event.timeStamp;
      };
      window.addEventListener('pointerdown', onTouch, { capture: true, passive: true });
      // A frame's callbacks run before it is painted: what they see is what that frame shows.
      const check = () => {
        const now = performance.now();
        if (state.tapAt !== null) {
          if (widget === 'list filter') {
            const results = document.querySelector('.results[data-list-kind]');
            // The served cards sit in the island's slot; the filtered ones are its own grid.
            const isDrawn =
              window.location.search !== search &&
              results?.getAttribute('aria-busy') !== 'true' &&
              results?.querySelector(':scope > [data-list-grid]');
            if (isDrawn) state.shownAt = now;
          } else {
            const dialog = document.querySelector('dialog[open]');
            if (dialog && state.openAt === null) state.openAt = now;
            const photo = dialog?.querySelector('img');
            if (photo?.complete && photo.naturalWidth > 0) state.shownAt = now;
          }
        }
        if (state.shownAt === null) requestAnimationFrame(check);
        else window.removeEventListener('pointerdown', onTouch, { capture: true });
      };
      requestAnimationFrame(check);
    },
    watched: () => state,
  };
}
