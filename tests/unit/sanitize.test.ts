/**
 * sanitizeHtml / htmlToText against a corpus of XSS vectors (tests/fixtures/xss-vectors.ts).
 *
 * The sanitised output is judged the way a browser would see it: parsed by an HTML5 parser (jsdom)
 * as body content, and parsed AGAIN after one serialisation round trip, which is where mutation XSS
 * shows up (markup that is inert in the first tree but turns into elements when re-parsed).
 */
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../scripts/sync/normalise/bounds.ts';
import { htmlToText, sanitizeHtml } from '../../scripts/sync/normalise/html.ts';
import { classifyPhone } from '../../src/lib/contact/phone.ts';
import { xssVectors } from '../fixtures/xss-vectors.ts';

const HTML_NS = 'http://www.w3.org/1999/xhtml';

/** Elements that run, embed, style, submit or switch parser namespace: none may appear in the output. */
const FORBIDDEN_TAGS = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'style',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'svg',
  'math',
  'template',
  'noscript',
  'xmp',
  'noembed',
  'applet',
  'video',
  'audio',
  'source',
]);
const FORBIDDEN_ATTRS = new Set(['style', 'srcdoc', 'formaction', 'action', 'xlink:href', 'background', 'dynsrc', 'lowsrc']);
const URL_ATTRS = ['href', 'src', 'cite'];
/** Relative, or one of the allowed schemes. */
const SAFE_URL = /^(https?:|mailto:|tel:|\/|#|[^:]*$)/i;
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
/** Whitespace, control characters and invisible format characters (soft hyphen, zero-width…). */
const INVISIBLE = /[\s\p{Cc}\p{Cf}]+/gu;

const { window } = new JSDOM('');
const scratch = window.document;
const parser = new window.DOMParser();

/** The body of a page whose body is `html`, parsed as a browser parses the page (one window for every parse). */
function parseBody(html: string): HTMLElement {
  return parser.parseFromString(`<!doctype html><body>${html}`, 'text/html').body;
}

/** Every element under root, template contents included. */
function allElements(root: ParentNode): Element[] {
  const found: Element[] = [];
  for (const element of root.querySelectorAll('*')) {
    found.push(element);
    const content = (element as HTMLTemplateElement).content;
    if (element.localName === 'template' && content) found.push(...allElements(content));
  }
  return found;
}

/** Character references and percent-escapes decoded, invisible characters removed. */
function decodedForms(value: string): string[] {
  const forms = [value.replace(INVISIBLE, '')];
  const textarea = scratch.createElement('textarea');
  textarea.innerHTML = value;
  forms.push(textarea.value.replace(INVISIBLE, ''));
  for (const form of [...forms]) {
    try {
      forms.push(decodeURIComponent(form).replace(INVISIBLE, ''));
    } catch {
      // malformed %-escape: the undecoded form is checked already
    }
  }
  return forms;
}

function urlProblems(where: string, value: string): string[] {
  const problems: string[] = [];
  for (const form of new Set(decodedForms(value))) {
    if (!SAFE_URL.test(form)) problems.push(`${where}: unsafe URL ${JSON.stringify(value)} (as ${JSON.stringify(form)})`);
  }
  let protocol: string | undefined;
  try {
    protocol = new URL(value, 'https://example.invalid/base/').protocol;
  } catch {
    // a URL the browser cannot parse navigates nowhere
  }
  if (protocol !== undefined && !SAFE_PROTOCOLS.has(protocol)) {
    problems.push(`${where}: browser resolves ${JSON.stringify(value)} to scheme ${protocol}`);
  }
  return problems;
}

/** Everything dangerous in a parsed tree, described; [] when the tree is clean. */
function problemsIn(body: HTMLElement, label: string): string[] {
  const problems: string[] = [];
  for (const element of allElements(body)) {
    const where = `${label} <${element.localName}>`;
    if (FORBIDDEN_TAGS.has(element.localName.toLowerCase())) problems.push(`${where}: forbidden element`);
    if (element.namespaceURI !== HTML_NS) problems.push(`${where}: foreign-content element (${element.namespaceURI})`);
    for (const attr of element.attributes) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) problems.push(`${where}: event handler ${attr.name}`);
      if (FORBIDDEN_ATTRS.has(name) || FORBIDDEN_ATTRS.has(attr.localName.toLowerCase())) {
        problems.push(`${where}: forbidden attribute ${attr.name}`);
      }
      if (URL_ATTRS.includes(name)) problems.push(...urlProblems(`${where} ${attr.name}`, attr.value));
    }
  }
  return problems;
}

/** Text of every <script> a browser would create from this markup (any namespace, templates included). */
function scriptBodies(html: string): string[] {
  return allElements(parseBody(html))
    .filter((element) => element.localName.toLowerCase() === 'script')
    .map((script) => (script.textContent ?? '').trim())
    .filter((body) => body !== '');
}

function label(vector: string): string {
  const json = JSON.stringify(vector);
  return json.length > 90 ? `${json.slice(0, 87)}…` : json;
}

const cases = xssVectors.map((vector, index) => ({ index, vector, name: label(vector) }));

describe('XSS corpus', () => {
  it('has at least 120 distinct vectors', () => {
    expect(xssVectors.length).toBeGreaterThanOrEqual(120);
    expect(new Set(xssVectors).size).toBe(xssVectors.length);
  });
});

describe.each(cases)('vector #$index $name', ({ vector }) => {
  it('sanitizeHtml output parses to no script, handler, embed, style or unsafe URL', () => {
    const output = sanitizeHtml(vector);
    expect(typeof output).toBe('string');
    expect(problemsIn(parseBody(output), 'parsed')).toEqual([]);
  });

  it('stays clean after a serialise / re-parse round trip (mutation XSS)', () => {
    const first = parseBody(sanitizeHtml(vector));
    const second = parseBody(first.innerHTML);
    expect(problemsIn(second, 're-parsed')).toEqual([]);
    expect(second.innerHTML).toBe(first.innerHTML);
  });

  it('is idempotent', () => {
    const once = sanitizeHtml(vector);
    expect(sanitizeHtml(once)).toBe(once);
  });

  it('htmlToText has no tag-like markup and no script contents', () => {
    const text = htmlToText(vector);
    expect(text).not.toMatch(/<\/?[a-z]/i);
    for (const body of scriptBodies(vector)) expect(text).not.toContain(body);
  });
});

const REL = 'rel="nofollow noopener noreferrer"';

describe('sanitizeHtml keeps legitimate formatting', () => {
  it.each([
    ['paragraphs', '<p>Primeiro parágrafo.</p><p>Segundo.</p>', '<p>Primeiro parágrafo.</p><p>Segundo.</p>'],
    ['h2', '<h2>Onde ficar</h2>', '<h2>Onde ficar</h2>'],
    ['h3', '<h3>Hotéis</h3>', '<h3>Hotéis</h3>'],
    ['h4', '<h4>Pousadas</h4>', '<h4>Pousadas</h4>'],
    ['h5', '<h5>Camping</h5>', '<h5>Camping</h5>'],
    ['h6', '<h6>Notas</h6>', '<h6>Notas</h6>'],
    ['unordered list', '<ul><li>Rio Paraguai</li><li>Rio Bugres</li></ul>', '<ul><li>Rio Paraguai</li><li>Rio Bugres</li></ul>'],
    ['ordered list', '<ol><li>Chegar</li><li>Pescar</li></ol>', '<ol><li>Chegar</li><li>Pescar</li></ol>'],
    ['definition list', '<dl><dt>Clima</dt><dd>Tropical</dd></dl>', '<dl><dt>Clima</dt><dd>Tropical</dd></dl>'],
    [
      'strong / em',
      '<p><strong>Atenção:</strong> <em>piracema</em> até março</p>',
      '<p><strong>Atenção:</strong> <em>piracema</em> até março</p>',
    ],
    ['https link', '<a href="https://example.com/praia">Praia</a>', `<a href="https://example.com/praia" ${REL}>Praia</a>`],
    ['http link', '<a href="http://example.com/">Site</a>', `<a href="http://example.com/" ${REL}>Site</a>`],
    ['mailto link', '<a href="mailto:turismo@example.com">E-mail</a>', `<a href="mailto:turismo@example.com" ${REL}>E-mail</a>`],
    ['tel link', '<a href="tel:+556533611234">(65) 3361-1234</a>', `<a href="tel:+556533611234" ${REL}>(65) 3361-1234</a>`],
    ['root-relative link without a source: its words', '<a href="/eventos/festival">Festival</a>', 'Festival'],
    ['relative link without a source: its words', '<a href="roteiros/pesca?dia=2#mapa">Roteiro</a>', 'Roteiro'],
    ['fragment link to nothing: its words', '<a href="#mapa">Mapa</a>', 'Mapa'],
    [
      'link rel/target replaced',
      '<a href="https://example.com/" rel="opener" target="_blank">x</a>',
      `<a href="https://example.com/" ${REL}>x</a>`,
    ],
    [
      'https image',
      '<img src="https://cdn.example.com/praia.jpg" alt="Praia do Julião" width="640" height="480">',
      '<img src="https://cdn.example.com/praia.jpg" alt="Praia do Julião" width="640" height="480">',
    ],
    ['relative image', '<img src="/media/ponte.webp" alt="Ponte">', '<img src="/media/ponte.webp" alt="Ponte">'],
    [
      'table',
      '<table><caption>Horários</caption><thead><tr><th>Dia</th><th>Hora</th></tr></thead><tbody><tr><td colspan="2">Fechado</td></tr></tbody></table>',
      '<table><caption>Horários</caption><thead><tr><th>Dia</th><th>Hora</th></tr></thead><tbody><tr><td colspan="2">Fechado</td></tr></tbody></table>',
    ],
    [
      'blockquote with cite',
      '<blockquote cite="https://example.com/fonte"><p>Citação</p></blockquote>',
      '<blockquote cite="https://example.com/fonte"><p>Citação</p></blockquote>',
    ],
    [
      'figure / figcaption',
      '<figure><img src="https://cdn.example.com/rio.jpg" alt="Rio"><figcaption>O rio ao entardecer</figcaption></figure>',
      '<figure><img src="https://cdn.example.com/rio.jpg" alt="Rio"><figcaption>O rio ao entardecer</figcaption></figure>',
    ],
    [
      'time with datetime',
      '<time datetime="2025-07-12T20:00">12 de julho</time>',
      '<time datetime="2025-07-12T20:00">12 de julho</time>',
    ],
    ['text with entities', '<p>Peixe &amp; chips &lt;3</p>', '<p>Peixe &amp; chips &lt;3</p>'],
  ])('%s', (_name, input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  it.each([undefined, null, 42, {}, ['<p>x</p>'], '', '   '])('returns "" for %j', (input) => {
    expect(sanitizeHtml(input)).toBe('');
  });
});

describe('sanitizeHtml: links that work on our site', () => {
  const post = 'https://blog.example.org/2026/11/18/festival/';
  const clean = (html: string) => sanitizeHtml(html, { baseUrl: post });
  const prefix = (html: string) => /id="(uc-[0-9a-z]{6}-)/.exec(html)?.[1] ?? 'no namespace';

  it.each([
    ['a site-relative link', '<a href="/2026/11/outro-post/">x</a>', 'https://blog.example.org/2026/11/outro-post/'],
    ['a relative link', '<a href="leia-mais">x</a>', 'https://blog.example.org/2026/11/18/festival/leia-mais'],
    ['a protocol-relative link', '<a href="//cdn.example.org/a.pdf">x</a>', 'https://cdn.example.org/a.pdf'],
    ['an absolute link', '<a href="https://www.example.com/p?x=1">x</a>', 'https://www.example.com/p?x=1'],
  ])('resolves %s against the post', (_name, html, href) => {
    expect(clean(html)).toBe(`<a href="${href}" ${REL}>x</a>`);
  });

  it('resolves a site-relative upload image against the blog', () => {
    expect(clean('<img src="/wp-content/uploads/2026/11/foto.jpg" alt="Foto">')).toBe(
      '<img src="https://blog.example.org/wp-content/uploads/2026/11/foto.jpg" alt="Foto">',
    );
  });

  it('keeps the WordPress footnotes block working under its own namespace', () => {
    const html = clean(
      '<p>Texto<sup data-fn="f1" class="fn"><a href="#f1" id="f1-link">1</a></sup></p>' +
        '<ol class="wp-block-footnotes"><li id="f1">Nota. <a href="#f1-link" aria-label="Voltar">↩︎</a></li></ol>',
    );
    const ns = prefix(html);
    expect(ns).toMatch(/^uc-/);
    expect(html).toBe(
      `<p>Texto<sup><a href="#${ns}f1" id="${ns}f1-link">1</a></sup></p><ol><li id="${ns}f1">Nota. <a href="#${ns}f1-link">↩︎</a></li></ol>`,
    );
  });

  it('keeps a table of contents, also one that links through the post address', () => {
    const html = clean(
      `<nav><ul><li><a href="#h-onde-ficar">Onde ficar</a></li><li><a href="${post}#h-comer">Comer</a></li></ul></nav>` +
        '<h2 id="h-onde-ficar">Onde ficar</h2><h2 id="h-comer">Comer</h2>',
    );
    const ns = prefix(html);
    expect(html).toContain(`<a href="#${ns}h-onde-ficar">Onde ficar</a>`);
    expect(html).toContain(`<a href="#${ns}h-comer">Comer</a>`);
    expect(html).toContain(`<h2 id="${ns}h-comer">Comer</h2>`);
  });

  it('turns an old-style <a name> target into an id, and unwraps a link to a missing anchor', () => {
    const html = clean('<a name="topo">Topo</a><a href="#topo">subir</a><a href="#sumiu">sumiu</a>');
    const ns = prefix(html);
    expect(html).toBe(`<a id="${ns}topo">Topo</a><a href="#${ns}topo">subir</a>sumiu`);
  });

  it('keeps ids that spell document properties (no clobbering under the namespace) and drops repeated ids', () => {
    const html = clean('<h2 id="cookie">A</h2><h3 id="cookie">B</h3><a href="#cookie">c</a>');
    const ns = prefix(html);
    expect(html).toBe(`<h2 id="${ns}cookie">A</h2><h3>B</h3><a href="#${ns}cookie">c</a>`);
  });

  it('gives two fields of one page different namespaces', () => {
    expect(prefix(clean('<h2 id="a">Um</h2>'))).not.toBe(prefix(clean('<h2 id="a">Dois</h2>')));
  });

  it.each([
    [
      'mailto with a copy to someone else',
      '<a href="mailto:a@b.com?bcc=c@d.com">e-mail</a>',
      `<a href="mailto:a@b.com" ${REL}>e-mail</a>`,
    ],
    ['mailto with two addresses', '<a href="mailto:a@b.com,c@d.com">e-mail</a>', 'e-mail'],
    ['tel with letters', '<a href="tel:ligue-ja">ligar</a>', 'ligar'],
    ['tel', '<a href="tel:+55 65 3361-1234">+55 65 3361-1234</a>', `<a href="tel:+556533611234" ${REL}>+55 65 3361-1234</a>`],
    // Every phone link of the site dials from abroad: a national number gets +55, one without an area code loses its link.
    [
      'tel, national',
      '<a href="tel:(65)%203361-1234">(65) 3361-1234</a>',
      `<a href="tel:+556533611234" ${REL}>(65) 3361-1234</a>`,
    ],
    ['tel without an area code', '<a href="tel:3361-1234">3361-1234</a>', '3361-1234'],
    ['a link with credentials', '<a href="https://user:pw@example.com/">x</a>', 'x'],
  ])('%s', (_name, html, expected) => {
    expect(clean(html)).toBe(expected);
  });

  it('keeps at most LIMITS.htmlImages images of a field', () => {
    const html = clean('<img src="/a.jpg">'.repeat(LIMITS.htmlImages + 5));
    expect(html.match(/<img/g)).toHaveLength(LIMITS.htmlImages);
  });

  it('bounds the nesting before parsing: 20,000 levels (a stack overflow unbounded) keep their text', () => {
    const deep = `${'<div>'.repeat(20_000)}fundo${'</div>'.repeat(20_000)}`;
    const html = sanitizeHtml(deep);
    expect(html).toContain('fundo');
    expect(html.match(/<div>/g)).toHaveLength(LIMITS.htmlDepth);
    expect(htmlToText(deep)).toBe('fundo');
  });
});

describe('sanitizeHtml: a tel: link dials the number its words show', () => {
  const clean = (html: string) => sanitizeHtml(html, { baseUrl: 'https://blog.example.com/2026/11/post/' });
  const tel = (number: string, words: string) => `<a href="tel:${number}" ${REL}>${words}</a>`;

  it.each([
    // Words and target the same number, however each is written: the target in its international form.
    ['(65) 3361-1234', 'tel:065-3361-1234', tel('+556533611234', '(65) 3361-1234')],
    // Words and target differ: the words win, since they are what the visitor reads.
    ['(65) 3361-1234', 'tel:+5511999999999', tel('+556533611234', '(65) 3361-1234')],
    ['(65) 99912-3456', 'tel:09001234567', tel('+5565999123456', '(65) 99912-3456')],
    // Carrier codes, as the words write them: not Tunisia's or North America's.
    ['0 21 65 99912-3456', 'tel:02165999123456', tel('+5565999123456', '0 21 65 99912-3456')],
    ['0 15 65 3361-1234', 'tel:+1565336112', tel('+556533611234', '0 15 65 3361-1234')],
    // An extension in the words is not dialled, nor appended to the number.
    ['(65) 3361-1234 x 22', 'tel:+55653361123422', tel('+556533611234', '(65) 3361-1234 x 22')],
    ['(65) 3361-1234 ramal 2', 'tel:+5565336112342', tel('+556533611234', '(65) 3361-1234 ramal 2')],
    // Words around the number, markup inside the link.
    [
      'Ligue: <strong>(65) 3361-1234</strong>',
      'tel:+5511999999999',
      tel('+556533611234', 'Ligue: <strong>(65) 3361-1234</strong>'),
    ],
    // Two numbers in the words: the target when it is one of them, else the first.
    ['(65) 3361-1234 ou (65) 99912-3456', 'tel:+5565999123456', tel('+5565999123456', '(65) 3361-1234 ou (65) 99912-3456')],
    ['(65) 3361-1234 ou (65) 99912-3456', 'tel:+5511999999999', tel('+556533611234', '(65) 3361-1234 ou (65) 99912-3456')],
    // A local number in the words, the target its own line with the area code: the target is what they mean.
    ['3223-1006', 'tel:+556532231006', tel('+556532231006', '3223-1006')],
  ])('%s to %s', (words, href, expected) => {
    expect(clean(`<a href="${href}">${words}</a>`)).toBe(expected);
  });

  it.each([
    // Words that show no number: the words stay, the link goes (the visitor could not tell where it dials).
    ['Ligue agora', 'tel:+556533611234'],
    ['<img src="https://blog.example.com/fone.png" alt="Telefone">', 'tel:+556533611234'],
    // A local number in the words, and a target that is another line.
    ['3223-1006', 'tel:+5565999123456'],
    // Words that show a number no link can dial from elsewhere, and a target that is none either.
    ['3223-1006', 'tel:3223-1006'],
  ])('%s to %s keeps only the words', (words, href) => {
    expect(clean(`<p><a href="${href}">${words}</a></p>`)).not.toContain('<a');
    expect(clean(`<p><a href="${href}">${words}</a></p>`)).toContain(words.startsWith('<img') ? '<img' : words);
  });

  it('reads the words of a long link in linear time: 150,000 spaces or separators, and a field of 200,000 for the phone', () => {
    const started = performance.now();
    expect(clean(`<a href="tel:+556533611234">${' '.repeat(150_000)}Ligue</a>`)).not.toContain('<a');
    expect(clean(`<a href="tel:+556533611234">1${'(-'.repeat(75_000)}x</a>`)).not.toContain('<a');
    expect(classifyPhone(`(65) 3361-1234${' '.repeat(200_000)}`)?.dial).toBe('+556533611234');
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});

describe("sanitizeHtml with linkPhoneNumbers: the phone numbers of an editor's page", () => {
  const linked = (html: string) => sanitizeHtml(html, { baseUrl: 'https://blog.example.com/guia/', linkPhoneNumbers: true });
  const tel = (number: string, words = number) => `<a href="tel:${number}" ${REL}>${words}</a>`;

  it.each([
    // Public-service numbers, presented as numbers to call: after a colon, a dash or a word for calling, or alone in a cell.
    [
      '<ul><li><strong>Polícia Militar:</strong> 190</li></ul>',
      `<ul><li><strong>Polícia Militar:</strong> ${tel('190')}</li></ul>`,
    ],
    ['<p>SAMU – 192</p>', `<p>SAMU – ${tel('192')}</p>`],
    ['<p>Bombeiros: 193 ou 199.</p>', `<p>Bombeiros: ${tel('193')} ou ${tel('199')}.</p>`],
    [
      '<table><tbody><tr><td>Defesa Civil</td><td>199</td></tr></tbody></table>',
      `<table><tbody><tr><td>Defesa Civil</td><td>${tel('199')}</td></tr></tbody></table>`,
    ],
    ['<p>Em caso de incêndio, ligue 193.</p>', `<p>Em caso de incêndio, ligue ${tel('193')}.</p>`],
    ['<p>Call 193 (fire brigade).</p>', `<p>Call ${tel('193')} (fire brigade).</p>`],
    ['<p>Policía: 190</p>', `<p>Policía: ${tel('190')}</p>`],
    // A number with its area code, or a free one, wherever it is.
    [
      '<p>Hospital Municipal (65) 3361-1234, todo dia.</p>',
      `<p>Hospital Municipal ${tel('+556533611234', '(65) 3361-1234')}, todo dia.</p>`,
    ],
    ['<p>Ouvidoria 0800 123 4567</p>', `<p>Ouvidoria ${tel('08001234567', '0800 123 4567')}</p>`],
  ])('%s', (html, expected) => {
    expect(linked(html)).toBe(expected);
  });

  it.each([
    // A distance, a year, a count, a price, a postcode, a number with no area code, a number that is no service.
    '<p>Fica a 190 km de Cuiabá.</p>',
    '<p>Distância: 190 km.</p>',
    '<p>Em 1990, a vila tinha 193 moradores.</p>',
    '<p>Diária: R$ 190,00</p>',
    '<p>CEP 78390-000; recepção 3361-1234.</p>',
    '<p>Sala: 195</p>',
    // What is a link already, or code, stays as it is.
    '<p><a href="https://www.example.gov.br/">Ligue 190</a></p>',
    '<p><code>ligue 190</code></p>',
  ])('%s stays text', (html) => {
    expect(linked(html)).not.toContain('href="tel:');
  });

  it('is asked for: a post or a description keeps its numbers as text', () => {
    expect(sanitizeHtml('<p>Polícia Militar: 190; hospital (65) 3361-1234.</p>')).not.toContain('<a');
  });

  it('keeps a tel: link to a public-service number its words show', () => {
    expect(linked('<p><a href="tel:193">Bombeiros 193</a></p>')).toBe(`<p>${tel('193', 'Bombeiros 193')}</p>`);
    expect(linked('<p><a href="tel:193">Bombeiros</a></p>')).toBe('<p>Bombeiros</p>');
  });

  it('reads a long text of numbers in linear time', () => {
    const started = performance.now();
    const html = `<p>${'Polícia: 190. '.repeat(3_000)}${'100 '.repeat(20_000)}</p><p>${'(65) 3361-1234; '.repeat(2_000)}</p>`;
    expect(linked(html).match(/href="tel:/g)?.length).toBe(5_000);
    // About 2 s, most of it jsdom's own, on a shared 2-core machine.
    expect(performance.now() - started).toBeLessThan(8_000);
  });
});

describe('htmlToText', () => {
  it.each([
    ['Festival de Praia &#8211; 2025', 'Festival de Praia – 2025'],
    ['<p>Um</p><p>Dois</p>', 'Um Dois'],
    ['&amp;&lt;b&gt;', '&<b>'],
    ['<h2>Título</h2><ul><li>a</li><li>b</li></ul>', 'Título a b'],
    ['Linha<br>seguinte', 'Linha seguinte'],
    ['<p>Olá <strong>mundo</strong>!</p>', 'Olá mundo!'],
    ['<p>Antes</p><script>alert(1)</script><style>p{}</style><p>Depois</p>', 'Antes Depois'],
    ['  espaços \n\t  demais  ', 'espaços demais'],
    ['Ti\u202etle\u200b com\u0007 controles', 'Title com controles'],
    ['família 👨\u200d👩\u200d👧', 'família 👨\u200d👩\u200d👧'],
  ])('%j → %j', (input, expected) => {
    expect(htmlToText(input)).toBe(expected);
  });

  it.each([undefined, null, 42, true, {}, ['a']])('returns "" for non-string %j', (input) => {
    expect(htmlToText(input)).toBe('');
  });
});
