import Foundation

// A block submitted to a serial queue the file declares runs alone, like code under a lock.

struct ModelRegistry {
    private static let concurrencyQueue = DispatchQueue(label: "registry")
    // Written only inside the queue's blocks: no hazard.
    nonisolated(unsafe) private static var models: [String: Int] = [:]

    static func register(_ name: String) {
        concurrencyQueue.sync {
            models[name] = 1
        }
    }

    static func model(_ name: String) -> Int? {
        concurrencyQueue.sync { models[name] }
    }
}

let decoderQueue = DispatchQueue(label: "decoders")
// Written in async blocks on a queue declared at file level: no hazard.
nonisolated(unsafe) var registeredDecoders: [String] = []

func registerDecoder(_ name: String) {
    decoderQueue.async { registeredDecoders.append(name) }
}

enum Metrics {
    static let reportQueue = DispatchQueue(label: "metrics", attributes: .concurrent)
    // A concurrent queue's plain block is no lock: written here with nothing excluding others.
    nonisolated(unsafe) static var samples: [Double] = [] // expect: nonisolated_unsafe

    static func record(_ v: Double) {
        reportQueue.async { samples.append(v) }
    }

    // And a write outside any block.
    nonisolated(unsafe) static var lastReset = Date() // expect: nonisolated_unsafe

    static func reset() {
        Self.reportQueue.sync(flags: .barrier) { samples = [] }
        lastReset = Date()
    }
}
