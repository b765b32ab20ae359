// A file-private helper class whose writers are only called while initializers run is written
// only during construction: nothing outside this file can reach it.

private final class InternPool {
    private var buffers: [[UInt8]] = []

    func intern(_ s: String) -> Int {
        buffers.append(Array(s.utf8))
        return buffers.count - 1
    }

    func intern(_ bytes: [UInt8]) -> Int {
        buffers.append(bytes)
        return buffers.count - 1
    }
}

extension InternPool: @unchecked Sendable {}

struct NameTable: Sendable {
    private let pool = InternPool()
    private let ids: [Int]

    init(names: [String]) {
        ids = names.map { name in pool.intern(name) }
    }

    init(raw: [[UInt8]]) {
        var ids: [Int] = []
        for r in raw { ids.append(pool.intern(r)) }
        self.ids = ids
    }
}

// The same shape, but one writer is also called after construction: reported.
private final class GrowingPool { // expect: unchecked_sendable_unguarded
    private var buffers: [[UInt8]] = []

    func add(_ s: String) -> Int {
        buffers.append(Array(s.utf8))
        return buffers.count - 1
    }
}

extension GrowingPool: @unchecked Sendable {}

final class Registry: Sendable {
    private let pool = GrowingPool()

    init(seed: [String]) {
        for s in seed { _ = pool.add(s) }
    }

    func register(_ s: String) -> Int {
        pool.add(s)
    }
}
