#!/usr/bin/env bash
# `npm run cluster` and the cluster test put HAProxy in front of the servers: Debian's haproxy package, as
# scripts/ensure-chromium.sh does for Chromium.
set -euo pipefail
if command -v haproxy >/dev/null 2>&1; then exit 0; fi
echo "HAProxy is missing: installing Debian's haproxy package..."
as_root=""
if [ "$(id -u)" -ne 0 ]; then as_root="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$as_root apt-get update -qq
$as_root apt-get install -y -qq --no-install-recommends haproxy >/dev/null
# The package starts its own service on port 80 where systemd runs; the cluster runs its own haproxy instead.
haproxy -v 2>&1 | sed -n 1p
