import Foundation

final class App {
    static let configured: Void = {
        Defaults.timeout = 60
    }()
}

extension App {
    func enableLogging() { verboseLogging = true }
    var attempts: Int { Defaults.retries }
}
