import Foundation

// `for case` and `catch let` bindings: locals in the loop body and the catch block alone.
final class Sweeper: @unchecked Sendable {
    private let lock = NSLock()
    private var name: String?
    private var problem: NSError?

    func sweep(_ names: [String?]) {
        for case let name? in names {
            print(name)
        }
        do {
            try step()
        } catch let problem as NSError {
            print(problem)
        } catch {}
    }

    func sweepAndReport(_ names: [String?]) {
        for case let name? in names {
            print(name)
        }
        print(name ?? "") // expect: unchecked_sendable_unguarded
        do {
            try step()
        } catch let problem as NSError {
            print(problem)
        } catch {}
        print(problem ?? "") // expect: unchecked_sendable_unguarded
    }

    func step() throws {}
    func set(_ n: String, _ p: NSError) { lock.withLock { name = n; problem = p } }
    func get() -> (String?, NSError?) { lock.withLock { (name, problem) } }
}
