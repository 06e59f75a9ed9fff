export { escapeHtml, Html, html, htmlDocument } from './html';
