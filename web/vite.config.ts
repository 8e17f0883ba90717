import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Libraries the login page loads (rolldown's '$initial' tag: the entry's static graph) go into two vendor
 * chunks, React and the rest, which change only when a dependency does; the app's own code changes with
 * every release and stays apart. Libraries only screens use (grids, charts, SurveyJS, exceljs, date
 * pickers) are left to the automatic split, per screen. Decision 028; budgets in web/src/app/bundle-budgets.test.ts.
 */
const vendorChunk = (id: string): string | null => {
  if (!/[\\/]node_modules[\\/]/.test(id)) return null;
  return /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id) ? 'vendor-react' : 'vendor';
};

// The SPA is served by the API server under /app/spa; in development Vite proxies /api to it.
export default defineConfig({
  base: '/app/spa/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // web/dist/.vite/manifest.json: read by the bundle budget test and `npm run bench` (BENCH_ONLY=frontend).
    manifest: true,
    rolldownOptions: {
      // Building a zod schema has no side effect: a module the login page needs for a constant (PUBLIC_MESSAGES,
      // THEMES, USER_TYPES) does not bring its unused schemas, nor classic zod with them.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [{ name: vendorChunk, tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
