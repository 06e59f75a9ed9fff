import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (apt-get install chromium), or CHROMIUM_PATH. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Headless, and kept off the closed network (no updates, sync or background requests). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/**
 * `debuggingPort` also opens DevTools on that port, for tools that drive Chromium over CDP;
 * `camera` makes a Y4M file its camera (frame-code.ts), granted without a prompt.
 */
export function launchChromium(
  options: { debuggingPort?: number; camera?: string } = {},
): Promise<Browser> {
  const port = options.debuggingPort ? [`--remote-debugging-port=${options.debuggingPort}`] : [];
  const camera = options.camera
    ? [
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${options.camera}`,
      ]
    : [];
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...port, ...camera],
  });
}
