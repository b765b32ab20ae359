import Foundation

class Session {
    let lock = NSLock()
}

final class FinalSession {
    let lock = NSLock()
}
