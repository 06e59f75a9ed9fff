import { open } from 'node:fs/promises';
import { runTool } from '../run';

/** Top-level MP4 box types in file order, read from the box headers only. */
export async function mp4TopLevelBoxes(path: string): Promise<string[]> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const header = Buffer.alloc(16);
    const types: string[] = [];
    let offset = 0;
    while (offset + 8 <= size) {
      await file.read(header, 0, 16, offset);
      const small = header.readUInt32BE(0);
      const length = small === 1 ? Number(header.readBigUInt64BE(8)) : small || size - offset;
      types.push(header.toString('latin1', 4, 8));
      if (length < 8) break;
      offset += length;
    }
    return types;
  } finally {
    await file.close();
  }
}

/** First bytes of a file, to check its magic number. */
export async function magic(path: string, bytes: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    await file.read(buffer, 0, bytes, 0);
    return buffer;
  } finally {
    await file.close();
  }
}

/** Decoded frame count and size of the first video stream (decodes the whole file). */
export async function countFrames(
  path: string,
): Promise<{ frames: number; width: number; height: number }> {
  const { stdout } = await runTool(
    'ffprobe',
    [
      ...['-v', 'error', '-count_frames', '-select_streams', 'v:0'],
      ...['-show_entries', 'stream=nb_read_frames,width,height', '-of', 'json', path],
    ],
    { captureStdout: true },
  );
  const stream = (JSON.parse(stdout) as { streams: Record<string, string | number>[] }).streams[0];
  return {
    frames: Number(stream?.nb_read_frames),
    width: Number(stream?.width),
    height: Number(stream?.height),
  };
}

/** The first video stream's H.264 profile and the times of its key frames. */
export async function videoProfileAndKeyFrames(
  path: string,
): Promise<{ profile: string; keyFrameSeconds: number[] }> {
  const { stdout } = await runTool(
    'ffprobe',
    [
      ...['-v', 'error', '-select_streams', 'v:0', '-skip_frame', 'nokey'],
      ...['-show_entries', 'stream=profile:frame=best_effort_timestamp_time', '-of', 'json', path],
    ],
    { captureStdout: true },
  );
  const parsed = JSON.parse(stdout) as {
    streams: { profile?: string }[];
    frames: { best_effort_timestamp_time?: string }[];
  };
  return {
    profile: parsed.streams[0]?.profile ?? '',
    keyFrameSeconds: parsed.frames.map((frame) => Number(frame.best_effort_timestamp_time)),
  };
}

/** The size of the first video packet (the first key frame), in bytes. */
export async function firstVideoPacketBytes(path: string): Promise<number> {
  const { stdout } = await runTool(
    'ffprobe',
    [
      ...['-v', 'error', '-select_streams', 'v:0', '-read_intervals', '%+#1'],
      ...['-show_entries', 'packet=size', '-of', 'json', path],
    ],
    { captureStdout: true },
  );
  const [first] = (JSON.parse(stdout) as { packets: { size: string }[] }).packets;
  if (!first) throw new Error(`${path} has no video packet`);
  return Number(first.size);
}
