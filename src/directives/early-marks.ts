/**
 * The marks a directive leaves in an island's markup for what the visitor did before React came
 * (src/directives/hydrate.ts keepEarlyActions), read by the island once it runs (src/islands/early-reach.ts).
 * A module of their own: an island that reads them does not bring the directives' helpers into the
 * chunk the pages' plain modules share (onFirstReach).
 */

/** The attribute on an island whose forms the visitor edited before it ran. */
export const PENDING_EDITS = 'data-pending';
/** The attribute on a button the visitor pressed, or an island's link they chose (ISLAND_CONTROL), before its island ran. */
export const PENDING_CLICK = 'data-pending-click';
/** The attribute on a form the visitor sent before its island ran. */
export const PENDING_SUBMIT = 'data-pending-submit';
/**
 * The attribute of a link or a button its island runs itself, though it may be in the static HTML the island
 * holds (its slot): a gallery's thumbnail, which the photo viewer shows; the header's search entry, which opens
 * the search dialog; a placeholder's 'Mostrar mapa'. A reach for it starts the island. Without JavaScript a
 * link is a plain link; chosen before the island runs, it is held like a pressed button, not followed.
 */
export const ISLAND_CONTROL = 'data-island-control';
/**
 * The attribute on a control the page serves disabled because only its island can do what it does (the
 * contact form's 'Enviar', which hands the message off in the browser): without scripts it stays
 * disabled; where they run it is enabled at once, since what it asks for is kept until the island runs.
 */
export const NEEDS_SCRIPT = 'data-needs-script';
