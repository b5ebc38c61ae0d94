/**
 * A list's filter panel (docs/product.md, Lists): a labelled checkbox per option of each group ('Em
 * promoção' first, on a list with an item on sale), the price: 'Gratuito' on a list with a free item,
 * and the range the list's prices span (priceRange, src/lib/lists/list-page.ts), 'Limpar' back to the bare
 * list (the order kept) and 'Aplicar filtros'. Every tick applies at once, a price when it is left or
 * sent, each as one step of the history. It reads and writes `$filters` with the list's other
 * islands, so a chip removed or Back unticks its box here.
 *
 * It sits in a <details> ('Filtros'): collapsed on phones so the results stay near the top; on wide
 * screens, where the browser can style ::details-content, it is an open side panel (lists.css). Only
 * the island can apply it, so without JavaScript it is not shown (ListPage.astro's `.js-only` column).
 */
import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { FILTER_PARAMS, type FilterConfig, FREE_LABEL, FREE_VALUE, isChosen, withForm } from '../lib/lists/filters.ts';
import type { FilterGroup, PriceRange } from '../lib/lists/list-page.ts';
import { $filters, applyFilters, resetFilters } from '../stores/filters.ts';
import { formFields } from './address-state.ts';
import { isPlainClick } from './browser.ts';
import { useEarlyActions } from './early-reach.ts';
import { useFilters } from './use-filters.ts';
import '../styles/lists.css';

interface Props {
  config: FilterConfig;
  /** The list's own path: the form's target and the 'Limpar' link. */
  action: string;
  groups: FilterGroup[];
  /** The range the list's prices span; null when no item has a price (no bound could keep anything). */
  price: PriceRange | null;
  /** Some item is free: the price offers 'Gratuito'. */
  hasFree: boolean;
  /** The toggle's icon, drawn by the page (Icon.astro): the island carries no icon paths. */
  icon?: ReactNode;
}

export default function ListFilters({ config, action, groups, price, hasFree, icon }: Props) {
  const state = useFilters(config);
  const formRef = useRef<HTMLFormElement>(null);
  /** The price bounds as typed, until they are applied. */
  const [typed, setTyped] = useState<{ min?: string; max?: string }>({});
  const named = groups.find((group) => group.name === FILTER_PARAMS.experience)?.options.map((option) => option.value) ?? [];

  /** The panel as the form holds it into the state. */
  const apply = (form: HTMLFormElement | null = formRef.current) => {
    if (form) applyFilters(withForm($filters.get(), 'panel', formFields(form), config, named));
  };
  useEarlyActions(formRef, (island) => apply(island.querySelector('form')));
  // A new state (applied here, or by a chip, 'Limpar' or Back) says the bounds.
  const stateKey = `${state.priceMin}|${state.priceMax}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the bounds typed give way to each new pair of the state's.
  useEffect(() => setTyped((previous) => (Object.keys(previous).length > 0 ? {} : previous)), [stateKey]);

  const clear = (event: MouseEvent) => {
    if (!isPlainClick(event.nativeEvent)) return;
    event.preventDefault();
    resetFilters();
  };
  const bounds = price
    ? ([
        { id: 'filtro-preco-min', label: 'Mínimo', name: FILTER_PARAMS.priceMin, key: 'min', value: state.priceMin ?? price.min },
        { id: 'filtro-preco-max', label: 'Máximo', name: FILTER_PARAMS.priceMax, key: 'max', value: state.priceMax ?? price.max },
      ] as const)
    : [];

  return (
    <details className="filters">
      <summary>{icon} Filtros</summary>
      <form
        ref={formRef}
        method="get"
        action={action}
        aria-label="Filtros"
        // A typed price between two steps of the range's arrows (95 on a range in steps of 20) is still a price:
        // the browser's own check would refuse it, and the island reads every amount.
        noValidate
        data-list-filters=""
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <p className="panel-title" aria-hidden="true">
          Filtros
        </p>
        {groups.map((group) => (
          <fieldset key={group.id}>
            <legend>{group.legend}</legend>
            <ul className={group.scrolls ? 'options scrolls' : 'options'}>
              {group.options.map((option, index) => (
                <li key={option.value}>
                  <input
                    type="checkbox"
                    id={`filtro-${group.id}-${index}`}
                    name={group.name}
                    value={option.value}
                    checked={isChosen(state, group.name, option.value, config.duration)}
                    onChange={() => apply()}
                  />
                  <label htmlFor={`filtro-${group.id}-${index}`}>{option.label}</label>
                </li>
              ))}
            </ul>
          </fieldset>
        ))}
        {(price || hasFree) && (
          <fieldset>
            <legend>Preço (R$)</legend>
            {hasFree && (
              <ul className="options">
                <li>
                  <input
                    type="checkbox"
                    id="filtro-gratuito"
                    name={FILTER_PARAMS.free}
                    value={FREE_VALUE}
                    checked={isChosen(state, FILTER_PARAMS.free, FREE_VALUE, config.duration)}
                    onChange={() => apply()}
                  />
                  <label htmlFor="filtro-gratuito">{FREE_LABEL}</label>
                </li>
              </ul>
            )}
            {price && (
              <div className="price">
                {bounds.map((bound) => (
                  <div key={bound.id}>
                    <label htmlFor={bound.id}>{bound.label}</label>
                    <input
                      id={bound.id}
                      type="number"
                      inputMode="numeric"
                      name={bound.name}
                      min={price.min}
                      max={price.max}
                      step={price.step}
                      value={typed[bound.key] ?? String(bound.value)}
                      onChange={(event) => setTyped((previous) => ({ ...previous, [bound.key]: event.target.value }))}
                      // A bound applies when it is left, as a native change would.
                      onBlur={() => typed[bound.key] !== undefined && apply()}
                    />
                  </div>
                ))}
              </div>
            )}
            {price && <p className="hint">{`De R$ ${price.min} a R$ ${price.max}, de ${price.step} em ${price.step}.`}</p>}
          </fieldset>
        )}
        <div className="actions">
          <button className="btn btn-primary" type="submit">
            Aplicar filtros
          </button>
          <a className="btn btn-outline" href={action} data-list-reset="" onClick={clear}>
            Limpar
          </a>
        </div>
      </form>
    </details>
  );
}
