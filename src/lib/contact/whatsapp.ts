/**
 * WhatsApp links (wa.me), built and read back here only: to a business's number (a Brazilian mobile
 * only, docs/product.md, Formats) or to no number, where the visitor picks the contact (sharing a
 * page, the favourites' list). The pages, the contact form and the sync all go through these.
 */
import { classifyPhone } from './phone.ts';

const WA_ME = 'https://wa.me/';

/** A wa.me link to `number` (international digits, no '+'; '' for none) with `text` prefilled, if any. */
function waMe(number: string, text: string | undefined): string {
  return `${WA_ME}${number}${text === undefined ? '' : `?text=${encodeURIComponent(text)}`}`;
}

/**
 * A WhatsApp link to `phone`, with `text` prefilled when given, only to a Brazilian mobile
 * (classifyPhone): a landline has no WhatsApp, and of a foreign number we cannot tell. Null for any
 * other phone.
 */
export function whatsappLink(phone: string | null | undefined, text?: string): string | null {
  const number = classifyPhone(phone);
  return number?.kind === 'mobile' ? waMe(number.dial.slice(1), text) : null;
}

/** A WhatsApp link with `text` prefilled and no number: the visitor picks whom to send it to. */
export function whatsappShareLink(text: string): string {
  return waMe('', text);
}

/**
 * The number a WhatsApp link goes to, in its international form ('+5565999123456'): a wa.me link as
 * whatsappLink builds it or a provider types it ('https://wa.me/5565999123456?text=Oi'), or
 * WhatsApp's own 'api.whatsapp.com/send?phone=…'. Null for a link to no number (whatsappShareLink),
 * to a business page ('wa.me/message/…') or to another host.
 */
export function whatsappNumber(href: string | null | undefined): string | null {
  let url: URL;
  try {
    url = new URL(href ?? '');
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^www\./, '');
  const number =
    host === 'wa.me'
      ? url.pathname.slice(1)
      : host === 'api.whatsapp.com' && /^\/send\/?$/.test(url.pathname)
        ? (url.searchParams.get('phone') ?? '')
        : '';
  const digits = number.replace(/^\+/, '');
  return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
}
