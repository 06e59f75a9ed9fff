import { type Html, html } from '@popstage/core/html';
import type { AuditRow } from '../../operator';
import { time } from '../layout';

/** Entries of the audit log: when, who, what, on what, and the state before and after. */
export function auditTable(rows: AuditRow[]): Html {
  if (rows.length === 0) return html`<p class="muted">No changes yet.</p>`;
  return html`<table><thead><tr><th>When (UTC)</th><th>Who</th><th>What</th><th>Target</th><th>Before</th><th>After</th></tr></thead><tbody>${rows.map(
    (row) =>
      html`<tr><td>${time(row.at)}</td><td>${row.actor}</td><td>${row.action}</td><td>${row.target}</td><td><pre>${json(row.before)}</pre></td><td><pre>${json(row.after)}</pre></td></tr>`,
  )}</tbody></table>`;
}

const json = (value: unknown) => (value === null ? '–' : JSON.stringify(value, null, 1));
