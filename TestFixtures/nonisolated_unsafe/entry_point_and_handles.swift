import Foundation

/// A command-line tool: its options are set in `main()` before any task or thread starts, so
/// everything that reads them later is ordered after the write.
@main
enum Tool {
    nonisolated(unsafe) static var verbose = false
    nonisolated(unsafe) static var outputPath = ""
    nonisolated(unsafe) static var progress = 0 // expect: nonisolated_unsafe

    static func main() async {
        let args = CommandLine.arguments
        verbose = args.contains("-v")
        if let i = args.firstIndex(of: "-o"), i + 1 < args.count {
            outputPath = args[i + 1]
        }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask { report() }
            }
        }
        // After tasks have run, a write is no longer set-up.
        progress = 0
    }

    static func report() {
        progress += 1
        if verbose { print(outputPath, progress) }
    }
}

/// A thread handle filled in by `pthread_create` through `&` and joined by the same caller:
/// the out-parameter is not a write another thread races with.
final class Worker {
    nonisolated(unsafe) static var handle = pthread_t(bitPattern: 0)

    static func start() {
        pthread_create(&handle, nil, { _ in nil }, nil)
    }

    static func join() {
        pthread_join(handle, nil)
    }
}

/// An entry method of a type that is not the program's entry point is an ordinary function.
enum Helper {
    nonisolated(unsafe) static var configured = false // expect: nonisolated_unsafe
    static func main() {
        configured = true
    }
    static func check() -> Bool { configured }
}

/// Only set at startup, before any other thread runs; the comment covers both variants below.
#if compiler(>=6)
nonisolated(unsafe) var startupMode = 0
#else
var startupMode = 0
#endif

#if compiler(>=6)
nonisolated(unsafe) var undocumentedMode = 0 // expect: nonisolated_unsafe
#else
var undocumentedMode = 0
#endif

func configure(_ m: Int) {
    startupMode = m
    undocumentedMode = m
}
