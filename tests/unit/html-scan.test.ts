/**
 * src/integrations/html-scan.ts reads built HTML with parse5's tokenizer (the WHATWG algorithm a
 * browser and jsdom follow). Each row is markup a regular expression or a hand-written scanner reads
 * differently from a browser: tag-like text inside a script or a comment, a `>` inside a quoted value,
 * references in attribute values, unquoted values, upper-case names.
 */
import { describe, expect, it } from 'vitest';
import { decodeEntities, documentHead, scanPage, scanTags, textContent } from '../../src/integrations/html-scan.ts';

/** The start tags as [name, attributes], with a text element's text last. */
const read = (html: string) =>
  scanTags(html).map((tag) => [tag.name, Object.fromEntries(tag.attributes), ...(tag.text === undefined ? [] : [tag.text])]);

describe.each([
  ['a tag inside a comment is no tag', '<!-- <a href="/no"> --><p>', [['p', {}]]],
  ['an empty comment `<!-->` ends where it starts', '<!--><a href="/yes">', [['a', { href: '/yes' }]]],
  ['`--!>` ends a comment', '<!-- x --!><a href="/yes">', [['a', { href: '/yes' }]]],
  [
    'tag-like text inside a script is its text',
    '<script>if (a<b) "<img src=x onerror=y>"</script><p>',
    [
      ['script', {}, 'if (a<b) "<img src=x onerror=y>"'],
      ['p', {}],
    ],
  ],
  [
    '`</scripts` does not end a script',
    '<script>a = "</scripts>";</script><p>',
    [
      ['script', {}, 'a = "</scripts>";'],
      ['p', {}],
    ],
  ],
  [
    'a script inside a script comment does not end the outer one',
    '<script><!--<script>x</script>y--></script><p>',
    [
      ['script', {}, '<!--<script>x</script>y-->'],
      ['p', {}],
    ],
  ],
  ["a script's text is what a browser hashes: line ends normalised", '<script>a\r\nb\rc</script>', [['script', {}, 'a\nb\nc']]],
  [
    'a `>` inside a quoted value',
    `<a title="a>b" data-x='c>d' href="/x">`,
    [['a', { title: 'a>b', 'data-x': 'c>d', href: '/x' }]],
  ],
  [
    'references in attribute values, named, numeric and hexadecimal',
    '<a href="/x?a=1&amp;b=2" title="caf&eacute; &#47;&#x2F; &copy; &unknown;">',
    [['a', { href: '/x?a=1&b=2', title: 'café // © &unknown;' }]],
  ],
  [
    'a legacy reference without `;` before `=` stays as it is in an attribute value',
    '<a href="/x?a=1&copy=2&lt=3">',
    [['a', { href: '/x?a=1&copy=2&lt=3' }]],
  ],
  [
    'unquoted values, a bare attribute, the first of a repeated one',
    "<img src=/a.png alt=it's hidden class=a class=b>",
    [['img', { src: '/a.png', alt: "it's", hidden: '', class: 'a' }]],
  ],
  [
    'upper-case element and attribute names',
    '<SCRIPT TYPE="module">x</SCRIPT><A HREF=/x>',
    [
      ['script', { type: 'module' }, 'x'],
      ['a', { href: '/x' }],
    ],
  ],
  [
    'a title or a textarea holds text, its references decoded',
    '<title>a <b> &amp; c</title><textarea><a href="/no"></textarea>',
    [
      ['title', {}, 'a <b> & c'],
      ['textarea', {}, '<a href="/no">'],
    ],
  ],
  [
    'the markup inside <noscript> is read (a visitor without JavaScript follows its links)',
    '<noscript><a href="/no-js"></noscript>',
    [
      ['noscript', {}],
      ['a', { href: '/no-js' }],
    ],
  ],
  ['`<` not followed by a name is text', '<p>1 < 2 <3 </ p>', [['p', {}]]],
])('scanTags: %s', (_, html, tags) => {
  it(`reads ${JSON.stringify(html)}`, () => expect(read(html)).toEqual(tags));
});

describe.each([
  ['abc<span>def</span>', 'abcdef'],
  ['<p title="a>b">x</p><!-- y --><script>z</script><style>w</style>&amp;&#x41;<Title>t</title>', 'x&At'],
  ['caf&eacute; &lt;b&gt; &copy 2026', 'café <b> © 2026'],
  ['<script>"</scripts>"; "<p>hidden</p>"</script>shown', 'shown'],
  ['<!--><p>shown</p>', 'shown'],
  ['no markup at all', 'no markup at all'],
])('textContent(%j)', (html, text) => {
  it(`is ${JSON.stringify(text)}`, () => {
    expect(textContent(html)).toBe(text);
    expect(scanPage(html).text).toBe(text);
  });
});

describe.each([
  ['<html><head><meta charset="utf-8"></head><body><meta http-equiv="x"></body>', '<html><head><meta charset="utf-8">'],
  ['<head><title>T</title></HEAD >', '<head><title>T</title>'],
  ['<p>no head</p>', '<p>no head</p>'],
  [
    '<head><script>document.write("</head>")</script><meta name="a"></head><body>',
    '<head><script>document.write("</head>")</script><meta name="a">',
  ],
  ['<head><!-- </head> --><meta name="a"></head>', '<head><!-- </head> --><meta name="a">'],
])('documentHead(%j)', (html, head) => {
  it(`is ${JSON.stringify(head)}`, () => expect(documentHead(html)).toBe(head));
});

describe.each([
  ['&#47;&#x2F;&quot;&unknown;', '//"&unknown;'],
  ['&eacute;&nbsp;&copy', 'é\u00a0©'],
  ['<a href="x">&amp;</a>', '<a href="x">&</a>'],
  ['</textarea>&amp;', '</textarea>&'],
  ['plain', 'plain'],
])('decodeEntities(%j)', (text, decoded) => {
  it(`is ${JSON.stringify(decoded)}`, () => expect(decodeEntities(text)).toBe(decoded));
});
