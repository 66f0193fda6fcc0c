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
    // Each API test file migrates its own in-memory PGlite and loads demo data; two cores run two files at once.
    // The limits catch a hung test, not a slow machine: a loaded CI box takes well over a minute to set up.
    testTimeout: 90_000,
    globalSetup: ['server/src/testing/test-run-setup.ts'],
    hookTimeout: 180_000,
  },
});
