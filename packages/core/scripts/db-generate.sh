#!/usr/bin/env bash
# drizzle-kit is hoisted to the root while npm keeps drizzle-orm under packages/core; drizzle-kit imports it from its own place.
set -euo pipefail
cd "$(dirname "$0")/.."
root=../../node_modules
[ -e "$root/drizzle-orm" ] || [ ! -d node_modules/drizzle-orm ] || ln -s ../packages/core/node_modules/drizzle-orm "$root/drizzle-orm"
exec npx drizzle-kit generate "$@"
