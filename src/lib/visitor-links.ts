/**
 * Which links from upstream data a visitor may be sent to: a record's site, its social profiles, its
 * video, the tourist office's site. One rule, read by the sync (which leaves a refused link out with
 * a note: scripts/sync/normalise/own-links.ts), by the pages (the snapshot's schemas drop a refused
 * link as they read it, so a snapshot kept from before the rule publishes none either), and by the
 * deploy gate (which links are our own: scripts/verify/links.ts).
 *
 * Refused:
 * - a host that is not public: loopback, private, link-local, metadata and other special addresses
 *   in any spelling URL parsing accepts ('https://[::1]/', 'http://2130706433/', 'http://0x7f.1/'),
 *   and names of the local network ('localhost', '*.local', '*.internal', a name without a dot);
 * - a lookalike of the portal's own host (SITE_URL): one that contains it as a run of whole labels
 *   without being it or a subdomain of it ('turismo.example.com.br.evil.example'), and one that
 *   reads as it once written in Unicode and folded (an IDN 'xn--' host with Cyrillic 'о' or Greek
 *   'ο', fullwidth letters, accents, '0' for 'o', 'rn' for 'm'): lookalikeSkeleton;
 * - a social icon's link off its own network's domains (an 'Instagram' icon to any other host);
 * - the portal's own address (with or without `www.` and a trailing dot), which is no provider's site.
 * Read at build time only (the sync, the pages' schemas, the gate): never in a visitor's browser.
 */
import { domainToUnicode } from 'node:url';
import ipaddr from 'ipaddr.js';
import unhomoglyph from 'unhomoglyph';
import { fold } from './text.ts';

/** The social networks a record may link (SocialLinks of src/lib/schemas), and the domains each lives on. */
const NETWORK_DOMAINS = {
  instagram: ['instagram.com', 'instagr.am'],
  facebook: ['facebook.com', 'fb.com', 'fb.me'],
  youtube: ['youtube.com', 'youtu.be'],
  tiktok: ['tiktok.com'],
  linkedin: ['linkedin.com', 'lnkd.in'],
  whatsapp: ['wa.me', 'whatsapp.com'],
} as const satisfies Record<string, readonly string[]>;

export type LinkNetwork = keyof typeof NETWORK_DOMAINS;

/** Why a link was refused, in the note problems' words (src/lib/schemas/source-status.ts). */
type LinkProblem = 'own-site-address' | 'private-address' | 'lookalike-address' | 'not-network-address';

/** A refused link: the problem and the developers' reason. */
interface LinkRefusal {
  problem: LinkProblem;
  reason: string;
}

const RANGE_NAMES: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private (RFC 1918) address',
  uniqueLocal: 'a unique-local (private IPv6) address',
  reserved: 'a reserved address',
  ipv4Mapped: 'an IPv4-mapped address',
  rfc6145: 'an IPv4-translated address',
  rfc6052: 'a NAT64 address',
  '6to4': 'a 6to4 address',
  teredo: 'a Teredo address',
};

/** Instance metadata services: named in the reason, so whoever reads the warning knows what was at stake. */
const METADATA = new Set(['169.254.169.254', '169.254.170.2', 'fd00:ec2::254', '100.100.100.200']);

/** Global unicast IPv6 (2000::/3): everything else is local, special or unallocated. */
const GLOBAL_IPV6 = ipaddr.parseCIDR('2000::/3');

/**
 * What kind of non-public address `address` is ('a loopback address', ...), or null when it is a
 * public unicast one. An IPv4-mapped IPv6 address is judged as its IPv4 address. Also the image
 * fetch's rule (scripts/sync/address-guard.ts).
 */
export function nonPublicKind(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return 'not an IP address';
  const parsed = ipaddr.process(bare);
  const range = parsed.range();
  const metadata = METADATA.has(parsed.toString()) ? ' (cloud metadata)' : '';
  if (range !== 'unicast') return `${RANGE_NAMES[range] ?? `a special-purpose (${range}) address`}${metadata}`;
  if (parsed.kind() === 'ipv6' && !parsed.match(GLOBAL_IPV6)) return 'an unallocated or special IPv6 address';
  return null;
}

/** Names that only a local network resolves (RFC 6761, 6762, 8375, and the usual private suffixes). */
const LOCAL_NAME = /(?:^|\.)(?:localhost|local|internal|intranet|lan|home\.arpa|localdomain)$/;

/** A URL's host as compared here: lower case, without IPv6 brackets or a trailing dot. */
function bareHost(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '');
}

/** Why `hostname` (as URL parsing wrote it) is no public host, or null when it is one. */
function nonPublicHost(hostname: string): string | null {
  const host = bareHost(hostname);
  const isAddress = hostname.startsWith('[') || /^[\d.]+$/.test(host);
  if (isAddress) return ipaddr.isValid(host) ? nonPublicKind(host) : 'not an IP address';
  if (LOCAL_NAME.test(host)) return 'a name of the local network';
  if (!host.includes('.')) return 'a name without a domain (the local network)';
  return null;
}

/** `host` without a leading `www.`: the same site, as visitors type it either way. */
const withoutWww = (host: string) => host.replace(/^www\./, '');

/** Whether `host` is `site` itself, with or without `www.` (either side) and a trailing dot. */
function isOwnHost(host: string, site: string): boolean {
  return withoutWww(bareHost(host)) === withoutWww(bareHost(site));
}

/**
 * True when `url` is an absolute http(s) address on SITE_URL's host (with or without `www.` and a
 * trailing dot) and port, either scheme: `http://` is the same site.
 */
export function isOwnSiteUrl(url: string, siteUrl: string): boolean {
  const target = URL.parse(url.trim());
  const site = URL.parse(siteUrl);
  return (
    target !== null &&
    site !== null &&
    (target.protocol === 'https:' || target.protocol === 'http:') &&
    isOwnHost(target.hostname, site.hostname) &&
    target.port === site.port
  );
}

/**
 * Small capitals read as the lower-case letter in an address bar. Unicode's confusables map several
 * Cyrillic and Greek letters to them (т → ᴛ, к → ᴋ), not to the Latin letter a visitor takes them for.
 */
const SMALL_CAPITALS = new Map(
  [...'ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘǫʀꜱᴛᴜᴠᴡʏᴢ'].map((capital, at) => [capital, 'abcdefghijklmnopqrstuvwyz'[at] ?? capital]),
);

/** Letter pairs read as one letter ('turisrno', 'vvww'), which a table of single characters cannot say. */
const ASCII_LOOKALIKES: [RegExp, string][] = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
];

/**
 * A host as a browser may show it: each 'xn--' label decoded ('xn--turism-1qf.example' → 'turismо.example'),
 * by Node's own IDNA (`domainToUnicode`), which leaves a label that is not valid Punycode as written.
 */
export function unicodeHost(host: string): string {
  const bare = bareHost(host);
  return domainToUnicode(bare) || bare;
}

/**
 * A host as it reads: each 'xn--' label decoded, NFKC (fullwidth and styled letters as plain ones),
 * accents removed, lower case, lookalike letters of other scripts and digits folded to the Latin
 * letters they pass for. Two hosts with the same skeleton look the same to a visitor.
 */
export function lookalikeSkeleton(host: string): string {
  // Unicode's confusables (unhomoglyph's copy of Unicode's table) map each character to the one it passes for,
  // then case and accents go: 'тurіѕmо' with Cyrillic letters reads 'turismo'.
  let folded = [...unhomoglyph(fold(unicodeHost(host).normalize('NFKC')))]
    .map((char) => SMALL_CAPITALS.get(char) ?? fold(char))
    .join('')
    // Dots a label may be written with (ideographic, fullwidth) are dots.
    .replace(/[\u3002\uff0e\uff61]/g, '.');
  for (const [pattern, letter] of ASCII_LOOKALIKES) folded = folded.replace(pattern, letter);
  return folded;
}

/**
 * Whether `host` passes for `site` without being it or a subdomain of it: their skeletons are the
 * same, or the site's skeleton is a run of whole labels of the host's ('turismo.example.com.br.evil.example',
 * 'login-turismo.example.com.br.evil.example', 'www.turismо.example.com.br' with a Cyrillic 'о').
 */
export function isLookalikeHost(host: string, site: string): boolean {
  const [candidate, own] = [withoutWww(bareHost(host)), withoutWww(bareHost(site))];
  if (candidate === own || candidate.endsWith(`.${own}`)) return false;
  const [shape, ownShape] = [lookalikeSkeleton(candidate), lookalikeSkeleton(own)];
  if (!ownShape) return false;
  if (shape === ownShape) return true;
  // Our host inside another: bounded by the start, a dot or a hyphen on each side.
  for (let at = shape.indexOf(ownShape); at >= 0; at = shape.indexOf(ownShape, at + 1)) {
    const before = shape[at - 1];
    const after = shape[at + ownShape.length];
    if ((before === undefined || before === '.' || before === '-') && (after === undefined || after === '.' || after === '-'))
      return true;
  }
  return false;
}

/** Whether `host` is `domain` or one of its subdomains. */
const isOnDomain = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** What a check of a visitor link knows: the portal's address and, for a social icon, its network. */
interface VisitorLinkOptions {
  /** SITE_URL; without it only the address and network rules apply. */
  siteUrl?: string | null | undefined;
  /** The network a social icon shows: its link must be on that network's domains (NETWORK_DOMAINS). */
  network?: LinkNetwork | undefined;
}

/**
 * Why a visitor may not be sent to `url` (an absolute http(s) address from upstream data), or null
 * when the link may be shown. Not an http(s) address at all is not judged here (webUrl's rule).
 */
export function visitorLinkRefusal(url: string, options: VisitorLinkOptions = {}): LinkRefusal | null {
  const target = URL.parse(url.trim());
  if (!target || (target.protocol !== 'http:' && target.protocol !== 'https:')) return null;
  const host = bareHost(target.hostname);
  const site = options.siteUrl ? URL.parse(options.siteUrl) : null;
  if (site && options.siteUrl && isOwnSiteUrl(target.href, options.siteUrl))
    return { problem: 'own-site-address', reason: "on the portal's own address (SITE_URL); left out" };
  // After our own address, which a test build may serve from 127.0.0.1.
  const nonPublic = nonPublicHost(target.hostname);
  if (nonPublic) return { problem: 'private-address', reason: `host ${host} is ${nonPublic}; left out` };
  if (site && isLookalikeHost(host, site.hostname)) {
    const shown = unicodeHost(host) === host ? host : `${host} (${unicodeHost(host)})`;
    return {
      problem: 'lookalike-address',
      reason: `host ${shown} passes for the portal's own (${bareHost(site.hostname)}); left out`,
    };
  }
  if (options.network) {
    const domains: readonly string[] = NETWORK_DOMAINS[options.network];
    if (!domains.some((domain) => isOnDomain(host, domain)))
      return { problem: 'not-network-address', reason: `host ${host} is not on ${domains.join(', ')}; left out` };
  }
  return null;
}

/** `url` when a visitor may be sent to it (visitorLinkRefusal), else null; null stays null. */
export function visitorLink(url: string | null | undefined, options: VisitorLinkOptions = {}): string | null {
  if (url === null || url === undefined) return null;
  return visitorLinkRefusal(url, options) ? null : url;
}
