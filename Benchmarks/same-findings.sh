#!/usr/bin/env bash
# Benchmarks/same-findings.sh OLD_BIN NEW_BIN [DIR...] — does a change keep every finding?
#
# Lints each DIR with both binaries (`--quiet --format json`, all rules, default jobs) and
# compares the two reports byte for byte. Prints PASS or FAIL per DIR (with the first lines
# that differ on a FAIL) and exits 1 if any DIR fails. DIRs default to the three corpora:
# ${TMPDIR:-/tmp}/swift-corpus, swift-wide-corpus and swift-app-corpus (see ../shared/tools).
# Use it before and after every speed change: a speed change must not change one byte.
set -uo pipefail
if [ $# -lt 2 ]; then
    echo "usage: $0 OLD_BIN NEW_BIN [DIR...]" >&2
    exit 2
fi
OLD=$1
NEW=$2
shift 2
T=${TMPDIR:-/tmp}
if [ $# -eq 0 ]; then
    set -- "$T/swift-corpus" "$T/swift-wide-corpus" "$T/swift-app-corpus"
fi
for b in "$OLD" "$NEW"; do
    [ -x "$b" ] || { echo "not an executable: $b" >&2; exit 2; }
done
OUT=$(mktemp -d "$T/same-findings.XXXXXX")
trap 'rm -rf "$OUT"' EXIT
failed=0
for dir in "$@"; do
    name=$(basename "$dir")
    if [ ! -d "$dir" ]; then
        echo "FAIL $name: no such directory: $dir"
        failed=1
        continue
    fi
    "$OLD" --quiet --format json "$dir" >"$OUT/old.json" 2>"$OUT/old.err"
    old_rc=$?
    "$NEW" --quiet --format json "$dir" >"$OUT/new.json" 2>"$OUT/new.err"
    new_rc=$?
    findings=$(grep -c '"ruleId"' "$OUT/old.json" || true)
    if [ "$old_rc" -gt 1 ] || [ "$new_rc" -gt 1 ]; then
        echo "FAIL $name: exit codes $old_rc (old) and $new_rc (new)"
        failed=1
    elif [ "$old_rc" -ne "$new_rc" ]; then
        echo "FAIL $name: exit code $old_rc (old) but $new_rc (new)"
        failed=1
    elif cmp -s "$OUT/old.json" "$OUT/new.json"; then
        echo "PASS $name: identical JSON ($(wc -c <"$OUT/new.json") bytes, $findings findings)"
    else
        echo "FAIL $name: the JSON reports differ"
        diff "$OUT/old.json" "$OUT/new.json" | head -20
        failed=1
    fi
done
exit $failed
