export * from './analytics';
export * from './billing';
export * from './mobile';
export * from './sandbox';
export * from './shopify';
export * from './shops';
