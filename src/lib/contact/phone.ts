/**
 * A phone number as providers type it, read once for the whole site (docs/product.md, Formats): what
 * kind of line it is and what a link dials (classifyPhone), how Brazilians write it (formatPhone), and
 * the call link it gets (telLink). Pure, with no import, so the contact form's island and the sync
 * load these lines alone; the WhatsApp link is ./whatsapp.ts's.
 */

/**
 * What kind of line a phone number is, as far as its digits tell (classifyPhone):
 * - 'mobile': a Brazilian mobile, area code then 9 and eight digits; the only kind WhatsApp links go to;
 * - 'landline': a Brazilian fixed line, area code then eight digits starting 2 to 5;
 * - 'nonGeographic': a Brazilian 0800 (free) or 0300 (local rate) number, which has no international form;
 * - 'foreign': another country's number, given with its country code; whether it is a mobile is not known;
 * - 'emergency': a Brazilian public-service number (EMERGENCY_NUMBERS: 190 police, 192 ambulance, 193 fire
 *   brigade, 199 civil defence…), three digits dialled as they are from any phone in Brazil: no area code, no
 *   international form, and no mobile.
 */
type PhoneKind = 'mobile' | 'landline' | 'nonGeographic' | 'foreign' | 'emergency';

/**
 * Brazil's three-digit public-service numbers (Anatel's 'serviços de utilidade pública'): 100 human
 * rights, 136 health, 153 municipal guard, 180 women's helpline, 181 crime reports, 188 CVV, 190
 * military police, 191 federal highway police, 192 SAMU, 193 fire brigade, 194 federal police, 197
 * civil police, 198 state highway police, 199 civil defence.
 */
export const EMERGENCY_NUMBERS: ReadonlySet<string> = new Set([
  '100',
  '136',
  '153',
  '180',
  '181',
  '188',
  '190',
  '191',
  '192',
  '193',
  '194',
  '197',
  '198',
  '199',
]);

/** A phone number classified (classifyPhone). */
interface ClassifiedPhone {
  kind: PhoneKind;
  /**
   * What a tel: link dials: the international form ('+5565999123456', '+14155550100'), which dials from
   * another state or country; a non-geographic number's national form ('08001234567'), which dials from
   * any phone in Brazil and, as the line itself, from nowhere else; a public-service number as it is ('190').
   */
  dial: string;
}

/** A Brazilian number written nationally (area code and number, digits only), classified; null when it is neither kind. */
function brazilian(national: string): ClassifiedPhone | null {
  const dial = `+55${national}`;
  // Area codes have no 0 (11 to 99); a mobile has a 9 after it, a fixed line 2 to 5 (docs/product.md, Formats).
  if (/^[1-9][1-9]9\d{8}$/.test(national)) return { kind: 'mobile', dial };
  if (/^[1-9][1-9][2-5]\d{7}$/.test(national)) return { kind: 'landline', dial };
  return null;
}

/**
 * An extension written after a number, as providers type it: 'x 22', 'x22', 'ramal 2', 'ramal: 2',
 * 'r. 2', 'ext. 2', 'extensão 2', '#2', '(ramal 2)', ', ramal 2'. A marker is a word of its own
 * ('Fixo 2' is not one), and the extension is at most six digits at the end of the text.
 */
const PHONE_EXTENSION = /[\s,;(–-]*(?:(?<!\p{L})(?:ramal|extens[aã]o|ext|r|x)(?!\p{L})\.?|#)\s*:?\s*(\d{1,6})\s*\)?\s*$/iu;

/**
 * A phone as written, split into the number and its extension ('(65) 3361-1234 ramal 2' →
 * '(65) 3361-1234' and '2'): the extension is never dialled, nor appended to the number's digits
 * (they would dial another line, or another country), and a call reaches the switchboard.
 */
export function phoneParts(phone: string): { number: string; extension: string | null } {
  // An extension is a short end: the pattern, anchored only at the end, reads the last characters
  // alone, so a field of 200,000 spaces costs no more than a short one.
  const start = Math.max(0, phone.length - 40);
  const match = PHONE_EXTENSION.exec(phone.slice(start));
  const number = match ? phone.slice(0, start + match.index) : phone;
  // A text that is only an extension ('ramal 2') is no number with one.
  if (!match || !/\d/.test(number)) return { number: phone, extension: null };
  return { number, extension: match[1] ?? null };
}

/**
 * A phone number as providers type it, classified: '+55 65 99912-3456', '(65) 99912-3456',
 * '065 99912-3456', '0 21 65 99912-3456' (a trunk 0 and a carrier code), '5565999123456' and
 * '0055 65 …' are the same Brazilian mobile; '(65) 3223-1006' a landline; '0800 123 4567' a
 * non-geographic number; '+1 415 555 0100' and '00 351 …' foreign; '190' or '193' a public-service
 * number (EMERGENCY_NUMBERS), written alone. An extension ('x 22', 'ramal 2',
 * phoneParts) is cut off: the number dials the switchboard. Null for what no link can dial from
 * elsewhere: a number without an area code ('3223-1006'), a Brazilian number of another shape (an
 * old eight-digit mobile, '0900' premium rate), or anything else. The one reading of a phone that
 * every link of the site is built from: tel: (telLink), WhatsApp (whatsappLink, ./whatsapp.ts), the
 * contact form's hand-off, and the tel: links of upstream HTML (scripts/sync/normalise/html.ts).
 */
export function classifyPhone(phone: string | null | undefined): ClassifiedPhone | null {
  const text = phoneParts((phone ?? '').trim()).number.trim();
  const digits = text.replace(/\D/g, '');
  if (EMERGENCY_NUMBERS.has(text)) return { kind: 'emergency', dial: text };
  if (text.startsWith('+') || digits.startsWith('00')) {
    const international = text.startsWith('+') ? digits : digits.slice(2);
    // '+55 (065) …': a trunk 0 kept after the country code.
    if (international.startsWith('55')) return brazilian(international.slice(2).replace(/^0/, ''));
    return /^[1-9]\d{7,14}$/.test(international) ? { kind: 'foreign', dial: `+${international}` } : null;
  }
  if (/^0[38]00\d{6,7}$/.test(digits)) return { kind: 'nonGeographic', dial: digits };
  if (/^55\d{10,11}$/.test(digits)) return brazilian(digits.slice(2));
  let national = digits.replace(/^0/, '');
  // '0 21 65 99912-3456': a trunk 0, a two-digit carrier code, then the area code and number.
  if (digits.startsWith('0') && (national.length === 12 || national.length === 13)) national = national.slice(2);
  return brazilian(national);
}

/**
 * A phone as Brazilians write it ('(65) 3223-0000', '(65) 99912-3456', '0800 123 4567'), with its
 * extension after it ('(65) 3361-1234 (ramal 22)'); another country's, or one classifyPhone cannot
 * read, as given.
 */
export function formatPhone(phone: string): string {
  const number = classifyPhone(phone);
  if (!number || number.kind === 'foreign') return phone;
  if (number.kind === 'emergency') return number.dial;
  const { extension } = phoneParts(phone.trim());
  const withExtension = (shown: string) => (extension ? `${shown} (ramal ${extension})` : shown);
  if (number.kind === 'nonGeographic') {
    const rest = number.dial.slice(4);
    return withExtension(`${number.dial.slice(0, 4)} ${rest.slice(0, -4)} ${rest.slice(-4)}`);
  }
  const [area, line] = [number.dial.slice(3, 5), number.dial.slice(5)];
  return withExtension(`(${area}) ${line.slice(0, -4)}-${line.slice(-4)}`);
}

/**
 * A tel: link to what classifyPhone dials: the international form, which dials from another state or
 * country, or a 0800/0300 number's national form; null for a number no link can dial from elsewhere.
 */
export function telLink(phone: string | null | undefined): string | null {
  const number = classifyPhone(phone);
  return number ? `tel:${number.dial}` : null;
}
