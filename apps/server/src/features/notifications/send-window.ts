import type { DevicePlatform } from '@popstage/core/notifications';
import { failpoint } from '../../failpoints';
import type { DeviceOutcome, PushDevice } from '../../platform/push/port';
import type { Answered } from './delivery-ledger';

/**
 * Devices marked `sending` per statement, at least: a group is as large as the lanes of the
 * platforms seen so far, so one statement feeds a round of every lane, and at most twice a group
 * is marked but not yet taken. Marked devices never handed over are sent by a later run after a
 * crash, once: they are no duplicates.
 */
const MARK_GROUP = 100;

export interface WindowPorts {
  /** Lanes (requests in flight) for a platform's devices. */
  lanes(platform: DevicePlatform): number;
  send(device: PushDevice): Promise<DeviceOutcome>;
  mark(devices: PushDevice[]): Promise<void>;
  /** False when the run lost its lease: the window stops handing devices out. */
  record(answers: Answered[]): Promise<boolean>;
  /**
   * Every device of the batches up to the one ending at `lastId` is answered and recorded (the
   * run's cursor moves past it); false when the run lost its lease.
   */
  settled(lastId: number): Promise<boolean>;
}

/** A batch taken from the source: its last device, and how many of it are not yet recorded. */
interface OpenBatch {
  last: number;
  unrecorded: number;
}

/**
 * Sends batches of devices (in id order) through one sliding window: devices are marked
 * `sending` a group at a time just before lanes take them, and answers are recorded as they
 * come, one transaction at a time (what arrives during one is recorded by the next). The lanes
 * never wait for a batch to finish before the next one starts (the source reads ahead), and a
 * batch is settled, in order, once all of it is recorded. So after a crash the devices still
 * `sending` that the provider has are those in flight plus the answers of the one recording
 * transaction under way, which lanes keep below the number of lanes by waiting for it: at most
 * twice the lanes, the bound of duplicates a resend can make (the rest of the marked ones were
 * never handed over). Answers false when the run lost its lease.
 */
export async function sendThroughWindow(
  batches: AsyncIterable<PushDevice[]>,
  ports: WindowPorts,
): Promise<boolean> {
  const queues = new Map<DevicePlatform, PushDevice[]>();
  const lanesRunning: Promise<void>[] = [];
  // Lanes wait while this many answers are unrecorded, so a slow recording transaction cannot let
  // answered-but-unrecorded sends pile up beyond the lanes (the duplicates a crash can cause).
  let lanesInAll = 0;
  const open: OpenBatch[] = [];
  let queued = 0;
  let markedAll = false;
  let stop = false;
  let lost = false;
  let failure: unknown = null;
  // The marker waits for room in the queues, the lanes for devices or for recorded answers:
  // apart, so that a lane taking a device wakes the marker alone, not every idle lane.
  const forMarker = signal();
  const forLanes = signal();
  const wake = () => {
    forMarker.wake();
    forLanes.wake();
  };

  const answers: Answered[] = [];
  /** Answers taken by the recording transaction under way. */
  let beingRecorded = 0;
  let recording: Promise<void> | null = null;

  /** Counts recorded answers against their batches; the last batch all recorded, if any. */
  const settle = (recorded: Answered[]): number | null => {
    for (const answer of recorded) {
      const batch = open.find((candidate) => answer.deviceId <= candidate.last);
      if (batch) batch.unrecorded -= 1;
    }
    let last: number | null = null;
    while (open[0] && open[0].unrecorded === 0) last = (open.shift() as OpenBatch).last;
    return last;
  };

  const flush = () => {
    if (recording || answers.length === 0) return recording ?? Promise.resolve();
    const run = async () => {
      // After this tick, so that `recording` is set before the finally below clears it.
      await null;
      try {
        while (answers.length > 0 && !lost) {
          const taken = answers.splice(0, answers.length);
          beingRecorded = taken.length;
          failpoint('push.before-record');
          const recorded = await ports.record(taken);
          const last = recorded ? settle(taken) : null;
          if (!recorded || (last !== null && !(await ports.settled(last)))) {
            lost = true;
            stop = true;
          }
          beingRecorded = 0;
          forLanes.wake();
        }
      } catch (error) {
        failure ??= error;
        stop = true;
      } finally {
        recording = null;
        wake();
      }
    };
    recording = run();
    return recording;
  };

  const lane = async (queue: PushDevice[]) => {
    for (;;) {
      if (stop) return;
      if (answers.length + beingRecorded >= lanesInAll) {
        await forLanes.wait();
        continue;
      }
      const device = queue.shift();
      if (!device) {
        if (markedAll) return;
        await forLanes.wait();
        continue;
      }
      queued -= 1;
      if (queued < Math.max(MARK_GROUP, lanesInAll)) forMarker.wake();
      try {
        const outcome = await ports.send(device);
        // The provider has it (or refused it): a crash here resends it, at most once more.
        failpoint('push.after-send');
        answers.push({
          deviceId: device.id,
          platform: device.platform,
          delivered: outcome.delivered,
          reason: outcome.delivered ? null : outcome.reason,
          unregistered: !outcome.delivered && outcome.unregistered,
        });
        void flush();
      } catch (error) {
        failure ??= error;
        stop = true;
        wake();
        return;
      }
    }
  };

  /** A platform's queue, its lanes started the first time one of its devices comes. */
  const queueOf = (platform: DevicePlatform) => {
    let queue = queues.get(platform);
    if (!queue) {
      const started: PushDevice[] = [];
      queues.set(platform, started);
      const lanes = Math.max(1, ports.lanes(platform));
      lanesInAll += lanes;
      for (let n = 0; n < lanes; n++) lanesRunning.push(lane(started));
      queue = started;
    }
    return queue;
  };

  const marker = async () => {
    try {
      for await (const batch of batches) {
        const last = batch.at(-1);
        if (stop || !last) break;
        open.push({ last: last.id, unrecorded: batch.length });
        for (let at = 0; at < batch.length && !stop; ) {
          const size = Math.max(MARK_GROUP, lanesInAll);
          if (queued >= size) {
            await forMarker.wait();
            continue;
          }
          const group = batch.slice(at, at + size);
          at += group.length;
          await ports.mark(group);
          failpoint('push.after-mark');
          for (const device of group) queueOf(device.platform).push(device);
          queued += group.length;
          forLanes.wake();
        }
        if (stop) break;
      }
    } catch (error) {
      failure ??= error;
      stop = true;
    } finally {
      markedAll = true;
      wake();
    }
  };

  try {
    await marker();
    // Every lane has started by now: the marker starts a platform's lanes with its first device.
    await Promise.all(lanesRunning);
  } finally {
    // Whatever the provider answered is recorded, also when a send threw: only what was in
    // flight is sent again.
    while (recording) await recording;
    if (!lost && answers.length > 0) await flush();
  }
  if (failure) throw failure;
  return !lost;
}

/** Waiters woken together. */
function signal() {
  let waiters: (() => void)[] = [];
  return {
    wait: () => new Promise<void>((resolve) => waiters.push(resolve)),
    wake() {
      const woken = waiters;
      waiters = [];
      for (const resolve of woken) resolve();
    },
  };
}
