/** Sync output. Every line goes through `redact`, so no configured secret is ever printed. */
export interface SyncLogger {
  info(message: string): void;
  warn(message: string): void;
}

const REDACTED = '[redacted]';

/** The text with every secret value replaced. */
export function redact(text: string, secrets: readonly string[]): string {
  return secrets.reduce((result, secret) => (secret ? result.split(secret).join(REDACTED) : result), text);
}

export function consoleLogger(secrets: readonly string[]): SyncLogger {
  return {
    info: (message) => console.log(redact(message, secrets)),
    warn: (message) => console.warn(redact(`WARNING: ${message}`, secrets)),
  };
}
