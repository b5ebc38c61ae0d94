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
