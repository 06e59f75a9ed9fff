export * from './contract';
export * from './product-page';
export * from './product-webhook';
