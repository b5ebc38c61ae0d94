/**
 * The snapshot's collections as editors call them, singular and plural ('Evento', 'Eventos'): the
 * names /status, the sync's and the gate's reports give them. The kinds of item take theirs from
 * ENTITIES (src/lib/entities.ts), so a list and its report never disagree.
 */
import { ENTITIES } from '../entities.ts';
import { ITEM_KINDS } from '../schemas/index.ts';

interface CollectionNoun {
  /** 'Evento': one record, as a report names it ('Evento 412 “Festa do Peixe”'). */
  singular: string;
  /** 'Eventos': the collection. */
  plural: string;
}

/** Every collection of the snapshot but status.json, by its file name. */
export const COLLECTION_NAMES: Readonly<Record<string, CollectionNoun>> = {
  city: { singular: 'Cidade', plural: 'Cidade' },
  ...Object.fromEntries(
    ITEM_KINDS.map((kind) => [ENTITIES[kind].collection, { singular: ENTITIES[kind].singular, plural: ENTITIES[kind].plural }]),
  ),
  experiences: { singular: 'Experiência', plural: 'Experiências' },
  testimonials: { singular: 'Depoimento', plural: 'Depoimentos' },
  news: { singular: 'Notícia', plural: 'Notícias' },
  blogPages: { singular: 'Página', plural: 'Páginas do blog' },
  episodes: { singular: 'Episódio', plural: 'Episódios do podcast' },
};

/** A collection's names; a name not in the table (a collection added since) is used as it is. */
export function collectionNoun(name: string): CollectionNoun {
  return COLLECTION_NAMES[name] ?? { singular: name, plural: name };
}

/** The collection's name as a heading or a sentence writes it: 'Passeios'. */
export const collectionName = (name: string): string => collectionNoun(name).plural;

/**
 * The name an editor knows an entry by: its title, else its name, else its id; a testimonial by its
 * visitor and the tour it is about ('Maria Souza, sobre Passeio de Barco'), since its title is the tour's.
 */
export function entryName(collection: string, entry: { id: string }): string {
  const { title, name } = entry as { title?: unknown; name?: unknown };
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  if (collection === 'testimonials' && text(name) && text(title)) return `${text(name)}, sobre ${text(title)}`;
  return text(title) ?? text(name) ?? entry.id;
}
