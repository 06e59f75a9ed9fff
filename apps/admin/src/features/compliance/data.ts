import { dataRequestsContract } from '@popstage/core/compliance';
import type { ApiClient } from '../../lib/api/client';
import { type CacheKeys, routeKey, useRouteQuery } from '../../lib/api/hooks';
import { saveFile } from '../../lib/save-file';

/** Customer data requests (Shopify's customers/data_request) kept for the merchant. */

export const cacheKeys: CacheKeys = {
  queries: [routeKey(dataRequestsContract.listDataRequests)],
  invalidates: [],
};

export const useDataRequests = () =>
  useRouteQuery(dataRequestsContract.listDataRequests, {}, { select: (answer) => answer.requests });

/** Downloads one request's export as a JSON file. */
export async function downloadDataRequest(api: ApiClient, id: string, fileName: string) {
  const data = await api.call(dataRequestsContract.dataRequestExport, { params: { id } });
  saveFile(
    fileName,
    new Blob([JSON.stringify(data, null, 2)], { type: 'application/json;charset=utf-8' }),
  );
}
