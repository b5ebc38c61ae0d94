import { z } from 'astro/zod';

/** Where a published collection came from. */
export const OriginSchema = z.enum(['upstream', 'snapshot', 'sample', 'none']);
export type Origin = z.infer<typeof OriginSchema>;

/**
 * How the last sync went for one collection. Pages read it to show the documented error texts
 * ('Erro ao carregar ...', 'Usando dados de exemplo') when a collection could not be refreshed.
 */
export const CollectionStatusSchema = z.object({
  /** Collection name, e.g. 'tours'. */
  id: z.string(),
  /** Upstream source: 'provider', 'blog' or 'podcast'. */
  source: z.enum(['provider', 'blog', 'podcast']),
  /** Where the published records came from this time. */
  origin: OriginSchema,
  /** Where the last good data came from ('upstream' or 'sample'); drives the shrink check. */
  goodOrigin: OriginSchema,
  /** Records published. */
  count: z.number().int().nonnegative(),
  /** True when this sync could not refresh the collection from its configured source. */
  failed: z.boolean(),
  /** Why it failed, without secrets; null when it did not. */
  error: z.string().nullable(),
  /** When the published records were last fetched successfully, ISO 8601, or null. */
  syncedAt: z.string().nullable(),
});
export type CollectionStatus = z.infer<typeof CollectionStatusSchema>;
