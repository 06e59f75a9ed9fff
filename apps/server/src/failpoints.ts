/**
 * Failpoints: named places right after an external side effect (a provider send, an object
 * write, a webhook delivery, an order credit, a charge creation) and before an acknowledgement,
 * where a crash test makes the process die (SIGKILL of itself: what kill -9 does) or throw.
 *
 * Off unless POPSTAGE_FAILPOINTS names points, which only tests set (docs/decisions.md, issue 28):
 * the list is read once at start, so in production `failpoint()` is a lookup in an empty map.
 *   POPSTAGE_FAILPOINTS="push.after-send=crash@40,webhook.after-deliver=throw"
 * `crash` or `throw`, at the first hit or at the `@n`th hit of the point in this process.
 */
type Action = 'crash' | 'throw';

interface Armed {
  action: Action;
  at: number;
  hits: number;
}

/** Reads a POPSTAGE_FAILPOINTS value; a malformed entry is an error (a test's typo must show). */
export function parseFailpoints(value: string | undefined): Map<string, Armed> {
  const armed = new Map<string, Armed>();
  for (const entry of (value ?? '').split(',').map((part) => part.trim())) {
    if (!entry) continue;
    const match = /^([a-z0-9.-]+)=(crash|throw)(?:@(\d+))?$/.exec(entry);
    if (!match) throw new Error(`POPSTAGE_FAILPOINTS: cannot read "${entry}"`);
    armed.set(match[1] as string, {
      action: match[2] as Action,
      at: Number(match[3] ?? 1),
      hits: 0,
    });
  }
  return armed;
}

const armed = parseFailpoints(process.env.POPSTAGE_FAILPOINTS);

export class FailpointError extends Error {
  constructor(readonly point: string) {
    super(`failpoint ${point}`);
  }
}

/** Crashes or throws here when a test armed `name`; nothing otherwise. */
export function failpoint(name: string): void {
  if (armed.size === 0) return;
  const point = armed.get(name);
  if (!point) return;
  point.hits += 1;
  if (point.hits !== point.at) return;
  if (point.action === 'throw') throw new FailpointError(name);
  // Synchronous and uncatchable, like kill -9 from outside: nothing after this line runs.
  process.kill(process.pid, 'SIGKILL');
}
