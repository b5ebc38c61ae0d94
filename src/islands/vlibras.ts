/**
 * What the 'Libras' button (LibrasButton.astro) does when first pressed, a module of its own that the
 * button imports then: it puts the VLibras widget's mount points in the page, loads its script from the
 * government's host (src/lib/vlibras.ts) and opens the widget, whose own button then stays at the side of
 * the screen. Nothing of the widget is fetched before the press.
 */
import { VLIBRAS_APP } from '../lib/vlibras.ts';

type VLibrasWindow = Window & { VLibras?: { Widget: new (rootPath: string) => unknown } };

/** Loads and opens the widget; `trigger` says it is loading, then gives way to the widget's own button. */
export function loadVLibras(trigger: HTMLButtonElement): void {
  trigger.disabled = true;
  trigger.textContent = 'Carregando…';
  // The mount points the widget looks for.
  const mount = document.createElement('div');
  mount.setAttribute('vw', '');
  mount.className = 'enabled';
  const access = document.createElement('div');
  access.setAttribute('vw-access-button', '');
  access.className = 'active';
  const wrapper = document.createElement('div');
  wrapper.setAttribute('vw-plugin-wrapper', '');
  const top = document.createElement('div');
  top.className = 'vw-plugin-top-wrapper';
  wrapper.append(top);
  mount.append(access, wrapper);
  document.body.append(mount);

  const script = document.createElement('script');
  script.src = `${VLIBRAS_APP}/vlibras-plugin.js`;
  script.addEventListener('load', () => {
    const { VLibras } = window as VLibrasWindow;
    if (!VLibras) return;
    new VLibras.Widget(VLIBRAS_APP);
    // The widget starts from window.onload, which this page passed long ago.
    window.onload?.call(window, new Event('load'));
    access.click();
    trigger.hidden = true;
  });
  script.addEventListener('error', () => {
    mount.remove();
    script.remove();
    trigger.disabled = false;
    trigger.textContent = 'Libras: tentar de novo';
  });
  document.head.append(script);
}
