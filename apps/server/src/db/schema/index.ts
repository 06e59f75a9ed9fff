export * from './shops';
