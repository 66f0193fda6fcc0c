#!/usr/bin/env bash
# The scanner's Playwright test feeds Chromium a fake camera video made from a valve's QR label: ffmpeg turns the
# label PNG into the y4m file Chromium reads. Debian's package, as scripts/ensure-chromium.sh does for Chromium.
set -euo pipefail
if command -v ffmpeg >/dev/null 2>&1; then exit 0; fi
echo "ffmpeg is missing: installing Debian's ffmpeg package..."
as_root=""
if [ "$(id -u)" -ne 0 ]; then as_root="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$as_root apt-get update -qq
$as_root apt-get install -y -qq --no-install-recommends ffmpeg >/dev/null
# sed reads to the end: head would close the pipe early and, under pipefail, fail the run with SIGPIPE (141).
ffmpeg -hide_banner -version | sed -n 1p
