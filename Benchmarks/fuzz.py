#!/usr/bin/env python3
"""Benchmarks/fuzz.py — a long fuzz run of swift-lock-lint, with minimized reproducers.

usage: Benchmarks/fuzz.py BIN MINUTES [CORPUS_DIR ...]

Inputs: token soup; control-flow soup (short, dense code around locks, `defer`, `#if` branches,
`guard ... else`, early exits and braces left open, cut anywhere: the shapes the lock-state walks
meet while someone types); and the corpus' .swift files cut at a random byte, with random lines
deleted, or with either soup inserted. Inputs are linted in batches (one process per batch, `--jobs 1`,
so the run keeps to one core); a batch that dies by a signal, exits above 2 or runs past the time
limit is split file by file, and each failing file is minimized (lines, then bytes, kept while it
still fails the same way). Reproducers are written to $FUZZ_OUT (default: a fresh temp folder)
and their paths printed. Seed: $FUZZ_SEED (default: time). Last line:
`fuzz: N inputs in M min, C crashing, H hanging (seed S)`; exit 1 if anything failed.
"""
import os, random, subprocess, sys, tempfile, time

PIECES = [
    '{', '}', '(', ')', '[', ']', '"', '"""', '#"', '"#', '\\(', '/', '/*', '*/', '//', '#if X', '#if os(Linux)',
    '#endif', '#else', '#elseif Y', 'actor A', 'distributed actor D', 'class C', 'struct S', 'enum E', 'protocol P',
    'extension E', 'func f', 'func g()', 'init', 'deinit', 'lock.lock()', 'lock.unlock()', 'unlock()', 'lock()',
    'await', 'async', 'let', 'var', 'nonisolated(unsafe)', ': @unchecked Sendable', 'withLock', 'lock.withLock',
    'state.withLock { $0 }', 'DispatchSemaphore(value: 0)', 'sem.wait()', 'sem.signal()', 'defer', 'return', 'throw',
    'if', 'else', 'guard', 'switch', 'case', 'do', 'catch', 'for', 'in', 'while', 'repeat', 'Task', 'Task.detached',
    'DispatchQueue.main.async', 'DispatchQueue.main.sync', 'queue.sync', 'queue.async', '@MainActor', 'nonisolated',
    'private', 'final', 'static', 'Mutex', 'OSAllocatedUnfairLock()', 'NSLock()', 'NSRecursiveLock()',
    'os_unfair_lock', 'os_unfair_lock_lock(&l)', '&', '=', 'x', 'y', 'self', '.', '\n', '\n', '\n', ',', ':', ';',
    '->', '#/', '/#', '`', '\r\n', '\r', '\t', '$0', '?', '!', 'try', '@TaskLocal', 'Atomic', '.load(ordering: .relaxed)',
    '.store(1, ordering: .relaxed)', 'ObservableObject', '@Published', '// swift-lock-lint:disable:next all',
    '// swift-lock-lint:disable all', '/// doc', 'Thread.sleep', 'sleep(1)', 'group.wait()', '#available(iOS 17, *)',
    '#if canImport(Darwin)', '@propertyWrapper', 'wrappedValue', '_modify', 'yield &v', 'group.enter()', 'group.leave()',
    'let group = DispatchGroup()', '+= 1', '.append(x)', '[k] = v', 'other.lock.lock()', 'ObjectIdentifier(a)',
    'lhs.using { rhs.using { } }', 'get', 'set', 'didSet', 'willSet', 'subscript', 'where', 'inout', 'some', 'any', 'é',
    '😀', '\u0301', '\u0000', '\ufeff', 'self.', 'lazy var', 'weak var', 'objc_sync_enter(self)', 'pthread_mutex_lock(&m)',
    '0x1F', '1_000', '1e9', "'", '@', '#', '\\', '<', '>', '<T>', 'where T: Sendable',
]


def soup(rng, n=None):
    return ' '.join(rng.choice(PIECES) for _ in range(n or rng.randint(1, 200)))


# Control-flow soup. What a lock-state walk follows: acquisitions and releases, `defer` (with or
# without its block yet), compiler-conditional branches (a block opened in one branch and closed,
# or not, in another), early exits, loops, closures run under a lock, and the braces of all of
# these, balanced or not.
FLOW_LOCKING = [
    'lock()', 'unlock()', 'lock.lock()', 'lock.unlock()', 'self.lock.lock()', 'other.lock()',
    'lock.withLock {', 'state.withLock { s in', 'queue.sync {', 'os_unfair_lock_lock(&l)',
    'os_unfair_lock_unlock(&l)', 'pthread_mutex_lock(&m)', 'pthread_mutex_unlock(&m)', 'objc_sync_enter(self)',
    'objc_sync_exit(self)', 'sem.wait()', 'sem.signal()', 'if lock.try() {', 'await f()', 'value += 1',
]
FLOW_CONTROL = [
    '{', '{', '}', '}', '}', 'defer', 'defer {', 'defer { unlock() }', 'defer { lock.unlock() }',
    'guard x else', 'guard x else {', 'guard let y else { return }', 'return', 'return x', 'throw e', 'break',
    'continue', 'fallthrough', 'if x {', 'if x', '} else {', 'else', 'else if y {', 'switch x {', 'case .a:',
    'case .b where y:', 'default:', 'do {', '} catch {', 'catch', 'for x in y {', 'while x {', 'repeat {',
    '} while x', 'outer: while x {', 'break outer', 'Task {', 'Task { @MainActor in', '{ [weak self] in', 'try',
    'try await', 'x ? a : b', ';', '(', ')', 'let v = {', '}()',
]
FLOW_DIRECTIVES = ['#if os(Linux)', '#if DEBUG', '#if canImport(Darwin)', '#if', '#elseif', '#elseif os(macOS)',
                   '#else', '#endif', '#endif', '#if swift(>=6.0)']
FLOW_OPENERS = [
    '', 'func f() {\n', 'func f() throws {\n    lock()\n',
    'final class C {\n    let lock = NSLock()\n    var value = 0\n    func f() {\n',
    'actor A {\n    func f() async {\n', 'extension C {\n    var v: Int {\n        get {\n', 'init() {\n',
    'let l = NSLock()\nfunc f(_ x: Bool) {\n    l.lock()\n',
]


def flow(rng):
    """A short, dense stretch of control flow; often cut at a random byte."""
    parts = [rng.choice(FLOW_OPENERS)]
    for _ in range(rng.randint(1, 40)):
        r = rng.random()
        if r < 0.1:
            # Issue 20's shape: `defer` (or a block opener) right before a directive.
            parts.append(rng.choice(['defer', 'defer {', '{', 'guard x else', 'else', 'do']))
            parts.append('\n' + rng.choice(FLOW_DIRECTIVES))
        elif r < 0.3:
            parts.append(rng.choice(FLOW_DIRECTIVES))
        elif r < 0.55:
            parts.append(rng.choice(FLOW_LOCKING))
        else:
            parts.append(rng.choice(FLOW_CONTROL))
        parts.append(rng.choice([' ', ' ', '\n', '\n    ', '\n        ']))
    text = ''.join(parts)
    r = rng.random()
    if r < 0.4:
        return text[:rng.randint(0, len(text))]  # the file ends anywhere
    if r < 0.6:
        return text + '}' * rng.randint(1, 4) + '\n'  # closed, maybe too often
    return text


def mutate(rng, text):
    r = rng.random()
    if r < 0.35:
        b = text.encode('utf-8', 'surrogatepass')
        return b[:rng.randint(0, len(b))]
    lines = text.split('\n')
    if r < 0.7:
        for _ in range(rng.randint(1, 10)):
            if lines:
                del lines[rng.randrange(len(lines))]
    elif r < 0.85:
        lines.insert(rng.randrange(len(lines) + 1), flow(rng) if rng.random() < 0.5 else soup(rng))
    else:
        # Swap two lines' halves: braces and #if directives end up out of order.
        if len(lines) > 1:
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
    return '\n'.join(lines).encode('utf-8', 'surrogatepass')


def run(bin_, paths, limit):
    """'ok', 'crash' or 'hang' for one lint of `paths`."""
    try:
        # No crash backtraces: minimizing runs a crashing input many times.
        p = subprocess.run([bin_, '-q', '--jobs', '1', '--include-generated', '--enable-all-rules', *paths],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=limit,
                           env=dict(os.environ, SWIFT_BACKTRACE='enable=no'))
        return 'crash' if p.returncode < 0 or p.returncode > 2 else 'ok'
    except subprocess.TimeoutExpired:
        return 'hang'


def minimize(bin_, data, kind, limit, workdir):
    """Smallest input found (lines, then bytes) that still fails as `kind`."""
    path = os.path.join(workdir, 'min.swift')

    def fails(candidate):
        with open(path, 'wb') as f:
            f.write(candidate)
        return run(bin_, [path], limit) == kind

    def shrink(units, join):
        chunk = max(1, len(units) // 2)
        while chunk >= 1:
            i, changed = 0, False
            while i < len(units):
                trial = units[:i] + units[i + chunk:]
                if trial != units and fails(join(trial)):
                    units, changed = trial, True
                else:
                    i += chunk
            if not changed:
                chunk //= 2
        return units

    deadline = time.time() + (120 if kind == 'crash' else 600)
    lines = data.split(b'\n')
    if len(lines) <= 2000 and time.time() < deadline:
        lines = shrink(lines, lambda u: b'\n'.join(u))
    data = b'\n'.join(lines)
    if len(data) <= 2000 and time.time() < deadline:
        data = bytes(shrink(list(data), bytes))
    return data


def main():
    if len(sys.argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    bin_, minutes = os.path.abspath(sys.argv[1]), float(sys.argv[2])
    corpora = sys.argv[3:]
    seed = int(os.environ.get('FUZZ_SEED', time.time_ns() % 1_000_000))
    limit = float(os.environ.get('FUZZ_LIMIT', 60))
    out_dir = os.environ.get('FUZZ_OUT') or tempfile.mkdtemp(prefix='swift-lock-lint-fuzz-')
    os.makedirs(out_dir, exist_ok=True)
    rng = random.Random(seed)
    real = []
    for c in corpora:
        for root, dirs, files in os.walk(c):
            dirs.sort()
            real += [os.path.join(root, f) for f in sorted(files) if f.endswith('.swift')]
    total, failures = 0, {'crash': [], 'hang': []}
    started = time.time()
    end = started + minutes * 60
    with tempfile.TemporaryDirectory(prefix='swift-lock-lint-fuzz-batch-') as tmp:
        batch = 0
        while time.time() < end:
            batch += 1
            paths = []
            for i in range(200):
                if real and rng.random() < 0.6:
                    try:
                        with open(rng.choice(real), 'rb') as f:
                            text = f.read().decode('utf-8', 'replace')
                    except OSError:
                        continue
                    data = mutate(rng, text)
                elif rng.random() < 0.5:
                    data = flow(rng).encode('utf-8', 'surrogatepass')
                else:
                    data = soup(rng).encode('utf-8', 'surrogatepass')
                p = os.path.join(tmp, f'b{batch}_{i}.swift')
                with open(p, 'wb') as f:
                    f.write(data)
                paths.append(p)
            total += len(paths)
            if run(bin_, paths, limit) != 'ok':
                for p in paths:
                    kind = run(bin_, [p], limit)
                    if kind == 'ok':
                        continue
                    with open(p, 'rb') as f:
                        data = f.read()
                    small = minimize(bin_, data, kind, limit, tmp)
                    keep = os.path.join(out_dir, f'{kind}-{seed}-{batch}-{len(failures[kind])}.swift')
                    with open(keep, 'wb') as f:
                        f.write(small)
                    failures[kind].append(keep)
                    print(f'{kind}: {keep} ({len(small)} bytes, from {len(data)})', flush=True)
            for p in paths:
                os.unlink(p)
    mins = (time.time() - started) / 60
    print(f'fuzz: {total} inputs in {mins:.1f} min, {len(failures["crash"])} crashing, '
          f'{len(failures["hang"])} hanging (seed {seed})')
    sys.exit(1 if failures['crash'] or failures['hang'] else 0)


main()
