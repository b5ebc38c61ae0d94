/**
 * The daily cap of automatic deploys (scripts/deploy-cap.ts): AUTO_DEPLOYS_PER_DAY read or refused in
 * one line, the deploys the change check asked for counted over the city's day, and what the check's
 * summary says. The workflow step that runs it: tests/unit/workflow-check-sources.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { AUTOMATIC_RUN_TITLE, type DeployRun, decideCap, parseRuns, readCap } from '../../scripts/deploy-cap.ts';

describe('readCap', () => {
  it.each([
    [undefined, 8],
    ['', 8],
    [' 3 ', 3],
    ['0', 0],
    ['48', 48],
  ])('reads %j as %i', (value, cap) => expect(readCap(value)).toBe(cap));

  it.each(['49', 'oito', '-1', '8.5', '1e1', '8 por dia'])(
    'refuses %j in one line that names the variable and an example',
    (value) => {
      expect(() => readCap(value)).toThrow(
        `AUTO_DEPLOYS_PER_DAY=${JSON.stringify(value)}: use um número inteiro de 0 a 48, por exemplo 8 / use a whole number from 0 to 48, e.g. 8.`,
      );
    },
  );
});

// 14:30 in Barra do Bugres (UTC-4).
const NOW = new Date('2026-11-28T18:30:00Z');
const automatic = (createdAt: string): DeployRun => ({
  createdAt,
  displayTitle: `${AUTOMATIC_RUN_TITLE} changed: news +1 ("Festa")`,
});
const times = (count: number, createdAt: string) => Array.from({ length: count }, () => automatic(createdAt));
const WAIT = 'as mudanças entram na publicação da noite, às 03:17, ou antes pelo botão Run workflow do Deploy.';

describe.each([
  ['no deploy yet', [], 8, false, 0, '1 de no máximo 8 publicações automáticas hoje'],
  ['seven this afternoon', times(7, '2026-11-28T17:00:00Z'), 8, false, 7, '8 de no máximo 8 publicações automáticas hoje'],
  [
    'eight, the first at 00:30 in the city',
    [...times(7, '2026-11-28T17:00:00Z'), automatic('2026-11-28T04:30:00Z')],
    8,
    true,
    8,
    `o limite de 8 publicações automáticas por dia foi atingido (8 hoje); ${WAIT}`,
  ],
  // 21:30 of the day before in the city, though the 28th already in UTC.
  ['eight last evening', times(8, '2026-11-28T01:30:00Z'), 8, false, 0, '1 de no máximo 8 publicações automáticas hoje'],
  [
    'the nightly run, buttons and webhooks only',
    [
      { createdAt: '2026-11-28T07:17:00Z', displayTitle: 'Deploy (schedule) ' },
      { createdAt: '2026-11-28T12:00:00Z', displayTitle: 'Deploy (workflow_dispatch) Novo evento publicado' },
      { createdAt: '2026-11-28T12:10:00Z', displayTitle: `Deploy (workflow_dispatch) ${AUTOMATIC_RUN_TITLE}` },
      { createdAt: '2026-11-28T12:20:00Z', displayTitle: 'Deploy (repository_dispatch) Novo passeio' },
    ],
    1,
    false,
    0,
    '1 de no máximo 1 publicação automática hoje',
  ],
  [
    'one, with a cap of one',
    times(1, '2026-11-28T12:00:00Z'),
    1,
    true,
    1,
    `o limite de 1 publicação automática por dia foi atingido (1 hoje); ${WAIT}`,
  ],
  [
    'none, with automatic deploys turned off',
    [],
    0,
    true,
    0,
    `as publicações automáticas estão desligadas (AUTO_DEPLOYS_PER_DAY=0); ${WAIT}`,
  ],
])('with %s', (_case, runs, cap, isCapped, today, note) => {
  it(`${isCapped ? 'holds the deploy back' : 'asks for the deploy'} (cap ${cap})`, () => {
    expect(decideCap({ runs, cap, now: NOW, timeZone: 'America/Cuiaba' })).toEqual({ isCapped, today, cap, note });
  });
});

describe('decideCap in another city', () => {
  it("counts over that city's day and names its time of the nightly run", () => {
    // 00:30 on the 28th in Fernando de Noronha (UTC-2), 22:30 on the 27th in Cuiabá.
    const runs = times(2, '2026-11-28T02:30:00Z');
    expect(decideCap({ runs, cap: 2, now: NOW, timeZone: 'America/Noronha' })).toMatchObject({
      isCapped: true,
      today: 2,
      note: expect.stringContaining('na publicação da noite, às 05:17,'),
    });
    expect(decideCap({ runs, cap: 2, now: NOW, timeZone: 'America/Cuiaba' })).toMatchObject({ isCapped: false, today: 0 });
  });
});

describe('parseRuns', () => {
  it('reads what gh run list writes', () => {
    const runs = [automatic('2026-11-28T12:00:00Z')];
    expect(parseRuns(JSON.stringify(runs))).toEqual(runs);
  });

  it.each(['{}', '[{"createdAt": 1, "displayTitle": "x"}]', '[null]', 'not json'])('refuses %s', (text) => {
    expect(() => parseRuns(text)).toThrow();
  });
});
