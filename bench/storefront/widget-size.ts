import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const WIDGET = join(ROOT, 'apps/widget/dist/popstage.js');

export interface WidgetFiles {
  /** The minified bundle, in bytes. */
  minified: number;
  /** Its precompressed copies (the server sends them byte for byte), in bytes. */
  brotli: number;
  gzip: number;
}

/** The sizes of the widget's build on disk (build it first: widgetSize). */
export function widgetFiles(): WidgetFiles {
  return {
    minified: statSync(WIDGET).size,
    brotli: statSync(`${WIDGET}.br`).size,
    gzip: statSync(`${WIDGET}.gz`).size,
  };
}

/**
 * Builds the widget and prints its files' sizes: the minified bundle and the build's brotli and
 * gzip copies, which the server sends as they are (all the widget ships: no CSS or font files).
 * The 12 KB budget is checked on what the browser transferred for it on the product page
 * (page-bytes.ts), printed next to these sizes.
 */
export function widgetSize(): WidgetFiles {
  console.log('building the widget...');
  execFileSync('npm', ['run', 'build', '-w', '@popstage/widget'], { cwd: ROOT, stdio: 'ignore' });
  const files = widgetFiles();
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `apps/widget/dist/popstage.js: ${kb(files.minified)} minified, ${kb(files.brotli)} as .br, ${kb(files.gzip)} as .gz`,
  );
  return files;
}
