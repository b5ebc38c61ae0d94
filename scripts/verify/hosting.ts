/**
 * The hosting gate: every page answers as the static host the build is for serves it, links and
 * canonical URLs are in the one form, nothing is mixed content, and the build fits the host's limits.
 * How hosts resolve a path and which folder copies a build writes: src/integrations/static-hosting.ts.
 */

import { GB, HOSTS, type HostName, MIB } from '../../src/integrations/hosts.ts';
import type { Tag } from '../../src/integrations/html-scan.ts';
import { pagePathOf } from '../../src/integrations/site-files.ts';
import {
  ASSET_FOLDERS,
  followOnHost,
  type HostOutcome,
  mirrorOf,
  pageFiles,
  treeOf,
} from '../../src/integrations/static-hosting.ts';
import { pageName, TECHNICAL } from './editor.ts';
import { internalTarget, referencesOf } from './links.ts';
import type { Problem } from './problem.ts';

/** The addresses a page must answer at on `host`: its one form, and with a trailing slash where every page has its mirror. */
function addressesOf(sitePath: string, host: HostName): string[] {
  return sitePath === '/' || HOSTS[host].mirrors !== 'all' ? [sitePath] : [sitePath, `${sitePath}/`];
}

/** A site path as a browser requests it, each segment percent-encoded. */
const encodePath = (sitePath: string) => sitePath.split('/').map(encodeURIComponent).join('/');

const describeOutcome = (outcome: HostOutcome) => {
  const end = outcome.answer.status === 200 ? `200 ${outcome.answer.file}` : String(outcome.answer.status);
  return [...outcome.chain, end].join(' → ');
};

/**
 * The hosting gate, part one: every page answers 200 with itself (the page file or its identical
 * mirror) on `host`, in each order it resolves in, at its one form (and with a trailing slash where
 * the host needs every page's mirror). `identical(file)` tells whether the page's mirror holds the
 * same bytes as the page.
 */
export function checkReachability(files: readonly string[], identical: (page: string) => boolean, host: HostName): Problem[] {
  const tree = treeOf(files);
  const problems: Problem[] = [];
  const { resolutions, label } = HOSTS[host];
  for (const page of pageFiles(files)) {
    if (page === '404.html') continue;
    const mirror = mirrorOf(page);
    const failures: string[] = [];
    for (const address of addressesOf(encodePath(pagePathOf(page)), host)) {
      const failed = resolutions.flatMap((resolution) => {
        const outcome = followOnHost(tree, address, resolution);
        const served = outcome.answer.status === 200 ? outcome.answer.file : null;
        return served === page || served === mirror ? [] : [`${resolution}: ${describeOutcome(outcome)}`];
      });
      if (failed.length === 0) continue;
      const servedOn = resolutions.filter((resolution) => !failed.some((failure) => failure.startsWith(`${resolution}:`)));
      const where = servedOn.length > 0 ? `only on ${servedOn.join(' and ')} hosts` : 'on no host';
      failures.push(`${address} ${where} (${failed.join('; ')})`);
    }
    if (failures.length > 0) {
      problems.push({
        gate: 'hosting',
        message: `The page ${pagePathOf(page)} (${page}) is not served as ${label} serves it: ${failures.join('; ')}.`,
        editor: `A página ${pageName(page)} não abriria na hospedagem em todas as formas do endereço (com ou sem barra no fim). ${TECHNICAL}`,
      });
    } else if (mirror && tree.isFile(mirror) && !identical(page)) {
      problems.push({
        gate: 'hosting',
        message: `${mirror} differs from ${page}: a host that serves /x/ would show another page than one that serves /x.`,
        editor:
          `A página ${pageName(page)} tem duas versões diferentes (${page} e ${mirror}): o visitante veria uma ou outra ` +
          `conforme o endereço termine ou não com barra. ${TECHNICAL}`,
      });
    }
  }
  return problems;
}

/** A path that is not in the one form: a trailing slash (but `/`), `.html` or a final `/index`. */
function isOtherForm(sitePath: string): boolean {
  return sitePath !== '/' && (/\/$/.test(sitePath) || /(\.html|\/index)$/.test(sitePath));
}

/** True for a reference that a browser resolves against the page's own path (`tour/101`, `../x`). */
function isPathRelative(url: string): boolean {
  return !/^([a-z][a-z0-9+.-]*:|\/|#|\?)/i.test(url.trim());
}

/**
 * Why a reference is mixed content on an HTTPS page, or null: a form that sends anywhere but over
 * HTTPS (`mailto:`, `http:`: the browser warns before sending), or anything loaded over plain HTTP
 * (blocked). Links to other sites are not loaded by the page.
 */
function mixedContent(reference: {
  url: string;
  tag: string;
  isNavigation: boolean;
}): { message: string; editor: string } | null {
  if (reference.tag === 'form') {
    return /^[a-z][a-z0-9+.-]*:/i.test(reference.url) && !/^https:/i.test(reference.url)
      ? {
          message: `a <form> sends to "${reference.url}", which an HTTPS page warns about before sending (mixed content); hand off from a script or a link.`,
          editor: 'tem um formulário que envia para um endereço sem proteção (não é https), e o navegador avisaria o visitante',
        }
      : null;
  }
  return !reference.isNavigation && /^http:/i.test(reference.url)
    ? {
        message: `<${reference.tag}> loads "${reference.url}" over plain HTTP, which an HTTPS page blocks (mixed content).`,
        editor: `carrega ${reference.url} sem proteção (não é https), o que o navegador bloqueia`,
      }
    : null;
}

/**
 * The hosting gate, part two, for one page: its links to our pages and its canonical URL use the one
 * form, it refers to nothing with a path-relative URL (the page is served at `/x` and at `/x/`,
 * where `tour/101` would point to two different places), and nothing it loads or sends is mixed
 * content on the HTTPS host (Chrome answers a `mailto:` form with a full-page 'Form is not secure').
 */
export function checkPageForms(file: string, tags: readonly Tag[], siteOrigin: string | null): Problem[] {
  const problems: Problem[] = [];
  const fromPath = pagePathOf(file);
  const seen = new Set<string>();
  /** `what` is the finding for editors: what 'A página /x …' goes on with. */
  const report = (message: string, what: string) => {
    if (seen.has(message)) return;
    seen.add(message);
    problems.push({
      gate: 'hosting',
      message: `${file}: ${message}`,
      editor: `A página ${pageName(file)} ${what}. ${TECHNICAL}`,
    });
  };
  const canonical = tags.find((tag) => tag.name === 'link' && /(^|\s)canonical(\s|$)/i.test(tag.attributes.get('rel') ?? ''));
  const references = referencesOf(tags);
  const canonicalHref = canonical?.attributes.get('href')?.trim();
  if (canonicalHref) references.push({ url: canonicalHref, tag: 'link rel=canonical', isNavigation: true });
  for (const reference of references) {
    const mixed = mixedContent(reference);
    if (mixed) {
      report(mixed.message, mixed.editor);
      continue;
    }
    const isCanonical = reference.tag === 'link rel=canonical';
    if (!isCanonical && isPathRelative(reference.url)) {
      report(
        `a path-relative reference "${reference.url}" on <${reference.tag}>, which points elsewhere at ${fromPath}/; use a path from the root.`,
        `aponta para ${reference.url} de um jeito que muda conforme o endereço da página termine ou não com barra`,
      );
      continue;
    }
    if (!reference.isNavigation && reference.tag !== 'meta og:url') continue;
    const target = internalTarget(reference.url, fromPath, siteOrigin);
    if (target && !ASSET_FOLDERS.test(target.path.slice(1)) && isOtherForm(target.path)) {
      report(
        `<${reference.tag}> points to ${target.path}, not to the one form of its page (no trailing slash, no .html).`,
        `aponta para ${target.path}, e não para o endereço único dessa página (sem barra no fim e sem .html)`,
      );
    }
  }
  return problems;
}

/**
 * The hosting gate, part three, for one page: every address of the site its structured data names
 * (breadcrumbs, `url`, `item`) is in the one form. Search engines follow them as they follow links,
 * and on a host with one file per page `/news/` is the 404 page.
 */
export function checkStructuredDataForms(file: string, tags: readonly Tag[], siteOrigin: string | null): Problem[] {
  if (!siteOrigin) return [];
  const problems = new Map<string, Problem>();
  for (const tag of tags) {
    if (tag.name !== 'script' || tag.attributes.get('type')?.trim().toLowerCase() !== 'application/ld+json') continue;
    for (const [url = ''] of (tag.text ?? '').matchAll(/https?:\/\/[^"\s\\]+/g)) {
      const target = internalTarget(url, '/', siteOrigin);
      if (target && !ASSET_FOLDERS.test(target.path.slice(1)) && isOtherForm(target.path)) {
        const message = `${file}: its structured data names ${target.path}, not the one form of its page (no trailing slash, no .html).`;
        problems.set(message, {
          gate: 'hosting',
          message,
          editor:
            `A página ${pageName(file)} informa aos buscadores o endereço ${target.path}, e não o endereço único dessa ` +
            `página (sem barra no fim e sem .html). ${TECHNICAL}`,
        });
      }
    }
  }
  return [...problems.values()];
}

const formatBytes = (bytes: number) =>
  bytes >= GB ? `${(bytes / GB).toFixed(2)} GB` : bytes >= MIB ? `${(bytes / MIB).toFixed(1)} MiB` : `${bytes} bytes`;
const count = (value: number) => value.toLocaleString('en-US');
/** The same figures as Brazilians write them: '1,12 GB', '20.000'. */
const bytesPt = (bytes: number) => formatBytes(bytes).replace('.', ',');
const countPt = (value: number) => value.toLocaleString('pt-BR');

/** One of a host's limits against this build: the figure ('dist/ is 647 MiB') and the limit ('the 1.00 GB GitHub Pages publishes'). */
interface LimitUse {
  used: number;
  limit: number;
  figure: string;
  of: string;
  /** The figure and the limit for editors: 'o site tem 1,12 GB', 'do limite de 1,00 GB da hospedagem'. */
  editor: { figure: string; of: string };
}

/**
 * Each of `host`'s limits against this build (`files`: every file of `dist/` with its size): the
 * whole site's size and file count, each folder's file count and each file's size, where the host
 * has that limit.
 */
function hostLimitUses(files: readonly { file: string; bytes: number }[], host: HostName): LimitUse[] {
  const { label, limits } = HOSTS[host];
  const uses: LimitUse[] = [];
  if (limits.siteBytes !== undefined) {
    const total = files.reduce((sum, entry) => sum + entry.bytes, 0);
    uses.push({
      used: total,
      limit: limits.siteBytes,
      figure: `dist/ is ${formatBytes(total)}`,
      of: `the ${formatBytes(limits.siteBytes)} ${label} publishes`,
      editor: { figure: `o site tem ${bytesPt(total)}`, of: `do limite de ${bytesPt(limits.siteBytes)} da hospedagem` },
    });
  }
  if (limits.files !== undefined) {
    uses.push({
      used: files.length,
      limit: limits.files,
      figure: `dist/ has ${count(files.length)} files`,
      of: `the ${count(limits.files)} ${label} takes`,
      editor: {
        figure: `o site tem ${countPt(files.length)} arquivos`,
        of: `do limite de ${countPt(limits.files)} arquivos da hospedagem`,
      },
    });
  }
  if (limits.filesPerFolder !== undefined) {
    const perFolder = new Map<string, number>();
    for (const { file } of files) {
      const folder = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '.';
      perFolder.set(folder, (perFolder.get(folder) ?? 0) + 1);
    }
    for (const [folder, inFolder] of perFolder) {
      uses.push({
        used: inFolder,
        limit: limits.filesPerFolder,
        figure: `${folder}/ holds ${count(inFolder)} files`,
        of: `the ${count(limits.filesPerFolder)} ${label} takes in one folder`,
        editor: {
          figure: `a pasta ${folder}/ tem ${countPt(inFolder)} arquivos`,
          of: `do limite de ${countPt(limits.filesPerFolder)} arquivos numa pasta da hospedagem`,
        },
      });
    }
  }
  if (limits.fileBytes !== undefined) {
    for (const { file, bytes } of files) {
      uses.push({
        used: bytes,
        limit: limits.fileBytes,
        figure: `${file} is ${formatBytes(bytes)}`,
        of: `the ${formatBytes(limits.fileBytes)} ${label} takes in one file`,
        editor: {
          figure: `o arquivo ${file} tem ${bytesPt(bytes)}`,
          of: `do limite de ${bytesPt(limits.fileBytes)} por arquivo da hospedagem`,
        },
      });
    }
  }
  return uses;
}

/**
 * The host gate: a build over one of `host`'s limits, each named with the figure and the limit
 * ('dist/ is 1.12 GB, over the 1.00 GB GitHub Pages publishes (…)'). `files` are every file of `dist/` with its size.
 */
export function checkHostLimits(files: readonly { file: string; bytes: number }[], host: HostName): Problem[] {
  return hostLimitUses(files, host)
    .filter(({ used, limit }) => used > limit)
    .map(({ figure, of, editor }) => ({
      gate: 'host',
      message: `${figure}, over ${of} (${HOSTS[host].source}).`,
      editor: `O site ficou grande demais para a hospedagem: ${editor.figure}, acima ${editor.of}. ${TECHNICAL}`,
    }));
}

/**
 * The limit of `host` this build comes closest to, in words ('dist/ is 647 MiB, 63 % of the 1.00 GB
 * GitHub Pages publishes'), and how close (0.63); null for a host without limits. The gate prints it
 * with every build, and warns from NEAR_HOST_LIMIT on, so a growing catalogue is seen before the night
 * it is refused.
 */
export function closestHostLimit(
  files: readonly { file: string; bytes: number }[],
  host: HostName,
): { share: number; text: string } | null {
  let closest: LimitUse | null = null;
  for (const use of hostLimitUses(files, host)) {
    if (!closest || use.used / use.limit > closest.used / closest.limit) closest = use;
  }
  if (!closest) return null;
  const share = closest.used / closest.limit;
  return { share, text: `${closest.figure}, ${Math.round(share * 100)} % of ${closest.of}` };
}

/** From this share of a host's limit on, the gate warns (the build is still published). */
export const NEAR_HOST_LIMIT = 0.8;
