import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@common': path.resolve(import.meta.dirname, 'common'),
      '@': path.resolve(import.meta.dirname, 'client/src'),
    },
  },
  test: {
    include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'client/**/*.test.{ts,tsx}'],
    // Each API test file migrates its own in-memory PGlite; two cores run two files at once.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
