import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = process.env.POPSTAGE_SERVER_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    // The dev server only serves the SPA; every call goes to the real (or sandbox) backend.
    proxy: { '/api': server, '/sandbox': server },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Vendor code changes far less often than ours: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 4,
            },
            // Insights' charts (Polaris Viz, d3, react-spring): only its page loads them. Below React
            // and Polaris, so a group's pulled-in dependencies never take those away from them.
            {
              name: 'charts',
              test: /node_modules[\\/](@shopify[\\/]polaris-viz(-core)?|d3-[a-z-]+|@react-spring|internmap)[\\/]/,
              priority: 2,
            },
            {
              name: 'polaris',
              test: /node_modules[\\/]@shopify[\\/]polaris(-icons|-tokens)?[\\/]/,
              priority: 3,
            },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
