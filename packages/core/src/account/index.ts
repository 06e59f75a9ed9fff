export * from './api';
export * from './constants';
export * from './messages';
export * from './seller';
export * from './validation';
