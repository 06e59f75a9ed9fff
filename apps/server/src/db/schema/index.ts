export * from './sandbox';
export * from './shops';
