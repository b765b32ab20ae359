#!/usr/bin/env python3
"""Benchmarks/lsp-hostile.py — the language server under input an editor and a bad client send.

usage: Benchmarks/lsp-hostile.py BINARY [--changes N] [--big-mb M]

A scripted session, printing one line per step with what was answered and how fast:
  1. a request before `initialize` (expects -32002), a batch (expects -32600);
  2. bad headers — a misspelled Content-Length, a length of 10^12, LF-only line ends, garbage —
     each followed by a valid request, which must be answered;
  3. a 5,000-line document opened, then a burst of N (default 1,000) full-text didChange
     notifications, then a request: the request's latency (target under 100 ms), how many
     diagnostics were published while the burst was written (at most one per lint time: lints
     never queue up for stale versions), and that the last one is for the newest version;
  4. a second server: a document of M MB (default 20) opened, then `exit` at once: the time
     until the process is gone (it must not wait for the lint).
Exit status 1 if any expectation fails.
"""
import json, os, subprocess, sys, threading, time

FAILED = []


def frame(obj):
    body = json.dumps(obj).encode()
    return b'Content-Length: %d\r\n\r\n' % len(body) + body


class Server:
    def __init__(self, binary):
        self.p = subprocess.Popen([binary, '--lsp'], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.messages = []  # (time received, message)
        self.cv = threading.Condition()
        threading.Thread(target=self.read_loop, daemon=True).start()

    def read_loop(self):
        out = self.p.stdout
        while True:
            header = b''
            while not header.endswith(b'\r\n\r\n'):
                c = out.read(1)
                if not c:
                    with self.cv:
                        self.cv.notify_all()
                    return
                header += c
            n = int([l for l in header.decode().split('\r\n') if l.lower().startswith('content-length')][0].split(':')[1])
            msg = json.loads(out.read(n))
            with self.cv:
                self.messages.append((time.perf_counter(), msg))
                self.cv.notify_all()

    def raw(self, data):
        self.p.stdin.write(data)
        self.p.stdin.flush()

    def send(self, obj):
        self.raw(frame(obj))

    def wait(self, pred, timeout=60.0):
        """The first message (time, message) matching pred, waiting up to timeout seconds."""
        end = time.perf_counter() + timeout
        with self.cv:
            while True:
                for t, m in self.messages:
                    if pred(m):
                        return t, m
                left = end - time.perf_counter()
                if left <= 0 or self.p.poll() is not None and not any(pred(m) for _, m in self.messages):
                    return None, None
                self.cv.wait(min(left, 0.5))


def check(ok, what):
    print(('ok    ' if ok else 'FAIL  ') + what, flush=True)
    if not ok:
        FAILED.append(what)


def error_code(m):
    return (m or {}).get('error', {}).get('code')


def document(root, lines_wanted=5000):
    lines = []
    for d, _, fs in sorted(os.walk(os.path.join(root, 'Sources'))):
        for f in sorted(fs):
            if f.endswith('.swift'):
                lines += open(os.path.join(d, f)).read().split('\n')
    while len(lines) < lines_wanted:
        lines += lines
    return '\n'.join(lines[:lines_wanted]) + '\nactor Cache {\n    private let lock = NSLock()\n}\n'


def main():
    args = sys.argv[1:]
    binary = args[0]
    changes = int(args[args.index('--changes') + 1]) if '--changes' in args else 1000
    big_mb = float(args[args.index('--big-mb') + 1]) if '--big-mb' in args else 20
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    uri = 'file://' + os.path.join(root, 'Sources', 'Session.swift')

    s = Server(binary)
    # 1. Before initialize; a batch.
    s.send({'jsonrpc': '2.0', 'id': 100, 'method': 'textDocument/codeAction', 'params': {}})
    _, m = s.wait(lambda m: m.get('id') == 100, 10)
    check(error_code(m) == -32002, 'a request before initialize gets -32002 (got %s)' % error_code(m))
    s.send({'jsonrpc': '2.0', 'id': 1, 'method': 'initialize', 'params': {'capabilities': {}}})
    _, m = s.wait(lambda m: m.get('id') == 1, 10)
    check(m is not None and 'result' in m, 'initialize is answered')
    s.send({'jsonrpc': '2.0', 'method': 'initialized', 'params': {}})
    s.send([{'jsonrpc': '2.0', 'id': 101, 'method': 'shutdown'}])
    _, m = s.wait(lambda m: error_code(m) == -32600, 10)
    check(m is not None, 'a batch gets -32600')

    # 2. Bad headers, each followed by a valid request.
    probe = lambda i: {'jsonrpc': '2.0', 'id': i, 'method': 'textDocument/codeAction',
                       'params': {'textDocument': {'uri': uri}, 'range': {'start': {'line': 0, 'character': 0}, 'end': {'line': 0, 'character': 0}}}}
    body = json.dumps(probe(0)).encode()
    cases = [
        ('misspelled Content-Length', b'Content-Lenght: %d\r\n\r\n' % len(body) + body),
        ('Content-Length of 10^12', b'Content-Length: 1000000000000\r\n\r\n' + body),
        ('LF-only header', None),
        ('garbage before a header', b'this is not a header\r\n'),
    ]
    for k, (what, bad) in enumerate(cases):
        i = 200 + k
        t0 = time.perf_counter()
        if bad is None:
            b = json.dumps(probe(i)).encode()
            s.raw(b'Content-Length: %d\n\n' % len(b) + b)
        else:
            s.raw(bad)
            s.send(probe(i))
        t, m = s.wait(lambda m, i=i: m.get('id') == i, 10)
        check(m is not None, 'after a %s the next request is answered (%s)' % (what, '%.1f ms' % ((t - t0) * 1000) if t else 'no answer'))

    # 3. A burst of changes, then a request.
    text = document(root)
    t_open = time.perf_counter()
    s.send({'jsonrpc': '2.0', 'method': 'textDocument/didOpen', 'params': {'textDocument': {'uri': uri, 'languageId': 'swift', 'version': 1, 'text': text}}})
    t_first, _ = s.wait(lambda m: m.get('method') == 'textDocument/publishDiagnostics' and m['params'].get('version') == 1, 60)
    lint_time = max(1e-3, t_first - t_open)
    before = len(s.messages)
    t_burst = time.perf_counter()
    for v in range(2, changes + 2):
        s.send({'jsonrpc': '2.0', 'method': 'textDocument/didChange',
                'params': {'textDocument': {'uri': uri, 'version': v}, 'contentChanges': [{'text': text + '\n// edit %d\n' % v}]}})
    t_req = time.perf_counter()
    s.send(probe(300))
    t, m = s.wait(lambda m: m.get('id') == 300, 120)
    latency = (t - t_req) * 1000 if t else float('inf')
    last = changes + 1
    t_pub, _ = s.wait(lambda m: m.get('method') == 'textDocument/publishDiagnostics' and m['params'].get('version') == last, 120)
    published = [m for _, m in s.messages[before:] if m.get('method') == 'textDocument/publishDiagnostics']
    print('      burst: %d didChange of %d lines (%.1f MB) written in %.2f s' % (changes, text.count('\n') + 1, changes * len(text) / 1e6, t_req - t_burst))
    check(latency < 100, 'the request after the burst is answered in %.1f ms (target < 100 ms)' % latency)
    check(t_pub is not None, 'diagnostics for the newest version (%d) are published, %.0f ms after the request' % (last, (t_pub - t_req) * 1000 if t_pub else -1))
    # One lint at a time, each of the newest text when it starts: while the burst is being
    # written, at most one publication per lint time (a version replaced before its lint would
    # start is never linted), in increasing version order.
    versions = [m['params'].get('version') for m in published]
    bound = int((t_req - t_burst) / lint_time) + 2
    check(len(published) <= bound and len(published) < changes and versions == sorted(set(versions)),
          '%d publishDiagnostics for %d changes (one lint takes %.0f ms: at most %d fit in the burst), versions increasing'
          % (len(published), changes, lint_time * 1000, bound))
    s.send({'jsonrpc': '2.0', 'id': 400, 'method': 'shutdown'})
    s.wait(lambda m: m.get('id') == 400, 10)
    s.send({'jsonrpc': '2.0', 'method': 'exit'})
    check(s.p.wait(timeout=10) == 0, 'exit after shutdown ends with status 0')

    # 4. exit during a lint of a big document.
    s = Server(binary)
    s.send({'jsonrpc': '2.0', 'id': 1, 'method': 'initialize', 'params': {'capabilities': {}}})
    s.wait(lambda m: m.get('id') == 1, 10)
    big = text * max(1, int(big_mb * 1e6 / len(text)))
    s.send({'jsonrpc': '2.0', 'method': 'textDocument/didOpen', 'params': {'textDocument': {'uri': uri, 'languageId': 'swift', 'version': 1, 'text': big}}})
    time.sleep(0.5)  # the lint has started
    t0 = time.perf_counter()
    s.send({'jsonrpc': '2.0', 'method': 'exit'})
    try:
        code = s.p.wait(timeout=30)
    except subprocess.TimeoutExpired:
        code = None
        s.p.kill()
    elapsed = (time.perf_counter() - t0) * 1000
    check(code is not None and elapsed < 1000, 'exit during the lint of a %.0f MB document ends the server in %.0f ms (status %s)' % (len(big) / 1e6, elapsed, code))
    print('lsp-hostile: %d failed' % len(FAILED))
    sys.exit(1 if FAILED else 0)


main()
