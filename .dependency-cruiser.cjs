/**
 * The shape of the code (ARCHITECTURE.md), checked by `npm run check:arch` in .ci/run.
 * Type-only imports count: a circle of types is still a circle a reader has to untangle.
 */
const SERVER_AREA = '^apps/server/src/features/([^/]+)/';
const ADMIN_AREA = '^apps/admin/src/features/([^/]+)/';
/** An area's store files: the SQL it keeps private (store.ts, *-store.ts). */
const SERVER_STORE = '^apps/server/src/features/.+[/-]store\\.ts$';

/**
 * The server areas' layering (docs/architecture.md), bottom first: an area imports only areas of
 * lower layers, never one of its own layer or above.
 */
const SERVER_LAYERS = [
  ['shop', 'account', 'mobile', 'onboarding', 'catalogue', 'health'],
  ['billing', 'settings', 'analytics', 'help'],
  ['storefront'],
  ['popclips'],
  ['carousels', 'sharing', 'live', 'banners'],
  ['install', 'notifications', 'compliance'],
  ['operator', 'offline-consoles'],
  ['operator-console'],
];
const areasPattern = (areas) => `^apps/server/src/features/(${areas.join('|')})/`;
const serverLayerRules = SERVER_LAYERS.map((layer, index) => ({
  name: `server-area-layer-${index + 1}`,
  severity: 'error',
  comment:
    `Layer ${index + 1} (${layer.join(', ')}) imports only areas of lower layers ` +
    '(SERVER_LAYERS; docs/architecture.md states the order).',
  from: { path: areasPattern(layer) },
  to: {
    path: areasPattern(SERVER_LAYERS.slice(index).flat()),
    pathNot: '^apps/server/src/features/$1/',
  },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circles anywhere in apps/ and packages/.',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'server-area-public-face',
      severity: 'error',
      comment:
        'A server area reaches another only through its public face (features/<area>/index.ts); ' +
        'its store files and everything else stay private.',
      from: { path: SERVER_AREA },
      to: {
        path: '^apps/server/src/features/([^/]+)/',
        pathNot: ['^apps/server/src/features/$1/', '^apps/server/src/features/[^/]+/index\\.ts$'],
      },
    },
    ...serverLayerRules,
    {
      name: 'server-area-in-a-layer',
      severity: 'error',
      comment: 'Every server area has its place in SERVER_LAYERS (app.ts imports each one).',
      from: { path: '^apps/server/src/' },
      to: {
        path: '^apps/server/src/features/',
        pathNot: areasPattern(SERVER_LAYERS.flat()),
      },
    },
    {
      name: 'server-store-private',
      severity: 'error',
      comment:
        "An area's store files are its own: no other area imports them (its face exports " +
        'services that call them).',
      from: { path: SERVER_AREA },
      to: { path: SERVER_STORE, pathNot: '^apps/server/src/features/$1/' },
    },
    {
      name: 'server-store-private-outside-areas',
      severity: 'error',
      comment:
        "Outside the areas only the server's test kit (src/test/), which arranges rows, imports a " +
        'store file.',
      from: {
        path: '^apps/server/src/',
        pathNot: ['^apps/server/src/features/', '^apps/server/src/test/'],
      },
      to: { path: SERVER_STORE },
    },
    {
      name: 'server-face-no-store',
      severity: 'error',
      comment:
        "A face (features/<area>/index.ts) exports routes plugins, jobs and services, never a store's " +
        'functions.',
      from: { path: '^apps/server/src/features/[^/]+/index\\.ts$' },
      to: { path: SERVER_STORE },
    },
    {
      name: 'server-root-through-faces',
      severity: 'error',
      comment:
        'The composition root (app.ts, server.ts, jobs/workers.ts, the CLIs) registers every area ' +
        'through its face (features/<area>/index.ts), never its internals.',
      from: {
        path: '^apps/server/src/',
        pathNot: ['^apps/server/src/features/', '^apps/server/src/test/', '\\.test\\.ts$'],
      },
      to: {
        path: '^apps/server/src/features/[^/]+/.',
        pathNot: '^apps/server/src/features/[^/]+/index\\.ts$',
      },
    },
    {
      name: 'test-kit-only-in-tests',
      severity: 'error',
      comment:
        "The server's test kit (src/test/) arranges rows through areas' internals; only tests use it.",
      from: { path: '^apps/server/src/', pathNot: ['^apps/server/src/test/', '\\.test\\.ts$'] },
      to: { path: '^apps/server/src/test/' },
    },
    {
      name: 'features-not-root',
      severity: 'error',
      comment: 'Areas, ports, jobs and HTTP plumbing never import the composition root.',
      from: { path: '^apps/server/src/(features|platform|jobs|http|db|auth)/' },
      to: { path: '^apps/server/src/(app|server|main)\\.ts$' },
    },
    {
      name: 'deps-no-features',
      severity: 'error',
      comment:
        'deps.ts (AppDeps + createDeps) builds ports only; areas import it, not the reverse.',
      from: { path: '^apps/server/src/deps\\.ts$' },
      to: { path: '^apps/server/src/features/' },
    },
    {
      name: 'admin-shell-no-features',
      severity: 'error',
      comment:
        'The admin shell (app/) never imports a feature; only the route table binds screens.',
      from: { path: '^apps/admin/src/app/', pathNot: '^apps/admin/src/app/routes\\.tsx$' },
      to: { path: '^apps/admin/src/features/' },
    },
    {
      name: 'admin-area-public-face',
      severity: 'error',
      comment:
        'An admin area uses another only through its public face (features/<area>/index.ts).',
      from: { path: ADMIN_AREA },
      to: {
        path: '^apps/admin/src/features/([^/]+)/',
        pathNot: ['^apps/admin/src/features/$1/', '^apps/admin/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'local-shopify-no-app-code',
      severity: 'error',
      comment:
        'The local Shopify (apps/shopify-sandbox) is Shopify: it imports no app code, only shared ' +
        'packages (its tests may read an app module to check the app understands its answers).',
      from: { path: '^apps/shopify-sandbox/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/(server|admin|widget)/' },
    },
    {
      name: 'local-shopify-one-face',
      severity: 'error',
      comment:
        'Outside apps/shopify-sandbox, the local Shopify is reached only through its entries: ' +
        'src/index.ts (package "."), src/shops.ts ("./shops", its shop names alone) and ' +
        'src/testing/index.ts ("./testing") for tests.',
      from: { pathNot: '^apps/shopify-sandbox/' },
      to: {
        path: '^apps/shopify-sandbox/src/',
        pathNot: '^apps/shopify-sandbox/src/(index|shops|testing/index)\\.ts$',
      },
    },
    {
      name: 'local-shopify-testing-only-in-tests',
      severity: 'error',
      comment:
        "The apps' production code mounts the local Shopify; its test harnesses stay in tests.",
      from: {
        path: '^apps/(server|admin|widget)/src/',
        pathNot: ['\\.test\\.tsx?$', '^apps/server/src/test/', '/testing/'],
      },
      to: { path: '^apps/shopify-sandbox/src/testing/' },
    },
    {
      name: 'live-service-no-app-code',
      severity: 'error',
      comment:
        'The live service (apps/live) is its own platform: it imports no app code, only shared ' +
        'packages; the app reaches it over its HTTP API.',
      from: { path: '^apps/live/' },
      to: { path: '^apps/(server|admin|widget|shopify-sandbox)/' },
    },
    {
      name: 'live-service-one-face',
      severity: 'error',
      comment:
        'Outside apps/live, the live service is reached only through its entries: src/index.ts ' +
        '(package "."), and src/test/index.ts ("./testing") for tests.',
      from: { pathNot: '^apps/live/' },
      to: { path: '^apps/live/src/', pathNot: '^apps/live/src/(index|test/index)\\.ts$' },
    },
    {
      name: 'live-service-testing-only-in-tests',
      severity: 'error',
      comment: "The live service's test doubles (media in memory) stay in the app's tests.",
      from: {
        path: '^apps/(server|admin|widget)/src/',
        pathNot: ['\\.test\\.tsx?$', '^apps/server/src/test/', '/testing/'],
      },
      to: { path: '^apps/live/src/test/' },
    },
    {
      name: 'server-production-no-testkit',
      severity: 'error',
      comment:
        '@popstage/testkit is a dev dependency of the server: only its tests and their helpers ' +
        '(src/test/, testing/ folders) import it.',
      from: {
        path: '^apps/server/src/',
        pathNot: ['\\.test\\.ts$', '^apps/server/src/test/', '/testing/'],
      },
      to: { path: '^packages/testkit/' },
    },
    {
      name: 'core-no-apps',
      severity: 'error',
      comment: 'packages/core is pure rules and contracts: it imports no app.',
      from: { path: '^packages/core/' },
      to: { path: '^apps/' },
    },
    {
      name: 'bench-no-server-internals',
      severity: 'error',
      comment: 'bench drives a started app over HTTP through the test kit.',
      from: { path: '^bench/' },
      to: { path: '^apps/server/src/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|drizzle)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    combinedDependencies: false,
    preserveSymlinks: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
