import { defineCollection } from 'astro:content';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { file, glob, type Loader } from 'astro/loaders';
import type { z } from 'astro/zod';
import { projectDir, snapshotFileProblem } from './lib/project-dirs.ts';
import { DocumentSchema } from './lib/schemas/document.ts';
import { SNAPSHOT_SCHEMAS, type SnapshotName } from './lib/schemas/index.ts';

/**
 * Astro's file() loader over `{SNAPSHOT_DIR}/{name}.json` (src/lib/project-dirs.ts, the rule the
 * sync writes by), except that a missing or unreadable file, or one that is not a JSON list, fails
 * the build: file() only logs it, and the build would publish an empty site with exit status 0.
 */
function snapshotLoader(name: SnapshotName): Loader {
  return {
    name: 'snapshot-file',
    load: async (context) => {
      const snapshotFile = path.join(projectDir(process.env, 'snapshot', fileURLToPath(context.config.root)), `${name}.json`);
      const problem = snapshotFileProblem(snapshotFile);
      if (problem) throw new Error(problem);
      return file(snapshotFile).load(context);
    },
  };
}

/** The collection over one snapshot file written by `npm run sync`. */
function fromSnapshot<Schema extends z.ZodType>(name: SnapshotName, schema: Schema) {
  return defineCollection({ loader: snapshotLoader(name), schema });
}

const s = SNAPSHOT_SCHEMAS;
export const collections = {
  city: fromSnapshot('city', s.city),
  tours: fromSnapshot('tours', s.tours),
  accommodation: fromSnapshot('accommodation', s.accommodation),
  restaurants: fromSnapshot('restaurants', s.restaurants),
  events: fromSnapshot('events', s.events),
  drivers: fromSnapshot('drivers', s.drivers),
  guides: fromSnapshot('guides', s.guides),
  agencies: fromSnapshot('agencies', s.agencies),
  tourProviders: fromSnapshot('tourProviders', s.tourProviders),
  experiences: fromSnapshot('experiences', s.experiences),
  testimonials: fromSnapshot('testimonials', s.testimonials),
  news: fromSnapshot('news', s.news),
  blogPages: fromSnapshot('blogPages', s.blogPages),
  episodes: fromSnapshot('episodes', s.episodes),
  status: fromSnapshot('status', s.status),
  /** The wording of the document-like pages (/acessibilidade, /privacidade): Markdown kept in the repository. */
  documents: defineCollection({ loader: glob({ pattern: '*.md', base: './src/content/documents' }), schema: DocumentSchema }),
};
