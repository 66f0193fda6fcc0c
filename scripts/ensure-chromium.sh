#!/usr/bin/env bash
# Playwright drives the system Chromium (Debian's package): its own browser download cannot be reached here.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "Chromium is missing: installing Debian's chromium package..."
as_root=""
if [ "$(id -u)" -ne 0 ]; then as_root="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$as_root apt-get update -qq
$as_root apt-get install -y -qq chromium fonts-liberation >/dev/null
/usr/bin/chromium --version
