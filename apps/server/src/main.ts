import { ConfigError, loadConfig } from './config';
import { type RunningServer, startServer } from './server';

let server: RunningServer | undefined;
let pendingSignal: string | undefined;

function shutdown(signal: string): void {
  // A signal during start-up is honoured as soon as the server is up.
  if (!server) {
    pendingSignal = signal;
    return;
  }
  const running = server;
  running.app.log.info({ signal }, 'shutting down');
  running.stop().then(
    () => process.exit(0),
    (error) => {
      running.app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    },
  );
}

process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));

try {
  server = await startServer(loadConfig());
  if (pendingSignal) shutdown(pendingSignal);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
