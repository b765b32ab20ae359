import Foundation

// Compiled only for WebAssembly without threads: one thread runs the program, so the opt-out
// races with nothing.
#if os(WASI)
nonisolated(unsafe) var currentParser: Int? = nil

func enter(_ p: Int) { currentParser = p }
#endif

enum Registry {
    #if arch(wasm32)
    nonisolated(unsafe) static var handlers: [String] = []

    static func add(_ h: String) { handlers.append(h) }
    #endif
}

#if canImport(Darwin)
nonisolated(unsafe) var depth = 0 // expect: nonisolated_unsafe
#elseif os(WASI)
nonisolated(unsafe) var depth = 0
#endif

func push() { depth += 1 }

// With the threads proposal, WASI code can run on several threads.
#if os(WASI) && _runtime(_multithreaded)
nonisolated(unsafe) var shared = 0 // expect: nonisolated_unsafe
func bump() { shared += 1 }
#endif
