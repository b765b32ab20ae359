import Foundation

// A project's own initializer for an operation queue with a given width.
extension OperationQueue {
    convenience init(maxConcurrentOperationCount: Int) {
        self.init()
        self.maxConcurrentOperationCount = maxConcurrentOperationCount
    }
}

// Made with a width of one: its operations run one at a time, so it serialises what they touch.
final class UploadTracker: @unchecked Sendable {
    private let work = OperationQueue(maxConcurrentOperationCount: 1)
    private var pending: [String] = []

    func add(_ id: String) { work.addOperation { self.pending.append(id) } }
    func drop(_ id: String) { work.addOperation { self.pending.removeAll { $0 == id } } }

    func count() -> Int {
        pending.count // expect: unchecked_sendable_unguarded
    }
}

// A width above one runs operations side by side: no guard.
final class WideTracker: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private let work = OperationQueue(maxConcurrentOperationCount: 4)
    private var pending: [String] = []

    func add(_ id: String) { work.addOperation { self.pending.append(id) } }
}
