#!/usr/bin/env bash
# The reverse-proxy test (server/ops/reverse-proxy.pg.test.ts) runs Debian's Caddy in front of two instances.
# Installs it when missing (as root), else says how; the test skips without it, except in CI.
set -euo pipefail
command -v caddy >/dev/null && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's caddy for the reverse-proxy test..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # The package's service would serve /etc/caddy/Caddyfile on port 80: the test starts its own Caddy.
  apt-get install -y -qq caddy >/dev/null
  exit 0
fi
echo "The reverse-proxy test needs caddy: run 'sudo apt-get install -y caddy' and try again." >&2
exit 1
