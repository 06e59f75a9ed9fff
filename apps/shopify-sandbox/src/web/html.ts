import { Html, html, htmlDocument } from '@popstage/core/html';

/** The local Shopify's pages: a document around escaped HTML (@popstage/core/html). */

export { Html, html };

export function page(title: string, css: string, body: Html, head: Html = html``): string {
  return htmlDocument({ head: html`<title>${title}</title>${head}`, css, body });
}

export function badge(on: boolean, label: string): Html {
  return html`<span class="badge ${on ? 'on' : 'off'}">${label}</span>`;
}
