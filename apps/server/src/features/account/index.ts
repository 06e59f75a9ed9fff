/** The account area's public face: what other areas may use. */
export { findSellerAccount } from './seller-store';
export { findStoreAccount } from './store-account-store';
