/**
 * The scripts gate: a page runs only code our build put there. Allowed are modules under our own
 * asset folders and inline scripts whose hash is on the page's Content-Security-Policy (which
 * Astro derives from the scripts it emitted, plus the hashes astro.config.mjs adds for our own
 * `is:inline` scripts). Inline event handlers, `javascript:` URLs and plugin elements are never
 * ours: the site attaches behaviour from modules.
 */
import { createHash } from 'node:crypto';
import { pagePolicy } from '../../src/integrations/csp.ts';
import { isExecutableScript, type Tag } from '../../src/integrations/html-scan.ts';
import { pageName, TECHNICAL } from './editor.ts';
import type { Problem } from './problem.ts';

/** Where our own script files live: Astro's bundles and Pagefind's generated search files. */
const OWN_SCRIPT_PREFIXES = ['/_astro/', '/pagefind/'] as const;

const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster'];

/** The script hashes a policy allows (`sha256-…` without quotes), from script-src-elem or else script-src. */
function allowedScriptHashes(policy: Map<string, string[]>): Set<string> {
  const sources = policy.get('script-src-elem') ?? policy.get('script-src') ?? policy.get('default-src') ?? [];
  return new Set(sources.map((source) => source.replace(/^'|'$/g, '')).filter((source) => /^sha(256|384|512)-/.test(source)));
}

/** The CSP hash of an inline script's text, in the given algorithm. */
export function scriptHash(text: string, algorithm: 'sha256' | 'sha384' | 'sha512' = 'sha256'): string {
  return `${algorithm}-${createHash(algorithm).update(text, 'utf8').digest('base64')}`;
}

function isAllowedInline(text: string, allowed: ReadonlySet<string>): boolean {
  return (['sha256', 'sha384', 'sha512'] as const).some((algorithm) => allowed.has(scriptHash(text, algorithm)));
}

function isOwnScriptSource(source: string): boolean {
  return OWN_SCRIPT_PREFIXES.some((prefix) => source.startsWith(prefix)) && !source.startsWith('//');
}

const preview = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 60)}…` : flat;
};

/** Problems of one page, from its scanned tags (`file` names it in the messages). */
export function checkPageScripts(
  file: string,
  tags: readonly Tag[],
  options: { extraHashes?: readonly string[] } = {},
): Problem[] {
  const problems: Problem[] = [];
  /** `what` is the finding for editors: what 'A página /x …' goes on with. */
  const problem = (message: string, what: string) =>
    problems.push({
      gate: 'scripts',
      message: `${file}: ${message}`,
      editor: `A página ${pageName(file)} ${what}. ${TECHNICAL}`,
    });
  const foreign = 'tem um código que a construção do site não colocou lá';
  const policy = pagePolicy(tags);
  if (!policy) {
    problem(
      'the page has no Content-Security-Policy, so nothing stops a foreign script from running.',
      'não tem a regra de segurança que impede que código de fora rode nela',
    );
  }
  // Every inline script must be on the list, wherever it sits: one parsed before the <meta> policy
  // would run unchecked by the browser, so this gate is what keeps it out.
  const allowed = new Set([...(policy ? allowedScriptHashes(policy) : []), ...(options.extraHashes ?? [])]);

  for (const tag of tags) {
    if (isExecutableScript(tag)) {
      const source = tag.attributes.get('src');
      if (source !== undefined) {
        if (!isOwnScriptSource(source.trim())) {
          problem(
            `a script is loaded from ${source}, which is not one of our own bundles.`,
            `${foreign} (vindo de outro endereço)`,
          );
        }
      } else if (!isAllowedInline(tag.text ?? '', allowed)) {
        problem(
          `an inline script that our build did not put there (its ${scriptHash(tag.text ?? '')} is not in the page's policy): "${preview(tag.text ?? '')}".`,
          foreign,
        );
      }
    }
    for (const [name, value] of tag.attributes) {
      if (/^on[a-z]+$/.test(name)) problem(`an inline event handler ${name}="${preview(value)}" on <${tag.name}>.`, foreign);
      if (URL_ATTRIBUTES.includes(name) && /^javascript:/i.test(value.replace(/[\s\u0000-\u001f]+/g, ''))) {
        problem(`a javascript: URL in ${name} on <${tag.name}>.`, `${foreign} (num endereço de link)`);
      }
    }
    if (tag.name === 'iframe' && tag.attributes.has('srcdoc')) {
      problem('an iframe with inline srcdoc content.', `${foreign} (num quadro embutido)`);
    }
    if (tag.name === 'object' || tag.name === 'embed') {
      problem(`an <${tag.name}> element (plugin content).`, 'tem um conteúdo embutido que exige extensão do navegador');
    }
  }
  return problems;
}
