import { describe, expect, it } from 'vitest';
import { escapeHtml, Html, html, htmlDocument } from './html';

describe('server-rendered HTML', () => {
  it('escapes the five characters that can leave text or an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('escapes interpolated values, keeps Html as is, flattens lists and drops empty parts', () => {
    const name = '<b>Bob</b>';
    const out = html`<p>${name}</p>${new Html('<hr>')}${['a', ['<', 1]]}${null}${undefined}${false}${true}${0}`;
    expect(out).toBeInstanceOf(Html);
    expect(String(out)).toBe('<p>&lt;b&gt;Bob&lt;/b&gt;</p><hr>a&lt;1true0');
    expect(html`plain`.value).toBe('plain');
  });

  it('wraps a page in a document with its head, style and body', () => {
    const page = htmlDocument({ head: html`<title>T</title>`, css: 'p{}', body: html`<p>x</p>` });
    expect(page.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(page).toContain('<meta charset="utf-8">');
    expect(page).toContain(
      '<title>T</title>\n<style>p{}</style>\n</head>\n<body>\n<p>x</p>\n</body>',
    );
  });
});
