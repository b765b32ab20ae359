import CoreData

final class Database {
    static let shared = Database()
    private let container = NSPersistentContainer(name: "Model")

    // The container's main-queue context, behind a computed property.
    var viewContext: NSManagedObjectContext {
        container.viewContext
    }

    // A private-queue context.
    lazy var importContext: NSManagedObjectContext = container.newBackgroundContext()
}
