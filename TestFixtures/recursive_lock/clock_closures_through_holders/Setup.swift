import Foundation

func makeTables(source: TimeSource) -> (LeaseTable, TokenCache) {
    let fixed = FixedSource(seconds: 5)
    let table = LeaseTable(now: { fixed.read() })
    // Near-miss: the holder is typed by a protocol of the run; an implementation may call back.
    let viaProtocol: TimeSource = source
    let cache = TokenCache(now: { viaProtocol.read() })
    return (table, cache)
}

func makeHeldCache() -> TokenCache {
    // Near-miss: a class holder that reaches the cache itself.
    let holder = CacheHolder()
    let cache = TokenCache(now: { _ = holder.cache?.count(); return Date() })
    holder.cache = cache
    return cache
}
