import Foundation

// The module calls withLock on a Mutex in another file: the fix-it names Mutex without its OS
// versions (see MessageWordingTests).
final class Hits: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var count = 0
    func bump() { count += 1 }
}
