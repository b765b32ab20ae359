import Foundation

// A lock reached through a member typed by a protocol, declared in another file.
protocol FrameProvider: AnyObject {
    var frontLock: NSLock { get }
}

final class Emulator: FrameProvider {
    let frontLock = NSLock()
}
