import { describe, expect, it } from 'vitest';
import { createToastQueue, type QueuedToast } from './toast-queue';

/** Timers run by hand: `elapse(ms)` fires what is due. */
function manualTimers() {
  let now = 0;
  let nextHandle = 1;
  const due = new Map<number, { at: number; run: () => void }>();
  return {
    set: (run: () => void, ms: number) => {
      due.set(nextHandle, { at: now + ms, run });
      return nextHandle++;
    },
    clear: (handle: number) => void due.delete(handle),
    elapse(ms: number) {
      now += ms;
      for (const [handle, timer] of [...due]) {
        if (timer.at <= now) {
          due.delete(handle);
          timer.run();
        }
      }
    },
  };
}

const toast = (id: string, message: string, isError = false): QueuedToast => ({
  id,
  message,
  duration: 5000,
  isError,
});

function setup() {
  const shown: string[] = [];
  const timers = manualTimers();
  const queue = createToastQueue(
    {
      show: (t) => shown.push(t.message),
      hide: (id) => {
        const index = shown.indexOf(id === 'a' ? 'Saved' : id === 'b' ? 'Failed' : 'Third');
        if (index >= 0) shown.splice(index, 1);
      },
    },
    timers,
  );
  return { shown, timers, queue };
}

describe('the local admin toast queue', () => {
  it('shows one toast at a time, the next when the first times out or is dismissed', () => {
    const { shown, timers, queue } = setup();
    queue.show(toast('a', 'Saved'));
    queue.show(toast('b', 'Failed', true));
    queue.show(toast('c', 'Third'));
    expect(shown).toEqual(['Saved']);
    timers.elapse(5000);
    expect(shown).toEqual(['Failed']);
    queue.hide('b');
    expect(shown).toEqual(['Third']);
    timers.elapse(5000);
    expect(shown).toEqual([]);
  });

  it('drops a toast identical to one showing or waiting, and forgets a hidden waiting one', () => {
    const { shown, timers, queue } = setup();
    queue.show(toast('a', 'Saved'));
    queue.show(toast('a2', 'Saved'));
    queue.show(toast('b', 'Failed', true));
    queue.show(toast('b2', 'Failed', true));
    queue.show(toast('c', 'Third'));
    queue.hide('c');
    timers.elapse(5000);
    expect(shown).toEqual(['Failed']);
    timers.elapse(5000);
    expect(shown).toEqual([]);
  });
});
