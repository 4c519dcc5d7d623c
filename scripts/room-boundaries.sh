#!/usr/bin/env bash
# Fails when a room holds what it must not (issue 21; ARCHITECTURE.md, "The rooms"):
#   - ReceiptKit opens no socket or file, starts no thread and reads no environment (socket, connect, open,
#     fopen, pthread_create, getenv) and imports no networking module (CCurl, FoundationNetworking);
#   - threads are started (pthread_create) only by the batch engine, Sources/ReceiptAudit;
#   - a subcommand file (Sources/ReceiptCLI/Commands/*Command.swift, one ParsableCommand each) names no other
#     subcommand's type: what two commands share lives in a file of its own (an option group in Options/, a
#     renderer in Rendering/, an adapter in IO/). Only the root command, Commands/AppReceipt.swift, lists them.
#
#   scripts/room-boundaries.sh [ROOT]
set -euo pipefail
root=${1:-.}
status=0
kit=$root/Sources/ReceiptKit
if found=$(grep -rnE '(^|[^.A-Za-z_])(socket|connect|fopen|pthread_create|getenv)\(|(^|[^.A-Za-z_])open\(' \
    --include='*.swift' "$kit" | grep -vE '^\S+:[0-9]+:\s*///|func (socket|connect|open|fopen|pthread_create|getenv)\('); then
    echo "room-boundaries: ReceiptKit must not open sockets or files, start threads or read the environment:" >&2
    echo "$found" >&2
    status=1
fi
if found=$(grep -rnE 'import\s+(CCurl|FoundationNetworking)' --include='*.swift' "$kit"); then
    echo "room-boundaries: ReceiptKit must not import a networking module:" >&2
    echo "$found" >&2
    status=1
fi
if found=$(grep -rnE 'pthread_create\(' --include='*.swift' "$root/Sources" | grep -v "^$root/Sources/ReceiptAudit/"); then
    echo "room-boundaries: threads are started only by the batch engine (Sources/ReceiptAudit):" >&2
    echo "$found" >&2
    status=1
fi
commands_dir=$root/Sources/ReceiptCLI/Commands
commands=$(cd "$commands_dir" && ls -- *Command.swift | sed 's/\.swift$//')
if [ -z "$commands" ]; then
    echo "room-boundaries: no subcommand files in $commands_dir" >&2
    exit 1
fi
for file in $commands; do
    others=$(echo "$commands" | grep -vx "$file" | paste -sd'|' -)
    if found=$(grep -nwE "$others" "$commands_dir/$file.swift"); then
        echo "room-boundaries: $file names another subcommand (share it through a file of its own):" >&2
        echo "$found" | sed "s|^|$file.swift:|" >&2
        status=1
    fi
done
exit $status
