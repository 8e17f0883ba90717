import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes dist/.vite/chunk-libraries.json: for each emitted JS chunk, whether all its modules come from
 * node_modules (a library chunk). The bundle budgets (scripts/bundle-budgets.mjs) count library chunks once,
 * not against every route that shares them; the manifest alone cannot tell.
 */
const chunkLibraries = (): Plugin => ({
  name: 'sc-chunk-libraries',
  generateBundle(_options, bundle) {
    const libraries: Record<string, boolean> = {};
    for (const out of Object.values(bundle)) {
      if (out.type !== 'chunk') continue;
      const ids = out.moduleIds.filter((id) => !id.startsWith('\0') && !id.includes('rolldown'));
      libraries[out.fileName] = ids.length > 0 && ids.every((id) => /[\\/]node_modules[\\/]/.test(id));
    }
    this.emitFile({ type: 'asset', fileName: '.vite/chunk-libraries.json', source: `${JSON.stringify(libraries, null, 1)}\n` });
  },
});

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

const libraryChunk = (id: string): string | null => {
  const m = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id);
  return m ? `lib-${m[1]!.replace(/[\\/@]/g, '-').replace(/^-/, '')}` : null;
};

// The SPA is served by the API server under /app/spa; in development Vite proxies /api to it.
export default defineConfig({
  base: '/app/spa/',
  plugins: [react(), chunkLibraries()],
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
          groups: [
            { name: vendorChunk, tags: ['$initial'], priority: 2 },
            // Libraries of the screens, one chunk per package, apart from the app's code: cached across releases,
            // shared by the routes that use them, and counted once by the budgets.
            { name: libraryChunk, test: /[\\/]node_modules[\\/]/, priority: 1 },
          ],
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
