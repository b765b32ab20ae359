import CoreData

// The context's perform { } reaches a file-private helper, which the file calls nowhere else:
// the helper's write runs on the main queue too.
enum BookmarkMigration {
    nonisolated(unsafe) private static var newHost: String?
    nonisolated(unsafe) private static var imported = 0 // expect: nonisolated_unsafe

    static func migrate() async {
        await Database.shared.viewContext.perform {
            for host in ["a", "b"] {
                move(to: host)
            }
        }
    }

    private static func move(to host: String) {
        Self.newHost = host
    }

    static func importAll() {
        Database.shared.importContext.perform {
            count()
        }
    }

    private static func count() {
        imported += 1
    }

    @MainActor static func currentHost() -> String? { newHost }
}
