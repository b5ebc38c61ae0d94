/** The one reading of a phone (src/lib/contact/phone.ts): its kind, what a link dials, how it is shown. */
import { describe, expect, it } from 'vitest';
import { classifyPhone, formatPhone, telLink } from '../../src/lib/contact/phone.ts';
import { whatsappLink } from '../../src/lib/contact/whatsapp.ts';

describe.each([
  // One Brazilian mobile, however it is typed: WhatsApp goes to it, a call dials it from anywhere.
  ['+55 65 99912-3456', 'mobile', '+5565999123456', '(65) 99912-3456'],
  ['(65) 99912-3456', 'mobile', '+5565999123456', '(65) 99912-3456'],
  ['65999123456', 'mobile', '+5565999123456', '(65) 99912-3456'],
  ['065 99912-3456', 'mobile', '+5565999123456', '(65) 99912-3456'],
  // A trunk 0 and the carrier code 21: not Tunisia's +216.
  ['0 21 65 99912-3456', 'mobile', '+5565999123456', '(65) 99912-3456'],
  ['5565999123456', 'mobile', '+5565999123456', '(65) 99912-3456'],
  ['0055 65 99912 3456', 'mobile', '+5565999123456', '(65) 99912-3456'],
  ['+55 (065) 99912-3456', 'mobile', '+5565999123456', '(65) 99912-3456'],
  // Landlines: area code, then eight digits from 2 to 5; a carrier code (15) is not a country's.
  ['(65) 3223-1006', 'landline', '+556532231006', '(65) 3223-1006'],
  ['0 15 65 3361-1234', 'landline', '+556533611234', '(65) 3361-1234'],
  ['+55 (65) 3361-1234', 'landline', '+556533611234', '(65) 3361-1234'],
  ['0055 65 3361 1234', 'landline', '+556533611234', '(65) 3361-1234'],
  ['556533611234', 'landline', '+556533611234', '(65) 3361-1234'],
  // An extension is cut off, never dialled nor appended to the number (no '+55 65 3361-12342'); it is shown after it.
  ['(65) 3361-1234 x 22', 'landline', '+556533611234', '(65) 3361-1234 (ramal 22)'],
  ['(65) 3361-1234x22', 'landline', '+556533611234', '(65) 3361-1234 (ramal 22)'],
  ['(65) 3361-1234 ramal 2', 'landline', '+556533611234', '(65) 3361-1234 (ramal 2)'],
  ['(65) 3361-1234, ramal: 2', 'landline', '+556533611234', '(65) 3361-1234 (ramal 2)'],
  ['(65) 3361-1234 (ramal 2)', 'landline', '+556533611234', '(65) 3361-1234 (ramal 2)'],
  ['(65) 3361-1234 r. 2', 'landline', '+556533611234', '(65) 3361-1234 (ramal 2)'],
  ['(65) 3361-1234 ext. 2', 'landline', '+556533611234', '(65) 3361-1234 (ramal 2)'],
  ['(65) 3361-1234 Ramal 2', 'landline', '+556533611234', '(65) 3361-1234 (ramal 2)'],
  ['+55 65 3361-1234 #2', 'landline', '+556533611234', '(65) 3361-1234 (ramal 2)'],
  ['0 15 65 3361-1234 ramal 2', 'landline', '+556533611234', '(65) 3361-1234 (ramal 2)'],
  ['(65) 99912-3456 x 5', 'mobile', '+5565999123456', '(65) 99912-3456 (ramal 5)'],
  ['0800 123 4567 ramal 5', 'nonGeographic', '08001234567', '0800 123 4567 (ramal 5)'],
  ['+1 415 555 0100 x 3', 'foreign', '+14155550100', '+1 415 555 0100 x 3'],
  // Free and local-rate numbers dial in Brazil only, as their lines answer: a national link.
  ['0800 123 4567', 'nonGeographic', '08001234567', '0800 123 4567'],
  ['0300-789-1234', 'nonGeographic', '03007891234', '0300 789 1234'],
  // Public-service numbers (190 police, 192 ambulance, 193 fire brigade, 199 civil defence…): three digits, dialled as they are.
  ['190', 'emergency', '190', '190'],
  [' 192 ', 'emergency', '192', '192'],
  ['193', 'emergency', '193', '193'],
  ['199', 'emergency', '199', '199'],
  ['188', 'emergency', '188', '188'],
  // Three digits that are no such number, or one written with more: no link can dial them.
  ['195', null, null, '195'],
  ['1900', null, null, '1900'],
  ['+55 190', null, null, '+55 190'],
  ['(65) 190', null, null, '(65) 190'],
  // Another country's: a call, since we cannot tell a mobile; shown as given.
  ['+1 415 555 0100', 'foreign', '+14155550100', '+1 415 555 0100'],
  ['+351 912 345 678', 'foreign', '+351912345678', '+351 912 345 678'],
  ['00 351 912 345 678', 'foreign', '+351912345678', '00 351 912 345 678'],
  // No link can dial these from elsewhere: no area code, premium rate, an old eight-digit mobile, no area code 0x, garbage.
  ['3223-1006', null, null, '3223-1006'],
  ['99912-3456', null, null, '99912-3456'],
  ['0900 123 4567', null, null, '0900 123 4567'],
  ['(65) 9912-3456', null, null, '(65) 9912-3456'],
  ['(65) 8912-34567', null, null, '(65) 8912-34567'],
  ['(01) 3223-0000', null, null, '(01) 3223-0000'],
  ['+55 65 1234-5678', null, null, '+55 65 1234-5678'],
  ['+', null, null, '+'],
  ['ramal 2', null, null, 'ramal 2'],
  ['3361-1234 ramal 2', null, null, '3361-1234 ramal 2'],
  ['não tem', null, null, 'não tem'],
  ['', null, null, ''],
] as const)('the phone %j', (phone, kind, dial, shown) => {
  it(`is ${kind ?? 'not dialable'}${dial ? `, dialled as ${dial}` : ''}`, () =>
    expect(classifyPhone(phone)).toEqual(kind && dial ? { kind, dial } : null));
  it(`reads ${shown}`, () => expect(formatPhone(phone)).toBe(shown));
});

it('classifyPhone reads no phone as none', () => {
  expect(classifyPhone(null)).toBeNull();
  expect(classifyPhone(undefined)).toBeNull();
});

describe.each([
  // WhatsApp to Brazilian mobiles only (classifyPhone): a landline and a foreign number get a call.
  ['(65) 99210-3388', 'https://wa.me/5565992103388?text=Oi', 'tel:+5565992103388'],
  ['+55 65 99210-3388', 'https://wa.me/5565992103388?text=Oi', 'tel:+5565992103388'],
  ['0 21 65 99912-3456', 'https://wa.me/5565999123456?text=Oi', 'tel:+5565999123456'],
  ['(65) 3223-1006', null, 'tel:+556532231006'],
  ['0 15 65 3361-1234', null, 'tel:+556533611234'],
  ['+351 912 345 678', null, 'tel:+351912345678'],
  ['0800 123 4567', null, 'tel:08001234567'],
  // An extension: the switchboard, not Singapore's +65 nor another line's digits.
  ['(65) 3361-1234 x 22', null, 'tel:+556533611234'],
  ['(65) 3361-1234 ramal 2', null, 'tel:+556533611234'],
  ['(65) 3361-1234 r. 2', null, 'tel:+556533611234'],
  ['(65) 3361-1234 ext. 2', null, 'tel:+556533611234'],
  ['(65) 99912-3456 ramal 2', 'https://wa.me/5565999123456?text=Oi', 'tel:+5565999123456'],
  ['3223-1006', null, null],
  ['sem telefone', null, null],
  [null, null, null],
])('the links of the phone %j', (phone, whatsapp, tel) => {
  it(`has the WhatsApp link ${whatsapp}`, () => expect(whatsappLink(phone, 'Oi')).toBe(whatsapp));
  it(`has the tel: link ${tel}`, () => expect(telLink(phone)).toBe(tel));
});
