/**
 * The search box and the chips of a news or testimonials portal (docs/product.md): the words on Enter,
 * a chip at a tap, each back to page 1 of the filtered results, in the address (`$portalQuery`,
 * src/stores/portal.ts), which the portal's results (PortalResults.tsx) read too. Hydrated with them
 * (client:reach, one group). The chips are links with their query (`data-chip` is the value, '' for
 * 'Todas'), so a chip opened in a new tab is its filtered portal.
 *
 * Without JavaScript the static page could apply neither, so neither is shown (`js-only`). Should the
 * island never come, the form is a GET form to the portal and the chips are links to its filtered
 * addresses, which the island applies once it runs.
 */
import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { echoText, MAX_ECHO_CHARS } from '../lib/text.ts';
import { $portalQuery, type PortalConfig, showPortal } from '../stores/portal.ts';
import { isPlainClick } from './browser.ts';
import { useEarlyActions } from './early-reach.ts';
import { usePortalQuery } from './use-portal-query.ts';
import '../styles/portals.css';

interface Props {
  config: PortalConfig;
  /** The search box's id: 'Limpar Filtros' brings the focus back to it (PortalResults.tsx). */
  id: string;
  /** Label of the search box. */
  label: string;
  placeholder: string;
  /** Accessible name of the chip list. */
  chipsLabel: string;
  /** The chip that filters nothing ('Todas'), first. */
  allLabel: string;
  chips: { label: string; value: string }[];
  /** The search button's icon, drawn by the page (Icon.astro): the island carries no icon paths. */
  icon?: ReactNode;
}

export default function PortalSearch({ config, id, label, placeholder, chipsLabel, allLabel, chips, icon }: Props) {
  const query = usePortalQuery(config);
  const formRef = useRef<HTMLFormElement>(null);
  // What the visitor typed, until it is sent.
  const [typed, setTyped] = useState<string | null>(null);
  // A state from elsewhere (a chip, 'Limpar Filtros', Back) says the words.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the words typed give way to each new search of the state's.
  useEffect(() => setTyped(null), [query.q]);

  /** The words the form holds, sent: the search with the chip, page 1. */
  const search = (form: HTMLFormElement | null = formRef.current) => {
    const words = form?.querySelector<HTMLInputElement>('input[name="q"]')?.value ?? '';
    setTyped(null);
    showPortal({ q: echoText(words), chip: $portalQuery.get().chip, page: 1 });
  };
  useEarlyActions(formRef, (island) => search(island.querySelector('form')));

  const choose = (chip: string | null) => (event: MouseEvent) => {
    if (!isPlainClick(event.nativeEvent)) return;
    event.preventDefault();
    showPortal({ q: $portalQuery.get().q, chip, page: 1 });
  };
  const chipLink = (chipLabel: string, value: string) => {
    const isCurrent = (value || null) === query.chip;
    return (
      <li key={value}>
        <a
          className={isCurrent ? 'chip-link active' : 'chip-link'}
          href={value ? `${config.base}?${config.chipParam}=${encodeURIComponent(value)}` : config.base}
          data-chip={value}
          aria-current={isCurrent ? 'true' : undefined}
          onClick={choose(value || null)}
        >
          {chipLabel}
        </a>
      </li>
    );
  };

  return (
    <div className="portal-filters js-only">
      {/* biome-ignore lint/a11y/useSemanticElements: every browser maps role=search on the form; the <search> element is too new for the phones we serve. */}
      <form
        ref={formRef}
        method="get"
        action={config.base}
        role="search"
        className="portal-search"
        onSubmit={(event) => {
          event.preventDefault();
          search();
        }}
      >
        <label htmlFor={id}>{label}</label>
        <div className="field">
          <input
            id={id}
            type="search"
            name="q"
            placeholder={placeholder}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={MAX_ECHO_CHARS}
            value={typed ?? query.q}
            onChange={(event) => setTyped(event.target.value)}
          />
          <button type="submit" className="btn btn-primary">
            {icon} <span className="visually-hidden-narrow">Buscar</span>
          </button>
        </div>
      </form>
      {/* A single value's chip would list what 'Todas' lists: the row is offered only with two or more. */}
      {chips.length > 0 && (
        <ul className="chips chip-row" aria-label={chipsLabel}>
          {chipLink(allLabel, '')}
          {chips.map((chip) => chipLink(chip.label, chip.value))}
        </ul>
      )}
    </div>
  );
}
