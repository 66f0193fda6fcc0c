import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The cluster test alone (`npm run test:cluster`, and .ci/run when PostgreSQL is installed): three servers behind
 * HAProxy on a primary and a replica of its own. Not in the PGlite or PostgreSQL passes: it starts its own.
 */
export default defineConfig({
  resolve: {
    alias: {
      '@common': path.resolve(import.meta.dirname, 'common'),
      '@': path.resolve(import.meta.dirname, 'client/src'),
    },
  },
  test: { include: ['bench/cluster.test.ts'], testTimeout: 180_000, hookTimeout: 600_000 },
});
