import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';

const load = async () => {
  vi.resetModules();
  return (await import('./binaries')).mediaBinaries;
};

describe('mediaBinaries', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('uses the binaries shipped in npm packages by default, and they run', async () => {
    vi.stubEnv('FFMPEG_PATH', '');
    vi.stubEnv('FFPROBE_PATH', '');
    const { ffmpeg, ffprobe } = (await load())();
    expect(ffmpeg).toMatch(/node_modules[\\/]@ffmpeg-installer[\\/]/);
    expect(ffprobe).toMatch(/node_modules[\\/]@ffprobe-installer[\\/]/);
    expect(execFileSync(ffmpeg, ['-version'], { encoding: 'utf8' })).toMatch(/^ffmpeg version/);
    expect(execFileSync(ffprobe, ['-version'], { encoding: 'utf8' })).toMatch(/^ffprobe version/);
  });

  it('prefers FFMPEG_PATH and FFPROBE_PATH, and resolves once', async () => {
    vi.stubEnv('FFMPEG_PATH', '/opt/ffmpeg/bin/ffmpeg');
    vi.stubEnv('FFPROBE_PATH', '/opt/ffmpeg/bin/ffprobe');
    const mediaBinaries = await load();
    expect(mediaBinaries()).toEqual({
      ffmpeg: '/opt/ffmpeg/bin/ffmpeg',
      ffprobe: '/opt/ffmpeg/bin/ffprobe',
    });
    vi.stubEnv('FFMPEG_PATH', '/elsewhere/ffmpeg');
    expect(mediaBinaries().ffmpeg).toBe('/opt/ffmpeg/bin/ffmpeg');
  });
});
