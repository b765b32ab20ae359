#!/usr/bin/env python3
"""Benchmarks/scaling.py — does every phase grow linearly? Prints growth exponents.

usage: Benchmarks/scaling.py [BIN] [REAL_FILE]

BIN defaults to .build/release/swift-lock-lint (build it with `swift build -c release`).
REAL_FILE defaults to the largest hand-written .swift file under ${TMPDIR:-/tmp}/swift-corpus.
SERIES (comma-separated, default all): real, lexer, decls, mixed, suppressions, longfn, bigfn,
lockgraph, findings.

Each input is made at 1x, 2x, 4x and 8x of its base size and linted (best of $RUNS, default 3,
warm cache, all rules on); the exponent k in time ~ size^k is the least-squares slope of
log(time) on log(size), so 1.0 is linear and 2.0 quadratic. Inputs:
  real      REAL_FILE repeated (one file of real code growing)
  decls     one-line actors, classes and extensions (declarations growing)
  mixed     small types that trip most rules: locks, queues, atomics, semaphores, actors
  suppressions  findings under disable:next comments and a disable region
  longfn    one function, an `else if` chain taking a lock in every branch and never releasing
            it (each acquire's paths run to the end of the function: bounded by a per-file budget)
  bigfn     one method of thousands of lines: lock/unlock pairs, withLock, awaits, queue.sync
  findings  one long line with many findings, in the text, JSON, SARIF and baseline outputs
  lockgraph types whose locks nest in both orders, methods that call the next type's methods
            while holding a lock (a long call chain), get/set-locked properties changed with +=
  lexer     the lexer alone on the real file (--benchmark-lexer), as a floor
Peak memory (max RSS) is printed next to each time; its exponent is given too.
"""
import math, os, resource, subprocess, sys, tempfile, time

RUNS = int(os.environ.get('RUNS', 3))
SCALES = [1, 2, 4, 8]


def largest_swift(root):
    """The largest hand-written .swift file under root (generated files are skipped by default)."""
    best, size = None, -1
    for d, dirs, files in os.walk(root):
        dirs.sort()
        for f in sorted(files):
            p = os.path.join(d, f)
            if not f.endswith('.swift') or os.path.islink(p) or not os.path.isfile(p):
                continue
            s = os.path.getsize(p)
            if s <= size:
                continue
            with open(p, 'rb') as fh:
                head = b''.join(fh.readline() for _ in range(10))
            if b'DO NOT EDIT' in head or b'@generated' in head:
                continue
            best, size = p, s
    return best


def measure(cmd):
    """(best wall seconds, max RSS in MB) over RUNS runs."""
    times, rss = [], 0.0
    for _ in range(RUNS):
        t = time.perf_counter()
        pid = os.fork()
        if pid == 0:
            fd = os.open(os.devnull, os.O_WRONLY)
            os.dup2(fd, 1)
            os.dup2(fd, 2)
            os.execv(cmd[0], cmd)
        _, _, usage = os.wait4(pid, 0)
        times.append(time.perf_counter() - t)
        rss = max(rss, usage.ru_maxrss / 1024.0)
    return min(times), rss


def slope(xs, ys):
    lx = [math.log(x) for x in xs]
    ly = [math.log(max(y, 1e-6)) for y in ys]
    mx, my = sum(lx) / len(lx), sum(ly) / len(ly)
    return sum((a - mx) * (b - my) for a, b in zip(lx, ly)) / sum((a - mx) ** 2 for a in lx)


def series(name, make, cmd_for, tmp):
    sizes, times, mems = [], [], []
    for k in SCALES:
        path = os.path.join(tmp, f'{name}-{k}.swift')
        with open(path, 'wb') as f:
            f.write(make(k))
        size = os.path.getsize(path)
        t, m = measure(cmd_for(path))
        sizes.append(size)
        times.append(t)
        mems.append(m)
        print(f'  {name:<18} {k}x {size / 1e6:8.2f} MB {t:8.3f} s {m:8.1f} MB RSS', flush=True)
        os.unlink(path)
    e, em = slope(sizes, times), slope(sizes, mems)
    print(f'{name:<20} time exponent {e:.2f}   memory exponent {em:.2f}', flush=True)
    return e


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    bin_ = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, '..', '.build', 'release', 'swift-lock-lint'))
    real = sys.argv[2] if len(sys.argv) > 2 else largest_swift(os.path.join(os.environ.get('TMPDIR', '/tmp'), 'swift-corpus'))
    if not os.path.exists(bin_) or not real:
        print('need a release build and a real file (see --help)', file=sys.stderr)
        sys.exit(2)
    base_real = open(real, 'rb').read()
    # Repeat the real file up to ~3 MB at 1x, so 8x is ~24 MB: large enough to see growth.
    reps = max(1, (3_000_000 // max(1, len(base_real))))
    print(f'binary: {bin_}\nreal file: {real} ({len(base_real)} bytes, x{reps} at 1x)')

    def real_text(k):
        return (base_real + b'\n') * (reps * k)

    def decls_text(k):
        lines = []
        for i in range(8000 * k):
            m = i % 4
            if m == 0:
                lines.append(f'actor A{i} {{ var x = 0; func f() async {{ await g() }} }}')
            elif m == 1:
                lines.append(f'final class C{i}: @unchecked Sendable {{ let lock = NSLock(); var v = 0; func f() {{ lock.lock(); v += 1; lock.unlock() }} }}')
            elif m == 2:
                lines.append(f'extension A{i - 2} {{ func h() {{ queue.sync {{ }} }} }}')
            else:
                lines.append(f'class M{i}: ObservableObject {{ @Published var s = 0; let r = NSRecursiveLock() }}')
        return ('\n'.join(lines) + '\n').encode()

    def mixed_text(k):
        # Small types that trip most rules (locks, queues, atomics, semaphores, actors).
        out = []
        for i in range(1000 * k):
            out.append(f'''final class S{i}: @unchecked Sendable {{
    private let lock = NSLock()
    private let queue = DispatchQueue(label: "q{i}")
    nonisolated(unsafe) static var shared = 0
    private var items: [Int] = []
    let flag = ManagedAtomic<Bool>(false)
    func add(_ x: Int) {{ lock.lock(); items.append(x); lock.unlock() }}
    func get() -> Int {{ lock.withLock {{ items.count }} }}
    func run() async {{ let s = DispatchSemaphore(value: 0); Thread.sleep(forTimeInterval: 1); await work(); s.signal() }}
    func sync() {{ queue.sync {{ self.inner() }} }}
    func inner() {{ queue.sync {{ }} }}
    func cas() {{ _ = flag.compareExchange(expected: false, desired: true, ordering: .relaxed) }}
    func spin() {{ while !flag.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged {{ }}; flag.store(false, ordering: .relaxed) }}
}}
actor VM{i}ViewModel: ObservableObject {{ @Published var v = 0; let m = NSLock(); func f() async {{ v += 1; await g(); v -= 1 }} }}
func top{i}() {{ nonisolated(unsafe) var x = 0; DispatchQueue.main.async {{ x += 1 }}; let r = NSRecursiveLock(); r.lock(); r.lock(); r.unlock(); r.unlock() }}
''')
        return ''.join(out).encode()

    def suppressions_text(k):
        # Findings under disable:next comments, then under one disable region.
        out = []
        for i in range(2500 * k):
            out.append('// swift-lock-lint:disable:next dispatch_semaphore' if i % 2 == 0 else '')
            out.append(f'let s{i} = DispatchSemaphore(value: 0)')
        out.append('// swift-lock-lint:disable nonisolated_unsafe')
        out += [f'nonisolated(unsafe) var v{i} = 0' for i in range(2500 * k)]
        return ('\n'.join(out) + '\n').encode()

    def longfn_text(k):
        # One function: an `else if` chain taking a lock in each branch, never releasing it.
        return ('func f() { ' + 'if a { lock.lock() } else ' * (2000 * k) + '{ }\n').encode()

    def bigfn_text(k):
        # One method of 4,000 x k lines: lock/unlock pairs, withLock, awaits, queue.sync.
        out = ['final class Big: @unchecked Sendable {', '    let lock = NSLock()', '    var v = 0',
               '    let q = DispatchQueue(label: "q")', '    func big() async {']
        for i in range(1000 * k):
            out += [f'        lock.lock(); v += {i}; lock.unlock()', '        lock.withLock { v -= 1 }',
                    f'        let x{i} = await fetch({i}); v = x{i}', f'        if v > {i} {{ q.sync {{ v += 1 }} }}']
        return ('\n'.join(out + ['    }', '}']) + '\n').encode()

    def lockgraph_text(k):
        # 500 x k types: two locks nested in both orders (an inversion each), a method calling the
        # next type's method under a lock (a call chain through every type), a split accessor.
        out = []
        n = 500 * k
        for i in range(n):
            out += [f'final class T{i}: @unchecked Sendable {{', '    let a = NSLock()', '    let b = NSLock()',
                    f'    let next = T{(i + 1) % n}()', '    var _v = 0',
                    '    var v: Int { get { a.withLock { _v } } set { a.withLock { _v = newValue } } }',
                    '    func ab() { a.withLock { b.withLock { } } }', '    func ba() { b.lock(); defer { b.unlock() }; a.withLock { } }',
                    '    func step() { b.withLock { next.hop() } }', '    func hop() { helper() }', '    func helper() { a.withLock { v += 1 } }',
                    '}']
        return ('\n'.join(out) + '\n').encode()

    def findings_text(k):
        # One line: many `nonisolated(unsafe)` and DispatchSemaphore uses (a finding each).
        return (' '.join(['nonisolated(unsafe) var v = DispatchSemaphore(value: 0);'] * (600 * k)) + '\n').encode()

    wanted = set(os.environ.get('SERIES', 'real,lexer,decls,mixed,suppressions,longfn,bigfn,lockgraph,findings').split(','))
    exps = {}
    with tempfile.TemporaryDirectory(prefix='swift-lock-lint-scaling-') as tmp:
        lint = lambda p: [bin_, '-q', '--jobs', '1', '--enable-all-rules', '--include-generated', p]
        if 'real' in wanted:
            exps['real'] = series('real', real_text, lint, tmp)
        if 'lexer' in wanted:
            exps['lexer'] = series('lexer', real_text, lambda p: [bin_, '--benchmark-lexer', '--jobs', '1', p], tmp)
        if 'decls' in wanted:
            exps['decls'] = series('decls', decls_text, lint, tmp)
        if 'mixed' in wanted:
            exps['mixed'] = series('mixed', mixed_text, lint, tmp)
        if 'suppressions' in wanted:
            exps['suppressions'] = series('suppressions', suppressions_text, lint, tmp)
        if 'longfn' in wanted:
            exps['longfn'] = series('longfn', longfn_text, lint, tmp)
        if 'bigfn' in wanted:
            exps['bigfn'] = series('bigfn', bigfn_text, lint, tmp)
        if 'lockgraph' in wanted:
            exps['lockgraph'] = series('lockgraph', lockgraph_text, lint, tmp)
        if 'findings' in wanted:
            exps['findings text'] = series('findings text', findings_text, lint, tmp)
            for fmt in ('json', 'sarif'):
                exps[f'findings {fmt}'] = series(f'findings {fmt}', findings_text, lambda p, f=fmt: lint(p) + ['--format', f], tmp)
            base = os.path.join(tmp, 'baseline.json')
            exps['findings baseline'] = series('findings baseline', findings_text, lambda p: lint(p) + ['--write-baseline', base], tmp)
    worst = max(exps.values())
    print('exponents: ' + ', '.join(f'{k} {v:.2f}' for k, v in exps.items()))
    print(f'worst exponent: {worst:.2f} (target <= 1.10)')


main()
