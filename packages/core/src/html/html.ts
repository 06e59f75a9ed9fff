/** Minimal HTML templating for server-rendered pages: every interpolated value is escaped. */

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

type Part = string | number | boolean | null | undefined | Html | Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

/** Tagged template: interpolated values are escaped unless they are already Html. */
export function html(strings: TemplateStringsArray, ...parts: Part[]): Html {
  return new Html(
    strings.reduce((out, text, i) => out + text + (i < parts.length ? render(parts[i]) : ''), ''),
  );
}

/** An HTML document: the head's extra markup (title, meta), a stylesheet, the body. */
export function htmlDocument(parts: { head: Html; css: string; body: Html }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${parts.head.value}
<style>${parts.css}</style>
</head>
<body>
${parts.body.value}
</body>
</html>
`;
}
