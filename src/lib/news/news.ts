/** Pure helpers of the news portal and detail (docs/product.md). */
import { leadFirst } from '../portal/portal.ts';
import type { NewsArticle } from '../schemas/index.ts';

/** The portal's order: the first featured (sticky) article, else the newest, then the rest newest first. */
export const newsInPortalOrder = (articles: readonly NewsArticle[]): NewsArticle[] =>
  leadFirst(articles, (article) => article.featured);

/** Category names in order of first appearance. */
export function newsCategories(articles: readonly NewsArticle[]): string[] {
  return [...new Set(articles.map((article) => article.category))];
}

/**
 * The full article on the external blog, for posts above id 1000 (docs/product.md): the post's own link, else
 * `{blogUrl}/{slug}` when the blog is configured, else null (the button is hidden).
 */
export function fullArticleUrl(article: NewsArticle, blogUrl: string | null): string | null {
  if (!(Number(article.id) > 1000)) return null;
  if (article.link) return article.link;
  return blogUrl && article.slug ? `${blogUrl}/${article.slug}` : null;
}

/** The home's 'NOTÍCIAS' carousel shows the newest nine articles. */
export const NEWS_LIMIT = 9;

/** The newest articles first (ISO dates compare as text). */
export function newestNews(news: readonly NewsArticle[], limit: number = NEWS_LIMIT): NewsArticle[] {
  return [...news].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)).slice(0, limit);
}
