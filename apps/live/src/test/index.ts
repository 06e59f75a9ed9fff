/**
 * Test doubles of the live service's media for other workspaces' tests (the app's): storage in
 * memory and packaging that stores tiny playlists and, on request, a real test-pattern replay.
 */
export { fakeMedia } from './fake-media';
export { closeSocket, connectIngest } from './ingest-client';
export { memoryStorage } from './memory-storage';
