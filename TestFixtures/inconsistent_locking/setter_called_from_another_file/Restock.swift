/// Another type of the run replaces the depot's shelf: its setter does run.
struct Restock {
    func run(_ d: Depot) { d.shelf = Shelf() }
}
