import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/scaler', '/docs', '/static', '/healthz', '/px', '/t/', '/open'].map((p) => [p, apiTarget]),
    ),
  },
});
