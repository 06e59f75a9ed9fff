import pg from 'pg';

/**
 * A fresh PostgreSQL database for one bench run (popstage_bench_<pid>), dropped afterwards.
 * BENCH_DATABASE_URL names the server (default: the local one, trust auth).
 */

export const PG_SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432';

function databaseUrl(name: string): string {
  const url = new URL(PG_SERVER_URL);
  url.pathname = `/${name}`;
  return url.href;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl('postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates the bench database; null (with the reason printed) when PostgreSQL is not reachable. */
export async function createBenchDatabase(): Promise<{ name: string; url: string } | null> {
  const name = `popstage_bench_${process.pid}`;
  try {
    await admin(async (client) => {
      await client.query(`drop database if exists ${name}`);
      await client.query(`create database ${name}`);
    });
  } catch (error) {
    console.log(`PostgreSQL at ${PG_SERVER_URL} not usable: ${(error as Error).message}`);
    return null;
  }
  return { name, url: databaseUrl(name) };
}

export async function dropBenchDatabase(name: string): Promise<void> {
  await admin((client) => client.query(`drop database if exists ${name} with (force)`));
}

/** The PostgreSQL server's version and the settings that weigh on commit-heavy ingest. */
export async function describePostgres(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string }>(
      `select name, setting from pg_settings
       where name in ('server_version', 'synchronous_commit', 'fsync', 'shared_buffers', 'max_connections')
       order by name`,
    );
    return rows.map((row) => `${row.name}=${row.setting}`).join(', ');
  } finally {
    await client.end();
  }
}
