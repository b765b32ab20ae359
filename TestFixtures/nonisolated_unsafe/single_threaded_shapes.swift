// The same single-threaded condition written in other shapes: code compiled only where the
// runtime has no threads cannot race; a condition that still admits threads can.
#if !_runtime(_multithreaded) && os(WASI)
nonisolated(unsafe) var reversedOrder = 0
#endif

#if os(WASI) && !(_runtime(_multithreaded))
nonisolated(unsafe) var parenthesized = 0
#endif

#if (os(WASI) && !_runtime(_multithreaded)) || (arch(wasm32) && !_runtime(_multithreaded))
nonisolated(unsafe) var eitherSingle = 0
#endif

#if _runtime(_multithreaded)
nonisolated(unsafe) var threadedFirst = 0 // expect: nonisolated_unsafe
#else
nonisolated(unsafe) var singleInElse = 0
#endif

#if canImport(Darwin)
nonisolated(unsafe) var onDarwin = 0 // expect: nonisolated_unsafe
#elseif _runtime(_multithreaded)
nonisolated(unsafe) var onOtherThreaded = 0 // expect: nonisolated_unsafe
#else
nonisolated(unsafe) var onOtherSingle = 0
#endif

#if os(Linux) || !_runtime(_multithreaded)
nonisolated(unsafe) var linuxToo = 0 // expect: nonisolated_unsafe
#endif

#if !(os(WASI) && _runtime(_multithreaded))
nonisolated(unsafe) var notThreadedWasi = 0 // expect: nonisolated_unsafe
#endif

func touchAll() {
    #if !_runtime(_multithreaded) && os(WASI)
    reversedOrder += 1
    #endif
    #if os(WASI) && !(_runtime(_multithreaded))
    parenthesized += 1
    #endif
    #if (os(WASI) && !_runtime(_multithreaded)) || (arch(wasm32) && !_runtime(_multithreaded))
    eitherSingle += 1
    #endif
    #if _runtime(_multithreaded)
    threadedFirst += 1
    #else
    singleInElse += 1
    #endif
    #if canImport(Darwin)
    onDarwin += 1
    #elseif _runtime(_multithreaded)
    onOtherThreaded += 1
    #else
    onOtherSingle += 1
    #endif
    #if os(Linux) || !_runtime(_multithreaded)
    linuxToo += 1
    #endif
    #if !(os(WASI) && _runtime(_multithreaded))
    notThreadedWasi += 1
    #endif
}
