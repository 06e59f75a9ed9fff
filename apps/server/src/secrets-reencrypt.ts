import { countStaleSecrets, reencryptSecrets } from './auth/reencrypt-secrets';
import { createTokenCipher } from './auth/token-cipher';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { runScript } from './run-script';

/**
 * `npm run secrets:reencrypt`: rewrites every secret the app stores encrypted under the current
 * TOKEN_ENCRYPTION_KEY (TOKEN_ENCRYPTION_PREVIOUS_KEYS still decrypt the old ones), then counts
 * what is left under other keys. Exit 0 with "0 left" means the previous keys can be removed
 * (docs/operations.md "Token encryption and rotation"). With the embedded PGlite, run it while the
 * server is stopped (one process owns the data directory); with PostgreSQL, at any time.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const cipher = createTokenCipher(
    config.TOKEN_ENCRYPTION_KEY,
    config.TOKEN_ENCRYPTION_PREVIOUS_KEYS ?? [],
  );
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    for (const report of await reencryptSecrets(database.db, cipher)) {
      const { column, rewritten, changedMeanwhile, unreadable } = report;
      console.log(
        `${column}: ${rewritten} rewritten, ${changedMeanwhile} changed meanwhile, ${unreadable} under an unknown key`,
      );
    }
    const left = await countStaleSecrets(database.db, cipher);
    if (left > 0) {
      console.error(
        `${left} secrets are still not under the current key: keep the previous keys and run this again (a value under an unknown key needs the key it was written with).`,
      );
      return 1;
    }
    console.log('0 left under other keys: the previous keys can be removed.');
    return 0;
  } finally {
    await database.close();
  }
}

await runScript(main);
