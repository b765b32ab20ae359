import Foundation

// The value of a `return` on the next line, in both branches, each with a closure that returns.
final class Storage {
    private let noteListLock = NSLock()
    private var _noteList: [URL] = []

    func add(_ u: URL) {
        noteListLock.lock()
        defer { noteListLock.unlock() }
        _noteList.append(u)
    }

    func count() -> Int {
        noteListLock.lock()
        defer { noteListLock.unlock() }
        return _noteList.count
    }

    func getBy(url: URL, caseSensitive: Bool = false) -> URL? {
        noteListLock.lock()
        defer { noteListLock.unlock() }

        let standardized = url.standardized

        if caseSensitive {
            return
                _noteList.first(where: {
                    return (
                        $0.path == standardized.path
                    )
                })
        }

        return
            _noteList.first(where: {
                return (
                    $0.path.lowercased() == standardized.path.lowercased()
                )
            })
    }
}
