#!/usr/bin/env bash
# Tests render the PDFs the app makes (manuals, relief valve certificates) to PNG with pdftoppm, to catch blank
# pages. Debian's poppler-utils package, as scripts/ensure-chromium.sh does for Chromium.
set -euo pipefail
if command -v pdftoppm >/dev/null 2>&1; then exit 0; fi
echo "pdftoppm is missing: installing Debian's poppler-utils package..."
as_root=""
if [ "$(id -u)" -ne 0 ]; then as_root="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$as_root apt-get update -qq
$as_root apt-get install -y -qq --no-install-recommends poppler-utils >/dev/null
# sed reads to the end: head would close the pipe early and, under pipefail, fail the run with SIGPIPE (141).
pdftoppm -v 2>&1 | sed -n 1p
