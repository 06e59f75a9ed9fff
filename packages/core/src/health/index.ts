export type { Health } from './contract';
export { healthContract } from './contract';
