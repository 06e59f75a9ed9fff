// Shopify's theme-check on the theme app extension, with Shopify's theme-app-extension rules:
// prints every offense and fails on errors and warnings, as `shopify app deploy` would refuse them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { themeCheckRun } from '@shopify/theme-check-node';

const root = path.resolve(fileURLToPath(import.meta.url), '../../extensions/popstage');
const { offenses, theme } = await themeCheckRun(
  root,
  path.join(root, '.theme-check.yml'),
  () => {},
);
const SEVERITY = ['error', 'warning', 'info'];
for (const offense of offenses) {
  const file = path.relative(root, fileURLToPath(offense.uri));
  const line = (offense.start?.line ?? 0) + 1;
  console.log(`${file}:${line} ${SEVERITY[offense.severity]} ${offense.check}: ${offense.message}`);
}
const failing = offenses.filter((offense) => offense.severity <= 1).length;
console.log(`theme-check: ${theme.length} files, ${offenses.length} offenses, ${failing} failing`);
process.exit(failing > 0 ? 1 : 0);
