/**
 * /icons/{icon}.png: the web app manifest's icons (src/lib/web-app.ts), drawn from LOGO_PATH at
 * build time, the maskable one on the palette's background.
 */
import path from 'node:path';
import type { APIRoute, GetStaticPaths } from 'astro';
import { readLogo, renderAppIcon } from '../../lib/app-icons.ts';
import { SITE } from '../../lib/site.ts';
import { APP_ICONS, type AppIcon } from '../../lib/web-app.ts';
import { PALETTE } from '../../lib/web-app-palette.ts';

export const getStaticPaths = (() =>
  APP_ICONS.map((icon) => ({ params: { icon: icon.name }, props: { icon } }))) satisfies GetStaticPaths;

// The build runs from the project root (npm scripts), where public/ is.
const logo = readLogo(SITE.logoPath, path.resolve('public'));

export const GET: APIRoute<{ icon: AppIcon }> = async ({ props }) =>
  new Response(new Uint8Array(await renderAppIcon(await logo, props.icon, PALETTE.background)), {
    headers: { 'Content-Type': 'image/png' },
  });
