/** A toast the app asked for (App Bridge's shopify.toast.show). */
export interface QueuedToast {
  id: string;
  message: string;
  duration: number;
  isError: boolean;
}

interface Timers {
  set(run: () => void, ms: number): number;
  clear(handle: number): void;
}

/**
 * One toast on screen at a time, the others waiting their turn in order (several at once were
 * drawn on top of one another and could not be read). A toast identical to the one showing or
 * one waiting is dropped; hiding a waiting toast takes it out of the line.
 */
export function createToastQueue(
  render: { show(toast: QueuedToast): void; hide(id: string): void },
  timers: Timers = {
    set: (run, ms) => window.setTimeout(run, ms),
    clear: (handle) => window.clearTimeout(handle),
  },
) {
  const waiting: QueuedToast[] = [];
  let current: { toast: QueuedToast; timer: number } | null = null;
  const same = (a: QueuedToast, b: QueuedToast) =>
    a.message === b.message && a.isError === b.isError;

  const next = () => {
    const toast = waiting.shift();
    if (!toast) return;
    render.show(toast);
    current = { toast, timer: timers.set(() => hide(toast.id), toast.duration) };
  };

  function show(toast: QueuedToast): void {
    if ((current && same(current.toast, toast)) || waiting.some((w) => same(w, toast))) return;
    waiting.push(toast);
    if (!current) next();
  }

  function hide(id: string): void {
    if (current?.toast.id === id) {
      timers.clear(current.timer);
      render.hide(id);
      current = null;
      next();
      return;
    }
    const index = waiting.findIndex((toast) => toast.id === id);
    if (index >= 0) waiting.splice(index, 1);
  }

  return { show, hide };
}
