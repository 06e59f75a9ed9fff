export { complianceContract } from './contract';
export {
  type CustomerDataExport,
  customerDataExportSchema,
  DATA_REQUEST_MESSAGES,
  DATA_REQUEST_RETENTION_DAYS,
  type DataRequestSummary,
  dataRequestsContract,
} from './data-requests';
export { appScopesUpdatePayloadSchema, appUninstalledPayloadSchema } from './webhooks';
