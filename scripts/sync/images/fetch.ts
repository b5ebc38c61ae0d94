/**
 * The requests of the image step. Only public addresses are fetched, and the configured upstreams'
 * own hosts (address-guard.ts): an image URL naming a loopback, private, link-local or metadata
 * address, or a name resolving to one, or redirecting to one, is refused (AddressRefused). Redirects
 * are followed here, hop by hop, each hop checked before its request (getFollowingRedirects). The
 * client is the sync's (http.ts: timeouts, retries, Retry-After); a body is read up to a byte cap.
 */
import ky, { type KyInstance } from 'ky';
import { type AddressGuard, AddressRefused, createAddressGuard, refusalIn } from '../address-guard.ts';
import { DEFAULT_HTTP_OPTIONS, retryPolicy } from '../http.ts';
import { type ImageCacheOptions, ImageRejected, type ImageSettings } from './options.ts';

/** What every download of one run goes through: the address guard and the HTTP client. */
export interface ImageHttp {
  guard: AddressGuard;
  client: KyInstance;
}

/** Sets up the address guard and the HTTP client every download of a run goes through. */
export function createImageHttp(options: ImageCacheOptions, settings: ImageSettings): ImageHttp {
  const guard = createAddressGuard({
    allowedOrigins: options.allowedOrigins ?? [],
    ...(options.resolve ? { resolve: options.resolve } : {}),
  });
  const retry = retryPolicy({
    ...DEFAULT_HTTP_OPTIONS,
    timeoutMs: settings.timeoutMs,
    totalTimeoutMs: settings.totalTimeoutMs,
    retryLimit: settings.retryLimit,
    maxRetryAfterMs: 10_000,
    backoffLimitMs: 4_000,
  });
  const client = ky.create({
    timeout: settings.timeoutMs,
    totalTimeout: settings.totalTimeoutMs,
    // A refused address stays refused: no retry.
    retry: { ...retry, shouldRetry: ({ error }) => (refusalIn(error) ? false : undefined) },
    headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8' },
    // Redirects are followed by getFollowingRedirects, which checks each hop's address before asking it.
    redirect: 'manual',
    // A 304 is the answer a revalidation hopes for, and a 3xx a hop to follow: neither is an error.
    throwHttpErrors: (status) => status >= 400,
    fetch: options.fetch ?? guard.fetch,
  });
  return { guard, client };
}

/** Documentation hosts (RFC 2606): they never serve a real image. */
const RESERVED_HOST = /(^|\.)(example|invalid|test)$|(^|\.)example\.(com|net|org)$/i;

export const isReservedHost = (url: string) => RESERVED_HOST.test(URL.parse(url)?.hostname ?? '');

/** Reads a body up to `maxBytes`; a longer one is refused without reading the rest. */
export async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) throw new ImageRejected(`file too large (${declared} bytes, limit ${maxBytes})`);
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new ImageRejected(`file too large (over ${maxBytes} bytes)`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export function checkContentType(response: Response): void {
  const type = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  // No type at all is left to the byte check; a declared non-image (an HTML error page) is refused.
  if (type && !type.startsWith('image/') && type !== 'application/octet-stream') {
    throw new ImageRejected(`content type ${type}, not an image`);
  }
}

/** GET `start`, following up to maxRedirects redirects; every hop's address is checked before it is asked. */
export async function getFollowingRedirects(
  cache: ImageHttp & { settings: Pick<ImageSettings, 'maxRedirects'> },
  start: URL,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<Response> {
  const { maxRedirects } = cache.settings;
  let target = start;
  for (let hop = 0; ; hop += 1) {
    if (hop > 0) {
      try {
        await cache.guard.check(target);
      } catch (error) {
        if (error instanceof AddressRefused) throw new AddressRefused(`redirected to ${target.host}: ${error.message}`);
        throw error;
      }
    }
    const response = await cache.client.get(target, { headers, signal });
    if (response.status < 300 || response.status >= 400 || response.status === 304) return response;
    await response.body?.cancel();
    const location = response.headers.get('location');
    if (!location) throw new ImageRejected(`HTTP ${response.status} without a Location`);
    if (hop >= maxRedirects) throw new ImageRejected(`more than ${maxRedirects} redirects`);
    const next = URL.parse(location, target);
    if (!next || !/^https?:$/.test(next.protocol)) throw new ImageRejected(`redirected to a URL that is not http(s)`);
    target = next;
  }
}
