/**
 * `npm run budgets`: checks the built site in dist/ against budgets.json (gzip bytes of HTML, CSS
 * and JavaScript per page type, the shell's scripts, no JavaScript without islands, no request to
 * another host on page load, latin fonts only). Fails with every violation listed.
 *
 *   npm run budgets                      # check dist/
 *   npm run budgets -- --dist /tmp/site  # another build
 *   npm run budgets -- --write           # set the limits from this build (+15 %; a 0 stays 0)
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatTable } from './bench/measure.ts';
import { type BudgetConfig, checkBudgets, limitFrom, maximaByType, NO_PAGES } from './budgets/check.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: path.join(root, 'dist') },
    config: { type: 'string', default: path.join(root, 'budgets.json') },
    write: { type: 'boolean', default: false },
  },
});

/** budgets.json as written: one line per page type, so a change of limits reads as a one-line diff. */
function formatConfig(value: BudgetConfig & { $comment?: string }): string {
  const inline = (object: object) =>
    `{ ${Object.entries(object)
      .map(([key, entry]) => `${JSON.stringify(key)}: ${JSON.stringify(entry)}`)
      .join(', ')} }`;
  const { pageTypes, ...rest } = value;
  const head = Object.entries(rest).map(
    ([key, entry]) => `  ${JSON.stringify(key)}: ${JSON.stringify(entry, null, 2).replace(/\n/g, '\n  ')}`,
  );
  return `{\n${[...head, `  "pageTypes": [\n${pageTypes.map((type) => `    ${inline(type)}`).join(',\n')}\n  ]`].join(',\n')}\n}\n`;
}

const config = JSON.parse(await readFile(values.config, 'utf8')) as BudgetConfig & { $comment?: string };
const started = performance.now();
const { pages, violations } = await checkBudgets(path.resolve(values.dist), config);
const maxima = maximaByType(pages);

const cell = (measured: number, limit: number) => `${measured} / ${limit}`;
console.log(
  `Budgets: ${pages.length} pages of ${path.relative(root, path.resolve(values.dist)) || values.dist}, gzip bytes, largest page of each type / limit\n`,
);
console.log(
  formatTable(
    ['page type', 'pages', 'HTML', 'CSS', "JS (page's own)", 'JS (shell)', 'JS (React)', 'JS at load'],
    config.pageTypes
      .filter((type) => maxima.has(type.name))
      .map((type) => {
        const max = maxima.get(type.name) ?? NO_PAGES;
        return [
          type.name,
          String(max.pages),
          cell(max.html, type.html),
          cell(max.css, type.css),
          cell(max.js, type.js),
          cell(max.shell, config.shell.js),
          cell(max.runtime, config.runtime.js),
          cell(max.jsAtLoad, type.jsAtLoad ?? config.jsAtLoad ?? Number.POSITIVE_INFINITY),
        ];
      }),
  ),
);

if (values.write) {
  for (const type of config.pageTypes) {
    const max = maxima.get(type.name);
    if (!max) continue;
    type.html = limitFrom(max.html);
    type.css = limitFrom(max.css);
    // A page type without islands keeps its 0: --write must never start allowing JavaScript.
    type.js = type.js === 0 ? 0 : limitFrom(max.js);
    // The site-wide limit of JavaScript at load is a choice, not a measure; only a type's own exception follows the build.
    if (type.jsAtLoad !== undefined) type.jsAtLoad = limitFrom(max.jsAtLoad);
  }
  config.shell.js = limitFrom(Math.max(0, ...[...maxima.values()].map((max) => max.shell)));
  // The island runtime's limit, like jsAtLoad's, is a choice: a new React must fit it, not move it.
  await writeFile(values.config, formatConfig(config));
  console.log(`\nLimits written to ${path.relative(root, values.config)}.`);
}

console.log(`\n${((performance.now() - started) / 1000).toFixed(1)} s`);
if (violations.length > 0) {
  console.error(`\n${violations.length} budget violation(s):`);
  for (const violation of violations) console.error(`  ${violation.page}: [${violation.rule}] ${violation.message}`);
  process.exit(1);
}
console.log('Every page is within its budget.');
