/**
 * /testimonials/index.json: the compact index the testimonials portal island fetches on the first
 * search, chip or page button (src/lib/portal/index-entries.ts), in the portal's order.
 */
import type { APIRoute } from 'astro';
import { TESTIMONIALS } from '../../lib/data.ts';
import { webpUrl } from '../../lib/picture.ts';
import { toTestimonialIndexEntry } from '../../lib/portal/index-entries.ts';
import { placeName, testimonialsInPortalOrder } from '../../lib/testimonials/testimonials.ts';

// The avatar is the WebP the static cards already encode (the avatar profile's).
export const GET: APIRoute = async () => {
  const entries = await Promise.all(
    testimonialsInPortalOrder(TESTIMONIALS).map(async (testimonial) =>
      toTestimonialIndexEntry(
        { ...testimonial, avatar: await webpUrl(testimonial.avatar, null, 'avatar') },
        placeName(testimonial.location),
      ),
    ),
  );
  return new Response(JSON.stringify(entries), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
