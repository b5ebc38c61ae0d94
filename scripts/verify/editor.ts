/**
 * The words the gate's reasons share in the editors' Portuguese (Problem.editor): how a technical
 * reason ends, where an item is fixed, a page as an editor knows it, a size. Editors have no GitHub
 * and no technical background (docs/editores.md), so a reason names the page or the collection, says
 * what to do, and otherwise that the technical team must look, and that the current site stays.
 */
import { pagePathOf } from '../../src/integrations/site-files.ts';
import { collectionName } from '../../src/lib/status/collection-names.ts';
import { SOURCES } from '../../src/lib/status/messages.ts';
import { bytesLabel } from '../../src/lib/text.ts';

/** What the site does while a reason stands: the deploy is refused, the site online stays. */
export const STAYS_ONLINE = 'O site atual continua no ar.';

/** How a reason that is not the editors' to fix ends. */
export const TECHNICAL = `É um problema técnico da construção do site: avise a equipe técnica. ${STAYS_ONLINE}`;

const places = Object.values(SOURCES).map((source) => source.place);
/** Where an item's text, photos and links are fixed: 'na origem (no painel do provedor, no WordPress ou no Spotify)'. */
export const AT_THE_SOURCE = `na origem (${places.slice(0, -1).join(', ')} ou ${places.at(-1)})`;

/** How the editors ask for a publication the gate would refuse (docs/editores.md, "Publicar agora"). */
export const overrideHint = (input: 'allow_shrink' | 'allow_growth') =>
  `peça uma nova publicação com a opção “${input}” marcada (veja “Publicar agora” no guia dos editores)`;

/** A page of dist/ as 'a página …' goes on: its address ('/tour/101'), or 'inicial (/)' for the home. */
export function pageName(file: string): string {
  const sitePath = pagePathOf(file);
  return sitePath === '/' ? 'inicial (/)' : sitePath;
}

/** Whether a file of dist/ is a page a visitor opens (not a file of the bundles' folder). */
export const isPageFile = (file: string): boolean => file.endsWith('.html') && !file.startsWith('_astro/');

/** A size as Brazilians write it, in decimal units: '1,2 MB', '87 kB', '1,12 GB'. */
export const bytesWords = bytesLabel;

/** 'a coleção Passeios' (src/lib/status/collection-names.ts). */
export const collectionWords = (name: string): string => `a coleção ${collectionName(name)}`;
