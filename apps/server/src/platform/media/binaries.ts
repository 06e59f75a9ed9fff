import { accessSync, chmodSync, constants } from 'node:fs';
import { createRequire } from 'node:module';

export interface MediaBinaries {
  ffmpeg: string;
  ffprobe: string;
}

let resolved: MediaBinaries | undefined;

/**
 * ffmpeg and ffprobe paths, resolved once: FFMPEG_PATH / FFPROBE_PATH when set, else the binaries
 * that @ffmpeg-installer / @ffprobe-installer ship in per-platform npm packages (so a fresh CI
 * machine needs nothing but `npm ci`).
 */
export function mediaBinaries(): MediaBinaries {
  resolved ??= {
    ffmpeg: process.env.FFMPEG_PATH || packagedBinary('@ffmpeg-installer/ffmpeg', 'FFMPEG_PATH'),
    ffprobe:
      process.env.FFPROBE_PATH || packagedBinary('@ffprobe-installer/ffprobe', 'FFPROBE_PATH'),
  };
  return resolved;
}

function packagedBinary(pkg: string, envName: string): string {
  let path: string;
  try {
    // Loaded lazily: the installer throws on platforms it has no binary for, and an override
    // should work there.
    path = (createRequire(import.meta.url)(pkg) as { path: string }).path;
  } catch (error) {
    throw new Error(`${pkg} has no binary for this platform (${String(error)}); set ${envName}`);
  }
  ensureExecutable(path);
  return path;
}

/** The installers mark the binary executable in a postinstall script, which npm may skip. */
function ensureExecutable(path: string): void {
  try {
    accessSync(path, constants.X_OK);
  } catch {
    chmodSync(path, 0o755);
  }
}
