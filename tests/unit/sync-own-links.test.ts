/**
 * The sync settles upstream links to the portal's own address once every collection is known
 * (scripts/sync/run/publish.ts, scripts/sync/normalise/own-links.ts): against the pages of tonight's snapshot,
 * kept collections included, since a link settled on an earlier night may lead to a page gone since.
 */
import { describe, expect, it } from 'vitest';
import type { Item, NewsArticle } from '../../src/lib/schemas/index.ts';
import { collectionOf, readSnapshot, setUpSyncSandbox, syncAgainst } from '../support/sync-helpers.ts';

const sandbox = setUpSyncSandbox();
const SITE_URL = 'https://turismo.example.com.br';
const env = { SITE_URL };

const post = (id: number, content: string) => ({
  id,
  date_gmt: '2026-10-03T13:30:00',
  status: 'publish',
  title: { rendered: `Post ${id}` },
  content: { rendered: content },
  link: `https://blog.example.com/post-${id}/`,
});
const tours = (ids: number[]) => ids.map((id) => ({ id, title: `Passeio ${id}`, description: `<p>Passeio ${id}.</p>` }));

describe('links to the portal in upstream HTML', () => {
  it('are rewritten to the one form of a page of the snapshot, or unwrapped with a note', async () => {
    sandbox.server.setFile('provider/tours.json', [
      ...tours([101, 102]),
      {
        id: 103,
        title: 'Passeio 103',
        description: `<p><a href="${SITE_URL}/tour/102/">a trilha</a>, <a href="${SITE_URL}/tour/999999">o antigo</a>, <a href="${SITE_URL}/all-tours/">todos</a>, <a href="${SITE_URL}/contato/">fale conosco</a></p>`,
      },
    ]);
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir, { env });

    const tour = (await readSnapshot<Item>(sandbox.outDir, 'tours')).find((entry) => entry.id === '103');
    expect(tour?.descriptionHtml).toBe(
      '<p><a href="/tour/102">a trilha</a>, o antigo, <a href="/all-tours">todos</a>, <a href="/contato">fale conosco</a></p>',
    );
    expect(collectionOf(report, 'tours').repaired).toEqual([
      {
        id: '103',
        name: 'Passeio 103',
        reason: `link "${SITE_URL}/tour/999999": no page "/tour/999999" on this site; its words kept`,
        field: 'link',
        problem: 'link-not-a-page',
        value: `"/tour/999999"`,
      },
    ]);
    expect(report.recordWarnings).toContain(
      `cityApi tours: repaired record 103: link "${SITE_URL}/tour/999999": no page "/tour/999999" on this site; its words kept`,
    );
  });

  it('in a kept snapshot are checked again against the pages of tonight', async () => {
    sandbox.server.setFile('provider/tours.json', tours([101, 102, 103, 104]));
    sandbox.server.setFile('blog/posts.json', [post(11, `<p>Veja <a href="${SITE_URL}/tour/102/">a trilha</a>.</p>`)]);
    await syncAgainst(sandbox.server, sandbox.outDir, { env });
    const [before] = await readSnapshot<NewsArticle>(sandbox.outDir, 'news');
    expect(before?.contentHtml).toBe('<p>Veja <a href="/tour/102">a trilha</a>.</p>');

    // The next night the blog is down (its last good snapshot is kept) and tour 102 is gone.
    sandbox.server.setFile('provider/tours.json', tours([101, 103, 104]));
    sandbox.server.setFault(sandbox.server.paths.posts, { kind: 'status', status: 503 });
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir, { env });

    expect(collectionOf(report, 'news')).toMatchObject({ origin: 'snapshot', failed: true });
    const [after] = await readSnapshot<NewsArticle>(sandbox.outDir, 'news');
    expect(after?.contentHtml).toBe('<p>Veja a trilha.</p>');
    expect(report.recordWarnings).toContain(
      'blog news: repaired record 11: link "/tour/102": no page "/tour/102" on this site; its words kept',
    );
  });
});
