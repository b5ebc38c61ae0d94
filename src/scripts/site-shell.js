/**
 * The shell's one inline script, in every page's head so it runs before the body is parsed
 * (BaseLayout.astro inlines it, minified by src/integrations/site-shell.ts and hashed for the CSP;
 * budgets.json weighs it as 'site-shell'):
 * - marks a page whose scripts run (html.js): global.css then hides what is true only without JavaScript
 *   ('.no-js-only') and shows what is true only with it ('.js-only'), before the first paint;
 * - marks a promotions banner the visitor closed (html.promo-closed), before it is drawn;
 * - turns on the 'Alto contraste' theme (html.contrast-more, src/lib/contrast.ts) the visitor chose on this
 *   device, else when the system asks for more contrast, before the first paint (no flash of the other theme);
 * - marks Save-Data / prefers-reduced-data visits (global.css then skips optional photos, the
 *   slideshows stay still);
 * - uses Poppins (html.fonts) once this browser has it, else fetches it when the loaded page is
 *   idle, for the next page (never on Save-Data);
 * - registers the service worker (src/service-worker/sw.ts, served as /sw.js), idle too, handing it the URLs this page
 *   loaded before the worker controlled it.
 * Idle after the load, not at it: the load event can come before the LCP photo is drawn, and
 * neither the fonts nor the worker's requests may share the link with it.
 */
(() => {
  const root = document.documentElement;
  const connection = navigator.connection;
  /** Set once every Poppins file has arrived in this browser. */
  const FONTS_KEY = 'bb-fonts';

  root.classList.add('js');
  if (connection?.saveData || matchMedia('(prefers-reduced-data: reduce)').matches) root.classList.add('save-data');

  /** Runs `task` when the loaded page is idle. */
  const whenIdle = (task) =>
    addEventListener('load', () => {
      if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: 3000 });
      else setTimeout(task, 300);
    });

  let hasFonts = null;
  let contrast = null;
  try {
    hasFonts = localStorage.getItem(FONTS_KEY);
    contrast = localStorage.getItem('bb-contrast');
    // The promotions banner the visitor closed stays closed while what is on sale is the same (<html
    // data-promo>, src/lib/promotions.ts: the key and the signature), hidden before it is ever drawn.
    const promo = root.dataset.promo;
    if (promo && localStorage.getItem('bb-promo-closed') === promo) root.classList.add('promo-closed');
  } catch {
    // Storage blocked (private mode, a policy): fetch the fonts each visit, show the banner.
  }
  if (contrast ? contrast === 'more' : matchMedia('(prefers-contrast: more)').matches) root.classList.add('contrast-more');
  if (hasFonts) root.classList.add('fonts');
  else if (!root.classList.contains('save-data') && document.fonts) {
    whenIdle(() => {
      const loads = [];
      document.fonts.forEach((face) => {
        if (/^Poppins/.test(face.family) && !/fallback/.test(face.family)) loads.push(face.load());
      });
      Promise.all(loads).then(
        () => {
          try {
            localStorage.setItem(FONTS_KEY, '1');
          } catch {
            // Not remembered: fetched again on the next visit.
          }
        },
        () => {},
      );
    });
  }

  if ('serviceWorker' in navigator) {
    whenIdle(() => {
      const workers = navigator.serviceWorker;
      workers
        .register('/sw.js')
        .then(() => workers.ready)
        .then(
          (registration) => {
            const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
            registration.active.postMessage({ keep: [location.href, ...loaded] });
          },
          () => {},
        );
    });
  }
})();
