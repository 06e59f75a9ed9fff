import type { SupportRequestWire } from '@popstage/core/help';
import type { SupportRequestRow } from './store';

export function toSupportRequestWire(row: SupportRequestRow): SupportRequestWire {
  return {
    id: row.id,
    subject: row.subject,
    message: row.message,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
  };
}
