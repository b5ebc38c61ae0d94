/** What the gate reports: one plain sentence per reason, grouped by the check that found it. */
export type Gate = 'pages' | 'sizes' | 'host' | 'collections' | 'secrets' | 'images' | 'scripts' | 'links' | 'xml' | 'hosting';

export interface Problem {
  gate: Gate;
  /** A full sentence a person can act on, naming the file or collection. */
  message: string;
}

/** Headings of the report, in the order the checks run. */
export const GATE_TITLES: Record<Gate, string> = {
  pages: 'Missing pages',
  sizes: 'Pages over the size limit',
  host: "Over the host's limits",
  collections: 'Collections that lost their data',
  secrets: 'Secrets in the built site',
  images: 'Images that are not what their name says, or that carry a location',
  scripts: 'Scripts our code did not put there',
  links: 'Broken internal links',
  xml: 'Feeds and sitemaps that are not well-formed XML',
  hosting: 'Pages some static hosts would not serve',
};
