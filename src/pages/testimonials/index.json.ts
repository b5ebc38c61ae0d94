/**
 * /testimonials/index.json: the compact index the testimonials portal fetches on the first search,
 * chip or page button (src/lib/portal/index-entries.ts), in the portal's order.
 */
import type { APIRoute } from 'astro';
import { TESTIMONIALS } from '../../lib/data.ts';
import { toTestimonialIndexEntry } from '../../lib/portal/index-entries.ts';
import { portalPageOf } from '../../lib/portal/portal.ts';
import { placeName, testimonialsInPortalOrder } from '../../lib/testimonials/testimonials.ts';

export const GET: APIRoute = () => {
  const entries = testimonialsInPortalOrder(TESTIMONIALS).map((testimonial, position) =>
    toTestimonialIndexEntry(testimonial, portalPageOf(position), placeName(testimonial.location)),
  );
  return new Response(JSON.stringify(entries), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
