#!/usr/bin/env bash
# The system packages the tests need on Debian: Chromium for the browser tests, numpy/scipy/pandas
# for the analytics reference (the Python oracle), poppler-utils (pdftotext) to read exported PDFs back. Installs what is missing when it can (root with
# apt-get); otherwise says what to install. Run by `npm test` and by .ci/run.
set -euo pipefail

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
for pkg in python3-numpy python3-scipy python3-pandas; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
[ ${#need[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing system packages: ${need[*]}"
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${need[@]}"
else
  echo "Missing system packages: ${need[*]}. Install them (Debian: sudo apt-get install -y ${need[*]}) and run npm test again." >&2
  exit 1
fi
