import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@common': path.resolve(import.meta.dirname, 'common'),
      '@': path.resolve(import.meta.dirname, 'client/src'),
    },
  },
  build: { outDir: path.resolve(import.meta.dirname, 'dist/client'), emptyOutDir: true },
  server: { proxy: { '/api': 'http://localhost:5000' } },
});
