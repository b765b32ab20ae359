import Foundation

// Test support: runs its closure on several threads and returns when all of them have finished
// (or the time is up); the other overload only forwards.
enum Concurrently {
    static func run(labels: [String], body: @escaping (String) -> Void) -> Bool {
        let group = DispatchGroup()
        for label in labels {
            group.enter()
            DispatchQueue(label: label).async {
                body(label)
                group.leave()
            }
        }
        return group.wait(timeout: .now() + 5) == .success
    }

    static func run(times: Int, body: @escaping (Int) -> Void) -> Bool {
        run(labels: (0..<times).map(String.init)) { label in body(Int(label) ?? 0) }
    }
}

// Test support that starts work and returns at once.
enum Detached {
    static func fire(body: @escaping () -> Void) {
        DispatchQueue.global().async { body() }
    }
}
