/**
 * The contact form's island (src/islands/ContactForm.tsx) for each way an agency can be reached: by
 * e-mail, by a mobile only, by a landline only or neither; as served, as running, and what a visitor
 * typed and sent before React came: the messages of an invalid submit, the text typed kept, a fixed
 * field's message gone. The built page's form is tests/html/contact-form.test.ts; what a browser shows
 * (the messages read as the fields' descriptions, axe, the mailto: link's subject and body, the page
 * staying) is tests/e2e/contact.spec.ts.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ContactForm from '../../src/islands/ContactForm.tsx';
import { type AgencyChannels, NO_SCRIPT_NOTE } from '../../src/lib/contact/contact.ts';
import { removeServedIslands, serveIsland } from '../support/served-island.tsx';

const BY_EMAIL: AgencyChannels = { name: 'Centro de Atendimento', email: 'turismo@exemplo.gov.br', phone: '(65) 99612-0001' };
const BY_MOBILE: AgencyChannels = { name: 'Atendimento', email: null, phone: '(65) 99612-0001' };

const form = () => screen.getByRole('form', { name: 'Envie uma mensagem' });
const button = () => within(form()).getByRole('button', { name: 'Enviar Mensagem' }) as HTMLButtonElement;
const field = (label: string) => within(form()).getByLabelText(label, { exact: true }) as HTMLInputElement;
const note = () => document.getElementById('contact-form-note');
/** The note as a visitor reads it where scripts run (global.css hides `.no-js-only` there). */
const noteWithScripts = () =>
  [...(note()?.childNodes ?? [])]
    .filter((node) => !(node instanceof Element && node.classList.contains('no-js-only')))
    .map((node) => node.textContent)
    .join('');

/** Types in each field, as a visitor does (one input event each). */
function fill(values: Record<string, string>): void {
  for (const [label, value] of Object.entries(values)) fireEvent.input(field(label), { target: { value } });
}
const VALID = { Nome: 'Ana Souza', 'E-mail': 'ana@exemplo.com', Assunto: 'Passeio', Mensagem: 'Há vagas em julho?' };

afterEach(() => {
  removeServedIslands();
  vi.restoreAllMocks();
});

describe('running', () => {
  it('enables the button, and the form’s own messages take the place of the browser’s', () => {
    render(<ContactForm agency={BY_EMAIL} />);
    expect(button().disabled).toBe(false);
    expect((form() as HTMLFormElement).noValidate).toBe(true);
    expect(noteWithScripts()).toMatch(/^Ao enviar, seu programa de e-mail abrirá/);
    expect(
      within(form())
        .getByRole('link', { name: BY_EMAIL.email ?? '' })
        .getAttribute('href'),
    ).toBe(`mailto:${BY_EMAIL.email}`);
    expect(within(form()).getByRole('link', { name: 'aviso de privacidade' }).getAttribute('href')).toBe('/privacidade');
  });

  it('puts each message of an invalid submit after its field, as its description, and focuses the first', () => {
    render(<ContactForm agency={BY_EMAIL} />);
    fill({ Nome: 'Ana Souza', 'E-mail': 'ana@', Mensagem: 'Quero saber dos passeios.' });
    fireEvent.submit(form());
    const email = field('E-mail');
    expect(document.activeElement).toBe(email);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Informe um e-mail válido, como nome@exemplo.com.',
    );
    expect(field('Assunto').getAttribute('aria-invalid')).toBe('true');
    expect(field('Nome').hasAttribute('aria-invalid')).toBe(false);
    expect(field('Mensagem').hasAttribute('aria-invalid')).toBe(false);
    expect(form().querySelectorAll('.field-error')).toHaveLength(2);
    // Sent again with the same mistakes: each message once, the text kept as typed.
    fireEvent.submit(form());
    expect(form().querySelectorAll('.field-error')).toHaveLength(2);
    expect([field('Nome').value, email.value, field('Mensagem').value]).toEqual([
      'Ana Souza',
      'ana@',
      'Quero saber dos passeios.',
    ]);
  });

  it('takes a corrected field’s message away at once; the others wait for the next submit', () => {
    render(<ContactForm agency={BY_EMAIL} />);
    fireEvent.submit(form());
    fill({ 'E-mail': 'ana@' });
    // Still wrong, in another way: the message says so.
    expect(document.getElementById('contato-email-erro')?.textContent).toBe('Informe um e-mail válido, como nome@exemplo.com.');
    fill({ 'E-mail': 'ana@exemplo.com', Nome: 'Ana' });
    expect(document.getElementById('contato-email-erro')).toBeNull();
    expect(field('E-mail').hasAttribute('aria-invalid')).toBe(false);
    expect(screen.queryByText(/^Informe um e-mail válido/)).toBeNull();
    expect(field('E-mail').hasAttribute('aria-describedby')).toBe(false);
    expect(document.getElementById('contato-nome-erro')).toBeNull();
    expect(document.getElementById('contato-assunto-erro')).not.toBeNull();
  });

  it('hands a valid message to the agency’s e-mail, and the status line offers it again', () => {
    render(<ContactForm agency={BY_EMAIL} />);
    fill(VALID);
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    fireEvent.submit(form());
    const again = within(screen.getByRole('status')).getByRole('link', { name: 'Abrir o e-mail novamente' });
    expect(again.getAttribute('href')).toMatch(/^mailto:turismo@exemplo\.gov\.br\?subject=Passeio&body=/);
    expect(screen.getByRole('status').textContent).toMatch(
      /^Abrimos seu aplicativo de e-mail com a mensagem pronta para o atendimento ao turista \(Centro/,
    );
    expect(opened).not.toHaveBeenCalled();
    expect(field('Mensagem').value).toBe(VALID.Mensagem);
  });

  it('hands it to WhatsApp in a new tab when the agency has only a mobile', () => {
    render(<ContactForm agency={BY_MOBILE} />);
    expect(noteWithScripts()).toMatch(/^Ao enviar, o WhatsApp abrirá/);
    fill(VALID);
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    fireEvent.submit(form());
    expect(opened).toHaveBeenCalledWith(
      expect.stringMatching(/^https:\/\/wa\.me\/5565996120001\?text=/),
      '_blank',
      'noopener,noreferrer',
    );
    const again = within(screen.getByRole('status')).getByRole('link', {
      name: /^Abrir o WhatsApp novamente ?\(abre em nova aba\)$/,
    });
    expect([again.getAttribute('target'), again.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
  });

  it('clears the status line when the next submit is invalid', () => {
    render(<ContactForm agency={BY_MOBILE} />);
    fill(VALID);
    vi.spyOn(window, 'open').mockImplementation(() => null);
    fireEvent.submit(form());
    fill({ Assunto: ' ' });
    fireEvent.submit(form());
    expect(screen.getByRole('status').textContent).toBe('');
    expect(document.activeElement).toBe(field('Assunto'));
  });

  it.each([
    ['neither', null],
    // A landline has no WhatsApp: the message is not sent there; the phone card calls it.
    ['only a landline', '(65) 3223-1006'],
  ])('keeps the button disabled for an agency with %s, and says the portal cannot send', (_name, phone) => {
    render(<ContactForm agency={{ name: 'Atendimento', email: null, phone }} />);
    expect(button().disabled).toBe(true);
    expect(button().hasAttribute('data-needs-script')).toBe(false);
    expect(note()?.textContent).toMatch(/^O envio de mensagens pelo portal não está disponível no momento/);
  });
});

describe('served, before React', () => {
  it('is served with its button disabled; where scripts run the directive enables it', () => {
    const served = new DOMParser().parseFromString(serveIsland(<ContactForm agency={BY_MOBILE} />).served, 'text/html');
    expect(served.querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(true);
    expect(served.querySelector('form')?.hasAttribute('action')).toBe(false);
    // The note is true either way: without scripts the form cannot send and says it needs them, with them WhatsApp opens.
    expect(served.querySelector('#contact-form-note .no-js-only')?.textContent).toBe(NO_SCRIPT_NOTE);
    expect(NO_SCRIPT_NOTE).toMatch(/^Este formulário precisa de JavaScript/);
    expect(served.querySelector('#contact-form-note .js-only')?.textContent).toMatch(/^Ao enviar, o WhatsApp abrirá/);
    expect(button().disabled).toBe(false);
  });

  it('sends a message typed and sent before React came once it runs, with the text as typed', async () => {
    const { hydrate } = serveIsland(<ContactForm agency={BY_MOBILE} />);
    fill(VALID);
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    // Held: a form with no server would put the message in the address.
    expect(fireEvent.submit(form())).toBe(false);
    expect(opened).not.toHaveBeenCalled();
    await hydrate();
    expect(opened).toHaveBeenCalledOnce();
    expect(opened.mock.calls[0]?.[0]).toContain(encodeURIComponent('Há vagas em julho?'));
    expect(screen.getByRole('status').textContent).toMatch(/^Abrimos o WhatsApp com a sua mensagem/);
    expect(field('Nome').value).toBe('Ana Souza');
  });

  it('gives an empty form sent before React came its messages once it runs', async () => {
    const { hydrate } = serveIsland(<ContactForm agency={BY_EMAIL} />);
    fill({ Assunto: 'Passeio' });
    fireEvent.submit(form());
    expect(form().querySelectorAll('.field-error')).toHaveLength(0);
    await hydrate();
    expect([...form().querySelectorAll('.field-error')].map((error) => error.textContent)).toEqual([
      'Informe seu nome.',
      'Informe seu e-mail.',
      'Escreva sua mensagem.',
    ]);
    expect(document.activeElement).toBe(field('Nome'));
    expect(field('Assunto').value).toBe('Passeio');
  });

  it('leaves an edit without a submit as it is: no message before the visitor sends', async () => {
    const { hydrate } = serveIsland(<ContactForm agency={BY_EMAIL} />);
    fill({ Nome: 'Ana' });
    await hydrate();
    expect(form().querySelectorAll('.field-error')).toHaveLength(0);
    expect(field('Nome').value).toBe('Ana');
    expect(button().disabled).toBe(false);
  });
});
