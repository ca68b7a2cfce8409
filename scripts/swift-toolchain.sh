#!/usr/bin/env bash
# A real Swift 6.0.3 toolchain on Debian 12 machines, which package no Swift: a Debian 13
# (trixie) minbase root with `swiftlang`, kept in a fixed cache folder outside the checkout so
# later runs reuse it.
#
#   scripts/swift-toolchain.sh setup          create (or verify and reuse) the root
#   scripts/swift-toolchain.sh run CMD...     run CMD inside the root, in the Swift package
#                                             folder (bind-mounted at /work/pkg), and unmount
#
# Environment: AGENTWIRE_SWIFT_ROOT (default /var/cache/agentwire/swift-trixie),
# AGENTWIRE_SWIFT_BIND (extra "HOST:GUEST" bind mounts, space-separated).
# Every failure is fatal: the test command must never skip Swift silently.
set -euo pipefail

ROOT="${AGENTWIRE_SWIFT_ROOT:-/var/cache/agentwire/swift-trixie}"
REPO="$(cd "$(dirname "$0")/.." && pwd)"
PKG="$REPO/generated/swift"
STAMP="$ROOT/.agentwire-swift-ready"
LOCK="${ROOT}.lock"

die() { echo "swift-toolchain: $*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || die "needs root (debootstrap, chroot and bind mounts)"

# The Debian mirror the machine's own apt sources use; no host is written here.
debian_mirror() {
  local uri
  uri=$(
    {
      grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{for (i = 2; i <= NF; i++) print $i}'
      grep -hs '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list |
        sed -E 's/^deb (\[[^]]*\] )?//' | awk '{print $1}'
    } | grep -E '/debian/?$' | head -n 1
  )
  [ -n "$uri" ] || die "no Debian mirror found in /etc/apt/sources.list*"
  echo "${uri%/}"
}

mounted() { mountpoint -q "$1"; }

MOUNTS=()
unmount_all() {
  local i
  for ((i = ${#MOUNTS[@]} - 1; i >= 0; i--)); do
    if mounted "${MOUNTS[$i]}"; then umount -l "${MOUNTS[$i]}" || true; fi
  done
  MOUNTS=()
}
trap unmount_all EXIT INT TERM

bind() { # HOST GUEST
  mkdir -p "$ROOT$2"
  mount --bind "$1" "$ROOT$2"
  MOUNTS+=("$ROOT$2")
}

mount_base() {
  bind /proc /proc
  bind /dev /dev
  mkdir -p "$ROOT/tmp"
  chmod 1777 "$ROOT/tmp"
  cp -L /etc/resolv.conf "$ROOT/etc/resolv.conf" 2>/dev/null || true
}

in_root() { chroot "$ROOT" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
  PATH=/usr/libexec/swift/bin:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin "$@"; }

verify() {
  [ -f "$STAMP" ] || return 1
  mount_base
  local ok=0
  in_root swift --version >/dev/null 2>&1 || ok=1
  unmount_all
  return $ok
}

create() {
  local mirror start
  start=$(date +%s)
  mirror=$(debian_mirror)
  echo "swift-toolchain: creating $ROOT from $mirror (trixie minbase + swiftlang)" >&2
  if ! command -v debootstrap >/dev/null; then
    apt-get install -y debootstrap >/dev/null || { apt-get update >/dev/null && apt-get install -y debootstrap >/dev/null; } ||
      die "cannot install debootstrap"
  fi
  rm -rf "$ROOT"
  mkdir -p "$ROOT"
  debootstrap --variant=minbase trixie "$ROOT" "$mirror" >"$ROOT.debootstrap.log" 2>&1 ||
    die "debootstrap failed (log: $ROOT.debootstrap.log)"
  mount_base
  in_root apt-get update >/dev/null || die "apt-get update in the root failed"
  DEBIAN_FRONTEND=noninteractive in_root apt-get install -y swiftlang libc6-dev libstdc++-14-dev \
    ca-certificates >"$ROOT.apt.log" 2>&1 || die "apt-get install swiftlang failed (log: $ROOT.apt.log)"
  in_root swift --version >&2 || die "swift --version fails in the new root"
  unmount_all
  touch "$STAMP"
  echo "swift-toolchain: root ready in $(($(date +%s) - start)) s" >&2
}

setup() {
  mkdir -p "$(dirname "$ROOT")"
  exec 9>"$LOCK"
  flock 9
  if ! verify; then
    echo "swift-toolchain: no working root at $ROOT; (re)building" >&2
    create
    verify || die "the rebuilt root does not run swift --version"
  fi
  flock -u 9
}

run() {
  [ $# -gt 0 ] || die "run needs a command"
  setup
  # One run at a time per root: every run binds its checkout at the same /work/repo and
  # unmounts everything when it ends, so two checkouts running at once would swap each other's
  # sources mid-build ("input file ... was modified during the build").
  exec 8>"$LOCK.run"
  flock 8
  mount_base
  bind "$REPO" /work/repo
  local spec
  for spec in ${AGENTWIRE_SWIFT_BIND:-}; do bind "${spec%%:*}" "${spec#*:}"; done
  local rc=0
  chroot "$ROOT" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
    PATH=/usr/libexec/swift/bin:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin \
    /bin/sh -c 'cd /work/repo/generated/swift && exec "$@"' sh "$@" || rc=$?
  unmount_all
  flock -u 8
  return $rc
}

case "${1:-}" in
  setup) setup ;;
  run) shift; run "$@" ;;
  *) die "usage: $0 setup | run CMD..." ;;
esac
