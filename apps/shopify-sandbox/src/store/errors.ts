/**
 * What the local Shopify's store refuses, by kind (the app maps these to its own platform errors
 * while it still calls the store directly; over HTTP they become Shopify's error answers).
 */
export type StoreErrorKind = 'invalid' | 'not_found' | 'conflict' | 'refused';

export class StoreError extends Error {
  constructor(
    readonly kind: StoreErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}
