/**
 * The contact form's rules and hand-off (docs/product.md), run by ContactForm.astro's module. The
 * site has no server, so a valid message opens the visitor's e-mail program (mailto: with subject
 * and body) or, when the agency has no e-mail but a mobile, WhatsApp with the text. The form is served with
 * its button disabled: a form whose action is mailto: is mixed content on an HTTPS page, and Chrome
 * answers its submission with a full-page 'Form is not secure' warning (and the text garbled). Here
 * it is enabled, each invalid field gets its message on a submit (and loses it once corrected), the
 * focus goes to the first, and what the visitor typed is never touched.
 */
import {
  type AgencyChannels,
  CONTACT_FIELDS,
  type ContactField,
  type ContactFields,
  type ContactHandoff,
  canHandOff,
  contactHandoff,
  contactNote,
  firstInvalidField,
  validateContact,
} from '../lib/contact/contact.ts';
import { dataJson } from './browser.ts';

/** The agency the form writes to (ContactForm.astro's `data-contact`), or null. */
function agencyOf(form: HTMLFormElement): AgencyChannels | null {
  const agency = dataJson(form, 'contact') as Partial<AgencyChannels> | null;
  if (typeof agency?.name !== 'string') return null;
  return { name: agency.name, email: agency.email || null, phone: agency.phone || null };
}

/** The status line after a hand-off: what happened, and a link to open it again. */
function handoffMessage(handoff: ContactHandoff): HTMLParagraphElement {
  const paragraph = document.createElement('p');
  const link = document.createElement('a');
  link.href = handoff.href;
  link.dataset.handoff = handoff.channel;
  if (handoff.channel === 'whatsapp') {
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
  }
  link.textContent = handoff.channel === 'email' ? 'Abrir o e-mail novamente' : 'Abrir o WhatsApp novamente';
  paragraph.append(`${handoff.status} `, link);
  return paragraph;
}

/** Runs one contact form (`form[data-contact]`). */
export function startContactForm(form: HTMLFormElement): void {
  const agency = agencyOf(form);
  if (!agency) return;
  const canSend = canHandOff(agency);
  form.noValidate = true;
  const note = form.querySelector('#contact-form-note');
  if (note) note.textContent = contactNote(agency.email, canSend);
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button) button.disabled = !canSend;
  const status = form.querySelector('[role="status"]');
  let errors: Partial<Record<ContactField, string>> = {};

  const control = (field: ContactField) => form.elements.namedItem(field) as HTMLInputElement | HTMLTextAreaElement | null;
  const readFields = (): ContactFields => {
    const data = new FormData(form);
    const text = (field: ContactField) => String(data.get(field) ?? '');
    return { nome: text('nome'), email: text('email'), assunto: text('assunto'), mensagem: text('mensagem') };
  };
  /** A field's message after it, named as its description; none when `message` is undefined. */
  const showError = (field: ContactField, message: string | undefined) => {
    const input = control(field);
    if (!input) return;
    const id = `${input.id}-erro`;
    form.querySelector(`#${id}`)?.remove();
    if (!message) {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
      return;
    }
    const paragraph = document.createElement('p');
    paragraph.id = id;
    paragraph.className = 'field-error';
    paragraph.textContent = message;
    input.after(paragraph);
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', id);
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const fields = readFields();
    errors = validateContact(fields);
    for (const field of CONTACT_FIELDS) showError(field, errors[field]);
    const first = firstInvalidField(errors);
    if (first) {
      status?.replaceChildren();
      control(first)?.focus();
      return;
    }
    const handoff = contactHandoff(agency, fields);
    status?.replaceChildren(...(handoff ? [handoffMessage(handoff)] : []));
    if (!handoff) return;
    if (handoff.channel === 'email') window.location.href = handoff.href;
    else window.open(handoff.href, '_blank', 'noopener,noreferrer');
  });
  // A corrected field loses its message at once; the other messages wait for the next submit.
  form.addEventListener('input', (event) => {
    const field = (event.target as HTMLInputElement | null)?.name as ContactField | undefined;
    if (!field || !errors[field]) return;
    const message = validateContact(readFields())[field];
    if (message === errors[field]) return;
    errors = { ...errors, [field]: message };
    showError(field, message);
  });
}

/** Every contact form of the page. */
export function startContactForms(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-contact]')) startContactForm(form);
}
