import { escapeHtml, Html, html } from '@popstage/core/html';

/** The local Shopify's pages: a document around escaped HTML (@popstage/core/html). */

export { Html, html };

export function page(title: string, css: string, body: Html): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${css}</style>
</head>
<body>
${body.value}
</body>
</html>
`;
}

export function badge(on: boolean, label: string): Html {
  return html`<span class="badge ${on ? 'on' : 'off'}">${label}</span>`;
}
