import Foundation

/// A rule that leaves test code alone leaves code compiled only for tests alone too, in a
/// product file: an `#if` on a test flag that no other condition can stand in for.
func load(_ done: @escaping (Data?) -> Void) { done(nil) }

func fetchBlocking() -> Data? {
    let done = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
    var result: Data?
    load { data in result = data; done.signal() }
    done.wait()
    return result
}

#if TESTING
func fetchForTests() -> Data? {
    let done = DispatchSemaphore(value: 0)
    var result: Data?
    load { data in result = data; done.signal() }
    done.wait()
    return result
}
#endif

#if DEBUG && ENABLE_TESTS
func fetchForDebugTests() -> Data? {
    let done = DispatchSemaphore(value: 0)
    load { _ in done.signal() }
    done.wait()
    return nil
}
#endif

/// Product code: it also builds for release without the flag.
#if RELEASE || TESTING
func fetchForBoth() -> Data? {
    let done = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
    load { _ in done.signal() }
    done.wait()
    return nil
}
#endif
