import type { DevicePlatform } from '@popstage/core/notifications';
import { failpoint } from '../../failpoints';
import type { DeviceOutcome, PushDevice } from '../../platform/push/port';
import type { Answered } from './delivery-ledger';

/** Devices marked `sending` per statement, and at most twice that marked but not yet taken. */
export const MARK_GROUP = 100;

export interface WindowPorts {
  /** Lanes (requests in flight) for a platform's devices. */
  lanes(platform: DevicePlatform): number;
  send(device: PushDevice): Promise<DeviceOutcome>;
  mark(devices: PushDevice[]): Promise<void>;
  /** False when the run lost its lease: the window stops handing devices out. */
  record(answers: Answered[]): Promise<boolean>;
}

/**
 * Sends a batch through a sliding window: devices are marked `sending` a group at a time just
 * before lanes take them, and answers are recorded as they come, one transaction at a time
 * (what arrives during one is recorded by the next). So after a crash the devices still
 * `sending` that the provider has are those in flight plus the answers of the one recording
 * transaction under way, which lanes keep below the number of lanes by waiting for it: at most
 * twice the lanes, the bound of duplicates a resend can make (the rest of the marked ones were
 * never handed over). Answers false when the run lost its lease.
 */
export async function sendThroughWindow(devices: PushDevice[], ports: WindowPorts) {
  const queues = new Map<DevicePlatform, PushDevice[]>();
  for (const device of devices) if (!queues.has(device.platform)) queues.set(device.platform, []);
  let queued = 0;
  let markedAll = false;
  let stop = false;
  let lost = false;
  let failure: unknown = null;
  let waiters: (() => void)[] = [];
  const wake = () => {
    const woken = waiters;
    waiters = [];
    for (const resolve of woken) resolve();
  };
  const sleep = () => new Promise<void>((resolve) => waiters.push(resolve));

  const answers: Answered[] = [];
  /** Answers taken by the recording transaction under way. */
  let beingRecorded = 0;
  let recording: Promise<void> | null = null;
  // Lanes wait while this many answers are unrecorded, so a slow recording transaction cannot let
  // answered-but-unrecorded sends pile up beyond the lanes (the duplicates a crash can cause).
  const lanesInAll = [...queues.keys()].reduce(
    (sum, platform) => sum + Math.max(1, ports.lanes(platform)),
    0,
  );
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
          if (!(await ports.record(taken))) {
            lost = true;
            stop = true;
          }
          beingRecorded = 0;
          wake();
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

  const marker = async () => {
    try {
      for (let at = 0; at < devices.length && !stop; ) {
        if (queued >= MARK_GROUP) {
          await sleep();
          continue;
        }
        const group = devices.slice(at, at + MARK_GROUP);
        at += group.length;
        await ports.mark(group);
        failpoint('push.after-mark');
        for (const device of group) queues.get(device.platform)?.push(device);
        queued += group.length;
        wake();
      }
    } catch (error) {
      failure ??= error;
      stop = true;
    } finally {
      markedAll = true;
      wake();
    }
  };

  const lane = async (platform: DevicePlatform) => {
    const queue = queues.get(platform) ?? [];
    for (;;) {
      if (stop) return;
      if (answers.length + beingRecorded >= lanesInAll) {
        await sleep();
        continue;
      }
      const device = queue.shift();
      if (!device) {
        if (markedAll) return;
        await sleep();
        continue;
      }
      queued -= 1;
      if (queued < MARK_GROUP) wake();
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

  try {
    await Promise.all([
      marker(),
      ...[...queues.keys()].flatMap((platform) =>
        Array.from({ length: Math.max(1, ports.lanes(platform)) }, () => lane(platform)),
      ),
    ]);
  } finally {
    // Whatever the provider answered is recorded, also when a send threw: only what was in
    // flight is sent again.
    while (recording) await recording;
    if (!lost && answers.length > 0) await flush();
  }
  if (failure) throw failure;
  return !lost;
}
