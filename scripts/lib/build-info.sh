#!/bin/sh
# Writes the Swift file that tells `mockapi --version` its version and commit: run by the BuildInfo plugin
# (Plugins/BuildInfo) before every build of MockAPICLI.
#   $1: the package directory (VERSION is read there; the commit is asked of git there)
#   $2: the file to write; left untouched when its text would not change, so an unchanged build recompiles nothing
# The version is VERSION's first line. The commit is git's short hash of HEAD, with "-dirty" when tracked files differ
# from it, or "unknown" where there is no git or no repository (a source tarball).
set -eu
package="$1"
output="$2"
version=$(head -n 1 "$package/VERSION" | tr -d ' \r\n')
[ -n "$version" ] || { echo "build-info: $package/VERSION is empty; it holds the version, like 0.1.0" >&2; exit 1; }
commit=""
# Only the package's own repository: a source tree unpacked inside another repository has no commit of its own.
if command -v git >/dev/null 2>&1 \
    && [ "$(git -C "$package" rev-parse --show-toplevel 2>/dev/null)" = "$(cd "$package" && pwd -P)" ] \
    && commit=$(git -C "$package" rev-parse --short=12 HEAD 2>/dev/null); then
    git -C "$package" diff --quiet HEAD -- 2>/dev/null || commit="$commit-dirty"
fi
[ -n "$commit" ] || commit="unknown"
mkdir -p "$(dirname "$output")"
text=$(cat <<SWIFT
// Written by scripts/lib/build-info.sh from VERSION and git at build time; not in the repository.
package enum BuildInfo {
    /// VERSION's first line.
    package static let version = "$version"
    /// The commit built (git's short hash, "-dirty" when tracked files differed), or "unknown".
    package static let commit = "$commit"
}
SWIFT
)
if [ ! -f "$output" ] || [ "$(cat "$output")" != "$text" ]; then
    printf '%s\n' "$text" > "$output.tmp"
    mv "$output.tmp" "$output"
fi
