import Foundation

extension Shelf {
    func book(at shelf: String) -> String? {
        shelves[shelf]?.first // expect: inconsistent_locking
    }

    func show() {
        print(book(at: "new") ?? "")
    }
}
