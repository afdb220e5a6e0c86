#!/usr/bin/env bash
# Conformance run: the official SDKs against the simulator, and the client
# against @copilotkit/aimock (see README.md here). Installs the pinned Node
# packages when node_modules is missing or package-lock.json changed, then
# runs the Go tests behind the `conformance` build tag.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

command -v node >/dev/null || { echo "conformance: node is not on PATH" >&2; exit 1; }
command -v npm >/dev/null || { echo "conformance: npm is not on PATH" >&2; exit 1; }
echo "conformance: node $(node --version), npm $(npm --version 2>/dev/null)"

# The lockfile's hash, kept inside node_modules, tells whether the
# installed packages are the locked ones.
stamp="$here/node_modules/.atelier-lock.sha256"
want="$(sha256sum "$here/package-lock.json" | cut -d' ' -f1)"
if [[ ! -d "$here/node_modules" || ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]]; then
  echo "conformance: + (cd testdata/conformance && npm ci --no-audit --no-fund --ignore-scripts)"
  (cd "$here" && npm ci --no-audit --no-fund --ignore-scripts)
  echo "$want" >"$stamp"
else
  echo "conformance: node_modules matches package-lock.json; no install"
fi

cd "$root"
echo "conformance: + go test -tags conformance -count=1 -run Conformance ./client/..."
start=$SECONDS
go test -tags conformance -count=1 -run Conformance ./client/...
echo "conformance: passed in $((SECONDS - start)) s"
