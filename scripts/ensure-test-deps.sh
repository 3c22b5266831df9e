#!/usr/bin/env bash
# Installs the Debian packages the test suites need when they are missing: Chromium's headless shell for the browser
# suite and the full Chromium for the benchmarks, PostgreSQL for the second database, Kamailio (with its WebSocket and
# auth_ephemeral modules), rtpengine and baresip for the softphone, Redis and HAProxy for scale-out, aiosmtpd as the
# mail server.
set -uo pipefail

need=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || need+=(chromium)
# The browser suite runs Chromium's headless shell (playwright.config.ts); the benchmarks run the full browser.
[ -x /usr/bin/chromium-headless-shell ] || need+=(chromium-headless-shell)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
[ -x /usr/sbin/kamailio ] || command -v kamailio >/dev/null 2>&1 || need+=(kamailio)
[ -e /usr/lib/x86_64-linux-gnu/kamailio/modules/websocket.so ] || ls /usr/lib/*/kamailio/modules/websocket.so >/dev/null 2>&1 || need+=(kamailio-websocket-modules)
# Per-user, time-limited SIP credentials (auth_ephemeral) come in their own package.
ls /usr/lib/*/kamailio/modules/auth_ephemeral.so >/dev/null 2>&1 || need+=(kamailio-autheph-modules)
# The softphone's media gateway (userspace rtpengine; Kamailio's rtpengine module is in the kamailio package) and
# baresip, the plain SIP phone the tests call.
[ -x /usr/bin/rtpengine ] || need+=(rtpengine-daemon)
[ -x /usr/bin/baresip ] || need+=(baresip)
# The TURN relay for browsers behind NAT.
[ -x /usr/bin/turnserver ] || need+=(coturn)
# Scale-out: Redis shares live state between server processes; HAProxy balances them (`npm run cluster`).
[ -x /usr/bin/redis-server ] || need+=(redis-server)
[ -x /usr/sbin/haproxy ] || command -v haproxy >/dev/null 2>&1 || need+=(haproxy)
# opusdec decodes call recordings in the recording test, to measure each voice's level.
[ -x /usr/bin/opusdec ] || need+=(opus-tools)
# A real SMTP server (aiosmtpd) that the mail tests send to and read back.
[ -x /usr/bin/aiosmtpd ] || need+=(python3-aiosmtpd)

[ ${#need[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian packages for the tests: ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null || {
    echo "apt-get could not install: ${need[*]}" >&2
    exit 1
  }
  # The postgresql package starts a cluster of its own; the tests run their own on a private port.
  command -v pg_ctlcluster >/dev/null 2>&1 && service postgresql stop >/dev/null 2>&1 || true
  # Same for rtpengine's own service: the softphone starts rtpengine itself, on private ports.
  [ -x /etc/init.d/rtpengine-daemon ] && service rtpengine-daemon stop >/dev/null 2>&1 || true
  [ -x /etc/init.d/coturn ] && service coturn stop >/dev/null 2>&1 || true
  # Redis and HAProxy are started by the tests and `npm run cluster` on private ports, not as services.
  [ -x /etc/init.d/redis-server ] && service redis-server stop >/dev/null 2>&1 || true
  [ -x /etc/init.d/haproxy ] && service haproxy stop >/dev/null 2>&1 || true
else
  for pkg in "${need[@]}"; do
    echo "The tests need the Debian package '$pkg': install it with 'sudo apt-get install $pkg'." >&2
  done
  exit 1
fi
