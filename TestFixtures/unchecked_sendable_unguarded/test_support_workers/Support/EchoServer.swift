import Foundation
import XCTest

// Test support (it imports XCTest): only the state its dispatched work touches can make a test
// flaky. The work runs `serve()`, which calls `answer()` in another file. `port` and `worker`
// are touched only by the test's own thread, and `banner` is set only in init: quiet.
public final class EchoServer: @unchecked Sendable {
    private let log = DispatchQueue(label: "echo.log")
    private var received: [String] = []
    private var running = false
    public private(set) var port = 0
    private var worker: DispatchQueue?
    public var banner: String?
    var lastReply = ""

    public init(banner: String? = nil) {
        self.banner = banner
    }

    public func start() {
        port = 8080
        running = true // expect: unchecked_sendable_unguarded
        worker = DispatchQueue(label: "echo.worker")
        if banner == nil { port += 1 }
        worker?.async { [weak self] in
            self?.serve()
        }
    }

    public func stop() -> String {
        running = false // expect: unchecked_sendable_unguarded
        worker = nil
        return lastReply // expect: unchecked_sendable_unguarded
    }

    public var messages: [String] { log.sync { received } }

    private func serve() {
        while running {
            answer()
            if banner != nil { break }
        }
    }
}
