import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { PRERENDERED_PAGES } from './common/prerendered-pages';
import { earlyReads } from './vite-early-reads';
import { prerenderPages } from './vite-prerender-pages';

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    earlyReads(),
    prerenderPages(),
    // The service worker precaches the built app so a cold start with no signal still opens it. API data is not
    // its job: reads and queued writes live in IndexedDB (client/src/lib/offline). Photo images are the exception:
    // an <img> cannot read IndexedDB, so the kept thumbnails and full images are answered from the Cache API
    // (lib/offline/kept-photos.ts fills and trims it). A new version waits for the next visit (no skipWaiting), as
    // spec §7 says.
    VitePWA({
      strategies: 'generateSW',
      filename: 'sw.js',
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        name: 'ValveOps',
        short_name: 'ValveOps',
        description: 'Industrial valve maintenance on the plant floor',
        theme_color: '#0f172a',
        background_color: '#f8fafc',
        display: 'standalone',
        start_url: '/app',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        navigateFallback: '/index.html',
        // The rendered pages are what `/` and `/app` answer, offline too; every other path gets the empty app page.
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.map((entry) => {
              const page = PRERENDERED_PAGES.find(({ file }) => file === entry.url);
              return page ? { ...entry, url: page.path } : entry;
            }),
          }),
        ],
        navigateFallbackDenylist: [/^\/api\//, /^\/healthz/, /^\/readyz/],
        // A valve document once opened stays on the device: files never change under their id, so the kept copy
        // answers first and offline (the list itself comes from the read cache like every other read).
        runtimeCaching: [
          {
            urlPattern: ({ url }) => /^\/api\/documents\/\d+\/file$/.test(url.pathname),
            handler: 'CacheFirst',
            options: {
              // DOCUMENT_CACHE (client/src/lib/offline/kept-documents.ts), pruned after each offline sync.
              cacheName: 'valve-documents',
              expiration: { maxEntries: 60, maxAgeSeconds: 60 * 60 * 24 * 90 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Stored under a generated name and never changed: a kept copy is always right (PHOTO_CACHE).
            urlPattern: /\/api\/photos\/\d+\/image(?:\?size=thumbnail)?$/,
            handler: 'CacheFirst',
            options: { cacheName: 'valveops-photos', cacheableResponse: { statuses: [200] } },
          },
        ],
        cleanupOutdatedCaches: true,
      },
    }),
    // Brotli and gzip copies beside each asset, served by @fastify/static (preCompressed) at no CPU cost per
    // request: the bundle crosses a phone's slow link at about a quarter of its size.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|webmanifest)$/ }),
  ],
  resolve: {
    alias: {
      '@common': path.resolve(import.meta.dirname, 'common'),
      '@': path.resolve(import.meta.dirname, 'client/src'),
    },
  },
  build: { outDir: path.resolve(import.meta.dirname, 'dist/client'), emptyOutDir: true },
  server: { proxy: { '/api': 'http://localhost:5000' } },
});
