import Foundation

protocol SourceDelegate: AnyObject {
    func sourceDidChange()
}

final class Source {
    weak var delegate: SourceDelegate?
}

// The hand-off is `self` stored as another object's delegate; the helper is internal, and only
// the initializer calls it.
final class Mirror: SourceDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var version = 0

    init(source: Source, version: Int) {
        configure(version)
        source.delegate = self
    }

    func configure(_ v: Int) {
        version = v
    }

    func sourceDidChange() {
        lock.lock()
        version += 1
        lock.unlock()
    }
}

final class LateMirror: SourceDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var version = 0

    init(source: Source, version: Int) {
        source.delegate = self
        configure(version)
    }

    func configure(_ v: Int) {
        version = v // expect: unchecked_sendable_unguarded
    }

    func sourceDidChange() {
        lock.lock()
        version += 1
        lock.unlock()
    }
}
