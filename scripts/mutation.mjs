#!/usr/bin/env node
/**
 * Mutation testing (StrykerJS, Vitest runner) one module at a time: packages/core's rules per area
 * and the server's rule modules, each with the tests that assert its behaviour. Prints the score
 * per module and every surviving mutant, and exits 1 when a module is below BREAK_AT.
 *
 *   npm run test:mutation                          every module, smallest first
 *   npm run test:mutation -- --module core-sharing,session-tokens
 *   npm run test:mutation -- --since main          only the files changed since main (and uncommitted)
 *   npm run test:mutation -- --list                the modules and their files
 *   npm run test:mutation -- --report              the scores of the last runs, without running
 *   npm run test:mutation -- --concurrency 3       test runner processes per module (default 1)
 *
 * Stryker runs with concurrency 1 (stryker.config.mjs); reports land in reports/mutation/.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, matchesGlob } from 'node:path';
import { fileURLToPath } from 'node:url';
import base from '../stryker.config.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const REPORTS = join(ROOT, 'reports/mutation');
const BREAK_AT = 80;
const CORE = 'packages/core/src';
const SERVER = 'apps/server/src';

/**
 * Contracts are zod schemas of the wire and route definitions, asserted by the server's route
 * tests, not core's: contract.ts, and the files that hold only an area's routes and answers.
 */
const CONTRACT_FILES = [
  '**/contract.ts',
  'compliance/data-requests.ts',
  'help/help-center.ts',
  'analytics/insights.ts',
  'analytics/events.ts',
];
// help is left out: its core part is that contract and its messages (no rule to mutate).
const coreArea = (area) => ({
  name: `core-${area}`,
  mutate: [
    `${CORE}/${area}/**/*.ts`,
    `!${CORE}/${area}/**/*.test.ts`,
    `!${CORE}/${area}/**/test-fixtures.ts`,
    ...CONTRACT_FILES.map((file) => `!${CORE}/${file}`),
  ],
  tests: [`${CORE}/${area}/**/*.test.ts`],
});

/** The modules, each with the tests that exercise it. */
const MODULES = [
  ...[
    'account',
    'analytics',
    'billing',
    'captions',
    'carousels',
    'compliance',
    'contract',
    'format',
    'html',
    'mobile',
    'notifications',
    'onboarding',
    'operator-console',
    'placement',
    'popclips',
    'routing',
    'sharing',
    'shop',
    'storefront',
    'banners',
  ].map(coreArea),
  {
    name: 'session-tokens',
    mutate: [`${SERVER}/auth/session-token.ts`, `${SERVER}/auth/session.ts`],
    tests: [`${SERVER}/auth/session-token.test.ts`, `${SERVER}/auth/session.test.ts`],
  },
  {
    name: 'webhook-verification',
    mutate: [`${SERVER}/http/shopify-webhooks.ts`, `${SERVER}/platform/shopify/webhook-hmac.ts`],
    // The route's rules on a bare Fastify (reliability/webhook-verification.test.ts builds the
    // app around the same rules: about 30 s a mutant, against a second here).
    tests: [
      `${SERVER}/http/shopify-webhooks.test.ts`,
      `${SERVER}/platform/shopify/webhook-hmac.test.ts`,
    ],
  },
  {
    name: 'tenant-resolution',
    mutate: [`${SERVER}/features/install/tenant.ts`],
    tests: [`${SERVER}/features/install/deactivated.test.ts`, `${SERVER}/auth/session.test.ts`],
  },
  {
    name: 'attribution',
    mutate: [`${SERVER}/features/analytics/orders.ts`],
    // recordOrder called directly (attribution.test.ts drives it through the whole app).
    tests: [`${SERVER}/features/analytics/record-order.test.ts`],
  },
  {
    name: 'plan-gating-pricing',
    mutate: [
      `${SERVER}/features/billing/pricing.ts`,
      `${SERVER}/features/billing/plan-facts.ts`,
      `${SERVER}/features/billing/offer.ts`,
      `${SERVER}/features/billing/billing-cycle.ts`,
    ],
    tests: [
      `${SERVER}/features/billing/pricing.rules.test.ts`,
      `${SERVER}/features/billing/views-period.property.test.ts`,
    ],
  },
  // Being rewritten on other branches (issue 28 §1: caps by /64, push delivery): measured last.
  {
    name: 'caps-view-limits',
    mutate: [
      `${SERVER}/features/billing/gating.ts`,
      `${SERVER}/features/storefront/address-caps.ts`,
      `${SERVER}/features/storefront/visitor-id.ts`,
      `${SERVER}/features/storefront/view-limit-job.ts`,
    ],
    // The rules called directly (inflation.test.ts and view-limits.test.ts drive them through
    // the whole app).
    tests: [
      `${SERVER}/features/billing/gating.test.ts`,
      `${SERVER}/features/billing/views-period.property.test.ts`,
      `${SERVER}/features/storefront/address-caps.test.ts`,
      `${SERVER}/features/storefront/visitor-id.test.ts`,
      `${SERVER}/features/storefront/view-limit-job.test.ts`,
    ],
  },
  {
    name: 'push-delivery',
    mutate: [`${SERVER}/features/notifications/deliver.ts`],
    // deliverNotification with in-memory channels (delivery.test.ts runs the app, FCM and APNs).
    tests: [`${SERVER}/features/notifications/deliver.test.ts`],
  },
];

function git(...args) {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
}

/** The tracked files a glob list names (`!` excludes), as Stryker's mutate globs read. */
function filesOf(globs) {
  const include = globs.filter((g) => !g.startsWith('!'));
  const exclude = globs.filter((g) => g.startsWith('!')).map((g) => g.slice(1));
  return git('ls-files', '--', '*.ts').filter(
    (f) => include.some((g) => matchesGlob(f, g)) && !exclude.some((g) => matchesGlob(f, g)),
  );
}

function lines(file) {
  return readFileSync(join(ROOT, file), 'utf8').split('\n').length;
}

function parseArgs(argv) {
  const args = {
    modules: null,
    since: null,
    list: false,
    report: false,
    break: true,
    concurrency: base.concurrency,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--module') args.modules = argv[++i].split(',');
    else if (arg === '--since') args.since = argv[++i];
    else if (arg === '--list') args.list = true;
    else if (arg === '--report') args.report = true;
    else if (arg === '--no-break') args.break = false;
    else if (arg === '--concurrency') args.concurrency = Number(argv[++i]);
    else throw new Error(`Unknown argument ${arg}`);
  }
  return args;
}

/** killed / (killed + survived + no coverage); timeouts count as killed, as Stryker counts them. */
function score(report) {
  const counts = { killed: 0, survived: 0, noCoverage: 0, timeout: 0, other: 0 };
  const survivors = [];
  for (const [file, { mutants }] of Object.entries(report.files)) {
    for (const m of mutants) {
      if (m.status === 'Killed') counts.killed++;
      else if (m.status === 'Timeout') counts.timeout++;
      else if (m.status === 'Survived' || m.status === 'NoCoverage') {
        counts[m.status === 'Survived' ? 'survived' : 'noCoverage']++;
        survivors.push(
          `${file}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName} ${m.status === 'NoCoverage' ? '(no coverage) ' : ''}-> ${(m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 80)}`,
        );
      } else counts.other++;
    }
  }
  const detected = counts.killed + counts.timeout;
  const valid = detected + counts.survived + counts.noCoverage;
  return { ...counts, valid, percent: valid ? (100 * detected) / valid : 100, survivors };
}

function runModule(module, mutate, concurrency) {
  mkdirSync(REPORTS, { recursive: true });
  const reportFile = join(REPORTS, `${module.name}.json`);
  const config = {
    ...base,
    mutate,
    concurrency,
    jsonReporter: { fileName: reportFile },
    // Stryker's incremental mode: a later run retests only mutants whose code or tests changed.
    incremental: true,
    incrementalFile: join(REPORTS, `${module.name}.incremental.json`),
    tempDirName: `.stryker-tmp/${module.name}`,
  };
  const configFile = join(REPORTS, `${module.name}.stryker.json`);
  writeFileSync(configFile, JSON.stringify(config, null, 2));
  const started = Date.now();
  const run = spawnSync('npx', ['stryker', 'run', configFile], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, MUTATION_TESTS: module.tests.join(',') },
  });
  if (run.status !== 0) return { error: `stryker exited ${run.status}` };
  const result = score(JSON.parse(readFileSync(reportFile, 'utf8')));
  return { ...result, seconds: Math.round((Date.now() - started) / 1000) };
}

const args = parseArgs(process.argv.slice(2));
let modules = MODULES.map((m) => ({ ...m, files: filesOf(m.mutate) })).filter(
  (m) => m.files.length,
);
if (args.modules) {
  const unknown = args.modules.filter((name) => !MODULES.some((m) => m.name === name));
  if (unknown.length) throw new Error(`Unknown module ${unknown.join(', ')}`);
  modules = modules.filter((m) => args.modules.includes(m.name));
}
if (args.since) {
  const changed = new Set([
    ...git('diff', '--name-only', `${args.since}...HEAD`),
    ...git('diff', '--name-only', 'HEAD'),
  ]);
  modules = modules
    .map((m) => ({ ...m, files: m.files.filter((f) => changed.has(f)) }))
    .filter((m) => m.files.length);
}
// Smallest first; the modules other branches are rewriting (listed last) stay last.
const LAST = ['caps-view-limits', 'push-delivery'];
const size = (m) =>
  (LAST.includes(m.name) ? 1e9 * (LAST.indexOf(m.name) + 1) : 0) +
  m.files.reduce((n, f) => n + lines(f), 0);
modules.sort((a, b) => size(a) - size(b));
if (args.list) {
  for (const m of modules)
    console.log(`${m.name}: ${m.files.join(' ')}\n  tests: ${m.tests.join(' ')}`);
  process.exit(0);
}
if (!modules.length) {
  console.log('No module has a changed file: nothing to mutate.');
  process.exit(0);
}

const results = [];
if (args.report) {
  for (const module of modules) {
    const file = join(REPORTS, `${module.name}.json`);
    if (existsSync(file)) {
      results.push({ module, ...score(JSON.parse(readFileSync(file, 'utf8'))), seconds: '-' });
    }
  }
}
for (const module of args.report ? [] : modules) {
  console.log(`\n=== ${module.name} (${module.files.length} files)`);
  // With --since only the changed files are mutated; otherwise the module's globs.
  results.push({
    module,
    ...runModule(module, args.since ? module.files : module.mutate, args.concurrency),
  });
}

console.log('\nmodule                      score   killed survived no-cov timeout  seconds');
for (const r of results) {
  if (r.error) {
    console.log(`${r.module.name.padEnd(27)} ${r.error}`);
    continue;
  }
  const percent = r.valid ? `${r.percent.toFixed(1).padStart(5)} %` : '    - ';
  console.log(
    `${r.module.name.padEnd(27)} ${percent} ${String(r.killed).padStart(7)} ${String(r.survived).padStart(8)} ${String(r.noCoverage).padStart(6)} ${String(r.timeout).padStart(7)} ${String(r.seconds).padStart(8)}`,
  );
}
for (const r of results.filter((r) => r.survivors?.length)) {
  console.log(`\nSurviving mutants of ${r.module.name}:`);
  for (const s of r.survivors) console.log(`  ${s}`);
}
const below = results.filter((r) => r.error || (r.valid && r.percent < BREAK_AT));
if (below.length) {
  console.log(`\nBelow ${BREAK_AT} %: ${below.map((r) => r.module.name).join(', ')}`);
  if (args.break) process.exit(1);
}
