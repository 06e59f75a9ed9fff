export { complianceContract } from './contract';
export { appUninstalledPayloadSchema } from './webhooks';
