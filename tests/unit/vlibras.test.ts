/**
 * VLIBRAS, the government's sign-language widget, opt-in per city: off by default, when the policy names
 * none of its hosts and loosens nothing; on, the policy allows its hosts and what its player needs.
 * That no page of the sample build (VLIBRAS unset) mentions it: tests/html/accessibility.test.ts.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, policyDirectives } from '../../src/integrations/csp.ts';
import { readSiteConfig } from '../../src/lib/config.ts';

const SRC = path.resolve(import.meta.dirname, '../../src');

describe('VLIBRAS', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['true', true],
    ['TRUE', true],
    ['1', true],
    ['sim', true],
  ])('%j reads as %s', (value, isOn) => expect(readSiteConfig({ VLIBRAS: value }).vlibras).toBe(isOn));

  it('fails the build on a value that is neither true nor false, naming the variable', () =>
    expect(() => readSiteConfig({ VLIBRAS: 'talvez' })).toThrow(/VLIBRAS/));
});

describe("the content security policy and VLibras's hosts", () => {
  it('off (the default): no vlibras host, no eval, no blob: scripts, no inline styles', () => {
    const policy = JSON.stringify(contentSecurityPolicy(SRC));
    expect(policy).not.toMatch(/vlibras/i);
    expect(policy).not.toContain("'unsafe-eval'");
    expect(policy).not.toContain('blob:');
    expect(contentSecurityPolicy(SRC).styleDirective.resources).not.toContainEqual({
      resource: "'unsafe-inline'",
      kind: 'element',
    });
    expect(policyDirectives()).toEqual(policyDirectives({ vlibras: false }));
  });

  it('on: its script, styles, images, fonts and connections are allowed from its hosts, and only those are added', () => {
    const policy = contentSecurityPolicy(SRC, { vlibras: true });
    expect(policy.scriptDirective.resources).toEqual(
      expect.arrayContaining(["'self'", 'https://vlibras.gov.br', 'https://*.vlibras.gov.br', 'blob:']),
    );
    expect(policy.styleDirective.resources).toContainEqual({ resource: 'https://vlibras.gov.br', kind: 'element' });
    for (const name of ['img-src', 'font-src', 'connect-src']) {
      expect(policy.directives.find((directive) => directive.startsWith(`${name} `))).toMatch(
        /'self'.* https:\/\/vlibras\.gov\.br https:\/\/\*\.vlibras\.gov\.br$/,
      );
    }
    expect(policy.directives).toContain("worker-src 'self' blob:");
    // The frames, forms, objects and base stay as strict as without it.
    const unchanged = (directives: string[]) =>
      directives.filter((directive) => /^(frame|form-action|object|base)/.test(directive));
    expect(unchanged(policy.directives)).toEqual(unchanged(policyDirectives()));
  });
});
