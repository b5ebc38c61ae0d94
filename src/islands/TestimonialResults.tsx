/**
 * The testimonials portal in the browser (docs/product.md): search on Enter over name, place, tour
 * and text (case- and accent-insensitive), experience chips, the featured or first testimonial
 * large, 12 per page with first/last, page 1 again on a new search or chip, state in the URL. The
 * hero figures stay the static ones (they describe every testimonial, not the filtered ones).
 * Renders nothing until the visitor filters; cards use the markup of TestimonialCard.astro.
 */

import { truncate } from '../lib/format.ts';
import type { TestimonialIndexEntry } from '../lib/portal/index-entries.ts';
import { testimonialSearchable } from '../lib/portal/portal.ts';
import { experienceLabel, initials } from '../lib/testimonials/testimonials.ts';
import PortalResults, { type PortalTexts } from './PortalResults.tsx';
import ShareButton from './ShareButton.tsx';
import './share-buttons.ts';
import { usePortal } from './use-portal.ts';

interface Props {
  /** The static page this document shows. */
  staticPage: number;
  /** The rating scale of the data (see ratingScale). */
  scale: 5 | 10;
  /** The canonical origin (SITE_URL), for the links shared. */
  siteUrl: string;
}

const STAR = 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z';

function TestimonialCard({
  entry,
  isLead,
  scale,
  siteUrl,
}: {
  entry: TestimonialIndexEntry;
  isLead: boolean;
  scale: 5 | 10;
  siteUrl: string;
}) {
  const size = isLead ? 72 : 56;
  const experience = experienceLabel(entry.experience);
  const shareTitle = `Depoimento de ${entry.name}: ${entry.title}`;
  return (
    <article className={`card testimonial-card${isLead ? ' lead' : ''}`} data-id={entry.id} data-experience={entry.experience}>
      <div className="person">
        {entry.avatar ? (
          <img className="avatar" src={entry.avatar} alt="" width={size} height={size} loading="lazy" decoding="async" />
        ) : (
          <span className="avatar initials" aria-hidden="true">
            {initials(entry.name)}
          </span>
        )}
        <div>
          <p className="name">{entry.name}</p>
          <p className="place">{entry.place ?? 'Local não informado'}</p>
        </div>
      </div>
      <p className="badges">
        {entry.rating !== null && (
          <span className="score">
            <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
              <path d={STAR} />
            </svg>{' '}
            Nota {entry.rating.toLocaleString('pt-BR')}/{scale}
          </span>
        )}
        {entry.verified && <span className="chip chip-success">Verificado</span>}
        {isLead && entry.featured && <span className="chip chip-warning">Destaque</span>}
      </p>
      <h3 className="title">{entry.title || experience}</h3>
      <blockquote className={entry.isAudio ? 'audio' : undefined}>
        <p>{truncate(entry.content, isLead ? 400 : 180)}</p>
      </blockquote>
      <p className="meta">
        <span>{experience}</span>
        <span>
          Visita: <time dateTime={entry.visitDate ?? undefined}>{entry.month}</time>
        </span>
      </p>
      <div className="testimonial-actions">
        <a className="more" href={entry.path}>
          Ler depoimento
          <span className="visually-hidden">
            {' '}
            de {entry.name} sobre {entry.title}
          </span>
        </a>
        <ShareButton url={new URL(entry.path, `${siteUrl}/`).href} title={shareTitle} />
      </div>
    </article>
  );
}

const TEXTS: PortalTexts = {
  loading: 'Carregando depoimentos...',
  singular: 'depoimento encontrado',
  plural: 'depoimentos encontrados',
  none: 'Nenhum depoimento encontrado',
  error: 'Erro ao carregar depoimentos. Tente novamente.',
  emptyHint: 'Tente outra busca ou outra experiência.',
};

export default function TestimonialResults({ staticPage, scale, siteUrl }: Props) {
  const portal = usePortal<TestimonialIndexEntry>({
    indexUrl: '/testimonials/index.json',
    base: '/testimonials',
    chipParam: 'experiencia',
    staticPage,
    read: testimonialSearchable,
  });
  return (
    <PortalResults
      portal={portal}
      texts={TEXTS}
      gridClass="testimonials-grid"
      renderCard={(entry, isLead) => <TestimonialCard entry={entry} isLead={isLead} scale={scale} siteUrl={siteUrl} />}
    />
  );
}
