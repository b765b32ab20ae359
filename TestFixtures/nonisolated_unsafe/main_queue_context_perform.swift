import CoreData

// A persistent container's viewContext is a main-queue context: its perform { } runs the
// block on the main queue, so writes made there are confined to it. A background context's
// perform runs on that context's own private queue.
enum Migration {
    nonisolated(unsafe) private static var lastHost: String?
    nonisolated(unsafe) private static var lastBatch = 0 // expect: nonisolated_unsafe

    static func run(in container: NSPersistentContainer) {
        container.viewContext.perform {
            lastHost = "main"
        }
        let background = container.newBackgroundContext()
        background.perform {
            lastBatch += 1
        }
    }

    @MainActor static func host() -> String? { lastHost }
}

// Made with .mainQueueConcurrencyType, kept in a stored property, run with performAndWait.
final class PreviewStore {
    nonisolated(unsafe) static var loaded = false
    nonisolated(unsafe) static var saved = 0 // expect: nonisolated_unsafe
    private let context = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
    private let worker = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)

    func load() {
        context.performAndWait {
            Self.loaded = true
        }
    }

    func save() {
        worker.perform {
            Self.saved += 1
        }
    }

    // A context handed in: the tool cannot tell which queue it runs on.
    func save(into other: NSManagedObjectContext) {
        other.perform {
            Self.saved = 0
        }
    }
}
