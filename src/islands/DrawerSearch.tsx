/**
 * The search box of the header's phone drawer: a GET form to /busca (shown only where scripts run, which
 * the search needs) whose words open the search dialog (SearchDialog.tsx) in the drawer's place; on /busca
 * the form's own GET (the page again, with `?q=`) is the search. Its box and button are the header's markup
 * (the children); this island is the form's sending.
 *
 * Hydrated by `client:reach` (group 'search', with the header's entry) at the first reach into the box: a
 * form sent before React came is held and sent again once it runs (src/islands/early-reach.ts).
 */
import type { FormEvent, ReactNode } from 'react';
import { useRef } from 'react';
import { SEARCH_PATH } from '../lib/search/search.ts';
import { openSearch } from '../stores/search.ts';
import { useEarlyActions } from './early-reach.ts';

interface Props {
  /** On /busca: the form goes to the page as it is. */
  isSearchPage?: boolean;
  /** The label, the box and the button. */
  children?: ReactNode;
}

export default function DrawerSearch({ isSearchPage = false, children }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  useEarlyActions(formRef);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (isSearchPage) return;
    event.preventDefault();
    openSearch(String(new FormData(event.currentTarget).get('q') ?? ''));
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: every browser maps role=search on the form; the <search> element is too new for the phones we serve.
    <form ref={formRef} className="drawer-search js-only" role="search" action={SEARCH_PATH} method="get" onSubmit={onSubmit}>
      {children}
    </form>
  );
}
