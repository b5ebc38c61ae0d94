/**
 * The reader of built pages the truth tests rely on (tests/support/truth.ts): on a small built site
 * whose pages state what their snapshot does not hold, it names each statement, and on honest
 * pages it names none. Without this, a checker that found nothing would pass every build.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '../../src/lib/entities.ts';
import { ITEM_KINDS } from '../../src/lib/schemas/index.ts';
import { anItem, aTestimonial } from '../fixtures/entries.ts';
import { truthProblems } from '../support/truth.ts';

let work: string;
const dist = () => path.join(work, 'dist');
const snapshot = () => path.join(work, 'snapshot');

const page = (body: string) => `<!DOCTYPE html><html lang="pt-BR"><head></head><body><main>${body}</main></body></html>`;
const card = (kind: string, id: string, inner = '') =>
  `<article class="card item-card" data-kind="${kind}" data-id="${id}"><h3>${id}</h3>${inner}</article>`;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'truth-check-'));
  await mkdir(path.join(dist(), 'guide'), { recursive: true });
  await mkdir(path.join(dist(), 'tour'), { recursive: true });
  await mkdir(snapshot());
  const items = {
    tour: [anItem({ id: 't1' }), anItem({ id: 't2', rating: 4.5, price: 'R$ 80,00', priceValue: 80 })],
    guide: [
      anItem({ id: 'g1', kind: 'guide', experiences: ['Aves'] }),
      anItem({
        id: 'g2',
        kind: 'guide',
        status: { value: 'em_analise', label: 'Cadastro em análise', tone: 'warning' },
        isListed: false,
        contactPhone: '(65) 99999-0000',
      }),
    ],
  } as Record<string, unknown[]>;
  for (const kind of ITEM_KINDS) {
    await writeFile(path.join(snapshot(), `${ENTITIES[kind].collection}.json`), JSON.stringify(items[kind] ?? []));
  }
  await writeFile(path.join(snapshot(), 'news.json'), '[]');
  await writeFile(path.join(snapshot(), 'testimonials.json'), JSON.stringify([aTestimonial({ rating: 9 })]));

  // Honest pages.
  await writeFile(
    path.join(dist(), 'index.html'),
    page(
      `${card('tour', 't1', '<p class="price on-request">Preço sob consulta</p>')}${card(
        'tour',
        't2',
        '<span class="rating" aria-label="4,5 estrelas"></span><p class="price">R$ 80,00</p>',
      )}<a href="tel:+556533761000">(65) 3376-1000</a><a href="/all-guides?experience=Aves">Aves</a>`,
    ),
  );
  await writeFile(
    path.join(dist(), 'guide', 'g2.html'),
    `<!DOCTYPE html><html><head><meta name="robots" content="noindex"></head><body><main><p class="listing-notice">Cadastro em análise: …</p></main></body></html>`,
  );
  // Pages that state what the data does not hold.
  await writeFile(
    path.join(dist(), 'tour', 't1.html'),
    page(
      `<ul class="info-chips"><li>5 estrelas</li><li>2 pessoas</li></ul><section class="card price-box"><p class="price">R$ 0</p></section>` +
        `<p>Guia Credenciado · Em dia</p><span class="chip">em_analise</span><a href="tel:32230000">ligar</a>` +
        `${card('guide', 'g2')}<a href="/all-tours?experience=Aves">Aves</a><span class="score">Nota 9/10</span><span class="score">Nota 4/5</span>`,
    ),
  );
  await writeFile(path.join(dist(), 'guide', 'g1.html'), page('<a href="https://wa.me/5565999990000">WhatsApp</a>'));
});

afterAll(() => rm(work, { recursive: true, force: true }));

describe('truthProblems', () => {
  it('names every statement its snapshot does not hold, and none on honest pages', async () => {
    const problems = await truthProblems(dist(), snapshot());
    expect(problems.filter((problem) => problem.startsWith('/:') || problem.startsWith('/guide/g2:'))).toEqual([]);
    expect(problems).toEqual(
      expect.arrayContaining([
        "/tour/t1: states a price of R$ 0 ('R$ 0')",
        "/tour/t1: says 'Guia Credenciado', which no record says",
        "/tour/t1: says 'Em dia', which no record says",
        "/tour/t1: shows the raw code 'em_analise'",
        '/tour/t1: has a phone link that cannot dial from abroad (tel:32230000)',
        "/tour/t1: lists guide/g2, whose registration is 'Cadastro em análise'",
        "/tour/t1: links 'Aves' to /all-tours, which lists none",
        '/tour/t1: rates an item its record does not rate',
        '/tour/t1: gives a group size its record does not give',
        "/tour/t1: shows the price 'R$ 0', its record 'Preço sob consulta'",
        'testimonial ratings are drawn on 10 and 5: one scale only',
      ]),
    );
  });
});
