export { complianceContract } from './contract';
export { appScopesUpdatePayloadSchema, appUninstalledPayloadSchema } from './webhooks';
