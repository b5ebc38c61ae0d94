import { z } from 'astro/zod';

/**
 * The frontmatter of a document of `src/content/documents/` (/acessibilidade, /privacidade): what the
 * page puts around the Markdown body. A `{nome}` in `description` or `lead` is a placeholder the page
 * fills (src/lib/documents.ts; docs/architecture.md, Documents).
 */
export const DocumentSchema = z.object({
  /** The `<title>` of the page (the site's name is added after it). */
  title: z.string().min(1),
  /** The page's h1. */
  heading: z.string().min(1),
  /** The meta description: what a search engine and a shared link show. */
  description: z.string().min(1),
  /** The opening paragraph, shown larger than the rest, before the first section. */
  lead: z.string().min(1),
});
export type DocumentFrontmatter = z.infer<typeof DocumentSchema>;
