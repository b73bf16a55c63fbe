# Shared by the scripts: find the repository, install the system packages the build needs, find swift.
# Sourced, not run.

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

say() { printf '%s\n' "$*" >&2; }

# The release build of mockapi at .build/release/mockapi, as the packages ship it: the Swift runtime linked in. Every
# script builds it this one way, since a build the other way rebuilds everything (about 7 minutes on 2 cores) and the
# next build this way rebuilds it all again; and a build against the shared runtime recorded an answer about 0.1 ms
# slower (docs/performance.md).
build_release_binary() {
    (cd "$repo_root" && swift build -c release --product mockapi --static-swift-stdlib >&2)
}

# Installs Debian packages that are missing. $@: package names.
apt_install() {
    [ "$#" -gt 0 ] || return 0
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 || { say "mockapi: need root (or sudo) to install: $*"; exit 1; }
        sudo="sudo"
    fi
    say "mockapi: installing $* (apt)"
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    $sudo env DEBIAN_FRONTEND=noninteractive ${APT_TIMEOUT:+timeout "$APT_TIMEOUT"} apt-get install -y -qq --no-install-recommends "$@" >&2
}

# The C libraries the package links, via pkg-config: libmicrohttpd (HTTP engine), yajl (order-preserving JSON), zlib
# and brotli (recorded gzip/deflate/br bodies are stored decoded), GnuTLS (HTTPS certificates: made for
# --tls-self-signed, checked for --tls-cert).
ensure_build_dependencies() {
    local missing=()
    command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
    if command -v pkg-config >/dev/null 2>&1; then
        pkg-config --exists libmicrohttpd || missing+=(libmicrohttpd-dev)
        pkg-config --exists yajl || missing+=(libyajl-dev)
        pkg-config --exists zlib || missing+=(zlib1g-dev)
        pkg-config --exists libbrotlidec libbrotlienc || missing+=(libbrotli-dev)
        pkg-config --exists gnutls || missing+=(libgnutls28-dev)
    else
        missing+=(libmicrohttpd-dev libyajl-dev zlib1g-dev libbrotli-dev libgnutls28-dev)
    fi
    apt_install "${missing[@]}"
    if ! command -v swift >/dev/null 2>&1; then
        if [ -x /opt/swift/usr/bin/swift ]; then
            export PATH="/opt/swift/usr/bin:$PATH"
        else
            say "mockapi: swift is not on PATH; install Swift 6.3 (https://www.swift.org/install/linux/)"
            exit 1
        fi
    fi
}

# What the tests need beyond the build: a headless Chromium (Debian's package) and python3 to drive it, for the admin
# page test. Bounded: the install may take 15 minutes at most, and a failed install stops the run (no test is skipped).
ensure_test_dependencies() {
    local missing=()
    command -v python3 >/dev/null 2>&1 || missing+=(python3)
    command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || missing+=(chromium)
    [ "${#missing[@]}" -gt 0 ] || return 0
    say "mockapi: the admin page test needs ${missing[*]}; installing (at most 15 minutes)"
    APT_TIMEOUT=900 apt_install "${missing[@]}" || { say "mockapi: could not install ${missing[*]}"; exit 1; }
}

# python3 with venv and pip (Debian splits them out), for pytest-mockapi's tests and wheel (scripts/test-pytest).
ensure_python_venv() {
    local missing=()
    command -v python3 >/dev/null 2>&1 || missing+=(python3)
    command -v python3 >/dev/null 2>&1 && python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || missing+=(python3-venv)
    apt_install "${missing[@]}"
}

# python_venv NAME PACKAGE...: a script's own Python, a venv under .build-py/NAME with PACKAGEs from PyPI, so that
# nothing is installed into the system's; sets $venv.
python_venv() {
    local name=$1; shift
    ensure_python_venv
    venv="$repo_root/.build-py/$name"
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check "$@" >&2
}
