#!/bin/sh
# The install of CI and the deploy workflows (and .ci/run): exactly the lock file, with no dependency's
# install script, then the install scripts of the packages package.json's `allowScripts` approves, and of
# no other. What those scripts do, and why npm alone cannot do this: CONTRIBUTING.md, "Install scripts".
set -eu
cd "$(dirname "$0")/.."

npm ci --ignore-scripts --no-audit --no-fund

# The approved names, read by the Node that runs npm. `npm rebuild` with no name would run every
# package's scripts, so an empty list stops here.
approved=$(node -p "Object.entries(require('./package.json').allowScripts ?? {}).filter(([, allowed]) => allowed === true).map(([name]) => name).join(' ')")
if [ -z "$approved" ]; then
  echo "scripts/install.sh: package.json's allowScripts approves no package" >&2
  exit 1
fi
# One word per package: the names are npm package names, which hold no space.
# shellcheck disable=SC2086
npm rebuild $approved
