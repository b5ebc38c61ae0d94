/**
 * The documents of `src/content/documents/` (the accessibility statement, the privacy notice): Markdown
 * whose wording editors change in the repository, rendered by their page with the values of this
 * build. The syntax, for whoever edits them (docs/architecture.md, Documents):
 *
 * - `## Título {#id}` gives a section its id (an anchor: `/acessibilidade#id`); every `##` needs one,
 *   and each heading with what follows it, up to the next `##`, is a `<section>` named by it.
 * - `{nome}` is a value the page gives (the city, the tourist office, a link…). A paragraph holding
 *   only `{nome}` is replaced by it when the value is a list.
 * - `{se nome}` at the start of a paragraph, list item, definition (`: …`) or `##` heading keeps that
 *   block (for a heading, its whole section) only when the page has `nome` in this build;
 *   `{se não nome}` only when it has not.
 *
 * A name the page does not know fails the build, so a typo never reaches a visitor.
 */
import type { Element, ElementContent, Root, RootContent, Text } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { markdownToHast } from 'satteri';

/** A piece of a sentence: text, a link, or text in bold. */
export type Phrase = string | { href: string; text: string } | { strong: string };

/**
 * What a document's placeholder stands for: a phrase (or phrases in a row), a list, or only a
 * condition for `{se nome}` (a boolean). `null`, `undefined`, `false`, `''` and an empty list mean
 * "not in this build".
 */
export type DocumentValue =
  | Phrase
  | readonly Phrase[]
  | { list: readonly (Phrase | readonly Phrase[])[] }
  | boolean
  | null
  | undefined;

export type DocumentValues = Readonly<Record<string, DocumentValue>>;

const PLACEHOLDER = /\{([a-z0-9-]+)\}/g;
const CONDITION = /^\s*\{se (não )?([a-z0-9-]+)\}\s*/;
/** The blocks a `{se nome}` may open. */
const CONDITIONAL_BLOCKS = new Set(['p', 'li', 'dt', 'dd', 'h2']);

/** Sätteri's Markdown, with the two extensions the documents use: heading ids and definition lists. */
const FEATURES = { headingAttributes: true, definitionList: true, rawHtml: true } as const;

/** The document's Markdown body as HTML, with its placeholders filled and its conditions applied. */
export function renderDocument(markdown: string, values: DocumentValues, name = 'document'): string {
  const root = markdownToHast(markdown, { features: FEATURES }) as Root;
  const sections = inSections(root.children, name);
  return toHtml({ type: 'root', children: fill(sections, values, name) });
}

/** A frontmatter field (`description`, `lead`) with its placeholders filled, as plain text. */
export function fillPlain(template: string, values: DocumentValues, name = 'document'): string {
  return template.replace(PLACEHOLDER, (_, key: string) => {
    const phrases = phrasesOf(key, values, name);
    return phrases
      .map((phrase) => (typeof phrase === 'string' ? phrase : 'text' in phrase ? phrase.text : phrase.strong))
      .join('');
  });
}

function isPresent(value: DocumentValue): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object' && value !== null && 'list' in value) return value.list.length > 0;
  return Boolean(value);
}

function known(key: string, values: DocumentValues, name: string): DocumentValue {
  if (!Object.hasOwn(values, key)) {
    throw new Error(`${name}: the placeholder {${key}} is not one the page fills (${Object.keys(values).join(', ')}).`);
  }
  return values[key];
}

function phrasesOf(key: string, values: DocumentValues, name: string): readonly Phrase[] {
  const value = known(key, values, name);
  if (!isPresent(value) || typeof value === 'boolean' || (typeof value === 'object' && value !== null && 'list' in value)) {
    throw new Error(`${name}: {${key}} has no text in this build; put its block under {se ${key}}.`);
  }
  return Array.isArray(value) ? value : [value as Phrase];
}

const element = (tagName: string, properties: Element['properties'], children: ElementContent[]): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});

function phraseNode(phrase: Phrase): ElementContent {
  if (typeof phrase === 'string') return { type: 'text', value: phrase };
  if ('href' in phrase) return element('a', { href: phrase.href }, [{ type: 'text', value: phrase.text }]);
  return element('strong', {}, [{ type: 'text', value: phrase.strong }]);
}

/** Each `##` and what follows it, up to the next one, as a `<section>` named by the heading. */
function inSections(nodes: RootContent[], name: string): RootContent[] {
  const out: RootContent[] = [];
  let section: Element | null = null;
  for (const node of nodes) {
    if (node.type === 'element' && node.tagName === 'h2') {
      const id = node.properties.id;
      if (typeof id !== 'string' || id === '') {
        throw new Error(`${name}: the heading “${textOf(node)}” has no id; write it as “## ${textOf(node)} {#id}”.`);
      }
      section = element('section', { ariaLabelledBy: [id] }, [node]);
      out.push(section);
    } else if (section) {
      section.children.push(node as ElementContent);
    } else {
      out.push(node);
    }
  }
  return out;
}

function textOf(node: RootContent | ElementContent): string {
  if (node.type === 'text') return node.value;
  return 'children' in node ? node.children.map(textOf).join('') : '';
}

/** The first text of a block, where its `{se nome}` is written. */
function firstText(node: Element): Text | null {
  const first = node.children[0];
  if (!first) return null;
  if (first.type === 'text') return first;
  // A list item's text may sit in a paragraph ("loose" list).
  return first.type === 'element' && first.tagName === 'p' ? firstText(first) : null;
}

/** Whether a conditional block stays in this build; its `{se …}` is taken off its text either way. */
function keeps(node: Element, values: DocumentValues, name: string): boolean {
  const text = firstText(node);
  const condition = text?.value.match(CONDITION);
  if (!text || !condition) return true;
  text.value = text.value.slice(condition[0].length);
  const present = isPresent(known(condition[2] ?? '', values, name));
  return condition[1] ? !present : present;
}

function fill<Node extends RootContent>(nodes: Node[], values: DocumentValues, name: string): Node[] {
  return nodes.flatMap((node): Node[] => {
    if (node.type === 'text') return fillText(node.value, values, name) as Node[];
    if (node.type !== 'element') return [node];
    if (node.tagName === 'section') {
      const heading = node.children.find((child): child is Element => child.type === 'element' && child.tagName === 'h2');
      if (heading && !keeps(heading, values, name)) return [];
    } else if (CONDITIONAL_BLOCKS.has(node.tagName) && !keeps(node, values, name)) {
      return [];
    }
    const block = node.tagName === 'p' ? listIn(node, values, name) : null;
    if (block) return [block as Node];
    return [{ ...node, children: fill(node.children, values, name) }];
  });
}

/** The list a paragraph of only `{nome}` stands for, or null when it is not such a paragraph. */
function listIn(paragraph: Element, values: DocumentValues, name: string): Element | null {
  const only = paragraph.children.length === 1 ? paragraph.children[0] : undefined;
  const key = only?.type === 'text' ? only.value.trim().match(/^\{([a-z0-9-]+)\}$/)?.[1] : undefined;
  if (!key) return null;
  const value = known(key, values, name);
  if (typeof value !== 'object' || value === null || !('list' in value)) return null;
  const items = value.list.map((item) => element('li', {}, (Array.isArray(item) ? item : [item as Phrase]).map(phraseNode)));
  return element('ul', {}, items);
}

function fillText(text: string, values: DocumentValues, name: string): ElementContent[] {
  const out: ElementContent[] = [];
  let at = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (match.index > at) out.push({ type: 'text', value: text.slice(at, match.index) });
    out.push(...phrasesOf(match[1] ?? '', values, name).map(phraseNode));
    at = match.index + match[0].length;
  }
  if (at < text.length) out.push({ type: 'text', value: text.slice(at) });
  return out;
}
