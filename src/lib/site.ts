/**
 * The public configuration of this build (SiteConfig of config.ts), read once from the
 * environment. Pure modules (seo.ts) read it from here, not from data.ts, which loads the content
 * collections; data.ts re-exports it for the pages.
 */
import { readSiteConfig } from './config.ts';

export const SITE = readSiteConfig(process.env);

/** When this build ran: every page's 'Atualizado em', /status, and what is upcoming among the events. */
export const BUILT_AT = new Date();
