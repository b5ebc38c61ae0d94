/** What the gate reports: one plain sentence per reason, grouped by the check that found it. */
export type Gate = 'pages' | 'sizes' | 'host' | 'collections' | 'secrets' | 'images' | 'scripts' | 'links' | 'xml' | 'hosting';

export interface Problem {
  gate: Gate;
  /** A full sentence a developer can act on, naming the file or collection (the log, in English). */
  message: string;
  /**
   * The same reason for the tourism office's editors, in plain Portuguese: what is wrong in their words
   * and what to do, or that it is a technical problem for the technical team (the job summary and
   * /status, through the refusal note: src/lib/status/refusal.ts). Never a secret's value.
   */
  editor: string;
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

/** The headings of the editors' report (report.ts, formatEditorReport), in the same order. */
export const GATE_TITLES_PT: Record<Gate, string> = {
  pages: 'Páginas que faltam',
  sizes: 'Páginas grandes demais',
  host: 'Acima dos limites da hospedagem',
  collections: 'Coleções que perderam dados ou cresceram de repente',
  secrets: 'Chaves de acesso no site',
  images: 'Imagens em formato errado ou com localização',
  scripts: 'Código estranho nas páginas',
  links: 'Links internos quebrados',
  xml: 'Arquivo de notícias (RSS) e mapas do site com erro',
  hosting: 'Páginas que alguma hospedagem não mostraria',
};
