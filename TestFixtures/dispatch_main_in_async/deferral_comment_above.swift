import Foundation

// A main-actor hop whose deferral a comment explains, above the statement or opening its block,
// is meant: `Task { }` would only restate it. A comment that gives no such reason does not count.
@MainActor
final class ScriptRunner {
    func run(_ request: Request) {
        request.suspend()
        // This has to happen on the next event loop: we must return to the caller before it resumes.
        DispatchQueue.main.async {
            request.resume()
        }
    }

    func runSplit(_ request: Request) {
        request.suspend()
        // Deliberately left for a later pass of the main queue, once the caller has unwound.
        DispatchQueue.main
            .async { request.resume() }
    }

    func runWithReasonInside(_ request: Request) {
        request.suspend()
        DispatchQueue.main.async {
            // The caller must return before this resumes it.
            request.resume()
        }
    }

    func runWithReasonInsideAfterCaptures(_ request: Request) {
        DispatchQueue.main.async { [weak self] in
            // deliberately deferred: see run(_:)
            self?.log(request)
        }
    }

    // Comments that say nothing about timing: reported.
    func refresh(_ request: Request) {
        // Resume the request and refresh the badge count.
        DispatchQueue.main.async { // quiet: on the main actor the hop only defers the block
            request.resume()
        }
    }

    func refreshInside(_ request: Request) {
        DispatchQueue.main.async { // quiet: on the main actor the hop only defers the block
            // Resume the request.
            request.resume()
        }
    }

    // A reason in a comment two statements up speaks for that statement, not for the hop.
    func reasonElsewhere(_ request: Request) {
        // Deliberately suspended first.
        request.suspend()
        request.mark()
        DispatchQueue.main.async { request.resume() } // quiet: on the main actor the hop only defers the block
    }

    func log(_ request: Request) {}
}

final class Request {
    func suspend() {}
    func resume() {}
    func mark() {}
}

// Through a protocol extension's main-actor method: the same comments decide.
protocol Scriptable {}

extension Scriptable {
    @MainActor
    func perform(_ request: Request, body: @MainActor @escaping () -> Void) {
        request.suspend()
        // must run on the next turn of the loop, after perform(_:body:) returns
        DispatchQueue.main.async { body() }
    }

    @MainActor
    func performNow(_ request: Request, body: @MainActor @escaping () -> Void) {
        // run the body
        DispatchQueue.main.async { body() } // quiet: on the main actor the hop only defers the block
    }
}
