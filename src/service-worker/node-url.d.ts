/**
 * The one Node module the worker's type check meets, and only as a type: the worker names ItemKind
 * (src/lib/paths.ts), whose schema module reads links with src/lib/visitor-links.ts, which uses
 * node:url at build time. Type imports are erased from the bundle, so the worker never loads it.
 */
declare module 'node:url' {
  export function domainToUnicode(domain: string): string;
}
