/**
 * Group commit (docs/decisions.md "Issue 29 point 2: group commit of storefront batches"): work
 * items waiting while the writers are busy are written together by one call of `write`, and each
 * caller's promise settles only when that call does, so an answer is given only for what was
 * committed, and a failed write fails every item it held. No timer: an item arriving at an idle
 * writer is written at once (after the current turn of the event loop, so the requests read in one
 * turn go together); under load, groups grow by themselves to what arrived during the last write.
 *
 * Items naming the same key are never in one group nor in two groups at once, and keep their
 * arrival order: the second of a visitor's batches is written after the first committed, as if
 * alone.
 */
export interface GroupCommitOptions<I, O> {
  /** Writes the items in one transaction; answers one result per item, in order. */
  write: (items: I[]) => Promise<O[]>;
  /** Keys that may not share a group (or run beside one another). */
  keysOf: (item: I) => readonly string[];
  /** Groups written at once. */
  writers: number;
  /** Most items in one group. */
  maxItems: number;
}

interface Waiting<I, O> {
  item: I;
  keys: readonly string[];
  resolve: (result: O) => void;
  reject: (error: unknown) => void;
}

export function groupCommit<I, O>(options: GroupCommitOptions<I, O>): (item: I) => Promise<O> {
  const waiting: Waiting<I, O>[] = [];
  /** Keys of the groups being written. */
  const writing = new Set<string>();
  let running = 0;
  let scheduled = false;

  const nextGroup = (): Waiting<I, O>[] => {
    const group: Waiting<I, O>[] = [];
    const taken = new Set(writing);
    const rest: Waiting<I, O>[] = [];
    for (const entry of waiting) {
      const free = group.length < options.maxItems && entry.keys.every((key) => !taken.has(key));
      // A skipped item's keys stay taken, so a later item of the same key keeps its place behind.
      for (const key of entry.keys) taken.add(key);
      if (free) group.push(entry);
      else rest.push(entry);
    }
    waiting.splice(0, waiting.length, ...rest);
    return group;
  };

  const start = () => {
    scheduled = false;
    while (running < options.writers && waiting.length > 0) {
      const group = nextGroup();
      if (group.length === 0) return;
      running += 1;
      for (const entry of group) for (const key of entry.keys) writing.add(key);
      void run(group);
    }
  };

  const run = async (group: Waiting<I, O>[]) => {
    try {
      const results = await options.write(group.map((entry) => entry.item));
      for (const [index, entry] of group.entries()) entry.resolve(results[index] as O);
    } catch (error) {
      for (const entry of group) entry.reject(error);
    } finally {
      for (const entry of group) for (const key of entry.keys) writing.delete(key);
      running -= 1;
      start();
    }
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, keys: options.keysOf(item), resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(start);
      }
    });
}
