import { describe, expect, it } from 'vitest';
import {
  CONTACT_MESSAGES,
  type ContactFields,
  canHandOff,
  contactHandoff,
  contactMailto,
  contactNote,
  contactWhatsapp,
  errorsAfterEdit,
  firstInvalidField,
  mapAddress,
  mapQuery,
  siteHref,
  siteLabel,
  validateContact,
} from '../../src/lib/contact/contact.ts';
import { OfficeHoursError, readOfficeHours } from '../../src/lib/contact/hours.ts';
import { mapEmbedUrl, spotifyEmbedUrl } from '../../src/lib/embeds.ts';
import type { City } from '../../src/lib/schemas/index.ts';
import { fallbackCity } from '../../src/lib/schemas/index.ts';

const valid: ContactFields = {
  nome: 'Ana Souza',
  email: 'ana@exemplo.com',
  assunto: 'Passeio & hotel',
  mensagem: 'Olá!\nQuero saber preços.',
};

describe.each<[string, Partial<ContactFields>, Partial<Record<keyof ContactFields, string>>]>([
  ['all filled', {}, {}],
  [
    'everything blank',
    { nome: '', email: '', assunto: '', mensagem: '' },
    {
      nome: CONTACT_MESSAGES.nome,
      email: CONTACT_MESSAGES.email,
      assunto: CONTACT_MESSAGES.assunto,
      mensagem: CONTACT_MESSAGES.mensagem,
    },
  ],
  ['only spaces in the name', { nome: '   ' }, { nome: CONTACT_MESSAGES.nome }],
  ['an e-mail without @', { email: 'ana.exemplo.com' }, { email: CONTACT_MESSAGES.emailInvalid }],
  ['an e-mail with spaces inside', { email: 'ana @exemplo.com' }, { email: CONTACT_MESSAGES.emailInvalid }],
  ['an e-mail with spaces around', { email: '  ana@exemplo.com ' }, {}],
  ['a blank message', { mensagem: '\n\n' }, { mensagem: CONTACT_MESSAGES.mensagem }],
])('validateContact: %s', (_name, change, expected) => {
  it('gives the messages of the invalid fields', () => {
    expect(validateContact({ ...valid, ...change })).toEqual(expected);
  });
});

describe.each<[string, Partial<Record<keyof ContactFields, string>>, Partial<ContactFields>, keyof ContactFields, object]>([
  ['a field made valid loses its message', { email: CONTACT_MESSAGES.email }, {}, 'email', {}],
  [
    'a field still wrong, in another way, gets that message',
    { email: CONTACT_MESSAGES.email, nome: CONTACT_MESSAGES.nome },
    { email: 'ana@' },
    'email',
    { email: CONTACT_MESSAGES.emailInvalid, nome: CONTACT_MESSAGES.nome },
  ],
  [
    'the other fields keep theirs until the next submit, though now valid',
    { nome: CONTACT_MESSAGES.nome, assunto: CONTACT_MESSAGES.assunto },
    {},
    'nome',
    { assunto: CONTACT_MESSAGES.assunto },
  ],
  ['a field without a message gets none while the visitor types', {}, { nome: '' }, 'nome', {}],
])('errorsAfterEdit: %s', (_name, errors, change, field, expected) => {
  it('gives the messages shown after the edit', () => {
    expect(errorsAfterEdit(errors, { ...valid, ...change }, field)).toEqual(expected);
  });
});

describe('errorsAfterEdit: nothing changes', () => {
  it.each([
    ['the same message', { email: CONTACT_MESSAGES.emailInvalid }, { email: 'ana@' }],
    ['no message on the field', { nome: CONTACT_MESSAGES.nome }, { email: '' }],
  ] as const)('is the same object for %s (nothing to draw)', (_name, errors, change) => {
    expect(errorsAfterEdit(errors, { ...valid, ...change }, 'email')).toBe(errors);
  });
});

describe.each([
  [{}, null],
  [{ mensagem: 'x' }, 'mensagem'],
  [{ assunto: 'x', email: 'x' }, 'email'],
  [{ nome: 'x', mensagem: 'x' }, 'nome'],
])('firstInvalidField(%j)', (errors, expected) => {
  it(`is ${expected}`, () => {
    expect(firstInvalidField(errors)).toBe(expected);
  });
});

describe('contactMailto', () => {
  it('fills subject and body, percent-encoded with CRLF line breaks', () => {
    const link = contactMailto('turismo@cidade.mt.gov.br', valid);
    expect(link).toBe(
      'mailto:turismo@cidade.mt.gov.br?subject=Passeio%20%26%20hotel&body=Ol%C3%A1!%0D%0AQuero%20saber%20pre%C3%A7os.%0D%0A%0D%0A--%0D%0ANome%3A%20Ana%20Souza%0D%0AE-mail%3A%20ana%40exemplo.com',
    );
  });

  it.each([null, '', 'sem-arroba', 'a@b.c?bcc=x@y.z'])('gives null for the address %j', (address) => {
    expect(contactMailto(address, valid)).toBeNull();
  });

  it('cannot be steered by the subject (no raw & or =)', () => {
    const link = contactMailto('a@b.com', { ...valid, assunto: 'x&bcc=intruso@x.com' }) ?? '';
    expect(new URL(link).searchParams.get('bcc')).toBeNull();
  });
});

describe('contactWhatsapp', () => {
  it('uses the digits with the country code and the text', () => {
    const link = contactWhatsapp('(65) 99999-1234', valid) ?? '';
    expect(link.startsWith('https://wa.me/5565999991234?text=')).toBe(true);
    expect(new URL(link).searchParams.get('text')).toBe(
      '*Passeio & hotel*\n\nOlá!\nQuero saber preços.\n\n--\nNome: Ana Souza\nE-mail: ana@exemplo.com',
    );
  });

  // The same reading of a phone as every link of the site (classifyPhone): a carrier code is no country code, an extension no digits of the number.
  it.each([
    ['0 21 65 99912-3456', 'https://wa.me/5565999123456?text='],
    ['(65) 99912-3456 ramal 2', 'https://wa.me/5565999123456?text='],
    ['+55 65 99912-3456 x 22', 'https://wa.me/5565999123456?text='],
  ])('writes to %j as %s…', (phone, start) => {
    expect(contactWhatsapp(phone, valid)?.startsWith(start)).toBe(true);
  });

  // WhatsApp goes to mobiles only (classifyPhone): a landline has none, a foreign number may have none.
  it.each([
    null,
    '',
    'sem número',
    '(65) 3223-1006',
    '+351 912 345 678',
    '0 15 65 3361-1234',
    '(65) 3361-1234 x 22',
    '(65) 3361-1234 ramal 2',
  ])('gives null for the phone %j', (phone) => {
    expect(contactWhatsapp(phone, valid)).toBeNull();
  });
});

describe.each([
  ['e-mail and a mobile', { email: 'a@b.com', phone: '65 99361-0000' }, 'email', /^Abrimos seu aplicativo de e-mail/],
  ['e-mail and a landline', { email: 'a@b.com', phone: '65 3361-0000' }, 'email', /^Abrimos seu aplicativo de e-mail/],
  ['only a mobile', { email: null, phone: '65 99361-0000' }, 'whatsapp', /^Abrimos o WhatsApp/],
  ['an invalid e-mail and a mobile', { email: 'nada', phone: '65 99361-0000' }, 'whatsapp', /WhatsApp/],
])('contactHandoff with %s', (_name, channels, channel, status) => {
  it(`hands off by ${channel}`, () => {
    const handoff = contactHandoff({ name: 'Secretaria de Turismo', ...channels }, valid);
    expect(handoff?.channel).toBe(channel);
    expect(handoff?.status).toMatch(status);
    expect(handoff?.status).toContain('Secretaria de Turismo');
    expect(canHandOff({ name: 'Secretaria de Turismo', ...channels })).toBe(true);
  });
});

describe.each([
  ['neither', { email: null, phone: null }],
  ['only a landline', { email: null, phone: '65 3361-0000' }],
  ['an invalid e-mail and a landline', { email: 'nada', phone: '(65) 3361-0000' }],
  ['only a foreign number', { email: null, phone: '+1 415 555 0100' }],
])('contactHandoff with %s', (_name, channels) => {
  it('does not hand off, and the form cannot send', () => {
    expect(contactHandoff({ name: 'Atendimento', ...channels }, valid)).toBeNull();
    expect(canHandOff({ name: 'Atendimento', ...channels })).toBe(false);
  });
});

describe('embeds', () => {
  it.each([
    ['-15.07,-57.18', 'https://www.google.com/maps?q=-15.07%2C-57.18&output=embed'],
    ['Barra do Bugres - MT', 'https://www.google.com/maps?q=Barra%20do%20Bugres%20-%20MT&output=embed'],
  ])('mapEmbedUrl(%s)', (query, expected) => {
    expect(mapEmbedUrl(query)).toBe(expected);
  });

  it.each([
    ['ep1', 'show1', 'https://open.spotify.com/embed/episode/ep1'],
    [null, 'show1', 'https://open.spotify.com/embed/show/show1'],
    ['../x', 'show1', 'https://open.spotify.com/embed/show/show1'],
    [null, null, null],
    ['', 'a/b', null],
  ])('spotifyEmbedUrl(%j, %j)', (episode, show, expected) => {
    expect(spotifyEmbedUrl(episode, show)).toBe(expected);
  });
});

/** The fallback city (every agency field null), with the agency fields a case gives. */
const city = (overrides: Partial<City['agency']> = {}, state = 'MT') => {
  const fallback = fallbackCity({ name: 'Barra do Bugres', state });
  return { ...fallback, agency: { ...fallback.agency, ...overrides } };
};

describe.each([
  ['coordinates win', city({ lat: -15.07, lng: -57.18, address: 'Av. Beira Rio, 780' }), '-15.07,-57.18', 'Av. Beira Rio, 780'],
  ['else the city, for the search and the label', city(), 'Barra do Bugres – MT', 'Barra do Bugres – MT'],
  ['a city without a state', city({}, ''), 'Barra do Bugres', 'Barra do Bugres'],
  ['one coordinate is not a place', city({ lat: -15.07 }), 'Barra do Bugres – MT', 'Barra do Bugres – MT'],
])('the contact map: %s', (_, place, query, address) => {
  it(`searches ${query}`, () => expect(mapQuery(place)).toBe(query));
  it(`shows ${address}`, () => expect(mapAddress(place)).toBe(address));
});

describe.each([
  ['www.turismo.mt.gov.br', 'https://www.turismo.mt.gov.br', 'www.turismo.mt.gov.br'],
  ['https://turismo.example.com.br/', 'https://turismo.example.com.br/', 'turismo.example.com.br'],
  ['HTTP://x.com.br//', 'HTTP://x.com.br//', 'x.com.br'],
])('the site link %j', (site, href, label) => {
  it(`links to ${href}`, () => expect(siteHref(site)).toBe(href));
  it(`reads ${label}`, () => expect(siteLabel(site)).toBe(label));
});

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
const period = (opens: string, closes: string) => ({ opens, closes });

describe.each([
  // Days as a city writes them: full names, abbreviations, ranges, lists, a colon after the days.
  ['Segunda a sexta 07:00-13:00', ['Segunda a sexta: 7h às 13h'], [WEEKDAYS], [[period('07:00', '13:00')]]],
  ['Segunda a sexta: 7h às 13h', ['Segunda a sexta: 7h às 13h'], [WEEKDAYS], [[period('07:00', '13:00')]]],
  ['seg a sex 7h às 13h', ['Segunda a sexta: 7h às 13h'], [WEEKDAYS], [[period('07:00', '13:00')]]],
  ['seg-sex 07:00-13:00', ['Segunda a sexta: 7h às 13h'], [WEEKDAYS], [[period('07:00', '13:00')]]],
  ['segunda-feira a sexta-feira, das 7h30 às 13h', ['Segunda a sexta: 7h30 às 13h'], [WEEKDAYS], [[period('07:30', '13:00')]]],
  ['De segunda à sexta, das 07h00 às 13h00', ['Segunda a sexta: 7h às 13h'], [WEEKDAYS], [[period('07:00', '13:00')]]],
  ['2ª a 6ª feira 8h-17h', ['Segunda a sexta: 8h às 17h'], [WEEKDAYS], [[period('08:00', '17:00')]]],
  ['dias úteis 8h às 17h', ['Segunda a sexta: 8h às 17h'], [WEEKDAYS], [[period('08:00', '17:00')]]],
  [
    'seg, qua e sex 08:00-12:00',
    ['Segunda, quarta e sexta: 8h às 12h'],
    [['Monday', 'Wednesday', 'Friday']],
    [[period('08:00', '12:00')]],
  ],
  [
    'seg,qua,sex 09:00-17:00',
    ['Segunda, quarta e sexta: 9h às 17h'],
    [['Monday', 'Wednesday', 'Friday']],
    [[period('09:00', '17:00')]],
  ],
  [
    'seg a qua e sex 8h às 12h',
    ['Segunda a quarta e sexta: 8h às 12h'],
    [['Monday', 'Tuesday', 'Wednesday', 'Friday']],
    [[period('08:00', '12:00')]],
  ],
  ['ter-qua 08:00-12:00', ['Terça e quarta: 8h às 12h'], [['Tuesday', 'Wednesday']], [[period('08:00', '12:00')]]],
  ['sábado e domingo 8h às 12h', ['Sábado e domingo: 8h às 12h'], [['Saturday', 'Sunday']], [[period('08:00', '12:00')]]],
  ['Sab,Dom 7:30-13:30', ['Sábado e domingo: 7h30 às 13h30'], [['Saturday', 'Sunday']], [[period('07:30', '13:30')]]],
  ['sáb/dom 7h30 a 11h30', ['Sábado e domingo: 7h30 às 11h30'], [['Saturday', 'Sunday']], [[period('07:30', '11:30')]]],
  ['todos os dias 8h às 18h', ['Todos os dias: 8h às 18h'], [[...WEEKDAYS, 'Saturday', 'Sunday']], [[period('08:00', '18:00')]]],
  // Holidays: schema.org's PublicHolidays, after the days of the week.
  ['feriados fechado', ['Feriados: fechado'], [['PublicHolidays']], [[]]],
  ['domingo e feriados: fechado', ['Domingo e feriados: fechado'], [['Sunday', 'PublicHolidays']], [[]]],
  [
    'sábado, domingo e feriados 8h às 12h',
    ['Sábado, domingo e feriados: 8h às 12h'],
    [['Saturday', 'Sunday', 'PublicHolidays']],
    [[period('08:00', '12:00')]],
  ],
  // Several periods a day, in order.
  [
    'Segunda a sexta: 8h às 12h e 14h às 18h',
    ['Segunda a sexta: 8h às 12h e 14h às 18h'],
    [WEEKDAYS],
    [[period('08:00', '12:00'), period('14:00', '18:00')]],
  ],
  [
    'seg-sex 07:00-09:00, 10:00-12:00 e 14:00-18:00',
    ['Segunda a sexta: 7h às 9h, 10h às 12h e 14h às 18h'],
    [WEEKDAYS],
    [[period('07:00', '09:00'), period('10:00', '12:00'), period('14:00', '18:00')]],
  ],
  ['seg 0h às 24h', ['Segunda: 0h às 24h'], [['Monday']], [[period('00:00', '24:00')]]],
  // Several rows, by ';' or by line.
  [
    'seg-sex 08:00-18:00; sáb 08:00-12:00; dom fechado',
    ['Segunda a sexta: 8h às 18h', 'Sábado: 8h às 12h', 'Domingo: fechado'],
    [WEEKDAYS, ['Saturday'], ['Sunday']],
    [[period('08:00', '18:00')], [period('08:00', '12:00')], []],
  ],
  [
    'Segunda a sexta: 7h às 13h\nSábado: fechado\n',
    ['Segunda a sexta: 7h às 13h', 'Sábado: fechado'],
    [WEEKDAYS, ['Saturday']],
    [[period('07:00', '13:00')], []],
  ],
  // None configured, none shown: no hours are made up.
  ['', [], [], []],
])('OFFICE_HOURS %j', (value, labels, days, periods) => {
  const hours = readOfficeHours(value);
  it(`reads ${JSON.stringify(labels)}`, () => expect(hours.map((entry) => entry.label)).toEqual(labels));
  it('gives schema.org days', () => expect(hours.map((entry) => entry.days)).toEqual(days));
  it('gives the periods of each row', () => expect(hours.map((entry) => entry.periods)).toEqual(periods));
});

describe.each([
  ['seg-sex 8h', 1, /"8h" não é um horário de abertura e fechamento/],
  ['Segunda a sexta 7h às', 1, /não é um horário de abertura e fechamento/],
  ['segunda 08:00-18:00; xyz 08:00-12:00', 2, /"xyz" não é um dia \(seg, ter, qua, qui, sex, sáb, dom, feriados\)/],
  ['sex-seg 08:00-18:00', 1, /vai para trás na semana/],
  ['feriados a domingo 8h-12h', 1, /"feriados" não entra num intervalo/],
  ['seg 18:00-08:00', 1, /fecha \(8h\) antes de abrir \(18h\)/],
  ['seg 8h-12h e 11h-14h', 1, /começa antes do fim do anterior/],
  ['seg 25h-26h', 1, /não é um horário/],
  ['seg 8h-12h60', 1, /não é um horário/],
  ['seg 24h-25h', 1, /não é um horário/],
  ['seg a sex 8h às 18h, sáb 8h às 12h', 1, /começa com um dia: separe as linhas com ";"/],
  ['seg a sex 7h às 13h; 8h às 12h', 2, /não diz os dias/],
  ['seg a sex', 1, /não diz o horário/],
  ['seg a sex 8h às 18h; qua fechado', 2, /quarta já está na linha 1/],
  ['seg, , qua 8h-12h', 1, /parte vazia/],
  ['24 horas', 1, /não diz os dias/],
])('OFFICE_HOURS %j is refused', (value, row, reason) => {
  const refusal = () => readOfficeHours(value);
  it(`naming row ${row} and why`, () => {
    expect(refusal).toThrow(OfficeHoursError);
    expect(refusal).toThrow(expect.objectContaining({ row, pt: expect.stringMatching(reason), en: expect.any(String) }));
  });
});

describe('contactNote: what the form says before a message is sent', () => {
  it.each([
    ['an e-mail, served or running', 'a@b.com', false, /^Ao enviar, seu programa de e-mail abrirá/],
    ['an e-mail, running', 'a@b.com', true, /^Ao enviar, seu programa de e-mail abrirá/],
    ['a phone only, running', null, true, /^Ao enviar, o WhatsApp abrirá/],
    [
      'a phone only, served (the button waits for the script)',
      null,
      false,
      /^O envio de mensagens pelo portal não está disponível no momento\. Todos/,
    ],
  ] as const)('%s', (_, email, canSend, note) => {
    expect(contactNote(email, canSend)).toMatch(note);
  });
});
