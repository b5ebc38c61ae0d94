/** The answer was not a collection in any of the accepted shapes. */
export class EnvelopeError extends Error {
  override name = 'EnvelopeError';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The records of a collection answer in any of the four shapes docs/architecture.md accepts:
 * `[...]`, `{ name: [...] }`, `{ data: { name: [...] } }` or `{ data: [...] }`.
 */
export function unwrapCollection(body: unknown, name: string): unknown[] {
  if (Array.isArray(body)) return body;
  if (isRecord(body)) {
    if (Array.isArray(body[name])) return body[name];
    const data = body.data;
    if (Array.isArray(data)) return data;
    if (isRecord(data) && Array.isArray(data[name])) return data[name];
  }
  throw new EnvelopeError(`answer has no '${name}' list in any accepted shape`);
}

/** The `total` of a paged answer, at the top level or inside `data`; null when absent. */
export function readTotal(body: unknown): number | null {
  const candidates = isRecord(body) ? [body.total, isRecord(body.data) ? body.data.total : undefined] : [];
  for (const candidate of candidates) {
    const total = typeof candidate === 'string' ? Number(candidate) : candidate;
    if (typeof total === 'number' && Number.isInteger(total) && total >= 0) return total;
  }
  return null;
}

/** Character codes of JSON's structure. */
const [QUOTE, BACKSLASH, COMMA, OPEN_LIST, CLOSE_LIST, OPEN_OBJECT, CLOSE_OBJECT] = [...'"\\,[]{}'].map((char) =>
  char.charCodeAt(0),
) as [number, number, number, number, number, number, number];
const [SPACE, TAB, LINE_FEED, CARRIAGE_RETURN] = [32, 9, 10, 13] as const;

/**
 * The entries of the longest list in a JSON text that sits inside no other list, counted without
 * parsing: in each of the accepted shapes (unwrapCollection) the records are such a list, and a
 * record's own lists are not. Counting stops once `stopAbove` is passed (the result is then
 * `stopAbove + 1`), so an answer of millions of `{}` is refused before JSON.parse builds millions of
 * objects. Linear, one pass over the characters; a text that is not JSON gives a meaningless count,
 * and JSON.parse then says what is wrong with it.
 */
export function outermostListEntries(text: string, stopAbove: number = Number.POSITIVE_INFINITY): number {
  let longest = 0;
  /** Containers open around the current character. */
  let depth = 0;
  /** Depth of the open outermost list, or 0 when none is open. */
  let listDepth = 0;
  let entries = 0;
  let isInString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (isInString) {
      if (char === BACKSLASH) index += 1;
      else if (char === QUOTE) isInString = false;
      continue;
    }
    if (char === SPACE || char === TAB || char === LINE_FEED || char === CARRIAGE_RETURN) continue;
    // The first value of the list makes it one entry long; each comma at its level one more.
    if (depth === listDepth && listDepth > 0 && entries === 0 && char !== CLOSE_LIST) entries = 1;
    if (char === QUOTE) isInString = true;
    else if (char === OPEN_OBJECT || char === OPEN_LIST) {
      depth += 1;
      if (char === OPEN_LIST && listDepth === 0) {
        listDepth = depth;
        entries = 0;
      }
    } else if (char === CLOSE_OBJECT || char === CLOSE_LIST) {
      if (depth === listDepth) {
        longest = Math.max(longest, entries);
        listDepth = 0;
      }
      depth = Math.max(0, depth - 1);
    } else if (char === COMMA && depth === listDepth && listDepth > 0) {
      entries += 1;
      if (entries > stopAbove) return stopAbove + 1;
    }
  }
  // A list left open (a cut answer) counts as far as it went.
  return Math.min(Math.max(longest, listDepth > 0 ? entries : 0), stopAbove + 1);
}
