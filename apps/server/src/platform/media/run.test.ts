import { describe, expect, it } from 'vitest';
import { MediaTimeoutError, MediaToolError } from './errors';
import { progressSeconds, runFfmpeg } from './run';

// A test pattern without end, encoded to nowhere: runs until killed.
const endless = [
  '-nostdin',
  '-v',
  'error',
  '-stats',
  '-re',
  '-f',
  'lavfi',
  '-i',
  'testsrc2=s=64x64',
];
const toNowhere = ['-f', 'null', '-'];

describe('runFfmpeg', () => {
  it('reports progress from time= up to 100', async () => {
    const percents: number[] = [];
    await runFfmpeg(
      [
        '-nostdin',
        '-v',
        'error',
        '-stats',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=s=64x64:d=2',
        ...toNowhere,
      ],
      { durationSeconds: 2, onProgress: (p) => percents.push(p) },
    );
    expect(percents.at(-1)).toBe(100);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
  });

  it('kills ffmpeg when the signal aborts', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 300);
    await expect(
      runFfmpeg([...endless, ...toNowhere], { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('kills ffmpeg at the time limit', async () => {
    await expect(runFfmpeg([...endless, ...toNowhere], { timeoutMs: 300 })).rejects.toBeInstanceOf(
      MediaTimeoutError,
    );
  });

  it('fails with the last stderr lines', async () => {
    const attempt = runFfmpeg([
      '-nostdin',
      '-v',
      'error',
      '-i',
      '/nonexistent/clip.mp4',
      ...toNowhere,
    ]);
    await expect(attempt).rejects.toBeInstanceOf(MediaToolError);
    await expect(attempt).rejects.toThrow(/No such file/);
  });

  it('parses time= and treats negative times as 0', () => {
    expect(progressSeconds('frame=1 time=00:01:02.50 bitrate=1')).toBe(62.5);
    expect(progressSeconds('size=1kB time=-577014:32:22.77 bitrate=-0.0')).toBe(0);
    expect(progressSeconds('Input #0, mov')).toBeUndefined();
  });
});
