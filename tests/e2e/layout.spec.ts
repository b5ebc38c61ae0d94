/**
 * Layout of every page type at 320-1440 px: no sideways scroll; on phones no paragraph or
 * heading squeezed narrower than a readable measure (the podcast cards' one-word lines);
 * nothing over the sticky header; the back-to-top button hidden at the top and never over a card;
 * no icon squeezed beside text that wraps; a carousel shows whole the cards one 'Próximo'
 * moves by; no photo's <source> laid out as an item of a flex or grid row. One page load per page type, then
 * each width in turn, widest first, by resizing the window (the CSS lays the page out again, and no photo is
 * fetched again for a narrower one): a sixth of the page loads; the checks of a width batched in one evaluate.
 * Then, on the same load, a few page types with the browser's text at 200 % (set on the open page, which lays it
 * out as a page loaded so would be), and /dados's file names at 100 % and 200 %.
 */
import { expect, type Page, test } from '@playwright/test';
import { filtersStarted } from './support.ts';

const PAGES = [
  '/',
  '/about',
  '/destination',
  '/guia/como-chegar',
  '/es',
  '/all-tours',
  '/all-restaurants?localidade=Barra+do+Bugres&preco_min=50&preco_max=80',
  '/all-providers-tours',
  '/tour/101',
  '/event/401',
  '/agenda',
  '/provider-tour/801',
  '/driver/501',
  '/experience/1',
  '/news',
  '/news/1008',
  '/testimonials',
  '/testimonials/1001',
  '/contato',
  '/busca?q=cachoeira',
  '/favoritos',
  '/promocoes',
  '/status',
  '/driver/999',
];
const WIDTHS = [320, 390, 768, 1024, 1280, 1440];
/** Narrowest text column a phone visitor can read (about 25 characters). */
const READABLE_PX = 180;

/**
 * Text at 200 % as a visitor who needs large text sets it, in the browser's own text size (the default font
 * size, so the em breakpoints of the header follow it, which a zoom of the root's font would not show): no sideways scroll on
 * a phone of 320 or 390 px, nor at 1280 px, where the header keeps its phone drawer until the menu fits.
 */
const LARGE_TEXT_PAGES = new Set([
  '/',
  '/all-tours',
  '/tour/101',
  '/agenda',
  '/testimonials/1001',
  '/favoritos',
  '/acessibilidade',
  '/status',
  '/dados',
  '/contato',
]);
/** Narrowest first: the page comes to them from the sweep's last width. */
const LARGE_TEXT_WIDTHS = [320, 390, 1280];

/** Sets the browser's own text size (Chromium's default font sizes) to `percent` of 16 px, on the open page too. */
async function setTextSize(page: Page, percent: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  // Chromium's defaults are 16 px and 13 px (monospace).
  // The session stays attached: detached, the page's next load would have the defaults again.
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: (16 * percent) / 100, fixed: (13 * percent) / 100 } });
}

/** The sideways scroll of the open page at each of LARGE_TEXT_WIDTHS, one line each where it scrolls. */
async function sidewaysAtLargeText(page: Page): Promise<string[]> {
  const wide: string[] = [];
  for (const width of LARGE_TEXT_WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const scrollWidth = await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return document.documentElement.scrollWidth;
    });
    if (scrollWidth > width) wide.push(`${width} px, text at 200 %: scrolls sideways (${scrollWidth} px)`);
  }
  expect(await page.evaluate(() => getComputedStyle(document.body).fontSize)).toBe('32px');
  return wide;
}

for (const path of PAGES) {
  const isLargeText = LARGE_TEXT_PAGES.has(path);
  test(`${path} at ${WIDTHS.join(', ')} px: no sideways scroll, readable text, header and cards uncovered${isLargeText ? `; with the text at 200 %, no sideways scroll at ${LARGE_TEXT_WIDTHS.join(', ')} px` : ''}`, async ({
    page,
  }) => {
    const problems: string[] = [];
    await page.setViewportSize({ width: WIDTHS.at(-1) ?? 1440, height: 800 });
    await page.goto(path);
    // The search page draws its results (and the kind chips) once Pagefind has answered.
    if (path.startsWith('/busca?')) await expect(page.getByRole('status').getByText(/\d+ resultados?/)).toBeVisible();
    // A filtered list draws its results once its islands run, at the load: the page is laid out as filtered then.
    if (path.startsWith('/all-') && path.includes('?')) {
      await expect(filtersStarted(page)).toHaveCount(1);
      await expect(page.getByRole('region', { name: /filtros? ativos?$/ })).toBeVisible();
      await expect(page.locator('.results[aria-busy]')).toHaveCount(0);
    }
    for (const width of [...WIDTHS].reverse()) {
      await page.setViewportSize({ width, height: 800 });
      const found = await page.evaluate(
        async ({ readable, isPhone }) => {
          const out: string[] = [];
          const root = document.documentElement;
          // From the top, as at load: the checks of the width before scrolled down.
          window.scrollTo({ top: 0, behavior: 'instant' });
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          if (root.scrollWidth > window.innerWidth) out.push(`scrolls sideways (${root.scrollWidth} px)`);
          // A carousel's page is whole: 'Próximo' moves one card on phones, three from 768 px, so as many fit in view.
          for (const track of document.querySelectorAll('[data-carousel-track]')) {
            // At its first card, as at load: it may have slid at the widths checked before.
            track.scrollTo({ left: 0, behavior: 'instant' });
            const items = track.querySelectorAll(':scope > li');
            const perView = window.innerWidth >= 768 ? 3 : 1;
            const last = items[Math.min(perView, items.length) - 1]?.getBoundingClientRect();
            const frame = track.getBoundingClientRect();
            if (items.length > perView && last && frame.width > 0 && last.right > frame.right + 1)
              out.push(
                `carousel "${track.getAttribute('aria-label')}" cuts card ${perView} off at ${Math.round(frame.right)} px`,
              );
          }
          // A <picture> that takes no box (display: contents) in a grid or a flex row with a gap leaves its
          // <source>s as items of that row: they take a cell or add a gap, unless hidden.
          for (const source of document.querySelectorAll('picture > source')) {
            const picture = source.parentElement as HTMLElement;
            const row = picture.parentElement;
            if (!row || getComputedStyle(picture).display !== 'contents' || getComputedStyle(source).display === 'none') continue;
            const rowStyle = getComputedStyle(row);
            const hasGap = rowStyle.columnGap !== 'normal' && rowStyle.columnGap !== '0px';
            if (rowStyle.display.includes('grid') || (rowStyle.display.includes('flex') && hasGap))
              out.push(`a <source> is an item of ${row.tagName.toLowerCase()}.${String(row.className).split(' ')[0]}`);
          }
          // An icon beside text that wraps keeps its size (a flex item shrinks unless told not to).
          for (const icon of document.querySelectorAll('body svg[width][height]')) {
            const box = icon.getBoundingClientRect();
            const [width, height] = [Number(icon.getAttribute('width')), Number(icon.getAttribute('height'))];
            if (box.width > 0 && (box.width < width - 0.5 || box.height < height - 0.5))
              out.push(
                `icon in "${icon.parentElement?.textContent?.trim().slice(0, 30)}" squeezed to ${Math.round(box.width)}x${Math.round(box.height)} px`,
              );
          }
          // The words a sighted visitor reads (a share link's 'Facebook', not its hidden '– compartilhar …').
          const shownText = (element: Element) => {
            const copy = element.cloneNode(true) as Element;
            for (const hidden of copy.querySelectorAll('.visually-hidden')) hidden.remove();
            return (copy.textContent ?? '').trim();
          };
          if (isPhone) {
            for (const text of document.querySelectorAll('main p, main h1, main h2, main h3, main li > a')) {
              const box = text.getBoundingClientRect();
              if (box.width === 0 || text.closest('[data-carousel-position]') || shownText(text).length < 30) continue;
              if (box.width < readable)
                out.push(`${text.tagName} "${text.textContent?.trim().slice(0, 30)}" is ${Math.round(box.width)} px wide`);
            }
          }
          // Two frames first: the button's scroll-driven animation hides it from the first frame the page's scroll
          // range is known, and a loaded machine can read its style before that.
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          const back = document.querySelector('.back-to-top');
          const overlaps = (a: DOMRect, b: DOMRect) =>
            a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          const isShown = (element: Element) => {
            const style = getComputedStyle(element);
            return style.visibility !== 'hidden' && Number(style.opacity) > 0.1;
          };
          if (
            back &&
            isShown(back) &&
            overlaps(back.getBoundingClientRect(), new DOMRect(0, 0, window.innerWidth, window.innerHeight))
          ) {
            out.push(`back-to-top shown at the top of the page (scrolled ${window.scrollY} px)`);
          }
          for (const y of [0.3, 0.6]) {
            window.scrollTo({ top: (root.scrollHeight - window.innerHeight) * y, behavior: 'instant' });
            await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
            const header = document.querySelector('.site-header')?.getBoundingClientRect();
            if (header) {
              const hit = document.elementFromPoint(header.left + 8, header.top + header.height / 2);
              if (hit && !hit.closest('.site-header')) out.push(`header covered by ${hit.tagName}.${hit.className}`);
            }
            if (back && isShown(back)) {
              const button = back.getBoundingClientRect();
              for (const card of document.querySelectorAll('main .card, main [data-favourite-button]')) {
                // A carousel's cards scrolled out of its track are not on screen.
                const track = card.closest('[data-carousel-track]')?.getBoundingClientRect();
                const box = card.getBoundingClientRect();
                const visible = track
                  ? new DOMRect(
                      Math.max(box.left, track.left),
                      box.top,
                      Math.min(box.right, track.right) - Math.max(box.left, track.left),
                      box.height,
                    )
                  : box;
                if (visible.width > 0 && overlaps(button, visible)) out.push(`back-to-top over ${card.className}`);
              }
            }
          }
          return out;
        },
        { readable: READABLE_PX, isPhone: width < 600 },
      );
      problems.push(...[...new Set(found)].map((problem) => `${width} px: ${problem}`));
    }
    if (isLargeText) {
      await setTextSize(page, 200);
      problems.push(...(await sidewaysAtLargeText(page)));
    }
    expect(problems).toEqual([]);
  });
}

// The pages of LARGE_TEXT_PAGES that the sweep above does not load.
test('/acessibilidade with the text at 200 %, at 320, 390 and 1280 px: no sideways scroll', async ({ page }) => {
  await setTextSize(page, 200);
  await page.goto('/acessibilidade');
  expect(await sidewaysAtLargeText(page)).toEqual([]);
});

/**
 * /dados's file names at a phone's widths, with the browser's text at 100 % and 200 %: a name wraps only before
 * its extension ('restaurantes' / '.csv'), never inside a word ('restaurantes.cs' / 'v'). Each part of a name is a
 * text node of its link (src/pages/dados/index.astro): one line box each. At 200 % the page scrolls no sideways
 * either, as LARGE_TEXT_PAGES.
 */
test('/dados at 390 and 320 px, text at 100 % and 200 %: file names break only at their dot; at 200 %, no sideways scroll at 320, 390 and 1280 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/dados');
  expect(await page.locator('a.file-name').count()).toBeGreaterThan(0);
  const broken: string[] = [];
  for (const percent of [100, 200]) {
    if (percent !== 100) await setTextSize(page, percent);
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 800 });
      const found = await page.evaluate(async () => {
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const out: string[] = [];
        for (const link of document.querySelectorAll('a.file-name')) {
          for (const node of link.childNodes) {
            if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            if (lines.size > 1) out.push(`"${node.textContent}" of ${link.textContent} on ${lines.size} lines`);
          }
        }
        return out;
      });
      broken.push(...found.map((problem) => `${width} px, text at ${percent} %: ${problem}`));
    }
  }
  broken.push(...(await sidewaysAtLargeText(page)));
  expect(broken).toEqual([]);
});
