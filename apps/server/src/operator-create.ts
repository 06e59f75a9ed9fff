import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { CONSOLE_MESSAGES } from '@popstage/core/operator-console';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createFirstAdmin, hasAdmin } from './features/operator-console';
import { systemClock } from './platform/clock';
import { runScript } from './run-script';

/**
 * `npm run operator:create -- --email you@popstage.app`: creates the operator console's first
 * admin, once (later staff are added from the console's Staff page). The password comes from
 * OPERATOR_PASSWORD or is asked for. With the embedded PGlite, run it while the server is
 * stopped (one process owns the data directory); with PostgreSQL, at any time.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { email: { type: 'string' } } });
  if (!values.email) {
    console.error('Usage: npm run operator:create -- --email you@popstage.app');
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    // Checked before asking for a password; createFirstAdmin checks again.
    if (await hasAdmin({ database })) {
      console.error(CONSOLE_MESSAGES.adminExists);
      return 1;
    }
    const password = process.env.OPERATOR_PASSWORD ?? (await ask('Password (12+ characters): '));
    const admin = await createFirstAdmin(
      { database, clock: systemClock },
      { email: values.email, password },
    );
    console.log(`Created admin ${admin.email}. Sign in at ${config.APP_URL}/operator`);
    return 0;
  } catch (error) {
    const issue = (error as { issues?: { message: string }[] }).issues?.[0]?.message;
    console.error(issue ?? (error as Error).message);
    return 1;
  } finally {
    await database.close();
  }
}

async function ask(question: string): Promise<string> {
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await terminal.question(question);
  } finally {
    terminal.close();
  }
}

await runScript(main);
