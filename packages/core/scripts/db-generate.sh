#!/usr/bin/env bash
# New forward-only migration from the Drizzle schema: db-generate.sh --name <feature>
# Several people may add tables at once: generation is serialised with a lock, and the migration
# should be committed right after (it is diffed against the last snapshot in drizzle/meta).
set -euo pipefail
cd "$(dirname "$0")/.."
exec flock /tmp/majlis-db-generate.lock npx drizzle-kit generate "$@"
