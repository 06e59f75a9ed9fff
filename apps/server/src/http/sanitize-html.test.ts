import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('drops scripts, styles, frames, forms and event handlers', () => {
    const clean = sanitizeHtml(
      '<p onclick="steal()">Hi<script>alert(1)</script></p><style>p{}</style>' +
        '<iframe src="https://x.example"></iframe><form><input></form><img src="https://i.example/a.png" onerror="x()">',
    );
    expect(clean).toBe('<p>Hi</p><img src="https://i.example/a.png" />');
  });

  it('drops javascript: and data: URLs', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA">')).toBe('<img />');
    expect(sanitizeHtml('<a href="//evil.example">x</a>')).toBe('<a>x</a>');
  });

  it('opens links to other sites in a new tab without an opener, and keeps relative links', () => {
    expect(sanitizeHtml('<a href="https://popstage.app/x">x</a>')).toBe(
      '<a href="https://popstage.app/x" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="/manage/plans">Plans</a>')).toBe(
      '<a href="/manage/plans">Plans</a>',
    );
  });

  it('keeps formatting', () => {
    const html = '<h2>Title</h2><ul><li><strong>a</strong> <em>b</em></li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });
});

describe('htmlToText', () => {
  it('gives the text with entities decoded and spaces collapsed', () => {
    expect(htmlToText('<p>Fish &amp; chips</p>\n<p>a&nbsp;b</p>')).toBe('Fish & chips a b');
  });
});
