/**
 * The news portal in the browser (docs/product.md): search on Enter over title, summary, category
 * and tags (case- and accent-insensitive), category chips, the featured or first article large,
 * 12 per page with first/last, page 1 again on a new search or chip, state in the URL. Renders
 * nothing until the visitor filters (or arrives with a filtered link): the static page is the
 * unfiltered portal. Cards are drawn with the markup and classes of NewsCard.astro; their heart
 * and share buttons are run by the page's delegated enhancers.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { favouriteKey } from '../lib/favourite.ts';
import { truncate } from '../lib/format.ts';
import { spriteId } from '../lib/icons.ts';
import type { NewsIndexEntry } from '../lib/portal/index-entries.ts';
import { newsSearchable } from '../lib/portal/portal.ts';
import { $favourites } from '../stores/favourites.ts';
import { enhanceFavouriteButtons } from './favourite-buttons.ts';
import PortalResults, { type PortalTexts } from './PortalResults.tsx';
import ShareButton from './ShareButton.tsx';
import './share-buttons.ts';
import { usePortal } from './use-portal.ts';

interface Props {
  /** The static page this document shows (1 for /news, n for /news/page/n). */
  staticPage: number;
  /** The canonical origin (SITE_URL), for the links shared. */
  siteUrl: string;
}

function NewsCard({
  entry,
  isLead,
  saved,
  siteUrl,
}: {
  entry: NewsIndexEntry;
  isLead: boolean;
  saved: Set<string>;
  siteUrl: string;
}) {
  const url = new URL(entry.path, `${siteUrl}/`).href;
  const isSaved = saved.has(favouriteKey({ kind: 'news', id: entry.id }));
  const favourite = JSON.stringify({ kind: 'news', id: entry.id, title: entry.title, image: entry.image, path: entry.path });
  return (
    <article className={`card news-card${isLead ? ' lead' : ''}`} data-id={entry.id} data-category={entry.category}>
      {/* biome-ignore lint/a11y/useAnchorContent: a mouse shortcut to the title's link, hidden from the keyboard and screen readers like NewsCard.astro's. */}
      <a className="cover" href={entry.path} tabIndex={-1} aria-hidden="true">
        <img src={entry.image} alt="" width={1200} height={800} loading={isLead ? 'eager' : 'lazy'} decoding="async" />
      </a>
      {/* data-favourite: the page's favourites enhancer toggles the store on click. */}
      <button
        type="button"
        className="favourite"
        data-favourite={favourite}
        aria-pressed={isSaved}
        aria-label={`${isSaved ? 'Remover dos favoritos' : 'Salvar nos favoritos'}: ${entry.title}`}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <use href={`#${spriteId('heart')}`} />
        </svg>
      </button>
      <div className="body">
        <p className="labels">
          <span className="chip">{entry.category}</span>
          {isLead && entry.featured && <span className="chip chip-warning">Destaque</span>}
        </p>
        <h3 className="title">
          <a href={entry.path}>{entry.title}</a>
        </h3>
        <p className="summary">{truncate(entry.summary, isLead ? 240 : 150)}</p>
        <p className="meta">
          <span>
            <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
              <use href={`#${spriteId('clock')}`} />
            </svg>{' '}
            <time dateTime={entry.publishedAt}>{entry.date}</time>
          </span>
          <span>{entry.author}</span>
          <span>{entry.readTime} min de leitura</span>
        </p>
        <div className="card-actions">
          <ShareButton url={url} title={entry.title} />
        </div>
      </div>
    </article>
  );
}

const TEXTS: PortalTexts = {
  loading: 'Carregando notícias...',
  singular: 'notícia encontrada',
  plural: 'notícias encontradas',
  none: 'Nenhuma notícia encontrada',
  error: 'Erro ao carregar notícias. Tente novamente.',
  emptyHint: 'Tente outra busca ou outra categoria.',
};

export default function NewsResults({ staticPage, siteUrl }: Props) {
  const portal = usePortal<NewsIndexEntry>({
    indexUrl: '/news/index.json',
    base: '/news',
    chipParam: 'categoria',
    staticPage,
    read: newsSearchable,
  });
  const favourites = useStore($favourites);
  const saved = new Set(favourites.map(favouriteKey));
  useEffect(() => enhanceFavouriteButtons(), []);
  return (
    <PortalResults
      portal={portal}
      texts={TEXTS}
      gridClass="news-grid"
      renderCard={(entry, isLead) => <NewsCard entry={entry} isLead={isLead} saved={saved} siteUrl={siteUrl} />}
    />
  );
}
