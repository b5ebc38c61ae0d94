/**
 * A portal card at either size (docs/product.md: the first result of page 1 is large): the same
 * static card (src/lib/static-cards.ts) given or denied the `lead` class, which picks what it shows
 * (NewsCard.astro, TestimonialCard.astro), and for a news card's photo the `sizes` of that size: the
 * large card's from `data-lead-sizes`, the card's own as served otherwise.
 */
import type { StaticCard } from '../static-cards.ts';

/** A card's large version, made once. */
const leads = new WeakMap<StaticCard, StaticCard>();

/** The `class` of a card with or without `lead`. */
function classWith(classes: string | undefined, isLead: boolean): string {
  const others = (classes ?? '').split(/\s+/).filter((name) => name && name !== 'lead');
  return [...others, ...(isLead ? ['lead'] : [])].join(' ');
}

/** The card's HTML with the large card's `sizes` on the photo's sources that name them (browser: a <template> parses it). */
function withLeadSizes(html: string): string {
  if (!html.includes('data-lead-sizes')) return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const cover of template.content.querySelectorAll<HTMLElement>('[data-lead-sizes]')) {
    const sizes = cover.dataset.leadSizes ?? '';
    for (const source of cover.querySelectorAll('source[sizes]')) source.setAttribute('sizes', sizes);
  }
  return template.innerHTML;
}

/** The card as the large one (`isLead`) or as a grid card. */
export function sizedCard(card: StaticCard, isLead: boolean): StaticCard {
  if (!isLead) return card.attributes.class?.split(/\s+/).includes('lead') ? unled(card) : card;
  let lead = leads.get(card);
  if (!lead) {
    lead = {
      ...card,
      attributes: { ...card.attributes, class: classWith(card.attributes.class, true) },
      html: withLeadSizes(card.html),
    };
    leads.set(card, lead);
  }
  return lead;
}

/** A card served large (page 1's lead) as a grid card: its class alone changes. */
const grids = new WeakMap<StaticCard, StaticCard>();
function unled(card: StaticCard): StaticCard {
  let grid = grids.get(card);
  if (!grid) {
    grid = { ...card, attributes: { ...card.attributes, class: classWith(card.attributes.class, false) } };
    grids.set(card, grid);
  }
  return grid;
}
