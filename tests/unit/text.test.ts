/**
 * The shared text helpers: one accent fold for every comparison of the site and the sync; what a page
 * may show of a text from its address (echoText); the plain text of a value that carries markup
 * (plainText, for the calendar links).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pickCity } from '../../scripts/sync/normalise/city.ts';
import { slugify } from '../../src/lib/format.ts';
import {
  countLabel,
  cutAtWord,
  cutText,
  decodeEntities,
  echoText,
  fold,
  MAX_ECHO_CHARS,
  namedRole,
  peopleLabel,
  placeLabel,
  plainText,
  plural,
  resultCount,
  visitorRatingLabel,
  withoutHiddenCharacters,
} from '../../src/lib/text.ts';

describe.each([
  ['Julião', 'juliao'],
  ['  PROGRAMAÇÃO   de  Natal ', 'programacao de natal'],
  [' Almoço ÉPICO ', 'almoco epico'],
  ['Pílula', 'pilula'],
  ['Tangará\tda\nSerra', 'tangara da serra'],
  // Combining marks outside U+0300–U+036F (the copies that used that block kept these).
  ['a\u20d7b', 'ab'],
  ['e\u1ab0', 'e'],
  ['', ''],
])('fold(%j)', (input, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => expect(fold(input)).toBe(expected));
});

describe.each([
  ['Passeio de Barco no Rio Paraguai', 'passeio-de-barco-no-rio-paraguai'],
  ['  Açaí & Cia.  ', 'acai-cia'],
  ['Pôr do sol — Serra', 'por-do-sol-serra'],
  ['', ''],
])('slugify(%j)', (input, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => expect(slugify(input)).toBe(expected));
});

describe('pickCity folds the names it compares', () => {
  const cities = [{ name: 'Cuiabá' }, { name: 'Tangará da Serra' }];
  it.each([
    ['TANGARA DA SERRA', 'Tangará da Serra'],
    ['  tangará  da serra ', 'Tangará da Serra'],
    ['Nowhere', 'Cuiabá'],
  ])('%j → %j', (name, expected) => expect(pickCity(cities, name)?.name).toBe(expected));
});

describe.each([
  // Intl.PluralRules('pt-BR'): the singular up to (not including) 2 ...
  [1, 'estrela'],
  [1.5, 'estrela'],
  [0.5, 'estrela'],
  [2, 'estrelas'],
  [4.5, 'estrelas'],
  [1000, 'estrelas'],
  // ... but zero takes the plural ('0 pessoas acharam útil').
  [0, 'estrelas'],
])('plural(%d)', (count, expected) => {
  it(`is ${expected}`, () => expect(plural(count, 'estrela', 'estrelas')).toBe(expected));
});

describe.each<[string, string]>([
  [countLabel(0, 'resultado', 'resultados'), '0 resultados'],
  [countLabel(1, 'notícia encontrada', 'notícias encontradas'), '1 notícia encontrada'],
  [countLabel(12, 'notícia encontrada', 'notícias encontradas'), '12 notícias encontradas'],
  [countLabel(1234, 'notícia encontrada', 'notícias encontradas'), '1.234 notícias encontradas'],
  [countLabel(2, 'item salvo', 'itens salvos'), '2 itens salvos'],
  [resultCount(1), '1 resultado'],
  // The list and search counts now write thousands as the portals did.
  [resultCount(1234), '1.234 resultados'],
  [visitorRatingLabel(4.5), 'Nota dos visitantes 4,5 de 5'],
  [visitorRatingLabel(4.5, 'Nota'), 'Nota 4,5 de 5'],
  [peopleLabel(2), '2 pessoas'],
  [peopleLabel(1), '1 pessoa'],
])('%j', (label, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => expect(label).toBe(expected));
});

describe.each([
  [{ name: 'Barra do Bugres', state: 'MT' }, {}, 'Barra do Bugres – MT'],
  [{ name: 'Barra do Bugres', state: 'MT' }, { isUnbreakable: true }, 'Barra do Bugres\u00a0–\u00a0MT'],
  // The copies that wrote `${name} – ${state}` left a dangling dash here.
  [{ name: 'Barra do Bugres', state: '' }, {}, 'Barra do Bugres'],
  [{ name: ' ', state: 'MT' }, {}, 'MT'],
  [{ name: '', state: '' }, {}, ''],
])('placeLabel(%j, %j)', (place, options, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => expect(placeLabel(place, options)).toBe(expected));
});

describe.each<[string, string, string]>([
  ['a right-to-left override', '\u202eoir o ed oiesssaP', 'oir o ed oiesssaP'],
  ['an embedding and its pop', 'a\u202bb\u202cc', 'abc'],
  ['the isolates', '\u2066a\u2067b\u2068c\u2069', 'abc'],
  ['the marks, Arabic letter mark too', '\u200ea\u200fb\u061cc', 'abc'],
  ['C0 and C1 controls', 'a\u0000b\u0007c\u007fd\u0085e\u009bf', 'abcdef'],
  ['a tab and line breaks, which are spaces', 'a\tb\nc\r\nd\u2028e\u2029f', 'a b c  d e f'],
  ['zero-width space and soft hyphen', 'a\u200bb\u00adc', 'abc'],
  // JavaScript counts the byte order mark as white space.
  ['a byte order mark', 'a\ufeffb', 'a b'],
  ['the joiners of an emoji, kept', '👨\u200d👩\u200d👧 a\u200cb', '👨\u200d👩\u200d👧 a\u200cb'],
  ['accents and symbols, kept', 'Açaí – R$ 10 ☀', 'Açaí – R$ 10 ☀'],
])('withoutHiddenCharacters: %s', (_, text, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => expect(withoutHiddenCharacters(text)).toBe(expected));
});

describe.each<[string, string, number, string]>([
  ['a short text', 'Passeio', 10, 'Passeio'],
  ['a text of the limit', 'a'.repeat(10), 10, 'a'.repeat(10)],
  ['a longer one', 'a'.repeat(11), 10, `${'a'.repeat(9)}…`],
  ['a space at the cut', 'abcd efghij', 6, 'abcd…'],
  ['an emoji at the cut', 'abcdefgh😀😀', 10, 'abcdefgh…'],
])('cutText: %s', (_, text, max, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => {
    expect(cutText(text, max)).toBe(expected);
    expect(cutText(text, max).length).toBeLessThanOrEqual(max);
  });
});

describe.each<[string, string, number, string]>([
  ['a short text', 'Passeio de barco', 20, 'Passeio de barco'],
  ['a text of the limit', 'Passeio de barco', 16, 'Passeio de barco'],
  // A cut inside 'passeio' goes back to the end of the word before it.
  ['a cut inside a word', 'clique aqui e passeio pelo rio', 20, 'clique aqui e…'],
  ['a cut just before a space', 'clique aqui passe o dia', 18, 'clique aqui passe…'],
  ['a comma left at the cut', 'Praia, sol, rio e peixe', 12, 'Praia, sol…'],
  ['an accented word at the cut', 'Atração à beira-rio com emoção', 26, 'Atração à beira-rio com…'],
  ['a first word longer than the limit', 'https://exemplo.com.br/ingressos completo', 12, 'https://exe…'],
  ['an emoji after a word', 'Festa 🎉🎉🎉🎉 junina', 9, 'Festa…'],
])('cutAtWord: %s', (_, text, max, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => {
    expect(cutAtWord(text, max)).toBe(expected);
    expect(cutAtWord(text, max).length).toBeLessThanOrEqual(max);
  });
});

it('cutAtWord keeps only whole words of the text, at most max characters', () => {
  fc.assert(
    fc.property(
      fc.array(fc.stringMatching(/^[a-zçãé]{1,9}$/), { minLength: 1, maxLength: 30 }),
      fc.integer({ min: 12, max: 80 }),
      (words, max) => {
        const text = words.join(' ');
        const cut = cutAtWord(text, max);
        expect(cut.length).toBeLessThanOrEqual(max);
        if (cut === text) return;
        const kept = cut.slice(0, -1).split(' ');
        expect(cut.endsWith('…')).toBe(true);
        expect(kept).toEqual(words.slice(0, kept.length));
      },
    ),
  );
});

describe('echoText', () => {
  const notice = `ATENÇÃO: este site foi desativado pela Prefeitura. ${'Para continuar, ligue (65) 99999-0000. '.repeat(8)}`;

  it.each<[string, string]>([
    ['  rio   paraguai ', 'rio paraguai'],
    ['\u202eoir o ed oiesssaP', 'oir o ed oiesssaP'],
    ['linha 1\r\nlinha 2', 'linha 1 linha 2'],
    ['\u202e\u2066\u0000', ''],
    [notice, `${notice.slice(0, MAX_ECHO_CHARS - 1).trimEnd()}…`],
  ])('%j is %j', (text, expected) => expect(echoText(text)).toBe(expected));

  it('never says more than MAX_ECHO_CHARS, nor a control or bidi character, whatever the address holds', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        const shown = echoText(text);
        expect(shown.length).toBeLessThanOrEqual(MAX_ECHO_CHARS);
        expect(shown).not.toMatch(/[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u);
        expect(echoText(shown)).toBe(shown);
      }),
    );
  });
});

describe.each<[string, string]>([
  ['&lt;b&gt;', '<b>'],
  ['&amp;lt;', '&lt;'],
  ['&#8211; &#x2014; &quot;x&quot; &apos;', '– — "x" \''],
  ['&nbsp;', '\u00a0'],
  ['&naoexiste; &#0; &#x110000;', '&naoexiste; &#0; &#x110000;'],
])('decodeEntities(%j)', (text, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => expect(decodeEntities(text)).toBe(expected));
});

describe.each<[string, string, string]>([
  [
    'a link the upstream sent as entities',
    'Ingressos: &lt;a href="https://phish.example/pix"&gt;Compre aqui&lt;/a&gt;',
    'Ingressos: Compre aqui',
  ],
  ['a link as markup', 'Ingressos: <a href="https://phish.example/pix">Compre aqui</a>', 'Ingressos: Compre aqui'],
  [
    'entities encoded twice',
    '&amp;lt;a href=&amp;quot;https://phish.example&amp;quot;&amp;gt;Compre&amp;lt;/a&amp;gt;',
    'Compre',
  ],
  ['a tag inside a tag', '<<a>a href="https://phish.example">Compre</a>', 'Compre'],
  ['a tag that never closes', 'Compre <a href="https://phish.example/pix"', 'Compre a href="https://phish.example/pix"'],
  ['a script', '<script>alert(1)</script>Festa', 'alert(1)Festa'],
  ['a comment and a doctype', '<!doctype html><!-- x -->Festa', 'Festa'],
  ['paragraphs and line breaks', '<p>Festa</p><p>do Peixe<br>na praia</p>', 'Festa do Peixe na praia'],
  ['inline markup inside a word', 'Fes<b>ta</b>', 'Festa'],
  ['a comparison, which is no tag', 'de 5 < 10 e 10 > 5; <3', 'de 5 < 10 e 10 > 5; <3'],
  ['bidi characters and line breaks', '\u202eFesta\n\tdo Peixe', 'Festa do Peixe'],
  ['plain text', 'Praia do Julião, Barra do Bugres – MT', 'Praia do Julião, Barra do Bugres – MT'],
])('plainText: %s', (_, text, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => expect(plainText(text)).toBe(expected));
});

describe.each([
  // role, configured name, as the sentence writes it after its own article
  ['atendimento ao turista', 'Secretaria Municipal de Turismo', 'atendimento ao turista (Secretaria Municipal de Turismo)'],
  ['atendimento ao turista', ' Centro de Atendimento ao Turista ', 'atendimento ao turista (Centro de Atendimento ao Turista)'],
  ['atendimento ao turista', null, 'atendimento ao turista'],
  ['atendimento ao turista', '   ', 'atendimento ao turista'],
])('namedRole(%j, %j)', (role, name, expected) => {
  it(`is '${expected}': the name never takes the article, whose gender it may not share`, () => {
    expect(namedRole(role, name)).toBe(expected);
  });
});
