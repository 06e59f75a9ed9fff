/** The live service's public face (issue 32): what the app mounts. */
export type { LiveMedia, LiveStorage } from './media/port';
