import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { report } from '../report';

const ROOT = resolve(import.meta.dirname, '../..');
const WIDGET = join(ROOT, 'apps/widget/dist/popstage.js');
/** The storefront player's budget: at most 12 KB on the wire, video excluded. */
const WIDGET_TARGET_KB = 12;

/**
 * Builds the widget and reports the bytes a shopper's browser receives for it: the server sends
 * the build's precompressed copy (brotli, or gzip for a browser without it) byte for byte, so
 * these are the transferred bodies (all the widget ships: no CSS or font files).
 */
export function widgetSize(): void {
  console.log('building the widget...');
  execFileSync('npm', ['run', 'build', '-w', '@popstage/widget'], { cwd: ROOT, stdio: 'ignore' });
  const kb = (path: string) => statSync(path).size / 1024;
  console.log(`apps/widget/dist/popstage.js: ${kb(WIDGET).toFixed(1)} KB minified`);
  report('widget JS transferred (brotli)', kb(`${WIDGET}.br`), WIDGET_TARGET_KB, 'KB');
  report('widget JS transferred (gzip)', kb(`${WIDGET}.gz`), WIDGET_TARGET_KB, 'KB');
}
