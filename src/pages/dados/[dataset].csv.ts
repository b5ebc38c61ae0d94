/** /dados/{conjunto}.csv: one collection of the open data for spreadsheets (src/lib/open-data/csv.ts says how it is written). */
import type { APIRoute, GetStaticPaths } from 'astro';
import type { OpenDataTable } from '../../lib/open-data/columns.ts';
import { toCsv } from '../../lib/open-data/csv.ts';
import { OPEN_DATA_TABLES } from './_tables.ts';

export const getStaticPaths = (() =>
  OPEN_DATA_TABLES.map((table) => ({ params: { dataset: table.dataset.slug }, props: { table } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ table: OpenDataTable }> = ({ props: { table } }) =>
  new Response(toCsv(table.header, table.rows), { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
