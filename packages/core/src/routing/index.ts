export * from './guards';
export * from './navigation';
export * from './paths';
