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

/** A JSON value with every secret replaced in every string, keys included. */
export function redactDeep<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return redact(item, secrets);
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
