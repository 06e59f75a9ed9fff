/** The compliance area's public face: what other admin areas may show. */
export { CustomerDataRequestsCard } from './CustomerDataRequestsCard';
