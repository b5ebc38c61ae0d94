/**
 * The contact page (docs/product.md): the form's rules (docs/product.md: name, e-mail,
 * subject and message required), the hand-off of the message to the agency (the site has no
 * server, so the visitor's e-mail program or WhatsApp sends it), the opening hours, the map and
 * the site link. Pure functions, shared by the page, the island and the tests.
 */

import type { City } from '../schemas/index.ts';
import { namedRole, placeLabel } from '../text.ts';
import { whatsappLink } from './whatsapp.ts';

/** The form's fields, named as the inputs. */
export interface ContactFields {
  nome: string;
  email: string;
  assunto: string;
  mensagem: string;
}
export type ContactField = keyof ContactFields;
/** The messages shown next to the fields: one per invalid field, as the last submit or edit left them. */
export type ContactErrors = Partial<Record<ContactField, string>>;

/** Field order on the page: the first invalid one gets the focus. */
export const CONTACT_FIELDS: readonly ContactField[] = ['nome', 'email', 'assunto', 'mensagem'];

/** The messages shown next to the fields. */
export const CONTACT_MESSAGES = {
  nome: 'Informe seu nome.',
  email: 'Informe seu e-mail.',
  emailInvalid: 'Informe um e-mail válido, como nome@exemplo.com.',
  assunto: 'Informe o assunto da mensagem.',
  mensagem: 'Escreva sua mensagem.',
} as const;

/** Same test as the browser's type="email" (WHATWG), so both ways of checking agree. */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Whether the text is an e-mail address the browser would accept. */
export const isEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

/** The error of each invalid field (blank after trimming, or a malformed e-mail); empty when valid. */
export function validateContact(fields: ContactFields): ContactErrors {
  const errors: ContactErrors = {};
  if (!fields.nome.trim()) errors.nome = CONTACT_MESSAGES.nome;
  if (!fields.email.trim()) errors.email = CONTACT_MESSAGES.email;
  else if (!isEmail(fields.email)) errors.email = CONTACT_MESSAGES.emailInvalid;
  if (!fields.assunto.trim()) errors.assunto = CONTACT_MESSAGES.assunto;
  if (!fields.mensagem.trim()) errors.mensagem = CONTACT_MESSAGES.mensagem;
  return errors;
}

/**
 * The messages once the visitor has edited `field` (typed in it after a submit): its own message follows
 * the new text (gone once it is valid, another while it is wrong in another way); the other fields'
 * wait for the next submit, and a field without a message gets none while the visitor types. The same
 * object when nothing changes.
 */
export function errorsAfterEdit(errors: ContactErrors, fields: ContactFields, field: ContactField): ContactErrors {
  if (!errors[field]) return errors;
  const message = validateContact(fields)[field];
  if (message === errors[field]) return errors;
  const { [field]: _, ...others } = errors;
  return message ? { ...others, [field]: message } : others;
}

/** The first invalid field in page order, or null. */
export function firstInvalidField(errors: ContactErrors): ContactField | null {
  return CONTACT_FIELDS.find((field) => errors[field]) ?? null;
}

/** The message body: the visitor's text, then who wrote it (so the agency can answer by e-mail). */
function contactBody(fields: ContactFields): string {
  return [fields.mensagem.trim(), '', '--', `Nome: ${fields.nome.trim()}`, `E-mail: ${fields.email.trim()}`].join('\n');
}

/**
 * A mailto: link with subject and body (RFC 6068: percent-encoded, line breaks as CRLF), or null
 * without a usable address.
 */
export function contactMailto(to: string | null | undefined, fields: ContactFields): string | null {
  const address = to?.trim();
  if (!address || !isEmail(address)) return null;
  const subject = encodeURIComponent(fields.assunto.trim());
  const body = encodeURIComponent(contactBody(fields).replace(/\n/g, '\r\n'));
  return `mailto:${address}?subject=${subject}&body=${body}`;
}

/** A wa.me link with the subject and message as text, or null unless the phone is a mobile (whatsappLink). */
export function contactWhatsapp(phone: string | null | undefined, fields: ContactFields): string | null {
  return whatsappLink(phone, `*${fields.assunto.trim()}*\n\n${contactBody(fields)}`);
}

export interface ContactHandoff {
  channel: 'email' | 'whatsapp';
  href: string;
  /** What the visitor is told (a status message). */
  status: string;
}

/**
 * The note under the form's heading: how a valid message leaves, or that it cannot. `canSend`: the
 * form's script runs and the agency can be written to (canHandOff; the page is served with it false).
 */
export function contactNote(email: string | null, canSend: boolean): string {
  if (email) return 'Ao enviar, seu programa de e-mail abrirá com a mensagem pronta. Todos os campos são obrigatórios.';
  if (canSend) return 'Ao enviar, o WhatsApp abrirá com a mensagem pronta. Todos os campos são obrigatórios.';
  // No pointer to 'the phone or the social networks beside it': a city may have neither.
  return 'O envio de mensagens pelo portal não está disponível no momento. Todos os campos são obrigatórios.';
}

/**
 * The note a browser without JavaScript gets where the form could send (canHandOff): the form hands a message
 * off in the browser, so its button stays disabled there; the e-mail link beside it is the way to write.
 */
export const NO_SCRIPT_NOTE = 'Este formulário precisa de JavaScript para enviar, e ele não está ativo neste navegador.';

/** The agency's channels, as plain props. */
export interface AgencyChannels {
  name: string;
  email: string | null;
  phone: string | null;
}

/** Whether a message can leave for the agency: it has an e-mail address, or a mobile for WhatsApp (a landline has none). */
export const canHandOff = (agency: AgencyChannels): boolean =>
  (agency.email !== null && isEmail(agency.email)) || whatsappLink(agency.phone, '') !== null;

/** How the message leaves: e-mail when the agency has an address, else WhatsApp to its mobile, else null. */
export function contactHandoff(agency: AgencyChannels, fields: ContactFields): ContactHandoff | null {
  const mailto = contactMailto(agency.email, fields);
  if (mailto) {
    return {
      channel: 'email',
      href: mailto,
      status: `Abrimos seu aplicativo de e-mail com a mensagem pronta para o ${namedRole('atendimento ao turista', agency.name)}: confira e envie por lá. Se nada abriu, escreva para ${agency.email?.trim()}.`,
    };
  }
  const whatsapp = contactWhatsapp(agency.phone, fields);
  if (whatsapp) {
    return {
      channel: 'whatsapp',
      href: whatsapp,
      status: `Abrimos o WhatsApp com a sua mensagem para ${agency.name}: confira e envie por lá.`,
    };
  }
  return null;
}

/** What the map shows and searches: the agency's coordinates, else the city and state. */
export function mapQuery(city: Pick<City, 'name' | 'state' | 'agency'>): string {
  const { lat, lng } = city.agency;
  if (lat !== null && lng !== null) return `${lat},${lng}`;
  return placeLabel(city);
}

/** The address shown on the map placeholder: the agency's, else the city's label. */
export function mapAddress(city: Pick<City, 'name' | 'state' | 'agency'>): string {
  return city.agency.address ?? placeLabel(city);
}

/** A site address with a scheme, for links ('www.x.com.br' → 'https://www.x.com.br'). */
export function siteHref(site: string): string {
  return /^https?:\/\//i.test(site) ? site : `https://${site}`;
}

/** The site address without the scheme and trailing slash, for display. */
export function siteLabel(site: string): string {
  return site.replace(/^https?:\/\//i, '').replace(/\/+$/, '');
}
