/** The contact button of a detail page (src/lib/contact/hand-off.ts): what it does with what a record gives. */
import { describe, expect, it } from 'vitest';
import type { AgencyChannels } from '../../src/lib/contact/contact.ts';
import { type ContactRecord, contactButton, whatsappHint } from '../../src/lib/contact/hand-off.ts';

const record = (channels: Partial<ContactRecord> = {}): ContactRecord => ({
  label: 'Entrar em contato',
  text: 'Olá!',
  subject: 'Contato pelo portal de turismo – Pousada Y',
  ...channels,
});
const MAILTO = `mailto:reservas@pousada.com.br?subject=${encodeURIComponent('Contato pelo portal de turismo – Pousada Y')}`;
const office = (channels: Partial<AgencyChannels> = {}): AgencyChannels => ({
  name: 'Secretaria de Turismo',
  email: null,
  phone: null,
  ...channels,
});

describe.each<[string, Partial<ContactRecord>, string, string, string]>([
  [
    'a mobile',
    { phone: '(65) 99912-3456', email: 'reservas@pousada.com.br' },
    'whatsapp',
    'Entrar em contato',
    'https://wa.me/5565999123456?text=Ol%C3%A1!',
  ],
  ['a landline', { phone: '(65) 3223-1006', email: 'reservas@pousada.com.br' }, 'call', 'Ligar', 'tel:+556532231006'],
  ['a foreign number', { phone: '+351 912 345 678' }, 'call', 'Ligar', 'tel:+351912345678'],
  ['a 0800 number', { phone: '0800 123 4567' }, 'call', 'Ligar', 'tel:08001234567'],
  // A carrier code and an extension, as Brazilian numbers are written: the right line, never another country.
  [
    'a mobile with a carrier code',
    { phone: '0 21 65 99912-3456' },
    'whatsapp',
    'Entrar em contato',
    'https://wa.me/5565999123456?text=Ol%C3%A1!',
  ],
  ['a landline with a carrier code', { phone: '0 15 65 3361-1234' }, 'call', 'Ligar', 'tel:+556533611234'],
  ['a landline with an extension', { phone: '(65) 3361-1234 x 22' }, 'call', 'Ligar', 'tel:+556533611234'],
  ['a landline with a ramal', { phone: '(65) 3361-1234 ramal 2' }, 'call', 'Ligar', 'tel:+556533611234'],
  [
    'a number without an area code and an e-mail',
    { phone: '3223-1006', email: 'reservas@pousada.com.br' },
    'email',
    'Enviar e-mail',
    MAILTO,
  ],
  ['only an e-mail', { email: ' reservas@pousada.com.br ' }, 'email', 'Enviar e-mail', MAILTO],
  [
    'a broken e-mail and a site',
    { email: 'reservas', website: 'www.pousada.com.br' },
    'site',
    'Visitar o site',
    'https://www.pousada.com.br',
  ],
])('a record with %s', (_name, channels, channel, label, href) => {
  it(`gets '${label}' (${channel})`, () => {
    expect(contactButton(record(channels), office({ phone: '(65) 99612-0001' }))).toMatchObject({ channel, label, href });
  });
});

describe.each<[string, Partial<AgencyChannels>, string, string | null, boolean, string]>([
  [
    'a mobile',
    { phone: '(65) 99612-0001', email: 'turismo@cidade.mt.gov.br' },
    'https://wa.me/5565996120001?text=Ol%C3%A1!',
    'whatsapp',
    true,
    ' pelo WhatsApp (abre em nova aba)',
  ],
  [
    'a landline',
    { phone: '(65) 3376-1000', email: 'turismo@cidade.mt.gov.br' },
    'tel:+556533761000',
    'phone',
    false,
    ' por telefone',
  ],
  [
    'an e-mail',
    { email: 'turismo@cidade.mt.gov.br' },
    `mailto:turismo@cidade.mt.gov.br?subject=${encodeURIComponent('Contato pelo portal de turismo – Pousada Y')}`,
    'mail',
    false,
    ' por e-mail',
  ],
  ['nothing', {}, '/contato', null, false, ''],
])('a record with nothing, in a city whose tourist office has %s', (_name, channels, href, icon, isExternal, by) => {
  it(`gets 'Fale Conosco' to ${href}`, () => {
    expect(contactButton(record({ phone: '3223-1006', name: 'Pousada Y' }), office(channels))).toEqual({
      channel: 'office',
      href,
      label: 'Fale Conosco',
      icon,
      hint: ` com Secretaria de Turismo${by}`,
      isExternal,
    });
  });
});

describe('contactButton', () => {
  it('gets nothing from a record with nothing when the page offers no tourist office (an experience)', () => {
    expect(contactButton(record({ phone: null, email: null }))).toBeNull();
    expect(contactButton(record({ phone: '(65) 3223-1006' }))?.channel).toBe('call');
  });

  it('names whom it reaches to screen readers, and that WhatsApp and a site open a new tab', () => {
    const named = (channels: Partial<ContactRecord>) => contactButton(record({ name: 'Pousada Y', ...channels }))?.hint;
    expect(named({ phone: '(65) 99912-3456' })).toBe(' pelo WhatsApp com Pousada Y (abre em nova aba)');
    expect(named({ phone: '(65) 3223-1006' })).toBe(' para Pousada Y');
    expect(named({ email: 'reservas@pousada.com.br' })).toBe(' para Pousada Y');
    expect(named({ website: 'https://pousada.com.br' })).toBe(' de Pousada Y (abre em nova aba)');
    expect(contactButton(record({ phone: '(65) 3223-1006' }))?.hint).toBe('');
  });
});

describe.each<[string, string | null, string]>([
  // Words that do not name the channel: screen readers hear it, and the new tab.
  ['Falar com o organizador', null, ' pelo WhatsApp (abre em nova aba)'],
  ['Entrar em contato', 'Pousada Y', ' pelo WhatsApp com Pousada Y (abre em nova aba)'],
  // Words that name it are not repeated.
  ['Entrar em contato pelo WhatsApp', 'Pousada Y', ' com Pousada Y (abre em nova aba)'],
  ['Conversar no WhatsApp', null, ' (abre em nova aba)'],
])('whatsappHint(%j, %j)', (words, name, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => expect(whatsappHint(words, name)).toBe(expected));
});

describe('a WhatsApp button without a name', () => {
  it('still says WhatsApp and the new tab', () => {
    expect(contactButton(record({ label: 'Falar com o organizador', phone: '(65) 99912-3456' }))?.hint).toBe(
      ' pelo WhatsApp (abre em nova aba)',
    );
  });
});
