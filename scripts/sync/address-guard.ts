/**
 * Which hosts the sync may fetch upstream images from: public addresses only, plus the configured
 * upstreams' own hosts.
 *
 * Why: image URLs come from upstream data. A record naming `http://169.254.169.254/...` (cloud
 * metadata), `http://2130706433/` (127.0.0.1) or a DNS name that resolves to 10.x would make the
 * nightly job fetch from inside its own network and publish what it got. The configured upstreams
 * are trusted as the operator set them (a test upstream on 127.0.0.1, a provider serving its own
 * images), so their hosts are allowed whatever they resolve to.
 *
 * Two checks, so neither a redirect nor a DNS answer that changes between two lookups gets through:
 * `check(url)` before every request (literal addresses as URL parsing normalised them, DNS names by
 * what the resolver returns), and the dispatcher of `fetch`, which checks the address of every
 * connection it opens, in its own lookup, before connecting.
 */
import dns from 'node:dns';
import net from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { nonPublicKind } from '../../src/lib/visitor-links.ts';

/** The one rule of what a public address is, shared with the links a visitor is sent to (src/lib/visitor-links.ts). */
export { nonPublicKind };

/** A host the guard refuses; the message says why, for the image's warning. */
export class AddressRefused extends Error {
  override name = 'AddressRefused';
}

/** The address family as the resolver gives it. */
interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address a host name resolves to (tests inject one; default the system resolver). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, order: 'verbatim' });

const ONLY_PUBLIC = 'only public addresses are fetched';

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** `hostname:port` with the protocol's default port filled in and IPv6 brackets removed. */
function hostKey(hostname: string, port: string | number | undefined, protocol: string): string {
  return `${hostname.replace(/^\[|\]$/g, '').toLowerCase()}:${port || DEFAULT_PORTS[protocol] || ''}`;
}

/** The origins of the configured upstream base URLs, for `allowedOrigins` (URLs that do not parse are left out). */
export function originsOf(urls: readonly (string | null | undefined)[]): string[] {
  return urls.flatMap((url) => {
    const parsed = url ? URL.parse(url) : null;
    return parsed && DEFAULT_PORTS[parsed.protocol] ? [parsed.origin] : [];
  });
}

interface AddressGuardOptions {
  /** Origins (`http://127.0.0.1:4000`, `https://api.example.com`) fetched whatever they resolve to. */
  allowedOrigins: readonly string[];
  /** Default: the system resolver. */
  resolve?: Resolver;
}

export interface AddressGuard {
  /** Throws AddressRefused when `url` is not on an allowed origin and names or resolves to a non-public address. */
  check(url: URL): Promise<void>;
  /** fetch (undici's) whose every connection is checked again at connect time; requests are not redirected by it. */
  fetch: typeof fetch;
  close(): Promise<void>;
}

/** The first cause in `error`'s chain (itself included) that is an AddressRefused, if any. */
export function refusalIn(error: unknown): AddressRefused | undefined {
  for (let current = error, depth = 0; current && depth < 8; depth += 1) {
    if (current instanceof AddressRefused) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function createAddressGuard(options: AddressGuardOptions): AddressGuard {
  const resolve = options.resolve ?? systemResolver;
  const allowed = new Set(
    options.allowedOrigins.flatMap((origin) => {
      const url = URL.parse(origin);
      return url ? [hostKey(url.hostname, url.port, url.protocol)] : [];
    }),
  );
  const isAllowed = (hostname: string, port: string | number | undefined, protocol: string) =>
    allowed.has(hostKey(hostname, port, protocol));

  /** The refusal for what `hostname` resolved to, if any address is not public (one bad answer is enough). */
  const judge = (hostname: string, addresses: readonly ResolvedAddress[]): AddressRefused | null => {
    for (const { address } of addresses) {
      const kind = nonPublicKind(address);
      if (kind) return new AddressRefused(`${hostname} resolves to ${address}, ${kind}; ${ONLY_PUBLIC}`);
    }
    return null;
  };

  const checked = new Map<string, Promise<void>>();
  async function checkHost(hostname: string): Promise<void> {
    if (net.isIP(hostname)) {
      const kind = nonPublicKind(hostname);
      if (kind) throw new AddressRefused(`${hostname} is ${kind}; ${ONLY_PUBLIC}`);
      return;
    }
    let addresses: ResolvedAddress[];
    try {
      addresses = await resolve(hostname);
    } catch (error) {
      throw new Error(`host ${hostname} not resolved (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    if (addresses.length === 0) throw new Error(`host ${hostname} not resolved (no address)`);
    const refusal = judge(hostname, addresses);
    if (refusal) throw refusal;
  }

  /** net.connect's `lookup`: the addresses a connection would use, refused before connecting. */
  const lookup = (
    hostname: string,
    lookupOptions: dns.LookupOptions,
    callback: (error: Error | null, address: string | dns.LookupAddress[], family?: number) => void,
  ) => {
    resolve(hostname).then(
      (addresses) => {
        const refusal = judge(hostname, addresses);
        if (refusal) return callback(refusal, []);
        const usable = lookupOptions.family ? addresses.filter((entry) => entry.family === lookupOptions.family) : addresses;
        const first = usable[0];
        if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
        if (lookupOptions.all) return callback(null, usable);
        return callback(null, first.address, first.family);
      },
      (error: Error) => callback(error, []),
    );
  };

  const plainConnect = buildConnector({});
  const guardedConnect = buildConnector({ lookup });
  const dispatcher = new Agent({
    connect: (connectOptions, callback) => {
      const { hostname, port, protocol } = connectOptions;
      if (isAllowed(hostname, port, protocol)) return plainConnect(connectOptions, callback);
      if (net.isIP(hostname)) {
        const kind = nonPublicKind(hostname);
        if (kind) return callback(new AddressRefused(`${hostname} is ${kind}; ${ONLY_PUBLIC}`), null);
        return plainConnect(connectOptions, callback);
      }
      return guardedConnect(connectOptions, callback);
    },
  });

  return {
    async check(url) {
      if (!DEFAULT_PORTS[url.protocol]) throw new AddressRefused(`${url.protocol} URL; only http and https are fetched`);
      if (isAllowed(url.hostname, url.port, url.protocol)) return;
      const hostname = url.hostname.replace(/^\[|\]$/g, '');
      let pending = checked.get(hostname);
      if (!pending) {
        pending = checkHost(hostname);
        checked.set(hostname, pending);
      }
      await pending;
    },
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
      // ky hands over a global Request, which undici's own fetch does not take: pass its parts.
      const request = input instanceof Request ? input : new Request(input, init);
      return undiciFetch(request.url, {
        method: request.method,
        headers: [...request.headers],
        signal: request.signal,
        redirect: request.redirect,
        dispatcher,
      });
    }) as unknown as typeof fetch,
    close: () => dispatcher.close(),
  };
}
