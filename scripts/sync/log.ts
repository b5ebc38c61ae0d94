import { visibleText } from './normalise/html.ts';

/** Sync output. runSync passes every line through `redact`, so no configured secret is ever printed. */
export interface SyncLogger {
  info(message: string): void;
  warn(message: string): void;
}

const REDACTED = '[redacted]';

/** The text with every secret value replaced. */
export function redact(text: string, secrets: readonly string[]): string {
  return secrets.reduce((result, secret) => (secret ? result.split(secret).join(REDACTED) : result), text);
}

/**
 * The string with every secret replaced, also one that markup, entities, invisible characters or
 * %-escapes split (`chave abc<span>def</span>`, `abc&#100;ef`, `abc\u200bdef`): such a field is
 * replaced by its visible text, redacted, so that neither a page nor the search index shows it.
 */
export function redactField(text: string, secrets: readonly string[]): string {
  const plain = redact(text, secrets);
  if (!/[<&%\p{Cf}]/u.test(plain)) return plain;
  const visible = visibleText(plain);
  let decoded = visible;
  try {
    decoded = decodeURIComponent(visible);
  } catch {
    // not %-encoded
  }
  const isHidden = (candidate: string) => secrets.some((secret) => secret && candidate.includes(secret));
  if (!isHidden(visible) && !isHidden(decoded)) return plain;
  // Markup characters go: the field may be HTML (shown as it is) or plain text (escaped by the page).
  return redact(decoded, secrets).replace(/[<>&]/g, ' ');
}

/** A JSON value with every secret replaced in every string (`redactField`), keys included. */
export function redactDeep<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return redactField(item, secrets);
    if (Array.isArray(item)) return item.map(walk);
    if (item !== null && typeof item === 'object') {
      return Object.fromEntries(Object.entries(item).map(([key, entry]) => [redact(key, secrets), walk(entry)]));
    }
    return item;
  };
  return walk(value) as T;
}

/** Prints to the console; runSync redacts every line before it gets here. */
export const consoleLogger: SyncLogger = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(`WARNING: ${message}`),
};
