import Foundation

extension Registry {
    // Quiet: a barrier work item, its block given as `block:`.
    func retire(_ id: String) {
        let item = DispatchWorkItem(flags: .barrier, block: {
            self.retired.insert(id)
            self.entries[id] = nil
        })
        queue.async(execute: item)
    }

    // Quiet: the closure goes through a helper that submits it as a barrier block.
    func bump() {
        exclusively {
            self.generation += 1
        }
    }

    private func exclusively(_ body: @escaping () -> Void) {
        queue.async(flags: .barrier, execute: body)
    }

    // Fires: the helper submits its closure as a plain block, later.
    func unretire(_ id: String) {
        later {
            self.retired.remove(id) // expect: inconsistent_locking
        }
    }

    private func later(_ body: @escaping () -> Void) {
        queue.asyncAfter(deadline: .now() + 1, execute: body)
    }

    // Fires: a work item without the barrier flag.
    func resetGeneration() {
        let item = DispatchWorkItem(qos: .utility, flags: [.inheritQoS]) {
            self.generation = 0 // expect: inconsistent_locking
        }
        queue.async(execute: item)
    }
}
