import { ConfigError } from './config';

/**
 * Runs a command-line script (npm run operator:create, secrets:reencrypt): its answer is the exit
 * code; a bad configuration prints what is wrong and exits 1, anything else throws as it is.
 */
export async function runScript(main: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await main();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
