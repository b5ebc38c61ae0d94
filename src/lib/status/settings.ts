/**
 * The settings a city's production build owes its visitors and lacks (docs/public-body.md), as the
 * editors' reports say them: /status and the sync's job summary put them under 'Precisa de atenção'.
 * The deploy gate warns of the same settings in English (configurationWarnings, scripts/verify/configuration.ts).
 */
import { isProductionBuild, type SiteConfig } from '../config.ts';
import type { Line } from './report.ts';

/** Where the technical team sets them. */
const WHERE = 'nas variáveis do repositório (docs/configuration.md)';

/** One line per missing setting of a production build, linking the page that says it is missing; none for any other build. */
export function missingSettings(config: Pick<SiteConfig, 'siteUrl' | 'cityBody' | 'privacyOfficer'>): Line[] {
  if (!isProductionBuild(config)) return [];
  const privacy = { href: '/privacidade', linked: '/privacidade' };
  return [
    ...(config.cityBody
      ? []
      : [
          {
            text: `/privacidade: o órgão público responsável pelo portal (o controlador dos dados) “ainda não foi informado”. Peça à equipe técnica que defina CITY_BODY ${WHERE}.`,
            ...privacy,
          },
        ]),
    ...(config.privacyOfficer
      ? []
      : [
          {
            text: `/privacidade: o encarregado dos dados pessoais, que a LGPD (art. 41) manda publicar, “ainda não foi informado”. Peça à equipe técnica que defina PRIVACY_OFFICER_NAME e PRIVACY_OFFICER_EMAIL ${WHERE}.`,
            ...privacy,
          },
        ]),
  ];
}
