#!/usr/bin/env bash
# Install the Debian packages that bazas' tests and tools need, only when they are missing.
#
# Usage: scripts/install-system-deps.sh [COMPONENT...]
#   COMPONENT is one of: chromium, postgresql, nodejs, nginx, haproxy, redis, python3-venv.
#   With no argument: chromium, postgresql, nodejs, nginx, haproxy and redis (what the test suite uses:
#   nodejs runs the web UI's JavaScript unit tests, tests/js/; nginx the reverse-proxy test of
#   deploy/nginx.conf; haproxy and redis the local cluster of tests/cluster/, issue 14).
#
# - Idempotent: a component that is already present costs one file test, and nothing runs
#   `apt-get update` unless something must be installed (then it runs once).
# - Never fails the build because apt is unreachable or refuses: it prints a WARNING and exits 0.
#   The tests that need the missing thing skip with a printed reason (see tests/support/).
#   Set BAZAS_STRICT_SYSTEM_DEPS=1 to turn those warnings into a failure (exit 1).
# - Needs root (or sudo) to install; otherwise it only warns.
set -uo pipefail

export DEBIAN_FRONTEND=noninteractive

log() { printf '[system-deps] %s\n' "$*"; }
warn() { printf '[system-deps] WARNING: %s\n' "$*" >&2; }

have_chromium() { [ -x /usr/bin/chromium ]; }

have_postgresql() {
    local bin
    for bin in /usr/lib/postgresql/*/bin; do
        if [ -x "$bin/postgres" ] && [ -x "$bin/initdb" ] && [ -x "$bin/pg_ctl" ]; then
            return 0
        fi
    done
    return 1
}

have_nodejs() { command -v node >/dev/null 2>&1; }

have_nginx() { [ -x /usr/sbin/nginx ]; }

have_haproxy() { [ -x /usr/sbin/haproxy ]; }

have_redis() { [ -x /usr/bin/redis-server ]; }

have_python3_venv() {
    local py="${PYTHON:-python3}"
    command -v "$py" >/dev/null 2>&1 && "$py" -c 'import ensurepip, venv' >/dev/null 2>&1
}

# component -> Debian package(s)
packages_for() {
    case "$1" in
        # fonts-liberation is only a Recommends of chromium, but pages need fonts to render text.
        chromium) echo "chromium fonts-liberation" ;;
        postgresql) echo "postgresql" ;;
        nodejs) echo "nodejs" ;;
        nginx) echo "nginx" ;;
        haproxy) echo "haproxy" ;;
        redis) echo "redis-server" ;;
        python3-venv) echo "python3-venv" ;;
        *) return 1 ;;
    esac
}

components=("$@")
if [ ${#components[@]} -eq 0 ]; then
    components=(chromium postgresql nodejs nginx haproxy redis)
fi

missing_components=()
missing_packages=()
for c in "${components[@]}"; do
    pkgs=$(packages_for "$c") || { warn "unknown component '$c' (known: chromium postgresql nodejs nginx haproxy redis python3-venv)"; exit 2; }
    check="have_${c//-/_}"
    if "$check"; then
        log "$c: present"
    else
        log "$c: missing, will install Debian package(s): $pkgs"
        missing_components+=("$c")
        # shellcheck disable=SC2206
        missing_packages+=($pkgs)
    fi
done

[ ${#missing_packages[@]} -eq 0 ] && exit 0

finish_with_warning() {
    warn "$1"
    warn "could not install: ${missing_packages[*]}. Tests (or steps) that need ${missing_components[*]} will be SKIPPED or fail."
    warn "Install by hand as root: apt-get update && apt-get install -y ${missing_packages[*]}"
    if [ "${BAZAS_STRICT_SYSTEM_DEPS:-0}" = "1" ]; then
        exit 1
    fi
    exit 0
}

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        SUDO=(sudo -n env DEBIAN_FRONTEND=noninteractive)
    else
        finish_with_warning "not root and no password-less sudo"
    fi
fi

if ! command -v apt-get >/dev/null 2>&1; then
    finish_with_warning "apt-get not found (not a Debian-like system?)"
fi

# Bounded network waits so an unreachable mirror fails within minutes instead of hanging,
# and wait (bounded) for another apt/dpkg run holding the lock.
APT_OPTS=(-o Acquire::Retries=2 -o Acquire::http::Timeout=30 -o Acquire::https::Timeout=30
          -o DPkg::Lock::Timeout=300 -o Dpkg::Use-Pty=0)

log "apt-get update"
if ! "${SUDO[@]}" apt-get "${APT_OPTS[@]}" -q update; then
    warn "apt-get update failed (apt unreachable?); trying the install with the lists already on disk"
fi

log "apt-get install -y --no-install-recommends ${missing_packages[*]}"
if ! "${SUDO[@]}" apt-get "${APT_OPTS[@]}" -q install -y --no-install-recommends "${missing_packages[@]}"; then
    finish_with_warning "apt-get install failed"
fi

# Check that what we wanted is really there now.
still_missing=()
for c in "${missing_components[@]}"; do
    check="have_${c//-/_}"
    "$check" || still_missing+=("$c")
done
if [ ${#still_missing[@]} -ne 0 ]; then
    missing_components=("${still_missing[@]}")
    finish_with_warning "installed, but still missing: ${still_missing[*]}"
fi
log "installed: ${missing_packages[*]}"
exit 0
