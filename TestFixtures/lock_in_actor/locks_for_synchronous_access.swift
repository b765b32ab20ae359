import Foundation
import Synchronization

// A lock that code outside the actor's isolation uses is the guard of that access.

actor SourceKitBridge {
    // A lazily computed nonisolated var behind a Mutex.
    private let keysStorage = Mutex<[String]?>(nil)

    nonisolated var keys: [String] {
        keysStorage.withLock { stored in
            if let stored { return stored }
            let made = ["a", "b"]
            stored = made
            return made
        }
    }
}

actor Settings {
    // Declared nonisolated for callers outside the actor.
    nonisolated let current = OSAllocatedUnfairLock<[String: String]>(initialState: [:])

    func update(_ key: String, _ value: String) {
        current.withLock { $0[key] = value }
    }
}

actor Registry {
    private let namesLock = NSLock()
    private var names: [String] = []
}

extension Registry {
    // Used from a nonisolated subscript in an extension.
    nonisolated subscript(index: Int) -> String? {
        namesLock.lock()
        defer { namesLock.unlock() }
        return nil
    }
}

actor Journal {
    // Only isolated code takes it: the actor already serializes these.
    private let entriesLock = NSLock() // expect: lock_in_actor
    private var entries: [String] = []

    func append(_ line: String) {
        entriesLock.lock()
        entries.append(line)
        entriesLock.unlock()
    }

    nonisolated func describe() -> String { "journal" }
}
