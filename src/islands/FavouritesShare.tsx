/**
 * The list that travels, inside 'Meus favoritos': 'Enviar pelo WhatsApp' (one
 * message with every title and link) and 'Copiar link' (a /favoritos link carrying the list); and,
 * on a phone that opens such a link, the shared list with 'Adicionar aos meus favoritos'.
 */
import { useEffect, useState } from 'react';
import { whatsappHint } from '../lib/contact/hand-off.ts';
import { type Favourite, favouriteKey } from '../lib/favourite.ts';
import {
  decodeSharedList,
  leftOutNote,
  type SharedList,
  sharedListFromHash,
  sharedListUrl,
  whatsAppUrl,
} from '../lib/shared-list.ts';
import { countLabel } from '../lib/text.ts';
import { addFavourites } from '../stores/favourites.ts';

interface ShareProps {
  list: readonly Favourite[];
  /** Canonical origin: the links the message and the shared URL carry. */
  siteUrl: string;
  businessName: string;
}

/** 'Enviar pelo WhatsApp' and 'Copiar link' for the saved list. */
export function ShareSavedList({ list, siteUrl, businessName }: ShareProps) {
  const [copied, setCopied] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const link = sharedListUrl(list, siteUrl);

  const copy = async () => {
    // The field always shows the link, so a browser that refuses the clipboard still lets the visitor copy it.
    setCopied(link);
    try {
      await navigator.clipboard.writeText(link);
      setStatus('Link copiado. Quem abrir verá esta lista.');
    } catch {
      setStatus('Copie o link abaixo para enviar esta lista.');
    }
  };

  return (
    <div className="favourites-share">
      <a className="btn btn-primary" href={whatsAppUrl(list, siteUrl, businessName)} target="_blank" rel="noopener noreferrer">
        Enviar pelo WhatsApp<span className="visually-hidden">{whatsappHint('Enviar pelo WhatsApp')}</span>
      </a>
      <button type="button" className="btn btn-outline" onClick={copy}>
        Copiar link
      </button>
      <p className="favourites-share-status" role="status">
        {status}
      </p>
      {copied && (
        <label className="favourites-share-link">
          Link da lista
          <input type="url" readOnly value={copied} onFocus={(event) => event.currentTarget.select()} />
        </label>
      )}
    </div>
  );
}

const NOTHING_SHARED: SharedList = { items: [], leftOut: 0 };

/**
 * A list shared with the visitor (the `#lista=` fragment), with 'Adicionar aos meus favoritos'. The
 * link may come from anyone: only the rows that are items of this site are shown, each linking to
 * the item's own page (decodeSharedList), and the list says how many were left out.
 */
export function ReceivedList({ kindNames }: { kindNames: Record<string, string> }) {
  const [{ items: shared, leftOut }, setShared] = useState<SharedList>(NOTHING_SHARED);
  const [added, setAdded] = useState<number | null>(null);
  useEffect(() => {
    const read = () => setShared(decodeSharedList(sharedListFromHash(location.hash)));
    read();
    addEventListener('hashchange', read);
    return () => removeEventListener('hashchange', read);
  }, []);
  if (shared.length === 0 && leftOut === 0 && added === null) return null;

  const addAll = () => {
    setAdded(addFavourites(shared));
    setShared(NOTHING_SHARED);
    history.replaceState(null, '', location.pathname);
  };
  const note = leftOutNote(leftOut);

  return (
    <section className="favourites-received" aria-labelledby="received-title">
      {added === null ? (
        <>
          <h2 id="received-title">Lista compartilhada com você</h2>
          {shared.length > 0 && (
            <>
              <p>{countLabel(shared.length, 'item', 'itens')} que alguém salvou no portal:</p>
              <ul>
                {shared.map((item) => (
                  <li key={favouriteKey(item)}>
                    <span className="favourite-kind">{kindNames[item.kind] ?? item.kind}</span>{' '}
                    <a href={item.path}>{item.title}</a>
                  </li>
                ))}
              </ul>
            </>
          )}
          {note && <p className="favourites-received-note">{note}</p>}
          {shared.length > 0 && (
            <button type="button" className="btn btn-primary" onClick={addAll}>
              Adicionar aos meus favoritos
            </button>
          )}
        </>
      ) : (
        <p id="received-title" role="status">
          {added === 0
            ? 'Esses itens já estavam nos seus favoritos.'
            : `${countLabel(added, 'item adicionado', 'itens adicionados')} aos seus favoritos.`}
        </p>
      )}
    </section>
  );
}
