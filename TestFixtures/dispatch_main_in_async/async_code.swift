import Foundation

// DispatchQueue.main.async { } in a comment, inside async code: func f() async { DispatchQueue.main.async {} }
/* /* nested */ DispatchQueue.main.sync { } */

struct Feed {
    var items: [String] = []

    func refresh() async throws {
        let items = try await load()
        DispatchQueue.main.async { // expect: dispatch_main_in_async
            print(items)
        }
        let note = "DispatchQueue.main.async { \(items.map { "\($0)" }.joined()) }"
        let raw = #"DispatchQueue.main.sync { }"#
        let multi = """
            DispatchQueue.main.asyncAfter(deadline: .now()) {}
            """
        let regex = /DispatchQueue\.main\.async/
        _ = (note, raw, multi, regex)
    }

    func load<T: Decodable>(
        _ type: T.Type = [String].self as! T.Type
    ) async throws -> T where T: Sendable {
        DispatchQueue.main.asyncAfter(deadline: .now() + 1, execute: work) // nothing awaited after it: quiet
        DispatchQueue.main.sync { } // expect: dispatch_main_in_async
        fatalError()
    }

    func callbacks() async {
        // A completion handler may be called on any thread: hopping to main there is ordinary.
        fetch { data in
            DispatchQueue.main.async { print(data) }
        }
        NotificationCenter.default.addObserver(forName: .init("x"), object: nil, queue: nil) { _ in
            DispatchQueue.main.async { }
        }
        // A continuation body bridges a callback world: the task awaits the resume the block makes.
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { c.resume() }
        }
        DispatchQueue.main.async { // expect: dispatch_main_in_async
            DispatchQueue.main.async { }
        }
        [1, 2].forEach { _ in DispatchQueue.main.async(execute: work) } // expect: dispatch_main_in_async
    }

    func synchronous() {
        DispatchQueue.main.async { }
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) { }
        func local() async {
            DispatchQueue.main.async { } // expect: dispatch_main_in_async
        }
    }

    func tasks() {
        Task {
            await work2()
            DispatchQueue.main.async { } // expect: dispatch_main_in_async
            await work2()
        }
        Task.detached(priority: .utility) {
            DispatchQueue.main.sync { } // expect: dispatch_main_in_async
        }
        let handler: @MainActor () -> Void = { @MainActor in
            DispatchQueue.main.async { } // quiet: on the main actor the hop only defers the block
        }
        _ = handler
    }

    func others() async {
        DispatchQueue.global().async { }
        queue.async { }
        RunLoop.main.perform { }
        OperationQueue.main.addOperation { }
        await MainActor.run { print("ok") }
        #if canImport(UIKit)
        DispatchQueue.main.async { } // expect: dispatch_main_in_async
        #else
        RunLoop.main.perform { }
        #endif
    }
}

func fetch(_ f: @escaping (Data) -> Void) {}
func work() {}
func work2() async {}
let queue = DispatchQueue(label: "q")
