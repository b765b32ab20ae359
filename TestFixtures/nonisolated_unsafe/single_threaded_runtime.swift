// Code compiled only for a runtime without threads cannot race.
#if os(WASI) && !_runtime(_multithreaded)
nonisolated(unsafe) var cache: [String: Int] = [:]
#else
nonisolated(unsafe) var cache: [String: Int] = [:] // expect: nonisolated_unsafe
#endif

func store(_ k: String, _ v: Int) { cache[k] = v }
