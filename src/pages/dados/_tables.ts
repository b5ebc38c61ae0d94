/**
 * The open data of this build (src/lib/open-data/columns.ts), made once for /dados and its files:
 * the listed items and the other public collections of src/lib/data.ts, with the site's addresses.
 * Route-only (the `_` keeps it out of the routes).
 */
import { EXPERIENCES, hasItemPage, ITEMS, NEWS, SITE, TESTIMONIALS } from '../../lib/data.ts';
import { openDataTables } from '../../lib/open-data/columns.ts';
import { canonicalUrl } from '../../lib/seo.ts';
import { ratingScale } from '../../lib/testimonials/testimonials.ts';

export const OPEN_DATA_TABLES = openDataTables(
  { items: ITEMS, experiences: EXPERIENCES, news: NEWS, testimonials: TESTIMONIALS },
  { pageUrl: canonicalUrl, hasItemPage, blogUrl: SITE.blogUrl, testimonialScale: ratingScale(TESTIMONIALS) },
);
