import type { SupportRequestWire } from '@popstage/core/account';
import type { ApiClient } from '../../../lib/api/client';

/** The support widget's calls (docs/api.md, issue 4). */

export async function fetchZendeskToken(api: ApiClient): Promise<string> {
  const answer = await api.get<{ data: { zendeskToken: { jwt: string } } }>(
    '/api/shopify/shop/zendesk/token',
  );
  return answer.data.zendeskToken.jwt;
}

export interface SupportRequestInput {
  subject: string;
  message: string;
  email: string;
}

export async function sendSupportRequest(
  api: ApiClient,
  input: SupportRequestInput,
): Promise<SupportRequestWire> {
  return (await api.post<{ data: SupportRequestWire }>('/api/shopify/shop/support-requests', input))
    .data;
}
