/**
 * What a page's static markup may need from JavaScript, brought only where the page has it: the
 * favourite hearts (cards, detail pages, articles) when the browser is idle, like client:idle, the
 * 'Compartilhar' buttons at once, the home's carousels when one first comes near the view (all of them at the
 * first Tab), and the hero's slideshow a second before its first advance is due. Imported by the header's script, the one
 * module every page loads with its HTML: each enhancement is a chunk of its own, fetched after the page
 * is parsed, so nothing but the page's photos competes with its first paint for the link.
 */
if (document.querySelector('button[data-favourite]')) {
  const start = () => void import('./favourite-buttons.ts').then((module) => module.enhanceFavouriteButtons());
  if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 3000 });
  else setTimeout(start, 300);
}
if (document.querySelector('button[data-share-url]')) void import('./share-buttons.ts');

// Until its module runs, a carousel is a list that scrolls sideways (its buttons wait, hidden) and Tab stops at
// every card. It starts when it comes near the view, and every carousel starts at the visitor's first Tab, so a
// keyboard reaches one card of each (the arrows move inside), not a dozen.
const carousels = document.querySelectorAll<HTMLElement>('[data-carousel]');
if (carousels.length > 0) {
  const start = (list: NodeListOf<HTMLElement> | HTMLElement[]) =>
    void import('./carousel.ts').then((module) => list.forEach(module.startCarousel));
  const observer = new IntersectionObserver(
    (entries) => {
      const near = entries.filter((entry) => entry.isIntersecting).map((entry) => entry.target as HTMLElement);
      for (const carousel of near) observer.unobserve(carousel);
      if (near.length > 0) start(near);
    },
    { rootMargin: '200px' },
  );
  for (const carousel of carousels) observer.observe(carousel);
  // A carousel started already is left as it is (startCarousel).
  document.addEventListener('keydown', (event) => event.key === 'Tab' && start(carousels));
}

// Until its module runs, the hero's dot links and a swipe move its photos. The first advance is due
// `data-interval` ms after the page started (HeroSlideshow.astro); the module comes a second before, and
// not before the page's load, so the first photo, the LCP image, has the link alone.
const slideshow = document.querySelector<HTMLElement>('[data-slideshow-dots]');
if (slideshow) {
  const start = () => {
    const wait = Math.max(0, (Number(slideshow.dataset.interval) || 0) - 1000 - performance.now());
    setTimeout(() => void import('./slideshow.ts').then((module) => module.startSlideshow(slideshow)), wait);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
