import Foundation

/// Runs `action` on the main thread: in place when already there, else by a blocking hop.
@discardableResult
func onMainThread<T>(_ action: () -> T) -> T {
    guard !Thread.isMainThread else {
        return action()
    }
    return DispatchQueue.main.sync { action() }
}

/// A hardware bus whose static `sync` is a main-thread hop, not a queue: its name is the type's.
enum Hardware {
    static var apply = true

    static func sync<T>(barrier: Bool = false, _ action: () -> T) -> T {
        onMainThread(action)
    }
}

/// A nested type whose static `sync` only runs the work in place, after a log line.
enum Store {
    enum Writer {
        static func sync(_ work: () -> Void) {
            print("writing")
            work()
        }
    }
}

/// Behind a protocol: a type parameter's static `sync`, whatever the conforming type does.
protocol Serializing {
    static func sync(_ work: () -> Void)
}

enum Inline: Serializing {
    static func sync(_ work: () -> Void) { work() }
}
