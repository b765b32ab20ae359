import Foundation
import XCTest

extension EchoServer {
    func answer() {
        log.sync { received.append("ok") }
        lastReply = "ok"
    }
}
