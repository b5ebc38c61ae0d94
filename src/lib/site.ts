/**
 * The public configuration of this build (SiteConfig of config.ts), read once from the
 * environment. Pure modules (seo.ts) read it from here, not from data.ts, which loads the content
 * collections; data.ts re-exports it for the pages.
 */
import { readSiteConfig } from './config.ts';

export const SITE = readSiteConfig(process.env);
