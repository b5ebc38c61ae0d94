/**
 * The image fetch only reaches public addresses and the configured upstreams' own origins
 * (scripts/sync/address-guard.ts): literal non-public addresses in every spelling URL parsing
 * accepts, DNS names resolving to one (checked before the request and again at connect time), and
 * redirects to one are refused, and the refused host never receives a request. A second local
 * server on 127.0.0.2, not a configured upstream, plays the internal service.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nonPublicKind, originsOf, type Resolver } from '../../scripts/sync/address-guard.ts';
import { readSyncConfig } from '../../scripts/sync/config.ts';
import { cacheImages, syncImages } from '../../scripts/sync/images/index.ts';
import type { ImageCacheOptions } from '../../scripts/sync/images/options.ts';
import { captureLogger, makeTempDir, removeDir } from '../support/sync-helpers.ts';
import { startUpstreamServer, type UpstreamServer } from '../support/upstream-server.ts';

describe('nonPublicKind', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.45.6.7', 'a loopback address'],
    ['10.1.2.3', 'a private (RFC 1918) address'],
    ['172.16.0.1', 'a private (RFC 1918) address'],
    ['172.31.255.254', 'a private (RFC 1918) address'],
    ['192.168.0.10', 'a private (RFC 1918) address'],
    ['169.254.1.1', 'a link-local address'],
    ['169.254.169.254', 'a link-local address (cloud metadata)'],
    ['100.64.0.1', 'a carrier-grade NAT address'],
    ['100.100.100.200', 'a carrier-grade NAT address (cloud metadata)'],
    ['0.0.0.0', 'an unspecified address'],
    ['0.1.2.3', 'an unspecified address'],
    ['255.255.255.255', 'a broadcast address'],
    ['224.0.0.1', 'a multicast address'],
    ['192.0.2.1', 'a reserved address'],
    ['198.18.0.1', 'a reserved address'],
    ['240.0.0.1', 'a reserved address'],
    ['::1', 'a loopback address'],
    ['::', 'an unspecified address'],
    ['fe80::1', 'a link-local address'],
    ['fc00::1', 'a unique-local (private IPv6) address'],
    ['fd12:3456::1', 'a unique-local (private IPv6) address'],
    ['fd00:ec2::254', 'a unique-local (private IPv6) address (cloud metadata)'],
    ['ff02::1', 'a multicast address'],
    // IPv4 inside IPv6 is judged as the IPv4 address it carries, or refused as a translation range.
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:a9fe:a9fe', 'a link-local address (cloud metadata)'],
    ['[::ffff:7f00:1]', 'a loopback address'],
    ['64:ff9b::7f00:1', 'a NAT64 address'],
    ['2002:7f00:1::', 'a 6to4 address'],
    ['2001:db8::1', 'a reserved address'],
    ['::7f00:1', 'an unallocated or special IPv6 address'],
    ['not-an-ip', 'not an IP address'],
  ])('%s is %s', (address, kind) => {
    expect(nonPublicKind(address)).toBe(kind);
  });

  it.each(['8.8.8.8', '200.147.67.142', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '2804:14c::1'])(
    '%s is public',
    (address) => {
      expect(nonPublicKind(address)).toBeNull();
    },
  );
});

describe('the configured upstreams', () => {
  it('are allowed by origin: provider, blog API, blog, both Spotify hosts', () => {
    const config = readSyncConfig({
      PROVIDER_API_URL: 'http://127.0.0.1:4010/provider',
      BLOG_API_URL: 'https://blog.example.org/wp-json',
      BLOG_URL: 'https://www.blog.example.org/',
      SPOTIFY_ACCOUNTS_URL: 'http://10.0.0.5:8080/accounts',
    });
    expect(config.upstreamOrigins).toEqual([
      'http://127.0.0.1:4010',
      'https://blog.example.org',
      'https://www.blog.example.org',
      'http://10.0.0.5:8080',
    ]);
    expect(originsOf(['not a url', null, undefined, ''])).toEqual([]);
  });
});

let server: UpstreamServer;
/** A host on the machine that is not a configured upstream: nothing may reach it. */
let intruder: UpstreamServer;
let photo: Buffer;
let cacheDir: string;
let log: ReturnType<typeof captureLogger>;

/** Serves `photo` under /media/ (and 302 from /media/hop-to/<url-encoded target>). */
function serveMedia(target: UpstreamServer) {
  target.setFault(/^\/media\//, {
    kind: 'respond',
    respond: (request) => {
      const name = new URL(request.url).pathname.slice('/media/'.length);
      if (name.startsWith('hop-to/')) {
        return new Response(null, { status: 302, headers: { location: decodeURIComponent(name.slice('hop-to/'.length)) } });
      }
      return new Response(new Uint8Array(photo), { headers: { 'content-type': 'image/jpeg' } });
    },
  });
}

beforeAll(async () => {
  photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a7' } })
    .jpeg()
    .toBuffer();
  server = await startUpstreamServer({ checkAuth: false });
  intruder = await startUpstreamServer({ checkAuth: false, host: '127.0.0.2' });
});
afterAll(async () => {
  await server.close();
  await intruder.close();
});
beforeEach(async () => {
  cacheDir = await makeTempDir('guard-cache-');
  log = captureLogger();
  server.reset();
  intruder.reset();
  serveMedia(server);
  serveMedia(intruder);
});
afterEach(() => removeDir(cacheDir));

function options(extra: Partial<ImageCacheOptions> = {}): ImageCacheOptions {
  return {
    cacheDir,
    localRoots: [],
    allowedOrigins: [server.origin],
    logger: log.logger,
    timeoutMs: 1_000,
    totalTimeoutMs: 2_000,
    retryLimit: 1,
    ...extra,
  };
}

const port = (target: UpstreamServer) => new URL(target.origin).port;

describe('image URLs on non-public addresses', () => {
  it('refuses every spelling of a loopback address that is not a configured upstream, without a request', async () => {
    const p = port(intruder);
    const urls = [
      `http://127.0.0.2:${p}/media/plain.jpg`,
      `http://2130706434:${p}/media/decimal.jpg`,
      `http://0x7f.0.0.2:${p}/media/hex.jpg`,
      `http://0177.0.0.2:${p}/media/octal.jpg`,
      `http://127.2:${p}/media/short.jpg`,
      `http://[::ffff:127.0.0.2]:${p}/media/mapped.jpg`,
      // The allowed server's port, but not its origin: 0.0.0.0 and [::1] reach this machine too.
      `http://0.0.0.0:${port(server)}/media/unspecified.jpg`,
      `http://[::1]:${port(server)}/media/v6-loopback.jpg`,
    ];
    const report = await cacheImages(urls, options());
    expect(intruder.requests).toEqual([]);
    expect(server.requests).toEqual([]);
    expect(report.manifest.images).toEqual({});
    expect(Object.keys(report.manifest.failed).sort()).toEqual([...urls].sort());
    expect(report.manifest.failed[urls[1] as string]).toBe(
      'refused: 127.0.0.2 is a loopback address; only public addresses are fetched',
    );
    expect(report.manifest.failed[urls[5] as string]).toBe(
      'refused: ::ffff:7f00:2 is a loopback address; only public addresses are fetched',
    );
    expect(report.manifest.failed[urls[6] as string]).toBe(
      'refused: 0.0.0.0 is an unspecified address; only public addresses are fetched',
    );
    expect(log.lines).toContain(
      `WARN image ${urls[0]}: refused: 127.0.0.2 is a loopback address; only public addresses are fetched; the placeholder is shown instead`,
    );
  });

  it('refuses private, link-local and cloud metadata addresses at once (no connection is attempted)', async () => {
    const urls = [
      'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://10.0.0.1/foto.jpg',
      'http://192.168.1.1/foto.jpg',
      'http://100.64.0.1/foto.jpg',
      'http://[fe80::1]/foto.jpg',
    ];
    const started = performance.now();
    const report = await cacheImages(urls, options());
    // No connection, no timeout: refused before any request.
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(report.manifest.failed).toEqual({
      [urls[0] as string]: 'refused: 169.254.169.254 is a link-local address (cloud metadata); only public addresses are fetched',
      [urls[1] as string]:
        'refused: fd00:ec2::254 is a unique-local (private IPv6) address (cloud metadata); only public addresses are fetched',
      [urls[2] as string]: 'refused: 10.0.0.1 is a private (RFC 1918) address; only public addresses are fetched',
      [urls[3] as string]: 'refused: 192.168.1.1 is a private (RFC 1918) address; only public addresses are fetched',
      [urls[4] as string]: 'refused: 100.64.0.1 is a carrier-grade NAT address; only public addresses are fetched',
      [urls[5] as string]: 'refused: fe80::1 is a link-local address; only public addresses are fetched',
    });
  });

  it('refuses a DNS name that resolves to loopback (localhost), even on the allowed server’s port', async () => {
    const url = `http://localhost:${port(server)}/media/by-name.jpg`;
    const report = await cacheImages([url], options());
    expect(server.requests).toEqual([]);
    expect(report.manifest.failed[url]).toMatch(
      /^refused: localhost resolves to (127\.0\.0\.1|::1), a loopback address; only public addresses are fetched$/,
    );
  });

  it('asks the resolver before connecting: a name resolving to a private address gets no request', async () => {
    const asked: string[] = [];
    const resolve: Resolver = async (hostname) => {
      asked.push(hostname);
      return [{ address: '127.0.0.2', family: 4 }];
    };
    const url = `http://fotos.turismo-bugres.com.br:${port(intruder)}/media/a.jpg`;
    const report = await cacheImages([url], options({ resolve }));
    expect(asked).toEqual(['fotos.turismo-bugres.com.br']);
    expect(intruder.requests).toEqual([]);
    expect(report.manifest.failed[url]).toBe(
      'refused: fotos.turismo-bugres.com.br resolves to 127.0.0.2, a loopback address; only public addresses are fetched',
    );
  });

  it('refuses a name when any of its addresses is not public', async () => {
    const resolve: Resolver = async () => [
      { address: '200.147.67.142', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    const url = 'http://mixed.turismo-bugres.com.br/a.jpg';
    const report = await cacheImages([url], options({ resolve }));
    expect(report.manifest.failed[url]).toBe(
      'refused: mixed.turismo-bugres.com.br resolves to 10.0.0.7, a private (RFC 1918) address; only public addresses are fetched',
    );
  });

  it('checks the address again when connecting: a name that answers public first and loopback then is refused', async () => {
    // A rebinding DNS name: the check before the request sees a public address, the connection a private one.
    const answers = ['200.147.67.142', '127.0.0.2'];
    let calls = 0;
    const resolve: Resolver = async () => [{ address: answers[Math.min(calls++, 1)] as string, family: 4 }];
    const url = `http://rebind.turismo-bugres.com.br:${port(intruder)}/media/a.jpg`;
    const report = await cacheImages([url], options({ resolve }));
    expect(calls).toBe(2);
    expect(intruder.requests).toEqual([]);
    expect(report.manifest.failed[url]).toBe(
      'refused: rebind.turismo-bugres.com.br resolves to 127.0.0.2, a loopback address; only public addresses are fetched',
    );
  });

  it('refuses a redirect from an allowed host to a private one, and the target gets nothing', async () => {
    const target = `http://127.0.0.2:${port(intruder)}/media/secret.jpg`;
    const url = `${server.origin}/media/hop-to/${encodeURIComponent(target)}`;
    const report = await cacheImages([url], options());
    expect(server.requests).toHaveLength(1);
    expect(intruder.requests).toEqual([]);
    expect(report.manifest.failed[url]).toBe(
      `refused: redirected to 127.0.0.2:${port(intruder)}: 127.0.0.2 is a loopback address; only public addresses are fetched`,
    );
  });

  it('refuses a redirect to a name that resolves to a metadata address', async () => {
    const resolve: Resolver = async () => [{ address: '169.254.169.254', family: 4 }];
    const url = `${server.origin}/media/hop-to/${encodeURIComponent('http://metadata.google.internal/computeMetadata/v1/')}`;
    const report = await cacheImages([url], options({ resolve }));
    expect(report.manifest.failed[url]).toBe(
      'refused: redirected to metadata.google.internal: metadata.google.internal resolves to 169.254.169.254, a link-local address (cloud metadata); only public addresses are fetched',
    );
  });

  it('follows redirects within allowed origins, up to the limit', async () => {
    const inner = `${server.origin}/media/a.jpg`;
    const once = `${server.origin}/media/hop-to/${encodeURIComponent(inner)}`;
    const twice = `${server.origin}/media/hop-to/${encodeURIComponent(once)}`;
    const report = await cacheImages([twice], options());
    expect(report.manifest.images[twice]).toMatchObject({ width: 64, height: 48, format: 'jpg' });
    expect(server.requests).toHaveLength(3);

    const limited = await cacheImages([`${twice}?again`], options({ maxRedirects: 1 }));
    expect(limited.manifest.failed[`${twice}?again`]).toBe('more than 1 redirects');
  });

  it('still fetches from the configured upstreams’ origins, and from another host once it is configured', async () => {
    const own = `${server.origin}/media/own.jpg`;
    const other = `${intruder.origin}/media/other.jpg`;
    const report = await cacheImages([own, other], options({ allowedOrigins: [server.origin, intruder.origin] }));
    expect(report.downloaded).toBe(2);
    expect(Object.keys(report.manifest.images).sort()).toEqual([other, own].sort());
    expect(intruder.requests).toHaveLength(1);
  });

  it('does not keep a cached copy from a host that is refused now', async () => {
    const url = `${intruder.origin}/media/cached.jpg`;
    await cacheImages([url], options({ allowedOrigins: [intruder.origin] }));
    intruder.clearRequests();
    const report = await cacheImages([url], options());
    expect(intruder.requests).toEqual([]);
    expect(report.manifest.images).toEqual({});
    expect(report.manifest.failed[url]).toMatch(/^refused: 127\.0\.0\.2 is a loopback address/);
    expect(log.lines.some((line) => line.includes('keeping the cached copy'))).toBe(false);
  });
});

describe('syncImages', () => {
  it('allows the origins of the configured upstreams from the environment, and only those', async () => {
    const snapshot = await makeTempDir('guard-snapshot-');
    try {
      const own = `${server.origin}/media/tour.jpg`;
      const foreign = `${intruder.origin}/media/tour.jpg`;
      await writeFile(path.join(snapshot, 'tours.json'), JSON.stringify([{ id: '1', image: own, banner: foreign }]));
      const report = await syncImages({
        env: { ...server.env, IMAGE_CACHE_DIR: cacheDir },
        root: path.resolve(import.meta.dirname, '../..'),
        snapshotDir: snapshot,
        logger: log.logger,
      });
      expect(Object.keys(report.manifest.images)).toEqual([own]);
      expect(report.manifest.failed[foreign]).toMatch(/^refused: 127\.0\.0\.2 is a loopback address/);
      expect(intruder.requests).toEqual([]);
    } finally {
      await removeDir(snapshot);
    }
  });
});
