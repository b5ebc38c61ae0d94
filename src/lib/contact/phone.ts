/**
 * The links a phone number gets (docs/product.md, Formats): WhatsApp to a Brazilian mobile only, a
 * call to any number classifyPhone can dial. Apart from src/lib/entities.ts (which passes them on),
 * so the contact form's module loads these lines, not the per-kind table.
 */
import { classifyPhone } from '../format.ts';

/**
 * A WhatsApp link with the prefilled text, only to a Brazilian mobile (classifyPhone): a landline
 * has no WhatsApp, and of a foreign number we cannot tell. Null for any other phone.
 */
export function whatsappLink(phone: string | null | undefined, text: string): string | null {
  const number = classifyPhone(phone);
  return number?.kind === 'mobile' ? `https://wa.me/${number.dial.slice(1)}?text=${encodeURIComponent(text)}` : null;
}

/**
 * A tel: link to what classifyPhone dials: the international form, which dials from another state or
 * country, or a 0800/0300 number's national form; null for a number no link can dial from elsewhere.
 */
export function telLink(phone: string | null | undefined): string | null {
  const number = classifyPhone(phone);
  return number ? `tel:${number.dial}` : null;
}
