/**
 * The V8 flags the server runs with in production (`npm run start:prod -w @popstage/server`, the
 * Dockerfile): benches that measure the server's memory start it with them.
 */
export const PRODUCTION_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=1024'];
