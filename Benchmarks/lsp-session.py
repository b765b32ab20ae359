#!/usr/bin/env python3
"""Drive `swift-lock-lint --lsp` like an editor: open, edit, save, code action, close, exit.

usage: Benchmarks/lsp-session.py BINARY [FILE] [--transcript]

Prints the median time from didChange to publishDiagnostics over 9 edits of FILE (default: a
5,000-line file made from the repository's own sources), and with --transcript every message
in and out of a short session.
"""
import json, os, statistics, subprocess, sys, time

def frame(obj):
    body = json.dumps(obj).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body

class Server:
    def __init__(self, binary, transcript):
        self.p = subprocess.Popen([binary, "--lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.transcript = transcript
    def send(self, obj):
        if self.transcript: print(">>> " + json.dumps(obj)[:400])
        self.p.stdin.write(frame(obj)); self.p.stdin.flush()
    def read(self):
        headers = b""
        while not headers.endswith(b"\r\n\r\n"):
            c = self.p.stdout.read(1)
            if not c: return None
            headers += c
        n = int([l for l in headers.decode().split("\r\n") if l.lower().startswith("content-length")][0].split(":")[1])
        msg = json.loads(self.p.stdout.read(n))
        if self.transcript: print("<<< " + json.dumps(msg)[:400])
        return msg
    def until(self, pred):
        while True:
            m = self.read()
            if m is None or pred(m): return m

def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    transcript = "--transcript" in sys.argv
    binary = args[0]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if len(args) > 1:
        text = open(args[1]).read()
    else:
        lines = []
        for d, _, fs in sorted(os.walk(os.path.join(root, "Sources"))):
            for f in sorted(fs):
                if f.endswith(".swift"): lines += open(os.path.join(d, f)).read().split("\n")
        while len(lines) < 5000: lines += lines
        text = "\n".join(lines[:5000]) + "\nactor Cache {\n    private let lock = NSLock()\n}\n"
    uri = "file://" + os.path.join(root, "Sources", "Session.swift")
    s = Server(binary, transcript)
    s.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    s.until(lambda m: m.get("id") == 1)
    s.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    s.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": text}}})
    s.until(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    times = []
    for v in range(2, 11):
        edited = text + "\n// edit %d\n" % v
        t = time.perf_counter()
        s.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": uri, "version": v}, "contentChanges": [{"text": edited}]}})
        m = s.until(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"].get("version") == v)
        times.append((time.perf_counter() - t) * 1000)
        if v == 2: diags = m["params"]["diagnostics"]
    s.send({"jsonrpc": "2.0", "method": "textDocument/didSave", "params": {"textDocument": {"uri": uri}}})
    s.until(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    line = diags[0]["range"]["start"]["line"] if diags else 0
    s.send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction", "params": {"textDocument": {"uri": uri}, "range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 0}}, "context": {"diagnostics": diags[:1]}}})
    s.until(lambda m: m.get("id") == 2)
    s.send({"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": {"uri": uri}}})
    s.until(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    s.send({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
    s.until(lambda m: m.get("id") == 3)
    s.send({"jsonrpc": "2.0", "method": "exit"})
    code = s.p.wait(timeout=10)
    print("document: %d lines; didChange -> publishDiagnostics: median %.1f ms (min %.1f, max %.1f); exit %d"
          % (text.count("\n") + 1, statistics.median(times), min(times), max(times), code))

main()
