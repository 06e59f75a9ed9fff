export * from './account/index';
export * from './analytics/events';
export * from './billing/index';
export * from './format/index';
export * from './onboarding/progress';
export * from './routing/index';
export * from './shop/shop-info';
export * from './shop/types';
