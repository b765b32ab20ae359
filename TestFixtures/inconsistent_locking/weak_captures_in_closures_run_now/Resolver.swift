import Foundation

// A closure that a method runs before it returns (`withCString`, `forEach`, `map`) runs in the
// block around it, whatever it captures weakly: what holds there holds in it.
final class Resolver {
    private let queue = DispatchQueue(label: "resolver")
    private var ref: OpaquePointer?

    func resolve(_ name: String) {
        queue.async {
            let status: Int32 = name.withCString { [weak self] cName in
                start(&self!.ref, cName)
            }
            print(status)
        }
    }

    func cancel() {
        queue.async { self.ref = nil }
    }

    // Fires: a weakly captured closure handed to another queue runs later, off `queue`.
    func restart(_ name: String) {
        DispatchQueue.global().async { [weak self] in
            self?.ref = nil // expect: inconsistent_locking
        }
    }
}

func start(_ ref: inout OpaquePointer?, _ name: UnsafePointer<CChar>) -> Int32 { 0 }
