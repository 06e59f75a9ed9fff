import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { purgeUnusedCss } from './build/purge-unused-css.js';
import { routeIdentities } from './build/route-identities.js';

const server = process.env.POPSTAGE_SERVER_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [routeIdentities(), react(), purgeUnusedCss()],
  server: {
    // The dev server only serves the SPA; every call goes to the real (or sandbox) backend.
    proxy: { '/api': server, '/sandbox': server },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React and the router change far less often than ours and every route needs them: one
        // chunk that stays cached across deploys. Polaris and the other packages are not grouped:
        // a group holds every module of its packages that any route uses, so the Polaris and
        // vendor groups put the lazy screens' components (and their dependencies) on the initial
        // route (issue 29: 235 KB of JS and CSS in brotli there before, 194 KB after, with the
        // CSS purge). Ungrouped, the bundler splits them by the routes that import them.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 4,
            },
            // Insights' charts (Polaris Viz, d3, react-spring): only its page loads them. Below React,
            // so a group's pulled-in dependencies never take those away from it.
            {
              name: 'charts',
              test: /node_modules[\\/](@shopify[\\/]polaris-viz(-core)?|d3-[a-z-]+|@react-spring|internmap)[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
});
