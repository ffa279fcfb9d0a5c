#!/usr/bin/env bash
# What the engines tier (tests/engines) needs, installed only where missing — safe to run again:
#   Debian: firefox-esr (driven over its own WebDriver BiDi server), webkit2gtk-driver
#   (/usr/bin/WebKitWebDriver) with libwebkit2gtk-4.1-0 (WebKitGTK's MiniBrowser:
#   /usr/lib/<arch>/webkit2gtk-4.1/MiniBrowser), xvfb (a display for WebKitGTK), chromium-driver
#   (/usr/bin/chromedriver, the same version as Debian's chromium, which it brings);
#   PyPI: the pinned websockets client (tests/engines/requirements.txt, hashes checked).
# No browser is ever downloaded from anywhere else (no playwright install, no geckodriver).
set -euo pipefail
cd "$(dirname "$0")/../.."
PYTHON=${PYTHON:-python3}

packages="firefox-esr webkit2gtk-driver libwebkit2gtk-4.1-0 xvfb chromium chromium-driver"

missing=""
for p in $packages; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    printf 'Installing Debian packages for the engines tier:%s\n' "$missing" >&2
    if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
    $sudo apt-get update -qq
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing >/dev/null
fi

"$PYTHON" -m pip install -q --require-hashes --no-deps -r tests/engines/requirements.txt
