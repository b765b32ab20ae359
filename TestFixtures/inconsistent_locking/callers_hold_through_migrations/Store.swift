import Foundation

final class Store {
    let lock = NSLock()
    var rows: [String] = []
    var version = 0

    func insert(_ r: String) {
        lock.withLock { rows.append(r); version += 1 }
    }

    func count() -> Int {
        lock.withLock { rows.count }
    }

    // Quiet: reached only through `Migration.apply()`, which the extension calls under `lock`.
    func rewrite(_ f: (String) -> String) {
        rows = rows.map(f)
        version += 1
    }
}
