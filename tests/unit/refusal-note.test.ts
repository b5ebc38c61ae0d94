/**
 * The note a refused update leaves for /status (scripts/refusal-note.ts, src/lib/status/refusal.ts):
 * the gate's reasons when it refused, the failed stage's sentence otherwise, the date of the data the
 * site shows instead; and what the build reads of it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalNote, STAGE_REASONS } from '../../scripts/refusal-note.ts';
import { REFUSAL_FILE, readRefusal } from '../../src/lib/status/refusal.ts';
import { englishWords } from '../support/portuguese.ts';

let dir: string;
const NOW = new Date('2026-11-28T18:30:00Z');
const gateNote = {
  attemptedAt: '2026-11-28T18:29:00.000Z',
  stage: 'verify',
  reasons: ['O site não foi atualizado: a coleção Passeios tem 8 itens, menos da metade dos 80 publicados.'],
  total: 1,
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'refusal-'));
  await writeFile(path.join(dir, 'gate.json'), JSON.stringify(gateNote));
  await writeFile(
    path.join(dir, 'manifest.json'),
    JSON.stringify({ version: 1, builtAt: '2026-11-27T07:25:00.000Z', snapshotDir: 'x', counts: {} }),
  );
  await writeFile(path.join(dir, 'broken.json'), '{ not json');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('refusalNote', () => {
  it("keeps the gate's reasons and adds the date of the data shown instead", async () => {
    const note = await refusalNote({
      stage: 'verify',
      gateFile: path.join(dir, 'gate.json'),
      previousManifest: path.join(dir, 'manifest.json'),
      now: NOW,
    });
    expect(note).toEqual({ ...gateNote, lastPublishedAt: '2026-11-27T07:25:00.000Z' });
  });

  it.each(['sync', 'build'] as const)('a failed %s gets its own sentence, technical and Portuguese', async (stage) => {
    const note = await refusalNote({ stage, gateFile: path.join(dir, 'gate.json'), previousManifest: undefined, now: NOW });
    expect(note).toEqual({
      attemptedAt: NOW.toISOString(),
      stage,
      reasons: [STAGE_REASONS[stage]],
      total: 1,
      lastPublishedAt: null,
    });
    expect(englishWords(STAGE_REASONS[stage])).toEqual([]);
  });

  it('a refusal whose reasons were not written still says so', async () => {
    const note = await refusalNote({
      stage: 'verify',
      gateFile: path.join(dir, 'broken.json'),
      previousManifest: undefined,
      now: NOW,
    });
    expect(note.reasons).toEqual([expect.stringMatching(/^A verificação final recusou o site novo/)]);
  });
});

describe('readRefusal', () => {
  it('reads the note beside the snapshot, and nothing when there is none or it is not one', async () => {
    expect(readRefusal(path.join(dir, 'none'))).toBeNull();
    const snapshot = await mkdtemp(path.join(dir, 'snapshot-'));
    await writeFile(path.join(snapshot, REFUSAL_FILE), '{"stage":"x"}');
    expect(readRefusal(snapshot)).toBeNull();
    await writeFile(path.join(snapshot, REFUSAL_FILE), JSON.stringify(gateNote));
    expect(readRefusal(snapshot)).toEqual({ ...gateNote, lastPublishedAt: null });
  });
});
