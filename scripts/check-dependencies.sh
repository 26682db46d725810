#!/usr/bin/env bash
# Compares the package versions SwiftPM resolved (`swift package show-dependencies`) with
# scripts/dependency-versions.txt, the committed list of every dependency, direct and
# transitive, by name and version. Package.resolved is not committed (its commit ids would be
# this build machine's package copies, not upstream's), and Package.swift pins only the direct
# dependencies with exact:, so this list is what notices a transitive dependency drifting.
# Under CI (CI=true) a difference fails; elsewhere it is a warning.
#
# Usage: scripts/check-dependencies.sh            compare (run by scripts/test.sh)
#        scripts/check-dependencies.sh --update   rewrite the list from what resolved now
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"
list=scripts/dependency-versions.txt

resolved=$(swift package show-dependencies --format json 2>/dev/null | python3 -c '
import json, sys
seen = {}
def walk(node):
    for child in node.get("dependencies", []):
        seen[child["identity"]] = child["version"]
        walk(child)
walk(json.load(sys.stdin))
for name in sorted(seen):
    print(name, seen[name])
') || die "swift package show-dependencies failed (run it to see why)"
[ -n "$resolved" ] || die "swift package show-dependencies listed no dependencies"

if [ "${1:-}" = --update ]; then
  {
    echo "# Every package Clack resolves, direct and transitive: name and version (no commit ids)."
    echo "# Checked by scripts/check-dependencies.sh; rewrite with scripts/check-dependencies.sh --update."
    echo "$resolved"
  } > "$list"
  echo "wrote $list ($(echo "$resolved" | wc -l) packages)"
  exit 0
fi
[ -z "${1:-}" ] || die "unknown option $1 (known: --update)"

expected=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$list")
if [ "$resolved" = "$expected" ]; then
  echo "dependencies: $(echo "$resolved" | wc -l) packages resolved at the versions in $list"
  exit 0
fi
echo "dependencies: what resolved differs from $list (- listed, + resolved):" >&2
diff <(echo "$expected") <(echo "$resolved") | grep '^[<>]' | sed 's/^</-/; s/^>/+/' >&2 || true
echo "If the change is intended, run scripts/check-dependencies.sh --update and commit the list." >&2
if [ "${CI:-}" = true ]; then exit 1; fi
echo "(a warning here; under CI it fails)" >&2
