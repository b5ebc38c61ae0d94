/** The html project reads dist/: without a build it fails at once, saying what to run, rather than passing on nothing. */
import { assertBuilt } from '../support/dist-pages.ts';

export default function setup(): void {
  assertBuilt();
}
