/**
 * The heading of a list that takes `?experience=` (tours and tour providers, docs/product.md): the
 * list's name, or 'Passeios Filtrados por Experiência' while an experience filters it, from
 * `$filters` as the list's other islands read it. Hydrated with them (client:reach, one group).
 */
import type { FilterConfig } from '../lib/lists/filters.ts';
import { useFilters } from './use-filters.ts';

interface Props {
  config: FilterConfig;
  title: string;
  /** While an experience filters the list. */
  filteredTitle: string;
}

export default function ListTitle({ config, title, filteredTitle }: Props) {
  const { experiences } = useFilters(config);
  return <h1>{experiences.length > 0 ? filteredTitle : title}</h1>;
}
