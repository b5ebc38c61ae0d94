/** /dados/{conjunto}.json: one collection of the open data for programs, the same rows as its CSV (src/lib/open-data/csv.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import type { OpenDataTable } from '../../lib/open-data/columns.ts';
import { toJson } from '../../lib/open-data/csv.ts';
import { OPEN_DATA_TABLES } from './_tables.ts';

export const getStaticPaths = (() =>
  OPEN_DATA_TABLES.map((table) => ({ params: { dataset: table.dataset.slug }, props: { table } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ table: OpenDataTable }> = ({ props: { table } }) =>
  new Response(toJson(table.header, table.rows), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
