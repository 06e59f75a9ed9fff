import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit';

/** A write that holds each group until the test releases it, recording what it was given. */
function heldWrites() {
  const groups: string[][] = [];
  const releases: ((fail?: Error) => void)[] = [];
  let running = 0;
  let mostRunning = 0;
  const write = (items: string[]) =>
    new Promise<string[]>((resolve, reject) => {
      groups.push(items);
      running += 1;
      mostRunning = Math.max(mostRunning, running);
      releases.push((fail) => {
        running -= 1;
        if (fail) reject(fail);
        else resolve(items.map((item) => `stored ${item}`));
      });
    });
  return { groups, releases, write, mostRunning: () => mostRunning };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
/** Item "<key>+<key>:<n>" locks its keys; "-:<n>" locks nothing. */
const keysOf = (item: string) => {
  const keys = item.split(':')[0] as string;
  return keys === '-' ? [] : keys.split('+');
};

describe('group commit', () => {
  it('writes what arrives together in one group, answering each its own result', async () => {
    const held = heldWrites();
    const store = groupCommit({ write: held.write, keysOf, writers: 1, maxItems: 10 });
    const answers = ['a:1', 'b:1', '-:1', 'c:1'].map(store);
    await tick();
    expect(held.groups).toEqual([['a:1', 'b:1', '-:1', 'c:1']]);
    held.releases[0]?.();
    expect(await Promise.all(answers)).toEqual([
      'stored a:1',
      'stored b:1',
      'stored -:1',
      'stored c:1',
    ]);
  });

  it('answers nothing before its group is written', async () => {
    const held = heldWrites();
    const store = groupCommit({ write: held.write, keysOf, writers: 1, maxItems: 10 });
    let answered = false;
    void store('a:1').then(() => {
      answered = true;
    });
    await tick();
    await tick();
    expect(answered).toBe(false);
    held.releases[0]?.();
    await tick();
    expect(answered).toBe(true);
  });

  it('groups what arrived while a write ran, loses and repeats nothing', async () => {
    const held = heldWrites();
    const store = groupCommit({ write: held.write, keysOf, writers: 1, maxItems: 100 });
    const first = store('a:1');
    await tick();
    const later = Array.from({ length: 30 }, (_, i) => store(`v${i}:1`));
    await tick();
    expect(held.groups).toHaveLength(1);
    held.releases[0]?.();
    await first;
    await tick();
    expect(held.groups[1]).toHaveLength(30);
    held.releases[1]?.();
    const answers = await Promise.all(later);
    expect(answers).toEqual(Array.from({ length: 30 }, (_, i) => `stored v${i}:1`));
    expect(held.groups.flat().sort()).toEqual(['a:1', ...later.map((_, i) => `v${i}:1`)].sort());
  });

  it('keeps items of one key in separate groups, in their order, never written at once', async () => {
    const held = heldWrites();
    const store = groupCommit({ write: held.write, keysOf, writers: 4, maxItems: 10 });
    const answers = ['a:1', 'b:1', 'a:2', 'c:1', 'a:3', 'b:2'].map(store);
    await tick();
    // The first group takes one item of each key; the others wait for their key, though three
    // writers are free.
    expect(held.groups).toEqual([['a:1', 'b:1', 'c:1']]);
    held.releases[0]?.();
    await tick();
    await tick();
    expect(held.groups[1]).toEqual(['a:2', 'b:2']);
    held.releases[1]?.();
    await tick();
    await tick();
    expect(held.groups[2]).toEqual(['a:3']);
    held.releases[2]?.();
    expect(await Promise.all(answers)).toHaveLength(6);
  });

  it('lets other keys overtake a waiting item, but never an item sharing one of its keys', async () => {
    const held = heldWrites();
    const store = groupCommit({ write: held.write, keysOf, writers: 2, maxItems: 10 });
    const order: string[] = [];
    const record = (item: string) => store(item).then(() => order.push(item));
    const pending = [record('a:1')];
    await tick();
    // a+d:1 waits for a:1; d:2 must wait behind it (it shares d), b:1 need not.
    pending.push(record('a+d:1'), record('d:2'), record('b:1'));
    await tick();
    expect(held.groups).toEqual([['a:1'], ['b:1']]);
    held.releases[1]?.();
    held.releases[0]?.();
    await tick();
    await tick();
    expect(held.groups[2]).toEqual(['a+d:1']);
    held.releases[2]?.();
    await tick();
    await tick();
    expect(held.groups[3]).toEqual(['d:2']);
    held.releases[3]?.();
    await Promise.all(pending);
    expect(order).toEqual(['b:1', 'a:1', 'a+d:1', 'd:2']);
  });

  it('fails every item of a failed group, and only those', async () => {
    const held = heldWrites();
    const store = groupCommit({ write: held.write, keysOf, writers: 2, maxItems: 3 });
    const answers = ['a:1', 'b:1', 'c:1', 'd:1', 'e:1'].map((item) =>
      store(item).then(
        (result) => result,
        (error: Error) => `failed: ${error.message}`,
      ),
    );
    await tick();
    expect(held.groups).toEqual([
      ['a:1', 'b:1', 'c:1'],
      ['d:1', 'e:1'],
    ]);
    held.releases[0]?.(new Error('connection lost'));
    held.releases[1]?.();
    expect(await Promise.all(answers)).toEqual([
      'failed: connection lost',
      'failed: connection lost',
      'failed: connection lost',
      'stored d:1',
      'stored e:1',
    ]);
    // The keys of the failed group are free again.
    const again = store('a:9');
    await tick();
    held.releases[2]?.();
    expect(await again).toBe('stored a:9');
  });

  it('runs at most `writers` groups at once, each of at most `maxItems`', async () => {
    const held = heldWrites();
    const store = groupCommit({ write: held.write, keysOf, writers: 2, maxItems: 4 });
    const answers = Array.from({ length: 20 }, (_, i) => store(`k${i}:1`));
    await tick();
    expect(held.groups.map((group) => group.length)).toEqual([4, 4]);
    for (let i = 0; i < 5; i++) {
      held.releases[i]?.();
      await tick();
      await tick();
    }
    await Promise.all(answers);
    expect(held.mostRunning()).toBe(2);
    expect(held.groups.map((group) => group.length)).toEqual([4, 4, 4, 4, 4]);
  });
});
