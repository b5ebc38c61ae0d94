/** schema.org JSON-LD helpers for BaseLayout's `jsonLd` prop. */
import { SITE } from './data.ts';

/** An absolute URL on the site for a path or an already absolute URL. */
export function absoluteUrl(pathOrUrl: string): string {
  return new URL(pathOrUrl, `${SITE.siteUrl}/`).href;
}

/** BreadcrumbList from [name, path] pairs, home first. */
export function breadcrumbLd(trail: readonly (readonly [name: string, path: string])[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item: absoluteUrl(path),
    })),
  };
}

/** FAQPage from question/answer pairs (answers as sanitised HTML). */
export function faqLd(faq: readonly { question: string; answerHtml: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faq.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.answerHtml },
    })),
  };
}
