/**
 * `{list}/index.json` (`/all-tours/index.json`, …): the compact index of a whole list that the
 * list's results (src/islands/ListResults.tsx) fetch on the first filter of a list of several pages: per item its id, the
 * page its card is on and its card's filter data (src/lib/lists/paging.ts). Only the listed items,
 * as on the cards.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { BUILT_AT, ITEMS } from '../../lib/data.ts';
import { ENTITIES } from '../../lib/entities.ts';
import { listIndex, listPageCount } from '../../lib/lists/paging.ts';
import { ITEM_KINDS, type ItemKind } from '../../lib/schemas/index.ts';

// Only a list of several pages has one: on a single page the island finds every card in the page. A list
// without pages under it keeps its path free of a folder (a folder-first host would redirect `/x` to `/x/`).
export const getStaticPaths = (() =>
  ITEM_KINDS.filter((kind) => listPageCount(ITEMS[kind].length) > 1).map((kind) => ({
    params: { list: ENTITIES[kind].listPath.slice(1) },
    props: { kind },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ kind: ItemKind }> = ({ props }) =>
  new Response(JSON.stringify(listIndex(ITEMS[props.kind], BUILT_AT)), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
