#!/usr/bin/env bash
# npm test: type check, lint and the import walls; unit and API tests (Vitest, on PGlite; also on PostgreSQL when
# TEST_DATABASE_URL is set); then the Playwright suite in Chromium against the real server and built client.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
# The house checks first: types, lint and format, and which code may import which (.dependency-cruiser.cjs).
npx tsc --noEmit -p tsconfig.json
npx biome check .
npm run -s lint:layers
# Vitest renders PDFs to PNG (pdftoppm) and Playwright drives Chromium: both from Debian's packages when missing.
bash scripts/ensure-poppler.sh
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
bash scripts/ensure-chromium.sh
bash scripts/ensure-ffmpeg.sh
npx vite build --logLevel warn
npx playwright test
node scripts/test-summary.mjs test-results/vitest.json test-results/playwright.json
