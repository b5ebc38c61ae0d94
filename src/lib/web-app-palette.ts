/** The site's palette as the manifest needs it, read once from the stylesheet's tokens (src/styles/global.css). */
import css from '../styles/global.css?raw';
import { type Palette, readPalette } from './web-app.ts';

const palette = readPalette(css);
if (!palette) throw new Error('src/styles/global.css: --green or --bg is missing; the web app manifest needs both.');

/** Theme and background colours of the manifest and the maskable icon. */
export const PALETTE: Palette = palette;
