// Puts the built loader where the theme app extension ships it (extensions/popstage/assets/),
// and refuses a loader over Shopify's 10,000-byte app-block JavaScript limit.
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const LIMIT = 10_000;
const from = fileURLToPath(new URL('../dist/popstage-loader.js', import.meta.url));
const dir = fileURLToPath(new URL('../../../extensions/popstage/assets/', import.meta.url));
const { size } = statSync(from);
if (size > LIMIT) throw new Error(`popstage-loader.js is ${size} bytes, over ${LIMIT}`);
mkdirSync(dir, { recursive: true });
copyFileSync(from, `${dir}popstage-loader.js`);
console.log(`popstage-loader.js: ${size} bytes (limit ${LIMIT}) -> extensions/popstage/assets/`);
