/**
 * The government's sign-language widget (VLibras), offered only where the city sets VLIBRAS=true
 * (src/lib/config.ts): the header's 'Libras' button loads it when pressed (src/islands/vlibras.ts), and
 * only then does the page reach these hosts, which the content security policy allows for such a city
 * alone (src/integrations/csp.ts).
 */

/** Where the widget's files are; its script is `vlibras-plugin.js` there. */
export const VLIBRAS_APP = 'https://vlibras.gov.br/app';

/** The widget's hosts: its script, styles, fonts, images, the signing avatar's player and the dictionary. */
export const VLIBRAS_ORIGINS = ['https://vlibras.gov.br', 'https://*.vlibras.gov.br'] as const;
