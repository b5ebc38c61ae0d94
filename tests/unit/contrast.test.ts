/**
 * The colours of global.css against WCAG's contrast ratio: the usual theme at AA (4.5:1 for text, 3:1 for
 * the focus ring) and 'Alto contraste' (html.contrast-more) at 7:1 for text and controls; the theme's two
 * copies (the class, and the media query for pages without JavaScript) are the same; and the shell's head
 * script applies the key and class of src/lib/contrast.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTRAST_CLASS, CONTRAST_KEY } from '../../src/lib/contrast.ts';

const SRC = path.resolve(import.meta.dirname, '../../src');
const css = readFileSync(path.join(SRC, 'styles/global.css'), 'utf8');

/** WCAG 2.2's relative luminance of an sRGB colour written #rrggbb. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.2's contrast ratio of two colours, from 1 to 21. */
function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The text between the braces of the first rule whose prelude is exactly `selector` (a media query's: its rules). */
function block(source: string, selector: string): string {
  const start = source.indexOf(`${selector} {`);
  if (start === -1) throw new Error(`global.css has no rule ${selector}`);
  let depth = 0;
  for (let index = source.indexOf('{', start); index < source.length; index += 1) {
    if (source[index] === '{') depth += 1;
    else if (source[index] === '}' && --depth === 0) return source.slice(source.indexOf('{', start) + 1, index);
  }
  throw new Error(`the rule ${selector} is not closed`);
}

/** The custom properties a rule sets. */
const tokens = (body: string): Map<string, string> =>
  new Map([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((match) => [match[1] ?? '', (match[2] ?? '').trim()]));

/** The theme's rules outside the media query: from its first rule to the media query that repeats them. */
const themeRules = (() => {
  const start = css.indexOf(`html.${CONTRAST_CLASS} {`);
  return css.slice(start, css.indexOf('@media (prefers-contrast: more)', start));
})();

const usual = tokens(block(css, ':root'));
const high = new Map([...usual, ...tokens(block(css, 'html.contrast-more'))]);

/** A token's colour in a theme, following var() to the colour it names. */
function colour(theme: Map<string, string>, value: string): string {
  const reference = /^var\((--[\w-]+)\)$/.exec(value);
  if (!reference) return value;
  const named = theme.get(reference[1] ?? '');
  if (!named) throw new Error(`no token ${reference[1]}`);
  return colour(theme, named);
}

/** [what, foreground, background]: a token (`var(--x)`) or a colour global.css or a component writes as is. */
type Pair = [what: string, foreground: string, background: string];

/** Text and controls: what the visitor reads or presses. */
const TEXT: Pair[] = [
  ['body text on white', 'var(--text)', 'var(--white)'],
  ['body text on the page', 'var(--text)', 'var(--bg)'],
  ['muted text on white', 'var(--text-muted)', 'var(--white)'],
  ['muted text on the page', 'var(--text-muted)', 'var(--bg)'],
  ['links on white', 'var(--green)', 'var(--white)'],
  ['links on the page', 'var(--green)', 'var(--bg)'],
  ['headings on the page', 'var(--green-dark)', 'var(--bg)'],
  ['chip text on its green (.chip, ListLinks)', 'var(--green-dark)', '#e8f0e8'],
  ['orange text on white (hover, labels)', 'var(--orange-text)', 'var(--white)'],
  ['primary button', 'var(--white)', 'var(--orange-text)'],
  ['secondary button, promotions banner', 'var(--white)', 'var(--green)'],
  ['footer text', '#f1f1f1', 'var(--green-dark)'],
  ['footer links', '#ffd3c2', 'var(--green-dark)'],
  ['footer labels', '#d0d0d0', 'var(--green-dark)'],
  ['white on the teal of the gradients', 'var(--white)', 'var(--teal)'],
  ['success chip', 'var(--success-text)', '#e6f4e7'],
  ['warning chip', 'var(--warning-text)', '#fff3e0'],
  ['error chip', 'var(--error-text)', '#fdecea'],
  ['rating chip', 'var(--rating-text)', '#fff3e0'],
  ['sale badge', 'var(--white)', 'var(--sale)'],
  ['Facebook share button', 'var(--white)', 'var(--facebook)'],
  ['WhatsApp share button', 'var(--white)', 'var(--whatsapp)'],
];

/** The focus ring against what it is drawn on (it sits 2 px outside the control). */
const FOCUS: Pair[] = [
  ['focus ring on white', 'var(--focus-ring)', 'var(--white)'],
  ['focus ring on the page', 'var(--focus-ring)', 'var(--bg)'],
];

describe('the usual theme meets WCAG AA', () => {
  it.each(TEXT)('%s: 4.5:1 or more', (_, foreground, background) =>
    expect(contrastRatio(colour(usual, foreground), colour(usual, background))).toBeGreaterThanOrEqual(4.5),
  );
  it.each([...FOCUS, ['focus ring on the footer', 'var(--focus-ring)', 'var(--green-dark)'] as Pair])(
    '%s: 3:1 or more',
    (_, foreground, background) =>
      expect(contrastRatio(colour(usual, foreground), colour(usual, background))).toBeGreaterThanOrEqual(3),
  );
});

describe("'Alto contraste' reaches 7:1", () => {
  it.each(TEXT)('%s: 7:1 or more', (_, foreground, background) =>
    expect(contrastRatio(colour(high, foreground), colour(high, background))).toBeGreaterThanOrEqual(7),
  );
  it.each(FOCUS)('%s: 7:1 or more, and thicker', (_, foreground, background) => {
    expect(contrastRatio(colour(high, foreground), colour(high, background))).toBeGreaterThanOrEqual(7);
    expect(Number.parseFloat(high.get('--focus-width') ?? '')).toBeGreaterThan(
      Number.parseFloat(usual.get('--focus-width') ?? ''),
    );
  });
  it("turns the footer's focus ring white, 7:1 on its green", () => {
    const footer = tokens(block(css, 'html.contrast-more .site-footer'));
    expect(
      contrastRatio(colour(high, footer.get('--focus-ring') ?? ''), colour(high, 'var(--green-dark)')),
    ).toBeGreaterThanOrEqual(7);
  });
  it('underlines every link that is not a button', () =>
    expect(block(css, 'html.contrast-more a:not(.btn)')).toMatch(/text-decoration-line:\s*underline\s*!important/));
});

describe("the theme's two copies", () => {
  it('are the same, rule for rule: on by choice (html.contrast-more) and, without JavaScript, by the system', () => {
    const lines = (rules: string) =>
      rules
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
    const media = block(css, '@media (prefers-contrast: more)').replaceAll('html:not(.js)', `html.${CONTRAST_CLASS}`);
    expect(lines(media)).toEqual(lines(themeRules));
    expect(lines(themeRules).filter((line) => line.endsWith('{'))).toHaveLength(5);
  });

  it("are applied by the shell's head script under the key and class of src/lib/contrast.ts", () => {
    const shell = readFileSync(path.join(SRC, 'scripts/site-shell.js'), 'utf8');
    expect(shell).toContain(`'${CONTRAST_KEY}'`);
    expect(shell).toContain(`'${CONTRAST_CLASS}'`);
    expect(shell).toContain('(prefers-contrast: more)');
  });
});

it.each([
  ['#000000', '#ffffff', 21],
  ['#767676', '#ffffff', 4.54],
  ['#ffffff', '#ffffff', 1],
])('the ratio of %s and %s is %s (WCAG examples)', (a, b, ratio) => expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2));
