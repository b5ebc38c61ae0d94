/**
 * @vitest-environment jsdom
 */
/**
 * The portals' own module (src/islands/portal-page.ts): when it brings the filtered results
 * (portal-results.ts, a recorder here), what becomes of a search or a chip used before they came,
 * and the plain links it leaves when they cannot come. What the results then show is
 * tests/e2e/portal-behaviour.spec.ts.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { runPageModule, submit as send, settle } from '../support/page-module.ts';

const started: HTMLElement[] = [];
let isOffline = false;

/** A portal as PortalPage.astro writes it (the parts the module reads), at `address`, with its module run. */
async function openPortal(address = '/news'): Promise<void> {
  window.history.replaceState(null, '', address);
  document.body.innerHTML = `
    <section data-portal="news" data-base="/news" data-chip-param="categoria" data-page="1">
      <div class="filters">
        <form method="get" action="/news" role="search"><input name="q"></form>
        <a href="/news" data-chip="">Todas</a><a href="/news?categoria=Eventos" data-chip="Eventos">Eventos</a>
      </div>
      <a href="/news/page/2" id="next">Próxima</a>
    </section>`;
  await runPageModule(
    'portal-page.ts',
    'portal-results.ts',
    isOffline ? null : { startPortal: (section: HTMLElement) => started.push(section) },
  );
}

const section = () => document.querySelector<HTMLElement>('[data-portal]') as HTMLElement;
const form = () => document.querySelector<HTMLFormElement>('form[role="search"]') as HTMLFormElement;
const chip = () => document.querySelector<HTMLAnchorElement>('a[data-chip="Eventos"]') as HTMLAnchorElement;
const submit = () => send(form());
/** A plain click on `link`; true when it went through. */
const click = (link: HTMLElement) => link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));

afterEach(() => {
  started.length = 0;
  isOffline = false;
});

it('an unfiltered portal, its later pages included, brings nothing before the visitor reaches for the filters', async () => {
  await openPortal('/news/page/2');
  expect(click(document.querySelector('#next') as HTMLElement)).toBe(true);
  await settle();
  expect(started).toEqual([]);
});

it.each(['/news?q=festa', '/news?categoria=Eventos', '/news?pagina=2'])('%s brings the results at once', async (address) => {
  await openPortal(address);
  await vi.waitFor(() => expect(started).toEqual([section()]));
});

it('a campaign tag in the address is no filter', async () => {
  await openPortal('/news?utm_source=whatsapp');
  await settle();
  expect(started).toEqual([]);
});

it('the first reach into the filters brings the results, once', async () => {
  await openPortal();
  form().dispatchEvent(new Event('focusin', { bubbles: true }));
  chip().dispatchEvent(new Event('pointerdown', { bubbles: true }));
  await vi.waitFor(() => expect(started).toHaveLength(1));
  expect(section().hasAttribute('aria-busy')).toBe(false);
});

it('a search sent before the results came becomes the address they read, trimmed, without reloading', async () => {
  await openPortal();
  (form().querySelector('input') as HTMLInputElement).value = '  pesca  ';
  expect(submit()).toBe(false);
  expect(window.location.pathname + window.location.search).toBe('/news?q=pesca');
  await vi.waitFor(() => expect(started).toHaveLength(1));
});

it('a chip used before the results came becomes the address they read', async () => {
  await openPortal();
  expect(click(chip())).toBe(false);
  expect(window.location.pathname + window.location.search).toBe('/news?categoria=Eventos');
  await vi.waitFor(() => expect(started).toHaveLength(1));
});

it('when the results cannot come (no signal), the search and the chips are plain links again', async () => {
  isOffline = true;
  await openPortal();
  form().dispatchEvent(new Event('focusin', { bubbles: true }));
  await settle();
  expect(started).toEqual([]);
  expect(section().hasAttribute('aria-busy')).toBe(false);
  expect(submit()).toBe(true);
  expect(click(chip())).toBe(true);
});
