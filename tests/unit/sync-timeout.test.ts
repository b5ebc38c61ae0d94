/**
 * `npm run sync -- --timeout <seconds>`: how long an upstream answer may take per attempt (default
 * 10 s). `npm run bench` sets a minute, so a local upstream starved of CPU on a busy machine is not
 * taken for one that is down. Real processes against the local upstream, its tours answering late.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scaledTimeouts } from '../../scripts/sync/http.ts';
import type { CollectionStatus } from '../../src/lib/schemas/index.ts';
import { runSyncScript, setUpSyncWorkspace } from '../support/sync-helpers.ts';

const workspace = setUpSyncWorkspace('sync-timeout-', (server) =>
  server.setFault(server.paths.tours, { kind: 'delay', ms: 1_500 }),
);

/** The tours' status after `node scripts/sync.ts --timeout <seconds>` into a folder of its own. */
async function toursAfterSync(seconds: string): Promise<CollectionStatus | undefined> {
  const { server, work } = workspace;
  const out = path.join(work, `snapshot-${seconds}`);
  const env = { ...process.env, ...server.env, IMAGE_CACHE_DIR: path.join(work, 'images') };
  await runSyncScript(['--out', out, '--timeout', seconds], { env });
  const statuses = JSON.parse(await readFile(path.join(out, 'status.json'), 'utf8')) as CollectionStatus[];
  return statuses.find((status) => status.id === 'tours');
}

describe('the sync with --timeout', () => {
  it('gives up on tours that answer in 1.5 s when an attempt may take 0.3 s', async () => {
    const tours = await toursAfterSync('0.3');
    expect(tours?.failed).toBe(true);
    expect(tours?.error).toMatch(/timed out/);
  }, 60_000);

  it('waits for them when an attempt may take 5 s', async () => {
    const tours = await toursAfterSync('5');
    expect(tours).toMatchObject({ failed: false, origin: 'upstream' });
  }, 60_000);

  it('refuses a value that is no number of seconds', async () => {
    await expect(runSyncScript(['--out', path.join(workspace.work, 'x'), '--timeout', 'soon'])).rejects.toMatchObject({
      stderr: expect.stringContaining('--timeout takes seconds, not "soon"'),
    });
  });
});

describe.each([
  [10_000, 60_000, 300_000],
  [60_000, 360_000, 1_800_000],
  [500, 3_000, 15_000],
])('scaledTimeouts(%i)', (timeoutMs, totalTimeoutMs, sourceDeadlineMs) => {
  it(`bounds a request at ${totalTimeoutMs} ms and a source at ${sourceDeadlineMs} ms`, () =>
    expect(scaledTimeouts(timeoutMs)).toEqual({ timeoutMs, totalTimeoutMs, sourceDeadlineMs }));
});
