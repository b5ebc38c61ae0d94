/**
 * What a city's production build should configure and did not: the settings a public body's portal
 * owes its visitors (docs/public-body.md). Warnings, not refusals: the site is still better published
 * than not, and the fix is a repository variable, which the engineer who runs the deploy sets.
 */
import { isProductionBuild, type SiteConfig } from '../../src/lib/config.ts';

/** One sentence per missing setting of a production build; none for any other build. */
export function configurationWarnings(config: Pick<SiteConfig, 'siteUrl' | 'cityBody' | 'privacyOfficer'>): string[] {
  if (!isProductionBuild(config)) return [];
  return [
    !config.privacyOfficer &&
      'PRIVACY_OFFICER_NAME and PRIVACY_OFFICER_EMAIL are not set: /privacidade names no encarregado (LGPD art. 41 requires one, published).',
    !config.cityBody && 'CITY_BODY is not set: /privacidade names no controller (the public body that runs the portal).',
  ].filter((warning) => typeof warning === 'string');
}
