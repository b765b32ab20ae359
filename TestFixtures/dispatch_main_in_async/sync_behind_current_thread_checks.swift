import Foundation

// The same checks spelt `Thread.current.isMainThread`, with `guard` and an `else` branch, in an
// extension of a main-actor type and in a main-actor closure.
@MainActor
final class ImageCache {
    var images: [String: Int] = [:]
}

extension ImageCache {
    func store(_ key: String) {
        guard !Thread.current.isMainThread else {
            images[key] = 1
            return
        }
        DispatchQueue.main.sync { self.images[key] = 1 }
    }

    func evict(_ key: String) {
        if Thread.current.isMainThread {
            images[key] = nil
        } else {
            DispatchQueue.main.sync { self.images[key] = nil }
        }
    }

    // The `else` of a condition that is more than the thread check: reported.
    func clear(all: Bool) {
        if Thread.current.isMainThread && all {
            images = [:]
        } else {
            DispatchQueue.main.sync { self.images = [:] } // expect: dispatch_main_in_async
        }
    }
}

func scheduleTrim() {
    Task { @MainActor in
        if !Thread.current.isMainThread {
            DispatchQueue.main.sync { print("trim") }
        }
        DispatchQueue.main.sync { print("trim") } // expect: dispatch_main_in_async
    }
}
