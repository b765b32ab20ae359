import Foundation

// Two classes of one file, each with its own private helper named `enqueue`, declared in an
// extension, that runs the closure it is given on the class's serial queue: each class's
// closures run on its own queue. Fires only for the access that bypasses the helper.
final class ImageStore: @unchecked Sendable {
    private let queue = DispatchQueue(label: "images")
    private var images: [String: Data] = [:]

    func put(_ key: String, _ data: Data) {
        enqueue { self.images[key] = data }
    }

    func purge() {
        enqueue { self.images.removeAll() }
    }

    func count() -> Int {
        images.count // expect: unchecked_sendable_unguarded
    }
}

extension ImageStore {
    private func enqueue(_ work: @escaping () -> Void) {
        queue.async { work() }
    }
}

final class TextStore: @unchecked Sendable {
    private let queue = DispatchQueue(label: "texts")
    private var texts: [String] = []

    func add(_ t: String) {
        enqueue { self.texts.append(t) }
    }

    func clear() {
        enqueue { self.texts = [] }
    }
}

extension TextStore {
    private func enqueue(_ work: @escaping () -> Void) {
        queue.async(execute: work)
    }
}
