import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Runs every benchmark in bench/ (each *.bench.ts exports a default async function). */
const files = readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.bench.ts'))
  .sort();
const only = process.argv[2];
// What shoppers and merchants get is the built player and admin: a checkout without them would
// time the server's 503 for a missing widget.js (seen on a fresh clone).
execFileSync('npm', ['run', 'build', '-w', '@popstage/widget', '-w', '@popstage/admin'], {
  cwd: join(import.meta.dirname, '..'),
  stdio: 'ignore',
});
// A bench named exactly runs alone (`storefront` is not also storefront-video); else a prefix.
const exact = files.includes(`${only}.bench.ts`);
for (const file of files) {
  if (only && (exact ? file !== `${only}.bench.ts` : !file.startsWith(only))) continue;
  console.log(`\n=== ${file.replace('.bench.ts', '')}`);
  const module = await import(pathToFileURL(join(import.meta.dirname, file)).href);
  await module.default();
}
