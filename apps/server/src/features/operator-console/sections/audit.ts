import { html } from '@popstage/core/html';
import { recentAudit } from '../../operator';
import type { ConsoleSection } from '../section';
import { auditTable } from './audit-table';

export const auditSection: ConsoleSection = {
  title: 'Audit log',
  path: '/operator/audit',
  permission: 'audit.read',
  register(app, kit) {
    app.get('/operator/audit', async (request, reply) => {
      kit.require(request, 'audit.read');
      const target =
        (request.query as { target?: string }).target?.trim().slice(0, 200) || undefined;
      const rows = await recentAudit(app.deps.database.db, {
        limit: 200,
        ...(target ? { target } : {}),
      });
      return kit.render(request, reply, {
        title: 'Audit log',
        body: html`<form class="card row" method="get" action="/operator/audit">
  <label style="margin:0;flex:1">Target (shop, rule id, code or e-mail) <input type="text" name="target" value="${target ?? ''}"></label>
  <button type="submit">Filter</button>
</form>
<section class="card">${auditTable(rows)}</section>`,
      });
    });
  },
};
