import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { report } from '../report';

const ROOT = resolve(import.meta.dirname, '../..');
const WIDGET = join(ROOT, 'apps/widget/dist/popstage.js');
/** The storefront player's budget: at most 12 KB gzipped, video excluded. */
const WIDGET_GZIP_TARGET_KB = 12;

/** Builds the widget and reports its script's gzipped size (all it ships: no CSS or font files). */
export function widgetSize(): void {
  console.log('building the widget...');
  execFileSync('npm', ['run', 'build', '-w', '@popstage/widget'], { cwd: ROOT, stdio: 'ignore' });
  const raw = readFileSync(WIDGET);
  console.log(`apps/widget/dist/popstage.js: ${(raw.length / 1024).toFixed(1)} KB minified`);
  report(
    'widget JS gzipped',
    gzipSync(raw, { level: 9 }).length / 1024,
    WIDGET_GZIP_TARGET_KB,
    'KB',
  );
}
