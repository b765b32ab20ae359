#!/usr/bin/env bash
# Benchmarks/corpus.sh [DIR] — speed and memory of swift-lock-lint on a tree of Swift files.
#
# Prints, for a release build, against `cat` of the same files (warm cache, best of N runs):
#   - lexing alone (MB/s, one core and all cores), and swift-syntax's raw lexer if the
#     lexer oracle is built (LEXER_ORACLE=path/to/lexer-oracle);
#   - a whole `swift-lock-lint DIR` run: wall time, ratio to cat, MB/s, peak memory.
# DIR defaults to the corpus from ../shared/tools/make-corpus.sh (${TMPDIR:-/tmp}/swift-corpus).
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=${1:-${TMPDIR:-/tmp}/swift-corpus}
RUNS=${RUNS:-5}
[ -d "$DIR" ] || { echo "no such directory: $DIR (build the corpus with ../shared/tools/make-corpus.sh)" >&2; exit 2; }
swift build -c release --product swift-lock-lint >/dev/null
BIN=.build/release/swift-lock-lint
python3 - "$BIN" "$DIR" "$RUNS" "${LEXER_ORACLE:-}" <<'PY'
import os, resource, subprocess, sys, time
bin_, root, runs, oracle = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
files = []
for d, dirs, fs in os.walk(root):
    dirs[:] = sorted(x for x in dirs if not x.startswith(".") and x not in ("Pods", "DerivedData", "node_modules")
                     and not (x == "Checkouts" and d.endswith("/Carthage")) and not (x == "checkouts" and d.endswith("/SourcePackages")))
    files += [os.path.join(d, f) for f in sorted(fs) if f.endswith(".swift") and os.path.isfile(os.path.join(d, f)) and not os.path.islink(os.path.join(d, f))]
size = sum(os.path.getsize(f) for f in files)
listfile = "/tmp/swift-lock-lint-bench-files.txt"
with open(listfile, "w") as fh:
    fh.write("\0".join(files))

def best(cmd, shell=False):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, shell=shell, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - t)
    return min(times)

def peak_rss_mb(cmd):
    pid = os.fork()
    if pid == 0:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, 1); os.dup2(fd, 2)
        os.execv(cmd[0], cmd)
    _, status, usage = os.wait4(pid, 0)
    return usage.ru_maxrss / 1024.0

mb = size / 1e6
print(f"files: {len(files)}, {mb:.1f} MB")
cat = best(f"xargs -0 cat < {listfile} > /dev/null", shell=True)
print(f"cat:                      {cat:.3f} s  ({mb / cat:.0f} MB/s)")
for jobs in ("1", str(os.cpu_count() or 1)):
    lex = best([bin_, "--benchmark-lexer", "--jobs", jobs, root])
    print(f"lex only, {jobs} job(s):        {lex:.3f} s  ({mb / lex:.0f} MB/s, {lex / cat:.2f}x cat)")
if oracle and os.path.exists(oracle):
    out = subprocess.run([oracle, "lexbench", root], capture_output=True, text=True).stdout.strip()
    print(f"swift-syntax raw lexer:   {out}")
lint = best([bin_, "--quiet", root])
print(f"full lint:                {lint:.3f} s  ({mb / lint:.0f} MB/s, {lint / cat:.2f}x cat)")
print(f"full lint peak memory:    {peak_rss_mb([bin_, '--quiet', root]):.0f} MB")
PY
