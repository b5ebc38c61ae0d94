/**
 * The islands' shared browser helpers: the one focus trap of the modal dialogs (lightbox, search) and
 * the header's open drawer, and the data a component writes for its module.
 */
import { describe, expect, it } from 'vitest';
import { tabbableIn, trapTab } from '../../src/islands/browser.ts';

/** A control with a box on the page (or none) that records being focused. */
function control(name: string, isRendered = true) {
  return { name, getClientRects: () => (isRendered ? [{}] : []), focus: () => focused.push(name) };
}
let focused: string[] = [];
const close = control('close');
const hiddenMore = control('more', false);
const next = control('next');
const dialog = {
  querySelectorAll: (selector: string) => {
    selectors.push(selector);
    return [close, hiddenMore, next];
  },
} as unknown as ParentNode;
const selectors: string[] = [];

describe('tabbableIn', () => {
  it('keeps the controls with a box on the page, in order', () =>
    expect(tabbableIn(dialog).map((element) => (element as unknown as { name: string }).name)).toEqual(['close', 'next']));
  it.each([
    'a[href]',
    'button:not([disabled])',
    'input:not([disabled]):not([type="hidden"])',
    'select:not([disabled])',
    'textarea:not([disabled])',
    'details > summary:first-of-type',
    '[tabindex]:not([tabindex="-1"])',
  ])('asks for %s', (part) => expect(selectors.at(-1)?.split(', ')).toContain(part));
});

describe.each([
  ['Tab on the last control wraps to the first', 'Tab', false, next, ['close'], true],
  ['Shift+Tab on the first wraps to the last', 'Tab', true, close, ['next'], true],
  ['Tab elsewhere is the browser’s', 'Tab', false, close, [], false],
  ['Shift+Tab elsewhere is the browser’s', 'Tab', true, next, [], false],
  ['another key is ignored', 'Enter', false, next, [], false],
])('trapTab: %s', (_, key, shiftKey, active, expectedFocus, isPrevented) => {
  it(`focuses ${JSON.stringify(expectedFocus)}${isPrevented ? ' instead of leaving' : ''}`, () => {
    focused = [];
    let prevented = false;
    trapTab({ key, shiftKey, preventDefault: () => (prevented = true) }, dialog, active as unknown as Element);
    expect(focused).toEqual(expectedFocus);
    expect(prevented).toBe(isPrevented);
  });
});
