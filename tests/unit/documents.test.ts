/**
 * The documents' syntax (src/lib/documents.ts; docs/architecture.md, Documents): placeholders, the
 * `{se nome}` conditions, sections by heading id, and the failures that stop a typo reaching a visitor.
 * Then the two real documents, rendered with every value their page may give and with none.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { type DocumentValues, fillPlain, renderDocument } from '../../src/lib/documents.ts';

const fragment = (html: string) => JSDOM.fragment(html);
const text = (html: string) => (fragment(html).textContent ?? '').replace(/\s+/g, ' ').trim();

describe.each<[string, string, DocumentValues, string]>([
  ['a text value, escaped', 'Portal de {cidade}.', { cidade: 'A & <b>B</b>' }, '<p>Portal de A &#x26; &#x3C;b>B&#x3C;/b>.</p>'],
  [
    'a link',
    'Escreva para {email}.',
    { email: { href: 'mailto:a@b.br', text: 'a@b.br' } },
    '<p>Escreva para <a href="mailto:a@b.br">a@b.br</a>.</p>',
  ],
  ['phrases in a row', '{nome}', { nome: [{ strong: '1' }, ' – Início'] }, '<p><strong>1</strong> – Início</p>'],
  [
    'a list in a paragraph of its own',
    'Antes:\n\n{itens}',
    { itens: { list: ['um', ['dois ', { strong: 'três' }]] } },
    '<p>Antes:</p>\n<ul><li>um</li><li>dois <strong>três</strong></li></ul>',
  ],
  ['a paragraph kept', '{se podcast} Ouça.', { podcast: true }, '<p>Ouça.</p>'],
  ['a paragraph dropped', 'A.\n\n{se podcast} Ouça.', { podcast: false }, '<p>A.</p>\n'],
  ['the other variant', '{se não podcast} Sem podcast.', { podcast: false }, '<p>Sem podcast.</p>'],
  ['an empty text is absent', '{se orgao} {orgao}.', { orgao: '' }, ''],
  ['a list item dropped', '- um\n- {se blog} dois', { blog: null }, '<ul>\n<li>um</li>\n\n</ul>'],
  [
    'a definition kept by value',
    'Controlador\n: {se orgao} {orgao}\n: {se não orgao} Não informado.',
    { orgao: 'Prefeitura' },
    '<dl>\n<dt>Controlador</dt>\n<dd>Prefeitura</dd>\n\n</dl>',
  ],
])('%s', (_, markdown, values, html) => {
  it('renders as expected', () => {
    expect(renderDocument(markdown, values)).toBe(html);
  });
});

describe('sections', () => {
  const markdown =
    'Abertura.\n\n## Um {#um}\n\nTexto um.\n\n## {se libras} Libras {#libras}\n\nTexto libras.\n\n## Dois {#dois}\n\nTexto dois.';

  it('wraps each ## and what follows it in a section named by the heading, and leaves the opening outside', () => {
    const html = fragment(renderDocument(markdown, { libras: true }));
    const sections = [...html.querySelectorAll('section')];
    expect(sections.map((section) => section.getAttribute('aria-labelledby'))).toEqual(['um', 'libras', 'dois']);
    expect(sections.map((section) => section.querySelector('h2')?.id)).toEqual(['um', 'libras', 'dois']);
    expect(sections.map((section) => section.querySelector('p')?.textContent)).toEqual([
      'Texto um.',
      'Texto libras.',
      'Texto dois.',
    ]);
    expect(html.firstElementChild?.outerHTML).toBe('<p>Abertura.</p>');
  });

  it('drops a whole section when its heading’s condition does not hold', () => {
    expect(text(renderDocument(markdown, { libras: false }))).toBe('Abertura. Um Texto um. Dois Texto dois.');
  });

  it('refuses a ## without an id, saying how to write one', () => {
    expect(() => renderDocument('## Sem id\n\nTexto.', {}, 'x.md')).toThrow(
      'x.md: the heading “Sem id” has no id; write it as “## Sem id {#id}”.',
    );
  });
});

describe('a placeholder the page does not fill fails the build', () => {
  it.each([
    ['an unknown name', 'Olá {cidadee}.', { cidade: 'B' }, 'x.md: the placeholder {cidadee} is not one the page fills (cidade).'],
    [
      'an unknown condition',
      '{se podcats} Ouça.',
      { podcast: true },
      'x.md: the placeholder {podcats} is not one the page fills (podcast).',
    ],
    [
      'a value shown outside its condition',
      'Escreva para {email}.',
      { email: null },
      'x.md: {email} has no text in this build; put its block under {se email}.',
    ],
    [
      'a condition shown as text',
      'Ouça {podcast}.',
      { podcast: true },
      'x.md: {podcast} has no text in this build; put its block under {se podcast}.',
    ],
  ])('%s', (_, markdown, values, message) => {
    expect(() => renderDocument(markdown, values, 'x.md')).toThrow(message);
  });

  it('also in a frontmatter field', () => {
    expect(fillPlain('O portal de {cidade}.', { cidade: 'Barra do Bugres (MT)' })).toBe('O portal de Barra do Bugres (MT).');
    expect(() => fillPlain('O portal de {cidad}.', { cidade: 'B' }, 'x.md')).toThrow('{cidad}');
  });
});

/** The documents as their pages render them: every name each page fills, first all present, then all absent. */
describe.each<[string, DocumentValues, DocumentValues, string[]]>([
  [
    'acessibilidade',
    {
      cidade: 'Barra do Bugres (MT)',
      atendimento: 'atendimento ao turista da cidade (CAT)',
      atalhos: { list: [[{ strong: '1' }, ' – Ir para o conteúdo']] },
      email: { href: 'mailto:cat@cidade.br?subject=Acessibilidade', text: 'cat@cidade.br' },
      telefone: { href: 'tel:+5565999990000', text: '(65) 99999-0000' },
      podcast: true,
      vlibras: true,
    },
    { email: null, telefone: null, podcast: false, vlibras: false },
    ['Libras', 'o player do Spotify são serviços de fora', 'por e-mail: cat@cidade.br', 'por telefone: (65) 99999-0000'],
  ],
  [
    'privacidade',
    {
      cidade: 'Barra do Bugres (MT)',
      atendimento: 'atendimento ao turista (CAT)',
      orgao: 'Prefeitura Municipal de Barra do Bugres',
      encarregado: 'Ana Souza',
      'encarregado-email': { href: 'mailto:dados@cidade.br', text: 'dados@cidade.br' },
      podcast: true,
      reservas: 'reservas.exemplo.com.br',
      agenda: true,
      blog: 'blog.exemplo.com.br',
    },
    { orgao: null, encarregado: null, 'encarregado-email': null, podcast: false, reservas: null, agenda: false, blog: null },
    [
      'Prefeitura Municipal de Barra do Bugres',
      'Ana Souza — dados@cidade.br',
      'Spotify:',
      'reservas.exemplo.com.br:',
      'Google Agenda:',
      'blog.exemplo.com.br:',
      'Para exercê-los, escreva para dados@cidade.br.',
    ],
  ],
])('src/content/documents/%s.md', (name, all, absent, onlyWithAll) => {
  const source = readFileSync(path.resolve(import.meta.dirname, `../../src/content/documents/${name}.md`), 'utf8');
  const body = source.replace(/^---\n[\s\S]*?\n---\n/, '');
  const withAll = text(renderDocument(body, all));
  const withNone = text(renderDocument(body, { ...all, ...absent }));

  it('leaves no placeholder behind, with every value or with none', () => {
    expect(withAll).not.toMatch(/[{}]/);
    expect(withNone).not.toMatch(/[{}]/);
  });

  it.each(onlyWithAll)('says “%s” only when the build has it', (words) => {
    expect(withAll).toContain(words);
    expect(withNone).not.toContain(words);
  });
});
