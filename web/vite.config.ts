import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The SPA is served by the API server under /app/spa; in development Vite proxies /api to it.
export default defineConfig({
  base: '/app/spa/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
