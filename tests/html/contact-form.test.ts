/**
 * The contact form of the sample build's /contato as the page serves it: the island
 * (src/islands/ContactForm.tsx) rendered at build, hydrated at the visitor's first reach, and what a
 * visitor without JavaScript gets from it. What it does once it runs, for each way an agency can be
 * reached, is tests/components/ContactForm.test.tsx; in a browser, tests/e2e/contact.spec.ts. The
 * directions link beside the map on request; the map's button and frame: tests/html/embeds.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { byLabel, byRole, one, page, textOf } from '../support/dist-pages.ts';

const AGENCY_EMAIL = 'turismo@turismobarradobugres.com.br';
const contact = () => page('/contato');
const form = () => one(contact(), 'form', 'Envie uma mensagem') as HTMLFormElement;

describe('/contato’s form', () => {
  it('is an island that waits for the visitor’s reach, with the agency’s channels as its only props', () => {
    const island = form().closest('astro-island');
    expect(island?.getAttribute('client')).toBe('reach');
    expect(island?.getAttribute('component-url')).toMatch(/\/ContactForm\.[\w-]+\.js$/);
    const props = JSON.parse(island?.getAttribute('props') ?? '{}') as { agency: [0, Record<string, [0, string | null]>] };
    expect(Object.keys(props)).toEqual(['agency']);
    expect(props.agency[1].email?.[1]).toBe(AGENCY_EMAIL);
  });

  it('sends nothing without JavaScript: no action, its button disabled until the island’s directive enables it', () => {
    // A mailto: action is mixed content on HTTPS, and a form with none would put the message in the address.
    expect(form().hasAttribute('action')).toBe(false);
    const send = one(form(), 'button', 'Enviar Mensagem') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(send.type).toBe('submit');
    // The sample's agency has an e-mail: where scripts run the button is enabled at once (src/directives/hydrate.ts).
    expect(send.hasAttribute('data-needs-script')).toBe(true);
    expect(form().noValidate).toBe(true);
  });

  it('says how a message leaves, and links the agency’s e-mail for a browser that cannot send it', () => {
    const note = contact().getElementById('contact-form-note') as Element;
    expect(form().getAttribute('aria-describedby')).toBe('contact-form-note');
    // Where scripts run: how the message leaves; without them (global.css shows .no-js-only): why the greyed
    // button does nothing, and the e-mail to write to instead.
    expect(textOf(note.querySelector('.js-only'))).toMatch(/^Ao enviar, seu programa de e-mail abrirá/);
    expect(textOf(note.querySelector('.no-js-only'))).toMatch(/^Este formulário precisa de JavaScript para enviar/);
    const email = one(form(), 'link', AGENCY_EMAIL);
    expect(email.getAttribute('href')).toBe(`mailto:${AGENCY_EMAIL}`);
    expect(textOf(email.parentElement?.querySelector('.no-js-only'))).toBe('Escreva direto para');
    expect(textOf(email.parentElement?.querySelector('.js-only'))).toBe('Se preferir, escreva direto para');
  });

  it('asks for name, e-mail, subject and message, each required and labelled', () => {
    for (const [label, name] of [
      ['Nome', 'nome'],
      ['E-mail', 'email'],
      ['Assunto', 'assunto'],
      ['Mensagem', 'mensagem'],
    ] as const) {
      const [control] = byLabel(form(), label, { exact: true });
      expect(control?.name).toBe(name);
      expect(control?.required).toBe(true);
    }
    expect(byLabel(form(), 'E-mail', { exact: true })[0]?.type).toBe('email');
    expect(byLabel(form(), 'Mensagem', { exact: true })[0]?.getAttribute('rows')).toBe('6');
  });

  it('links the directions to the maps service for everyone, scripts or not; only the map itself waits for them', () => {
    const map = one(contact(), 'region', 'Como chegar');
    const directions = byRole(map, 'link', { name: /^Como chegar/ });
    expect(directions).toHaveLength(1);
    expect(directions[0]?.getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/search\//);
    // Shown without JavaScript too: in no part that only scripts show (global.css: .js-only).
    expect(directions[0]?.closest('.js-only')).toBeNull();
  });

  it('tells where the data goes, above the button (LGPD), and has an empty status line for the hand-off', () => {
    const notice = [...form().querySelectorAll('.privacy')];
    expect(notice).toHaveLength(1);
    expect(textOf(notice[0])).toMatch(
      /^Os seus dados vão só para o atendimento ao turista \(.+\), para responder à mensagem: veja o aviso de privacidade\.$/,
    );
    expect(one(notice[0] as Element, 'link', 'aviso de privacidade').getAttribute('href')).toBe('/privacidade');
    expect([...form().querySelectorAll('.privacy, button')].map((element) => element.tagName)).toEqual(['P', 'BUTTON']);
    expect([...form().querySelectorAll('[role="status"]')].map(textOf)).toEqual(['']);
  });
});
