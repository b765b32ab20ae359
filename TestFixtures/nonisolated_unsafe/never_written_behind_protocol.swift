import Foundation

protocol Authenticating: AnyObject {
    var token: String { get set }
}

final class Session: Authenticating {
    // Written through the protocol by whoever holds the session: not "never written".
    nonisolated(unsafe) var token: String = ""
    // Nothing writes it, through any value.
    nonisolated(unsafe) var retryLimit = 3 // expect: nonisolated_unsafe
    var canRetry: Bool { retryLimit > 0 }
}

func signIn(_ auth: any Authenticating, _ value: String) {
    auth.token = value
}
