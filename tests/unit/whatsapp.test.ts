/** WhatsApp links, built and read back in one module (src/lib/contact/whatsapp.ts). */
import { describe, expect, it } from 'vitest';
import { whatsappLink, whatsappNumber, whatsappShareLink } from '../../src/lib/contact/whatsapp.ts';

describe.each([
  // The text is prefilled when given, even empty (the detail pages' buttons), and left out when not (a social link).
  ['(65) 99912-3456', 'Olá!', 'https://wa.me/5565999123456?text=Ol%C3%A1!'],
  ['(65) 99912-3456', '', 'https://wa.me/5565999123456?text='],
  ['(65) 99912-3456', undefined, 'https://wa.me/5565999123456'],
  ['+55 65 99912-3456', '*Assunto*\n\nA & B?', 'https://wa.me/5565999123456?text=*Assunto*%0A%0AA%20%26%20B%3F'],
  // To a Brazilian mobile only.
  ['(65) 3223-1006', 'Oi', null],
  ['+351 912 345 678', undefined, null],
  ['', 'Oi', null],
] as const)('whatsappLink(%j, %j)', (phone, text, expected) => {
  it(`is ${expected}`, () => expect(whatsappLink(phone, text)).toBe(expected));
});

it('whatsappShareLink goes to no number, with the text for the contact the visitor picks', () => {
  expect(whatsappShareLink('Festa & Praia https://turismo.example.com.br/news/1?a=b')).toBe(
    'https://wa.me/?text=Festa%20%26%20Praia%20https%3A%2F%2Fturismo.example.com.br%2Fnews%2F1%3Fa%3Db',
  );
});

describe.each([
  // What whatsappLink builds, and what providers type.
  ['https://wa.me/5565999123456', '+5565999123456'],
  ['https://wa.me/5565999123456?text=Oi%202', '+5565999123456'],
  ['http://wa.me/+5565999123456', '+5565999123456'],
  ['https://api.whatsapp.com/send?phone=5565999123456&text=Oi', '+5565999123456'],
  ['https://api.whatsapp.com/send/?phone=5565999123456', '+5565999123456'],
  // No number: a shared text, a business's short link, another host, or no link.
  ['https://wa.me/?text=Lista', null],
  ['https://wa.me/message/ABCDEF123', null],
  ['https://wa.me/123', null],
  ['https://wa.me.evil.example/5565999123456', null],
  ['https://www.instagram.com/pousada5565999123456', null],
  ['5565999123456', null],
  [null, null],
] as const)('whatsappNumber(%j)', (href, expected) => {
  it(`is ${expected}`, () => expect(whatsappNumber(href)).toBe(expected));
});

describe.each([
  ['(65) 99912-3456', '+5565999123456'],
  ['0 21 65 99210-3388', '+5565992103388'],
  ['+55 65 99912-3456 ramal 2', '+5565999123456'],
])('the link whatsappLink builds to %j', (phone, number) => {
  it(`reads back as ${number}, with a text or without`, () => {
    expect(whatsappNumber(whatsappLink(phone, 'Olá!'))).toBe(number);
    expect(whatsappNumber(whatsappLink(phone))).toBe(number);
  });
});
