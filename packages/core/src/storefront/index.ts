export * from './contract';
export * from './product-page';
