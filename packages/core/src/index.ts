export * from './onboarding/progress';
export * from './shop/shop-info';
export * from './shop/types';
