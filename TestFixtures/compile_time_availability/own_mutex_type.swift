import Foundation

// No `import Synchronization` in this file: `Atomic` and `Mutex` are the project's own types.
#if swift(>=6.0)
let counter = Atomic<Int>(0)
#else
let counter = NSLock()
#endif

/// A type declared with a primitive's name in one branch is not a use of the primitive.
#if compiler(>=6.0)
struct Mutex<Value> {
    let lock = NSLock()
    var value: Value
}
#else
final class Box { let lock = NSLock() }
#endif
