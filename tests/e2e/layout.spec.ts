/**
 * Layout of every page type at 320-1440 px (issue 12): no sideways scroll; on phones no paragraph or
 * heading squeezed narrower than a readable measure (the podcast cards' one-word lines, point 1);
 * nothing over the sticky header; the back-to-top button hidden at the top and never over a card
 * (point 7). One page load per page type and width, the checks batched in one evaluate.
 */
import { expect, test } from '@playwright/test';

const PAGES = ['/', '/about', '/all-tours', '/tour/101', '/news', '/testimonials', '/contato', '/busca', '/favoritos'];
const WIDTHS = [320, 390, 768, 1024, 1280, 1440];
/** Narrowest text column a phone visitor can read (about 25 characters). */
const READABLE_PX = 180;

for (const width of WIDTHS) {
  test(`every page type at ${width} px: no sideways scroll, readable text, header and cards uncovered`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width, height: 800 });
    const problems: string[] = [];
    for (const path of PAGES) {
      await page.goto(path);
      const found = await page.evaluate(
        async ({ readable, isPhone }) => {
          const out: string[] = [];
          const root = document.documentElement;
          if (root.scrollWidth > window.innerWidth) out.push(`scrolls sideways (${root.scrollWidth} px)`);
          if (isPhone) {
            for (const text of document.querySelectorAll('main p, main h1, main h2, main h3, main li > a')) {
              const box = text.getBoundingClientRect();
              if (box.width === 0 || text.closest('[data-carousel-position]') || (text.textContent ?? '').trim().length < 30)
                continue;
              if (box.width < readable)
                out.push(`${text.tagName} "${text.textContent?.trim().slice(0, 30)}" is ${Math.round(box.width)} px wide`);
            }
          }
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
            out.push('back-to-top shown at the top of the page');
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
      problems.push(...[...new Set(found)].map((problem) => `${path}: ${problem}`));
    }
    expect(problems).toEqual([]);
  });
}
