/// Callbacks of an event-loop future run on that future's event loop, known by what the code
/// does: a closure passed to a future's callback method (`whenComplete`, `whenSuccess`,
/// `always`, `flatMapThrowing`, …, and `map`/`flatMap` on a promise's `futureResult` or a
/// channel's `closeFuture`) runs on the loop the future belongs to, not on whatever thread made
/// the call, and not later on no executor. Which loop that is the file says only sometimes (`p =
/// channel.eventLoop.makePromise(…)`), and whether it is the class's own loop even less: what
/// such a callback touches is a possible guard's, neither guarded nor unguarded.
enum FutureCallbacks {
    /// Methods of a future whose closure runs on the future's loop, whatever the receiver is
    /// spelled like (names no other common type has).
    static let callbackMethods: Set<String> = [
        "whenComplete", "whenSuccess", "whenFailure", "always", "flatMapThrowing", "flatMapError", "flatMapErrorThrowing",
        "flatMapResult", "recover", "whenCompleteBlocking",
    ]
    /// Methods of a future that other types have too (`Optional`, sequences): only on a receiver
    /// that is a future by its name.
    static let sharedMethods: Set<String> = ["map", "flatMap", "and"]

    /// The closures of the file that are such callbacks (their indices).
    static func callbacks(_ s: FileStructure) -> [Int] {
        guard s.identifiers.mayContainAny(["EventLoop", "eventLoop", "futureResult", "closeFuture", "EventLoopFuture", "EventLoopPromise"]) else {
            return []
        }
        var out: [Int] = []
        for (ci, c) in s.closures.enumerated() where c.callee >= 1 && c.close > c.open && s.isChar(c.callee - 1, UInt8(ascii: ".")) {
            let method = s.text(c.callee)
            if callbackMethods.contains(method) {
                out.append(ci)
            } else if sharedMethods.contains(method), c.receiverStart >= 0 {
                // (A chain after a closure, `f { … }.map { }`, has no plain receiver: not known.)
                let last = s.text(c.callee - 2)
                if last == "futureResult" || last == "closeFuture" { out.append(ci) }
            }
        }
        return out
    }
}
