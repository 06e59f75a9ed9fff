import { type Clock, fromPglite, PgBoss } from 'pg-boss';
import type { Database } from '../db/client';

export type Queue = PgBoss;

const stoppedQueues = new WeakSet<Queue>();

/** Throws unless the queue is running and its schema answers. */
export async function checkQueue(queue: Queue): Promise<void> {
  if (stoppedQueues.has(queue)) throw new Error('queue is stopped');
  if (!(await queue.isInstalled())) throw new Error('queue schema is not installed');
}

/** pg-boss on the app's own database: its own pool on PostgreSQL, the shared PGlite otherwise. */
export function createQueue(
  database: Database,
  options: {
    schema?: string;
    supervise?: boolean;
    /** pg-boss's source of time and timers (tests); the system clock otherwise. */
    clock?: Clock;
  } = {},
): Queue {
  const schema = options.schema ?? 'pgboss';
  // Maintenance and cron belong to processes that run workers; web processes only send jobs.
  const roleOptions = {
    supervise: options.supervise ?? true,
    schedule: options.supervise ?? true,
    // Workers wake on NOTIFY the moment a job is sent (a clip should play within a second of
    // upload-complete); polling stays on as the fallback (WORK_OPTIONS in workers.ts).
    useListenNotify: true,
    // Jobs of a killed worker (heartbeat stopped) are failed and retried on this pass: every
    // 10 s instead of pg-boss's 60, so a lost clip is processed again within about a minute.
    superviseIntervalSeconds: 10,
    ...(options.clock ? { clock: options.clock } : {}),
  };
  const boss =
    database.kind === 'postgres'
      ? new PgBoss({ connectionString: database.url, schema, max: 4, ...roleOptions })
      : new PgBoss({ db: fromPglite(database.client), backend: 'pglite', schema, ...roleOptions });
  boss.on('error', (error) => console.error('[jobs]', error));
  boss.on('stopped', () => stoppedQueues.add(boss));
  return boss;
}
