/**
 * Pure helpers of the installable site: the web app manifest from the site's
 * configuration and palette, and the icons it lists. The PNGs themselves are drawn at build time
 * from LOGO_PATH (src/pages/icons/[icon].ts), so another city's logo gives another city's icons.
 */
import type { SiteConfig } from './config.ts';

/** The manifest's path, linked from every page's head. */
export const MANIFEST_PATH = '/manifest.webmanifest';

/** The icons the manifest lists: `any` at 192 and 512 px, and a `maskable` one with the logo inside the safe zone. */
export const APP_ICONS = [
  { name: 'icon-192', size: 192, purpose: 'any' },
  { name: 'icon-512', size: 512, purpose: 'any' },
  { name: 'maskable-512', size: 512, purpose: 'maskable' },
] as const;
export type AppIcon = (typeof APP_ICONS)[number];

/** Site path of an icon's PNG. */
export const appIconPath = (icon: Pick<AppIcon, 'name'>) => `/icons/${icon.name}.png`;

/**
 * The share of a maskable icon's side the logo may take: the platform may cut everything outside a
 * circle of radius 40 % of the side, and a square inside that circle has a side of 0.8 / √2 ≈ 0.566.
 */
export const MASKABLE_LOGO_SHARE = 0.56;

/** The colours the manifest takes from the site's palette (src/styles/global.css). */
export interface Palette {
  /** Browser and title bar colour: the brand green (`--green`). */
  theme: string;
  /** The splash screen's background: the page background (`--bg`). */
  background: string;
}

/** The palette's custom properties as read from the stylesheet's `:root`; null when one is missing. */
export function readPalette(css: string): Palette | null {
  const value = (name: string) =>
    new RegExp(`--${name}\\s*:\\s*(#[0-9a-f]{3,8})\\s*[;}]`, 'i').exec(css)?.[1]?.toLowerCase() ?? null;
  const theme = value('green');
  const background = value('bg');
  return theme && background ? { theme, background } : null;
}

/** The web app manifest (W3C Web Application Manifest), in Portuguese, for the site's configuration and palette. */
export function webAppManifest(
  site: Pick<SiteConfig, 'businessName' | 'shortName' | 'cityName' | 'cityState'>,
  palette: Palette,
) {
  return {
    id: '/',
    name: site.businessName,
    short_name: site.shortName,
    description: `Passeios, hospedagens, restaurantes e eventos de ${site.cityName} – ${site.cityState}, também sem internet.`,
    lang: 'pt-BR',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: palette.theme,
    background_color: palette.background,
    icons: APP_ICONS.map((icon) => ({
      src: appIconPath(icon),
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.purpose,
    })),
  };
}
