/** The headers gate: `dist/_headers` (src/integrations/headers.ts) is this build's and fits the hosts' limits. */
import { pagePolicy } from '../../src/integrations/csp.ts';
import {
  formatHeadersFile,
  HEADERS_FILE,
  HEADERS_LIMITS,
  headerRules,
  parseHeadersFile,
} from '../../src/integrations/headers.ts';
import type { Tag } from '../../src/integrations/html-scan.ts';
import { TECHNICAL } from './editor.ts';
import type { Problem } from './problem.ts';

/**
 * The headers gate: `_headers` is the one this build needs (a build of other pages, or one where a
 * page's policy changed, would send a policy that blocks them) and fits the hosts' limits.
 */
export function checkHeadersFile(
  text: string | null,
  files: readonly string[],
  pages: readonly { file: string; tags: readonly Tag[] }[],
): Problem[] {
  const problem = (message: string, editor: string): Problem => ({ gate: 'hosting', message, editor: `${editor} ${TECHNICAL}` });
  if (text === null) {
    return [
      problem(
        `${HEADERS_FILE} is missing: hosts that read it would send no Content-Security-Policy header and no caching rules.`,
        `Falta o arquivo ${HEADERS_FILE}, com as regras de segurança e de cache das páginas.`,
      ),
    ];
  }
  const policies = pages.flatMap((page) => {
    const policy = pagePolicy(page.tags);
    return policy ? [policy] : [];
  });
  const expected = formatHeadersFile(headerRules(files, policies));
  const problems: Problem[] = [];
  if (text !== expected) {
    problems.push(
      problem(
        `${HEADERS_FILE} was not written for this build (its rules or its policy differ from the pages'); build again.`,
        `O arquivo ${HEADERS_FILE} não é o desta construção do site: as regras de segurança dele não combinam com as páginas.`,
      ),
    );
  }
  const rules = parseHeadersFile(text);
  if (rules.length > HEADERS_LIMITS.rules) {
    problems.push(
      problem(
        `${HEADERS_FILE} has ${rules.length} rules; Cloudflare Pages reads at most ${HEADERS_LIMITS.rules}.`,
        `O arquivo ${HEADERS_FILE} tem ${rules.length} regras, mais que as ${HEADERS_LIMITS.rules} que a hospedagem aceita.`,
      ),
    );
  }
  for (const line of text.split('\n')) {
    if (line.length > HEADERS_LIMITS.lineLength) {
      problems.push(
        problem(
          `${HEADERS_FILE} has a line of ${line.length} characters ("${line.trim().slice(0, 40)}…"); Cloudflare Pages reads at most ${HEADERS_LIMITS.lineLength}.`,
          `O arquivo ${HEADERS_FILE} tem uma linha de ${line.length.toLocaleString('pt-BR')} caracteres, mais que os ` +
            `${HEADERS_LIMITS.lineLength.toLocaleString('pt-BR')} que a hospedagem aceita.`,
        ),
      );
    }
  }
  return problems;
}
