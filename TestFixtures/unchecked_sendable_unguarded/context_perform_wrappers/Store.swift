import CoreData

/// A store that runs every closure it is given on its Core Data context's queue: the
/// context's `perform { }` blocks run one at a time, so what the callers' closures touch is
/// guarded by that context. The overload that fills in a default completion runs its closure
/// there too.
final class Store: @unchecked Sendable {
    lazy var writer: NSManagedObjectContext = {
        let c = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        return c
    }()

    func write(_ actions: @escaping (NSManagedObjectContext) throws -> Void) {
        write(actions, completion: { _ in })
    }

    func write(_ actions: @escaping (NSManagedObjectContext) throws -> Void, completion: @escaping (Error?) -> Void) {
        writer.perform {
            do {
                try actions(self.writer)
                try self.writer.save()
                completion(nil)
            } catch {
                completion(error)
            }
        }
    }
}
