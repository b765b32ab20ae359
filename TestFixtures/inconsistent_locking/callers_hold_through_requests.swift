import Foundation

// A helper of the client reached only through request objects whose `encode()` every caller in
// the file calls with the client's lock held (through a protocol, a free function, or its own
// wrapper): the helper runs with that lock held.
protocol Request {
    func encode() -> String
}

extension Request {
    func framed() -> String { "[" + encode() + "]" }
}

final class RegisterRequest: Request {
    unowned let client: Client
    init(_ client: Client) { self.client = client }
    func encode() -> String { client.encodeRegister() }
}

final class ResetRequest: Request {
    unowned let client: Client
    init(_ client: Client) { self.client = client }
    func encode() -> String { client.encodeReset() }
}

final class ProbeRequest {
    unowned let client: Client
    init(_ client: Client) { self.client = client }
    func describe() -> String { client.encodeProbe() }
}

func batch(_ requests: [Request]) -> String {
    var out = ""
    for r in requests { out += r.framed() + "\n" }
    return out
}

final class Client {
    private let lock = NSRecursiveLock()
    private var token = ""
    private var lastRequestId = 0
    private var probes = 0

    func synchronized<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    func connect(_ t: String) {
        synchronized { token = t; lastRequestId = 0 }
    }

    // Quiet: every path to `encode()` runs inside `synchronized { }`.
    func send(_ r: Request) -> String {
        synchronized { r.framed() }
    }

    func sendAll(_ rs: [Request]) -> String {
        synchronized { batch(rs) }
    }

    fileprivate func encodeRegister() -> String {
        lastRequestId += 1
        return "register \(token) \(lastRequestId)"
    }

    fileprivate func encodeReset() -> String {
        lastRequestId = 0
        return "reset"
    }

    func countProbe() {
        synchronized { probes += 1 }
    }

    // Fires: `describe()` is also called with nothing held.
    fileprivate func encodeProbe() -> String {
        "probe \(probes)" // expect: inconsistent_locking
    }

    func probe(_ p: ProbeRequest) -> String {
        let locked = synchronized { p.describe() }
        return locked + p.describe()
    }
}
