/**
 * The sync's report for the editors in the GitHub job summary (scripts/sync/summary.ts): Portuguese,
 * problems first, long lists cut, and upstream text that cannot turn into Markdown or HTML.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendJobSummary, markdownText } from '../../scripts/job-summary.ts';
import { syncSummary } from '../../scripts/sync/summary.ts';
import { aStatus } from '../fixtures/entries.ts';
import { englishWords } from '../support/portuguese.ts';

const HOSTILE = '<img src=x onerror=alert(1)> *negrito* [link](javascript:x) | # título';

describe('the sync summary: settings and records kept off the lists', () => {
  const summary = syncSummary({
    statuses: [
      aStatus({ id: 'guides', count: 10, hidden: { total: 6, first: [{ id: '31', name: HOSTILE, reason: 'review' }] } }),
    ],
    images: [],
    timeZone: 'America/Cuiaba',
    now: new Date('2026-11-28T18:32:00Z'),
    missingSettings: [{ text: '/privacidade: o controlador “ainda não foi informado”. Peça CITY_BODY.', href: '/privacidade' }],
  });

  it('asks for the missing settings first, under what needs attention', () => {
    expect(summary.indexOf('**Configurações que faltam (1)**')).toBeGreaterThanOrEqual(0);
    expect(summary.indexOf('Configurações que faltam')).toBeLessThan(summary.indexOf('**Fontes**'));
  });

  it('counts what the lists show and what they leave out, and names the records left out', () => {
    expect(summary).toContain('| Guias | 4 itens | 6 fora das listas |');
    expect(summary).toContain('**Guias fora das listas (6)**');
    // The name as a code span (shown as it is, never as markup), an excerpt cut at 60 characters.
    expect(summary).toContain('- Guia 31 “`<img src=x onerror=alert(1)> *negrito* [link](javascript:x)…`”: em análise\n');
  });
});

describe('the sync summary for editors', () => {
  const summary = syncSummary({
    statuses: [
      aStatus({
        id: 'news',
        source: 'blog',
        origin: 'snapshot',
        failed: true,
        problem: { code: 'unavailable', kind: 'http', status: 503 },
      }),
      aStatus({
        id: 'tours',
        count: 40,
        dropped: { total: 1, first: [{ id: '7', name: HOSTILE, reason: '…', field: 'title', problem: 'no-title' }] },
        changes: {
          added: {
            total: 25,
            first: Array.from({ length: 25 }, (_, index) => ({ id: String(index), name: `Passeio ${index}` })),
          },
          removed: { total: 0, first: [] },
          changed: 1,
        },
      }),
    ],
    images: [],
    timeZone: 'America/Cuiaba',
    now: new Date('2026-11-28T18:32:00Z'),
  });

  it('puts what needs attention first, then the sources, the changes and the counts', () => {
    const order = [
      'Precisa',
      'Fontes e coleções com problema',
      'Registros que ficaram fora do site',
      '**Fontes**',
      'O que mudou',
      '| Coleção |',
    ];
    const positions = order.map((heading) => summary.indexOf(heading === 'Precisa' ? 'Fontes e coleções' : heading));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(summary).toContain('- Notícias: o blog respondeu com erro 503; o site mostra os 3 itens de 28/11/2026 às 14:30.');
  });

  it('lists ten new names of a collection and counts the rest', () => {
    expect(summary).toContain('- Passeios: novos: `Passeio 0`, `Passeio 1`,');
    expect(summary).toContain('`Passeio 9` e mais 15; 1 alterado.');
    expect(summary).not.toContain('Passeio 10`');
  });

  it('keeps upstream text as text: a code span, cut, which Markdown neither renders nor links', () => {
    expect(summary).toContain('Passeio 7 “`<img src=x onerror=alert(1)> *negrito* [link](javascript:x)…`”');
    expect(summary.replace(/`[^`]*`/g, '')).not.toMatch(/<img|\[link\]/);
  });

  it('is Portuguese', () => {
    expect(englishWords(summary)).toEqual([]);
  });
});

describe('markdownText', () => {
  it.each([
    ['Pesca & Cia', 'Pesca &amp; Cia'],
    ['a_b*c`d', 'a\\_b\\*c\\`d'],
    ['linha\n# título', 'linha \\# título'],
    ['<script>', '&lt;script&gt;'],
    ['| a | b |', '\\| a \\| b \\|'],
  ])('%j → %j', (text, markdown) => {
    expect(markdownText(text)).toBe(markdown);
  });
});

describe('appendJobSummary', () => {
  it('appends to $GITHUB_STEP_SUMMARY, and writes nothing without it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'summary-'));
    const file = path.join(dir, 'summary.md');
    try {
      expect(await appendJobSummary('### Um', { GITHUB_STEP_SUMMARY: file })).toBe(true);
      expect(await appendJobSummary('### Dois', { GITHUB_STEP_SUMMARY: file })).toBe(true);
      expect(await readFile(file, 'utf8')).toBe('### Um\n\n### Dois\n\n');
      expect(await appendJobSummary('### Três', {})).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
