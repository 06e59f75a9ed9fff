export * from './attribute-order';
export * from './cart-keys';
export * from './kinds';
export * from './minor-units';
export * from './order-input';
export * from './shopify-order';
export * from './windows';
