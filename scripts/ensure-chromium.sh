#!/usr/bin/env bash
# Browser tests use Debian's Chromium: the full browser for Lighthouse (budget) and its headless shell for
# Playwright. Installs whichever is missing (as root), else says how.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium fonts-liberation)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's ${missing[*]} for the browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "Browser tests need /usr/bin/chromium and /usr/bin/chromium-headless-shell: run 'sudo apt-get install -y ${missing[*]}' and try again." >&2
exit 1
