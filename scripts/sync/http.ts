/**
 * The one configured HTTP client of the sync (ky): a timeout per attempt, retries with backoff
 * for network errors, timeouts, 408/429/5xx, Retry-After honoured up to a cap, a bound on the
 * whole operation, and a byte cap on every answer's body.
 */
import ky, { isHTTPError, isNetworkError, isTimeoutError, type KyInstance, type ResponsePromise } from 'ky';
import type { FailureKind } from '../../src/lib/schemas/index.ts';
import { outermostListEntries } from './normalise/envelope.ts';

export interface HttpOptions {
  /** Per attempt. */
  timeoutMs: number;
  /** Per request, retries and waits included. */
  totalTimeoutMs: number;
  /** Retries after the first attempt. */
  retryLimit: number;
  /** Longest wait a Retry-After header may impose. */
  maxRetryAfterMs: number;
  /** Longest computed backoff between attempts. */
  backoffLimitMs: number;
  /** Bound on all the requests of one source. */
  sourceDeadlineMs: number;
  /**
   * Largest body of one answer, in bytes, counted as it is decompressed (fetch decodes gzip, deflate
   * and br before the cap's counter sees a byte: a small gzip bomb is cut at this many bytes of JSON,
   * not read whole). A declared Content-Length above it is refused before reading; a longer body is
   * cut when it passes the cap. Either fails that call.
   */
  maxBodyBytes: number;
  /**
   * Most records one collection may hold, and most entries of any list of one answer that is inside
   * no other list (where every accepted envelope keeps its records): counted before the answer is
   * parsed, so a few megabytes of `{},{},…` never become millions of objects. Over it, the collection
   * fails and keeps its last good snapshot.
   */
  maxRecords: number;
  /**
   * Largest total of bytes one collection may read, all its answers together (the pages of a paged
   * read add up), counted as they are decoded like maxBodyBytes; its entries may not take more in the
   * snapshot either. Over it, that collection fails (BudgetExceededError) and keeps its last good
   * snapshot while the run goes on: a source answering pages just under maxBodyBytes, page after
   * page, once drove the sync to its heap limit and killed it.
   */
  maxCollectionBytes: number;
  /** Pages read at most from the WordPress posts, and as many from its pages (100 a page). */
  maxPostPages: number;
  /** Pages read at most from the city data API's feedbacks (100 a page). */
  maxFeedbackPages: number;
  /** Transport; the embedded sample data is served through one. */
  fetch?: typeof fetch;
}

export const DEFAULT_HTTP_OPTIONS: HttpOptions = {
  timeoutMs: 10_000,
  totalTimeoutMs: 60_000,
  retryLimit: 3,
  maxRetryAfterMs: 30_000,
  backoffLimitMs: 8_000,
  sourceDeadlineMs: 5 * 60_000,
  maxBodyBytes: 50 * 1024 * 1024,
  // Far above any real city (a few hundred records a collection) and above a whole benchmark
  // dataset in one collection (`npm run bench`: 5,000 items over eight collections); the paged
  // feedbacks stop below it anyway (maxFeedbackPages × 100 = 20,000).
  maxRecords: 25_000,
  // A real city's collection is a few hundred records: the 5,000-item benchmark's largest answer is
  // 1.8 MB (1,061 tours), and a WordPress post with `_embed` weighs about 20 kB, so 3,000 posts fit.
  // Above one answer's cap, so that cap still decides a single answer; and twelve collections at
  // their budget together hold under 1 GB of JSON, far from the heap limit.
  maxCollectionBytes: 64 * 1024 * 1024,
  maxPostPages: 50,
  maxFeedbackPages: 200,
};

/** The timeouts for `timeoutMs` per attempt, a request's and a source's bounds in the defaults' proportion. */
export function scaledTimeouts(timeoutMs: number): Pick<HttpOptions, 'timeoutMs' | 'totalTimeoutMs' | 'sourceDeadlineMs'> {
  const factor = timeoutMs / DEFAULT_HTTP_OPTIONS.timeoutMs;
  return {
    timeoutMs,
    totalTimeoutMs: DEFAULT_HTTP_OPTIONS.totalTimeoutMs * factor,
    sourceDeadlineMs: DEFAULT_HTTP_OPTIONS.sourceDeadlineMs * factor,
  };
}

const RETRY_STATUS_CODES = [408, 429, 500, 502, 503, 504];

/** Retry settings for `methods`; the Spotify token POST uses them with 'post'. */
export function retryPolicy(options: HttpOptions, methods: string[] = ['get']) {
  return {
    limit: options.retryLimit,
    methods,
    statusCodes: RETRY_STATUS_CODES,
    afterStatusCodes: [429, 503],
    maxRetryAfter: options.maxRetryAfterMs,
    backoffLimit: options.backoffLimitMs,
    retryOnTimeout: true,
  };
}

/**
 * The client of one source, or of one collection when `budget` is given: every byte its answers'
 * bodies carry then counts against the collection's budget (budgetedFetch).
 */
export function createHttpClient(options: HttpOptions, budget?: ByteBudget): KyInstance {
  const transport = options.fetch ?? globalThis.fetch;
  return ky.create({
    timeout: options.timeoutMs,
    totalTimeout: options.totalTimeoutMs,
    retry: retryPolicy(options),
    headers: { accept: 'application/json' },
    fetch: cappedFetch(budget ? budgetedFetch(transport, budget) : transport, options.maxBodyBytes),
  });
}

/** What one collection has read so far, against its limit (HttpOptions.maxCollectionBytes). */
export interface ByteBudget {
  limit: number;
  used: number;
}

/** A collection that read or would write more than its byte budget; not retried (the next read would be as large). */
export class BudgetExceededError extends Error {
  override name = 'BudgetExceededError';
}

/** The error for a collection over its budget: `what` passed `limit` bytes ('read', 'its snapshot would take'). */
export function overBudget(what: string, limit: number): BudgetExceededError {
  return new BudgetExceededError(
    `over the collection's byte budget: ${what} over ${limit.toLocaleString('en-US')} bytes (HttpOptions.maxCollectionBytes)`,
  );
}

/**
 * `fetch` whose answers' bodies count against `budget` while they stream in: the chunk that passes
 * the budget errors the body, so a collection never holds more than its budget in answers, however
 * many pages each under the per-answer cap it is sent.
 */
export function budgetedFetch(transport: typeof fetch, budget: ByteBudget): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await transport(input, init);
    if (!response.body) return response;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          budget.used += chunk.byteLength;
          if (budget.used > budget.limit) controller.error(overBudget('read', budget.limit));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
  }) as typeof fetch;
}

/** An answer whose body is larger than HttpOptions.maxBodyBytes; not retried (the next one would be as large). */
class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
}

/**
 * `fetch` whose answers carry at most `maxBytes` of body. The cap sits in the transport, under ky,
 * so ky's timeouts still bound the read, and every reader (JSON, error pages) is capped alike; a
 * thrown BodyTooLargeError is no network error, so ky does not retry it.
 */
function cappedFetch(transport: typeof fetch, maxBytes: number): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await transport(input, init);
    const where = pathOf(input instanceof Request ? input.url : String(input));
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (declared > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw new BodyTooLargeError(`answer too large: Content-Length ${declared} bytes, limit ${maxBytes} (${where})`);
    }
    if (!response.body) return response;
    let total = 0;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          total += chunk.byteLength;
          if (total > maxBytes) {
            controller.error(new BodyTooLargeError(`answer too large: over ${maxBytes} bytes (${where})`));
          } else {
            controller.enqueue(chunk);
          }
        },
      }),
    );
    return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
  }) as typeof fetch;
}

/** More records than HttpOptions.maxRecords, in one answer or in a collection's pages together; not retried. */
class TooManyRecordsError extends Error {
  override name = 'TooManyRecordsError';
}

/**
 * The error for `received` records (a count, or what was seen: 'a list of over 25,000 entries in one
 * answer') against the cap, worded for the sync's warning.
 */
export function tooManyRecords(received: number | string, maxRecords: number): TooManyRecordsError {
  const what = typeof received === 'number' ? `${received.toLocaleString('en-US')} received` : received;
  return new TooManyRecordsError(
    `too many records: ${what}; the limit is ${maxRecords.toLocaleString('en-US')} records per collection`,
  );
}

/** The upstream answered, but not with the JSON it should have (an HTML error page, a cut body). */
export class GarbageError extends Error {
  override name = 'GarbageError';
}

/**
 * The JSON body of a successful answer, and its headers; garbage becomes a GarbageError, an answer
 * with a list of more than `maxRecords` entries (outermostListEntries) a TooManyRecordsError before
 * it is parsed. The body is read through ky's `.text()`, so the per-attempt timeout also bounds a
 * body that stalls after the headers.
 */
export async function readJson(
  request: ResponsePromise,
  maxRecords: number = Number.POSITIVE_INFINITY,
): Promise<{ body: unknown; headers: Headers }> {
  const [response, text] = await Promise.all([request, request.text()]);
  if (outermostListEntries(text, maxRecords) > maxRecords) {
    throw tooManyRecords(`a list of over ${maxRecords.toLocaleString('en-US')} entries in one answer`, maxRecords);
  }
  try {
    return { body: JSON.parse(text) as unknown, headers: response.headers };
  } catch {
    const type = response.headers.get('content-type') ?? 'no content type';
    const looksHtml = /^\s*</.test(text);
    throw new GarbageError(
      `${looksHtml ? 'HTML page' : 'invalid JSON'} instead of JSON (HTTP ${response.status}, ${type}, ${text.length} bytes)`,
    );
  }
}

function pathOf(url: string): string {
  return URL.parse(url)?.pathname ?? 'upstream';
}

/**
 * What kind of failure `error` is, as the editors' report tells them apart (src/lib/status/messages.ts):
 * an HTTP status (credentials refused for 401 and 403), a timeout, no connection, an answer that is not
 * the data (garbage, or not a collection), one too large.
 */
export function failureKind(error: unknown): { kind: FailureKind; status?: number } {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'timeout' };
  if (isHTTPError(error)) {
    const { status } = error.response;
    return status === 401 || status === 403 ? { kind: 'credentials', status } : { kind: 'http', status };
  }
  if (isTimeoutError(error)) return { kind: 'timeout' };
  if (isNetworkError(error)) return { kind: 'network' };
  if (error instanceof BodyTooLargeError || error instanceof TooManyRecordsError || error instanceof BudgetExceededError) {
    return { kind: 'too-large' };
  }
  if (error instanceof GarbageError || name === 'EnvelopeError') return { kind: 'garbage' };
  return { kind: 'other' };
}

/** One line saying why a request failed, for the sync's warnings. No URL query, no header. */
export function describeError(error: unknown): string {
  // The source deadline (AbortSignal.timeout) rejects with a DOMException named 'TimeoutError',
  // which ky's name-based isTimeoutError() takes for its own TimeoutError although it has no
  // `request`; it must be recognised first, or describing it throws and the whole sync fails.
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return 'source deadline exceeded';
  }
  if (isHTTPError(error)) {
    const { status, statusText } = error.response;
    const hint = status === 401 || status === 403 ? ' (credentials refused)' : '';
    return `HTTP ${status}${statusText ? ` ${statusText}` : ''}${hint} from ${pathOf(error.request.url)}`;
  }
  if (isTimeoutError(error)) return `timed out (${pathOf(error.request?.url ?? '')})`;
  if (isNetworkError(error)) {
    const cause = (error.cause as { code?: string; message?: string } | undefined) ?? {};
    return `network error (${cause.code ?? cause.message ?? error.message})`;
  }
  if (error instanceof Error && error.name === 'AbortError') return 'source deadline exceeded';
  if (error instanceof Error && error.name === 'TimeoutError') return 'source deadline exceeded';
  return error instanceof Error ? error.message : String(error);
}
