/**
 * 'Meus favoritos': the items saved with the heart, read from `$favourites` (this browser's
 * localStorage, kept in sync with the other tabs), each with a 'Remover' button. Server-rendered as
 * the empty state and hydrated by `client:stored`: at once when this browser has saved items or the
 * address carries a shared list, else only when needed, so a visitor with nothing saved loads no React.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { type Favourite, favouriteKey } from '../lib/favourite.ts';
import { countLabel } from '../lib/text.ts';
import { $favourites, removeFavourite } from '../stores/favourites.ts';
import { $savedOffline, keepFavouritesOffline } from '../stores/saved-offline.ts';
import { ReceivedList, ShareSavedList } from './FavouritesShare.tsx';

/** What the server renders and hydration starts from: nothing saved (it cannot read this browser). */
const NOTHING_SAVED: Favourite[] = [];
const savedOnServer = () => NOTHING_SAVED;

interface Props {
  /** Name of each kind of item ('Passeio', 'Hospedagem'...). */
  kindNames: Record<string, string>;
  /** Where the empty state sends the visitor. */
  exploreHref: string;
  /** Image shown for an item saved without one. */
  placeholderImage: string;
  /** Canonical origin, for the links the shared list carries. */
  siteUrl: string;
  /** Brand, in the WhatsApp message. */
  businessName: string;
}

export default function FavouritesList({ kindNames, exploreHref, placeholderImage, siteUrl, businessName }: Props) {
  const list = useStore($favourites, { ssr: savedOnServer });
  const offline = useStore($savedOffline);
  const rootRef = useRef<HTMLDivElement>(null);
  // Once this browser's list is drawn (not the server's, which hydration starts from), the page's
  // 'Carregando…' (client:stored's data-restoring) gives way to it.
  const isDrawn = list !== NOTHING_SAVED;
  useEffect(() => {
    if (isDrawn) rootRef.current?.closest('[data-restoring]')?.removeAttribute('data-restoring');
  }, [isDrawn]);
  useEffect(() => keepFavouritesOffline(), []);

  // The removed button disappears: move the focus to the next 'Remover', else to the empty state.
  const remove = (item: Favourite, index: number) => {
    removeFavourite(item);
    requestAnimationFrame(() => {
      const buttons = rootRef.current?.querySelectorAll<HTMLButtonElement>('[data-remove]') ?? [];
      const next = buttons[Math.min(index, buttons.length - 1)];
      (next ?? rootRef.current?.querySelector<HTMLElement>('[data-empty-title]'))?.focus();
    });
  };

  const count = countLabel(list.length, 'item salvo', 'itens salvos');
  return (
    <div ref={rootRef} className="favourites">
      <ReceivedList kindNames={kindNames} />
      <p className="favourites-count" role="status">
        {list.length > 0 ? count : ''}
      </p>
      <p className="favourites-restoring">Carregando seus favoritos…</p>
      {list.length === 0 ? (
        <div className="favourites-empty">
          <h2 data-empty-title tabIndex={-1}>
            Nenhum favorito salvo
          </h2>
          <p>Toque no coração de um passeio, hospedagem, restaurante ou evento para guardá-lo aqui.</p>
          {/* True with or without JavaScript (a <noscript> is not shown where scripts are merely blocked); hidden where scripts run. */}
          <p className="favourites-noscript">Seus favoritos aparecem aqui quando o JavaScript do navegador está ativado.</p>
          <a className="btn btn-primary" href={exploreHref}>
            Explorar passeios e atrativos
          </a>
        </div>
      ) : (
        <ShareSavedList list={list} siteUrl={siteUrl} businessName={businessName} />
      )}
      {list.length > 0 && (
        <ul className="favourites-grid">
          {list.map((item, index) => (
            <li key={favouriteKey(item)}>
              <article className="card favourite-card">
                <img src={item.image ?? placeholderImage} alt="" width={600} height={400} loading="lazy" decoding="async" />
                <div className="favourite-body">
                  <p className="favourite-kind">{kindNames[item.kind] ?? item.kind}</p>
                  <h2 className="favourite-title">
                    <a href={item.path}>{item.title}</a>
                  </h2>
                  <p className="favourite-offline" data-offline={offline.has(favouriteKey(item))}>
                    {offline.has(favouriteKey(item)) ? 'Disponível sem internet' : 'Ainda não disponível sem internet'}
                  </p>
                  <button type="button" className="btn btn-outline" data-remove onClick={() => remove(item, index)}>
                    Remover<span className="visually-hidden"> {item.title} dos favoritos</span>
                  </button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
