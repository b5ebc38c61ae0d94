/**
 * The news feed: /news/rss.xml parses with a maintained RSS/XML parser
 * (fast-xml-parser), lists every post of the snapshot the site was built from with its title, link,
 * date, summary and a picture that answers (every page's head links to it: tests/html/words.test.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { XMLParser } from 'fast-xml-parser';

const SNAPSHOT = path.resolve(import.meta.dirname, '../../data/sample-snapshot');
const posts: { id: string; title: string; summary: string; publishedAt: string }[] = JSON.parse(
  readFileSync(path.join(SNAPSHOT, 'news.json'), 'utf8'),
);

interface FeedItem {
  title: string;
  link: string;
  description: string;
  pubDate: string;
  'media:content': { url: string; medium: string; type: string };
}

test('the feed lists every post with title, link, date, summary and picture', async ({ request }) => {
  expect(posts.length).toBeGreaterThan(0);
  const response = await request.get('/news/rss.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/xml/);
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'item' }).parse(
    await response.text(),
  );
  const channel = parsed.rss.channel;
  expect(parsed.rss.version).toBe('2.0');
  expect(channel.title).toMatch(/^Notícias \| /);
  const items: FeedItem[] = channel.item;
  expect(items).toHaveLength(posts.length);

  const byPath = new Map(items.map((item) => [new URL(item.link).pathname, item]));
  for (const post of posts) {
    const item = byPath.get(`/news/${post.id}`);
    expect(item, `post ${post.id} is in the feed`).toBeDefined();
    if (!item) continue;
    expect(String(item.title)).toBe(post.title);
    expect(String(item.description)).toBe(post.summary);
    expect(new Date(item.pubDate).getTime()).toBe(new Date(post.publishedAt).getTime());
    expect(item['media:content'].medium).toBe('image');
    // The feed's URLs use SITE_URL; the picture is this build's own file, served here under the same path.
    const picture = await request.get(new URL(item['media:content'].url).pathname);
    expect(picture.status(), item['media:content'].url).toBe(200);
    expect(picture.headers()['content-type']).toBe(item['media:content'].type);
  }
  // Newest first, as the news portal lists them.
  const dates = items.map((item) => new Date(item.pubDate).getTime());
  expect(dates).toEqual([...dates].sort((a, b) => b - a));
});
