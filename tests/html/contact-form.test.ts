/**
 * @vitest-environment jsdom
 */
/**
 * The contact form's module (src/islands/contact-form.ts) run on the sample build's /contato, for
 * each way an agency can be reached: by e-mail (the sample's), by phone only, or neither. What a
 * visitor sees in a browser (the messages as the fields' descriptions, the focus, axe, the mailto:
 * link's subject and body) is tests/e2e/contact.spec.ts.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { startContactForms } from '../../src/islands/contact-form.ts';
import { byLabel, byRole, one, showBuiltPage, textOf } from '../support/dist-pages.ts';
import { submit } from '../support/page-module.ts';

/** /contato from dist/, its agency replaced by `agency` when given, with the form's module started. */
function openContact(agency?: { name: string; email: string | null; phone: string | null }): HTMLFormElement {
  showBuiltPage('/contato', (body) => {
    const form = body.querySelector<HTMLFormElement>('form[data-contact]') as HTMLFormElement;
    if (agency) form.dataset.contact = JSON.stringify(agency);
  });
  const form = one(document, 'form', 'Envie uma mensagem') as HTMLFormElement;
  expect(button(form).disabled).toBe(true);
  startContactForms();
  return form;
}

const button = (form: HTMLFormElement) => one(form, 'button', 'Enviar Mensagem') as HTMLButtonElement;
const field = (form: HTMLFormElement, label: string) => byLabel(form, label, { exact: true })[0] as HTMLInputElement;
const note = (form: HTMLFormElement) => textOf(form.querySelector('#contact-form-note'));

/** Types in each field, as a visitor does (one input event each). */
function fill(form: HTMLFormElement, values: Record<string, string>): void {
  for (const [label, value] of Object.entries(values)) {
    const input = field(form, label);
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

const VALID = { Nome: 'Ana Souza', 'E-mail': 'ana@exemplo.com', Assunto: 'Passeio', Mensagem: 'Há vagas em julho?' };

afterEach(() => {
  vi.restoreAllMocks();
});

it('with JavaScript the button is enabled and the browser’s own checks give way to the messages', () => {
  const form = openContact();
  expect(button(form).disabled).toBe(false);
  expect(form.noValidate).toBe(true);
  expect(note(form)).toMatch(/^Ao enviar, seu programa de e-mail abrirá/);
});

it('an invalid submit puts each message after its field, as its description, and focuses the first', () => {
  const form = openContact();
  fill(form, { Nome: 'Ana Souza', 'E-mail': 'ana@' });
  submit(form);
  const email = field(form, 'E-mail');
  expect(document.activeElement).toBe(email);
  expect(email.getAttribute('aria-invalid')).toBe('true');
  expect(textOf(document.getElementById(email.getAttribute('aria-describedby') ?? ''))).toBe(
    'Informe um e-mail válido, como nome@exemplo.com.',
  );
  expect(field(form, 'Nome').hasAttribute('aria-invalid')).toBe(false);
  expect(form.querySelectorAll('.field-error')).toHaveLength(3);
  // Sent again with the same mistakes: each message once.
  submit(form);
  expect(form.querySelectorAll('.field-error')).toHaveLength(3);
  expect(field(form, 'Nome').value).toBe('Ana Souza');
});

it('a corrected field loses its message at once; the others wait for the next submit', () => {
  const form = openContact();
  submit(form);
  fill(form, { 'E-mail': 'ana@' });
  // Still wrong, in another way: the message says so.
  expect(textOf(form.querySelector('#contato-email-erro'))).toBe('Informe um e-mail válido, como nome@exemplo.com.');
  fill(form, { 'E-mail': 'ana@exemplo.com', Nome: 'Ana' });
  expect(form.querySelector('#contato-email-erro')).toBeNull();
  expect(field(form, 'E-mail').hasAttribute('aria-describedby')).toBe(false);
  expect(form.querySelector('#contato-nome-erro')).toBeNull();
  expect(form.querySelector('#contato-assunto-erro')).not.toBeNull();
});

it('a valid message opens the agency’s e-mail, and the status line offers it again', () => {
  const form = openContact();
  fill(form, VALID);
  const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
  submit(form);
  const status = byRole(form, 'link', { name: 'Abrir o e-mail novamente' })[0] as HTMLAnchorElement;
  expect(status.href).toMatch(/^mailto:turismo@turismobarradobugres\.com\.br\?subject=Passeio&body=/);
  expect(textOf(form.querySelector('[role="status"]'))).toMatch(/^Abrimos seu aplicativo de e-mail/);
  expect(opened).not.toHaveBeenCalled();
});

it('an agency with only a phone gets the message on WhatsApp, in a new tab', () => {
  const form = openContact({ name: 'Atendimento', email: null, phone: '(65) 99612-0001' });
  expect(note(form)).toMatch(/^Ao enviar, o WhatsApp abrirá/);
  fill(form, VALID);
  const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
  submit(form);
  expect(opened).toHaveBeenCalledWith(
    expect.stringMatching(/^https:\/\/wa\.me\/5565996120001\?text=/),
    '_blank',
    'noopener,noreferrer',
  );
  const again = byRole(form, 'link', { name: 'Abrir o WhatsApp novamente' })[0] as HTMLAnchorElement;
  expect([again.target, again.rel]).toEqual(['_blank', 'noopener noreferrer']);
});

it.each([
  ['neither', null],
  // A landline has no WhatsApp: the message is not sent there; the phone card calls it.
  ['only a landline', '(65) 3223-1006'],
])('an agency with %s keeps the button disabled and says the portal cannot send the message', (_name, phone) => {
  const form = openContact({ name: 'Atendimento', email: null, phone });
  expect(button(form).disabled).toBe(true);
  expect(note(form)).toMatch(/^O envio de mensagens pelo portal não está disponível no momento/);
});
