import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * Hashed files go to `/_app/`, not Vite's default `/assets/`, which is also the console's own route
 * (`/assets/events/...`): a request under `/_app/` is a file or a 404, never the console's page. Every
 * text file is also written precompressed (`.br`, `.gz`) for the server to send as is.
 */
export default defineConfig({
  plugins: [
    react(),
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(js|css|html|json|svg)$/,
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: '_app',
    rolldownOptions: {
      // antd's own modules are marked side-effect free (package.json), the rc-component and cssinjs
      // packages it is built on are not, although they have no import-time effects (no bare imports, no
      // globals touched): unmarked, a page that uses one export of a package keeps every module the
      // package's index imports (antd's Input alone brought the whole form engine).
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false },
          {
            test: /[\\/]node_modules[\\/]@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)[\\/]/,
            sideEffects: false,
          },
        ],
      },
      output: {
        // One shared file per library that loads whole: React with the router, the query cache and
        // i18next (every page runs them: one file instead of a dozen), ECharts (the chart on screen
        // loads it) and exceljs (an export loads it). antd and the console's own modules keep the
        // bundler's split by the set of pages that use them: grouping them (one antd file, or rolldown's
        // `entriesAware` groups merged up to 12–40 kB) put 510 kB on /login (bench:bundle). Common
        // chunks under 2 kB (an icon, a hook) are inlined into the files that import them.
        codeSplitting: {
          groups: [
            { name: 'echarts', test: /[\\/]node_modules[\\/](echarts|zrender|tslib)[\\/]/, priority: 50 },
            { name: 'exceljs', test: /[\\/]node_modules[\\/]exceljs[\\/]/, priority: 50 },
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/]query-core|@tanstack[\\/]react-query|i18next|react-i18next|i18next-resources-to-backend)[\\/]/,
              priority: 40,
            },
          ],
        },
        // A namespace's strings are a chunk of their own, named with their language (`zh-CN-members-….js`).
        chunkFileNames: (chunk) => {
          const locale = chunk.facadeModuleId?.match(/\/locales\/([\w-]+)\/[^/]+\.json$/)?.[1];
          if (locale) return `_app/${locale}-[name]-[hash].js`;
          // A group's parts are named after the pages sharing them (`antd~LoginPage~HomePage~…`): the
          // group's name is enough.
          const group = chunk.name.split('~')[0];
          return group === chunk.name ? '_app/[name]-[hash].js' : `_app/${group}-[hash].js`;
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/scaler', '/docs', '/static', '/healthz', '/px', '/t/', '/open', '/creative-frame'].map((p) => [
        p,
        apiTarget,
      ]),
    ),
  },
});
