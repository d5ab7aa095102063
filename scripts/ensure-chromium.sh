#!/usr/bin/env bash
# Browser tests use Debian's Chromium; install it when missing (as root), else say how.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium fonts-liberation >/dev/null
  exit 0
fi
echo "Browser tests need Chromium at /usr/bin/chromium: run 'sudo apt-get install -y chromium' and try again." >&2
exit 1
