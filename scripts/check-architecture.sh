#!/usr/bin/env bash
# Checks that docs/architecture.md's table of targets matches Package.swift and the code:
# every target of the package has a row, and for each row the Clack targets it names under
# "Imports" are exactly the Clack targets the target depends on in Package.swift, which are
# exactly the Clack modules its sources import. So a new dependency, a dropped one or a layer
# crossed without saying so fails here instead of leaving the page wrong.
#
# Usage: scripts/check-architecture.sh   (run by scripts/test.sh)
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"

dump=$(mktemp)
trap 'rm -f "$dump"' EXIT
swift package dump-package >"$dump" 2>/dev/null || die "swift package dump-package failed"
python3 - "$dump" <<'PY'
import json, os, re, sys

package = json.load(open(sys.argv[1], encoding="utf-8"))
targets = {}
for target in package["targets"]:
    names = set()
    for dependency in target["dependencies"]:
        kind = next(iter(dependency))
        names.add(dependency[kind][0])
    # Test targets and the tests' shared helpers (under Tests/) are not in the table.
    tested = target["type"] == "test" or (target.get("path") or "").startswith("Tests")
    targets[target["name"]] = ("test" if tested else target["type"], names, target.get("path"))
ours = {name for name in targets}

def clack(names):
    return {name for name in names if name in ours}

# The table: | `A`, `B` | imports | why |
rows = {}
for line in open("docs/architecture.md", encoding="utf-8"):
    if not line.startswith("| `"):
        continue
    cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
    if len(cells) < 3:
        continue
    named = re.findall(r"`([^`]+)`", cells[0])
    imported = set(re.findall(r"`([^`]+)`", cells[1]))
    for name in named:
        rows[name] = (imported, set(named))

problems = []
for name, (kind, dependencies, path) in sorted(targets.items()):
    if kind == "test":
        continue
    if name not in rows:
        problems.append(f"{name}: no row in the table of docs/architecture.md")
        continue
    # A row may name several targets (a program and its C helper): it lists what they import
    # together, beyond each other.
    documented, together = rows[name]
    documented = clack(documented)
    row_declared = set()
    for other in together:
        row_declared |= clack(targets.get(other, ("", set(), None))[1])
    row_declared -= together
    declared = clack(dependencies)
    if documented != row_declared:
        problems.append(
            f"{name}: docs/architecture.md says it imports {sorted(documented)}, "
            f"Package.swift gives {', '.join(sorted(together))} {sorted(row_declared)}")
    if kind == "system-target":
        continue
    folder = path or os.path.join("Sources", name)
    imported = set()
    for root, _, files in os.walk(folder):
        for file in files:
            if file.endswith(".swift"):
                text = open(os.path.join(root, file), encoding="utf-8").read()
                imported |= set(re.findall(r"^[ \t]*(?:@\w+[ \t]+)*(?:(?:public|package|internal|fileprivate|private)[ \t]+)?import[ \t]+(?:(?:struct|class|enum|func|protocol)[ \t]+)?(\w+)", text, re.M))
            elif file.endswith((".c", ".h")):
                # A C target uses another by its header: `#include <CLibraryLoader.h>`.
                text = open(os.path.join(root, file), encoding="utf-8").read()
                imported |= set(re.findall(r"^#include <(\w+)\.h>", text, re.M))
    used = clack(imported)
    if used - declared:
        problems.append(f"{name}: imports {sorted(used - declared)}, not in its Package.swift dependencies")
    unused = declared - used
    if unused:
        problems.append(f"{name}: depends on {sorted(unused)} in Package.swift but never imports it")

for problem in problems:
    print("architecture: " + problem)
if problems:
    sys.exit(1)
count = sum(1 for kind, _, _ in targets.values() if kind != "test")
print(f"architecture: docs/architecture.md, Package.swift and the imports agree on {count} targets")
PY
