export {
  appUninstalledPayloadSchema,
  customersDataRequestPayloadSchema,
  customersRedactPayloadSchema,
  shopRedactPayloadSchema,
} from './webhooks';
