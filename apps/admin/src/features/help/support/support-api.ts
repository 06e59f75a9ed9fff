import { helpContract, type SupportRequestBody } from '@popstage/core/help';
import type { ApiClient } from '../../../lib/api/client';

/** The support widget's calls (docs/api.md) through the help contract. */

export async function fetchZendeskToken(api: ApiClient): Promise<string> {
  return (await api.call(helpContract.zendeskToken, {})).data.zendeskToken.jwt;
}

export async function sendSupportRequest(api: ApiClient, body: SupportRequestBody) {
  return (await api.call(helpContract.sendSupportRequest, { body })).data;
}
