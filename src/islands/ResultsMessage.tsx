/**
 * What filtered results say in place of cards (docs/product.md): nothing matches ('Nenhum passeio
 * encontrado.' with 'Limpar filtros'), or the list could not be fetched (the kind's red error with
 * 'Tentar novamente', announced as an alert). The one message of the lists' and the portals'
 * results (ListResults.tsx, PortalResults.tsx); its action is the child.
 */
import type { ReactNode } from 'react';
import '../styles/results-message.css';

interface Props {
  title: string;
  text?: string;
  isError?: boolean;
  children?: ReactNode;
}

export default function ResultsMessage({ title, text, isError = false, children }: Props) {
  return (
    <div className={isError ? 'results-message error' : 'results-message'} role={isError ? 'alert' : undefined}>
      <p className="results-message-title">{title}</p>
      {text && <p>{text}</p>}
      {children}
    </div>
  );
}
