// The server's production build: ES modules, dist/main.js and the chunks it loads on demand, run
// by plain `node` (no TypeScript at run time). Third-party packages stay in node_modules; the
// workspace's own TypeScript (apps/server, packages/core, apps/shopify-sandbox) is bundled. Those
// sources find their files (migrations, catalogue, extensions, schemas) relative to themselves
// through import.meta.url, so each module's import.meta.url is rewritten to its source file's
// place, relative to the bundle: the repository's files are where the sources expect them, as in
// the container image.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');

const sourceUrls = {
  name: 'source-import-meta-url',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const fromBundle = path.relative(outdir, args.path).split(path.sep).join('/');
      const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

// Chunk names change with their content: last build's would stay beside this one's.
await rm(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Dynamic imports (the local Shopify, the S3 adapter) become chunks of their own, with their
  // packages: a server that never calls them never loads them.
  splitting: true,
  target: 'node20',
  sourcemap: true,
  metafile: true,
  // Packages from the registry load from node_modules; only the workspace's sources are bundled.
  plugins: [
    sourceUrls,
    {
      name: 'registry-packages-external',
      setup(esbuild) {
        esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@popstage/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  logLevel: 'warning',
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(
  `apps/server/dist: ${Object.keys(result.metafile.inputs).length} sources, ${(bytes / 1024).toFixed(0)} KB`,
);
