/**
 * What a visitor does on a page in a jsdom test (tests/html: the built pages, their modules or their
 * islands at work): send a form, tap, type, and Back.
 */
/** Sends a submit as a visitor's Enter would; true when it went through (not held back). */
export const submit = (form: HTMLFormElement) => form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));

/** Gives a module's dynamic import its turn. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

/**
 * Types `text` into a field as a browser does: the field's value changes (not through the property an
 * island's React watches, as a script's assignment would) and an `input` event says so.
 */
export function typeInto(field: HTMLInputElement, text: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** A visitor's tap on a link or a button. */
export const click = (element: Element) => element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));

/** The path and query of the address bar. */
export const address = () => `${window.location.pathname}${window.location.search}`;

/** The back (or forward) button, to an earlier address: the browser sets it, then says so. */
export function goTo(earlier: string): void {
  window.history.replaceState(null, '', earlier);
  window.dispatchEvent(new PopStateEvent('popstate'));
}
