/**
 * /event/{id}.ics: a dated event's calendar file ('Adicionar à agenda' of its page and of /agenda), made at
 * build time by src/lib/events/calendar.ts (eventIcs). The events the portal lists, each with a date and not
 * over on the build's day (isEventOver): a page of an event over links no calendar entry, so none is made.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { BUILT_AT, ITEMS } from '../../lib/data.ts';
import { eventIcs, ICS_TYPE } from '../../lib/events/calendar.ts';
import { isEventOver } from '../../lib/facts.ts';
import { itemPath } from '../../lib/paths.ts';
import type { Item } from '../../lib/schemas/index.ts';
import { canonicalUrl } from '../../lib/seo.ts';

export const getStaticPaths = (() =>
  ITEMS.event
    .filter((event) => event.startDate !== null && !isEventOver(event, BUILT_AT))
    .map((event) => ({ params: { id: event.id }, props: { event } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ event: Item }> = ({ props: { event } }) =>
  new Response(eventIcs(event, { url: canonicalUrl(itemPath('event', event.id)), builtAt: BUILT_AT }), {
    headers: { 'Content-Type': ICS_TYPE },
  });
