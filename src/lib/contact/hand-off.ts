/**
 * The contact button of a detail page (ContactAction.astro), chosen from what the record gives
 * (docs/product.md, Detail pages): a Brazilian mobile gets WhatsApp with the prefilled text; a
 * landline, a foreign number or a 0800 one a call ('Ligar'); without a number a link can dial, the
 * e-mail ('Enviar e-mail'); else the provider's own site ('Visitar o site'); else, when the page
 * allows it, the city's tourist office ('Fale Conosco': its WhatsApp, phone or e-mail, else
 * /contato). Never a button that cannot act, nor one that only says a number is missing. Pure.
 */
import type { IconName } from '../icons.ts';
import { type AgencyChannels, isEmail, siteHref } from './contact.ts';
import { telLink } from './phone.ts';
import { whatsappLink } from './whatsapp.ts';

/** How the button reaches someone; 'office' is the city's tourist office, by whichever channel it has. */
type HandoffChannel = 'whatsapp' | 'call' | 'email' | 'site' | 'office';

/** The button a page shows. */
interface ContactButton {
  channel: HandoffChannel;
  href: string;
  /** The button's words. */
  label: string;
  /** Its icon; none for the link to /contato. */
  icon: IconName | null;
  /** Said to screen readers after the label: whom it reaches, how, and a new tab. */
  hint: string;
  /** Opens in a new tab (WhatsApp, a site). */
  isExternal: boolean;
}

/** Said to screen readers after the words of any link that opens in a new tab. */
const NEW_TAB = ' (abre em nova aba)';

/**
 * What screen readers hear after the words of a link that opens WhatsApp in a new tab: the channel
 * unless the words name it ('Falar com o organizador' → ' pelo WhatsApp'), whom it reaches when the
 * page gives a name, and the new tab. Every WhatsApp link of the site says both (ContactAction,
 * ProviderCard, the favourites' list, the contact form): a visitor who hears only 'Reservar Agora'
 * does not expect another app.
 */
export function whatsappHint(words: string, name?: string | null): string {
  const channel = /whatsapp/i.test(words) ? '' : ' pelo WhatsApp';
  return `${channel}${name ? ` com ${name}` : ''}${NEW_TAB}`;
}

/** What a record gives to reach its provider, and what the hand-off says. */
export interface ContactRecord {
  /** The button's words when it opens WhatsApp (the kind's `contact.whatsapp` of src/lib/entities.ts). */
  label: string;
  /** Whom the button reaches, for screen readers; none when the page around it says so. */
  name?: string | null | undefined;
  phone?: string | null | undefined;
  email?: string | null | undefined;
  /** The provider's own site. */
  website?: string | null | undefined;
  /** The prefilled WhatsApp message (whatsappText). */
  text: string;
  /** The e-mail's subject (emailSubject). */
  subject: string;
}

/** A mailto: link with the subject, or null without a usable address. */
function mailtoLink(email: string | null | undefined, subject: string): string | null {
  const address = email?.trim();
  return address && isEmail(address) ? `mailto:${address}?subject=${encodeURIComponent(subject)}` : null;
}

/** The record's own way to be reached, or null when it gives none a link can use. */
function ownButton(record: ContactRecord): ContactButton | null {
  const to = record.name ? ` ${record.name}` : '';
  const whatsapp = whatsappLink(record.phone, record.text);
  if (whatsapp) {
    const hint = whatsappHint(record.label, record.name);
    return { channel: 'whatsapp', href: whatsapp, label: record.label, icon: 'whatsapp', hint, isExternal: true };
  }
  const call = telLink(record.phone);
  if (call) return { channel: 'call', href: call, label: 'Ligar', icon: 'phone', hint: to && ` para${to}`, isExternal: false };
  const mailto = mailtoLink(record.email, record.subject);
  if (mailto)
    return { channel: 'email', href: mailto, label: 'Enviar e-mail', icon: 'mail', hint: to && ` para${to}`, isExternal: false };
  const website = record.website?.trim();
  if (website) {
    const hint = `${to && ` de${to}`}${NEW_TAB}`;
    return { channel: 'site', href: siteHref(website), label: 'Visitar o site', icon: 'globe', hint, isExternal: true };
  }
  return null;
}

/** How each of the office's channels is named to screen readers. */
const OFFICE_BY: Partial<Record<HandoffChannel, string>> = {
  whatsapp: whatsappHint(''),
  call: ' por telefone',
  email: ' por e-mail',
};

/**
 * The button for a record: its own channel (WhatsApp to a mobile, else a call, else an e-mail, else
 * its site), else the tourist `office`'s, named 'Fale Conosco'; null when the record has none and no
 * office is given (the page then shows no button).
 */
export function contactButton(record: ContactRecord, office: AgencyChannels | null = null): ContactButton | null {
  const own = ownButton(record);
  if (own || !office) return own;
  const reached = ownButton({ ...record, name: null, phone: office.phone, email: office.email, website: null });
  return {
    channel: 'office',
    href: reached?.href ?? '/contato',
    label: 'Fale Conosco',
    icon: reached?.icon ?? null,
    hint: ` com ${office.name}${(reached && OFFICE_BY[reached.channel]) ?? ''}`,
    isExternal: reached?.isExternal ?? false,
  };
}
