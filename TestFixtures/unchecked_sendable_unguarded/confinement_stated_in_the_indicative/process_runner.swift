import Foundation

// A class's comment that says, in the indicative, where its code runs ("Mutations happen on
// `ioQueue`") is the author's word on a confinement the tool cannot follow, when the name is a
// serial queue or a lock the file declares. A name the file does not declare as one is no such
// word.

final class ProcessRunner {
    static let ioQueue = DispatchQueue(label: "process-runner.io")

    /// Buffers one run's output; mutations happen on `ioQueue` after the handlers are installed.
    final class RunBuffers: @unchecked Sendable {
        var stdout = Data()
        var stderr = Data()
    }

    /// Buffers one run's output; mutations happen on launch.
    final class LaunchBuffers: @unchecked Sendable { // expect: unchecked_sendable_unguarded
        var stdout = Data()
    }

    func run(_ buffers: RunBuffers, pipe: Pipe) {
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            Self.ioQueue.async { buffers.stdout.append(data) }
        }
    }
}
