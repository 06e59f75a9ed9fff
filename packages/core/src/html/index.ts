export { escapeHtml, Html, html } from './html';
