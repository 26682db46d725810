#!/usr/bin/env bash
# Installs Clack as a service on this machine from the source tree: builds the Debian package
# (scripts/package-deb.sh) and installs it with apt, which brings in the libraries it needs,
# creates the clack user, installs clack.service, the udev rules and /etc/clack/clack.yaml (kept
# if you edited it), and starts the service. Running it again upgrades to the tree as it is
# now; the queue and the config are kept. Needs Swift 6.2 or later (see README.md).
#
# Usage: scripts/install.sh              install or upgrade
#        scripts/install.sh --uninstall  remove the program and the service; keep the config
#                                        and the queue (/etc/clack, /var/lib/clack)
#        scripts/install.sh --purge      remove those too, and the clack user
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"

case "${1:-}" in
  "")
    deb=$(scripts/package-deb.sh)
    step "installing $(basename "$deb")"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --reinstall \
      -o Dpkg::Options::=--force-confold "$deb"
    echo
    echo "installed: $(systemctl is-active clack.service 2>/dev/null || echo 'no systemd here') —"
    echo "  edit /etc/clack/clack.yaml to name your board, then: sudo systemctl restart clack"
    echo "  docs/install.md has the rest (logs: journalctl -u clack)"
    ;;
  --uninstall)
    dpkg-query -W -f='${Status}' clack 2>/dev/null | grep -q 'install ok installed' \
      || { echo "clack is not installed"; exit 0; }
    as_root env DEBIAN_FRONTEND=noninteractive apt-get remove -y -q clack
    echo "removed clack; /etc/clack and /var/lib/clack are kept (scripts/install.sh --purge deletes them)"
    ;;
  --purge)
    if dpkg-query -W clack >/dev/null 2>&1; then
      as_root env DEBIAN_FRONTEND=noninteractive apt-get purge -y -q clack
    fi
    echo "purged clack: program, service, config, queue and the clack user are gone"
    ;;
  -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//' ;;
  *) die "unknown option $1 (see --help)" ;;
esac
