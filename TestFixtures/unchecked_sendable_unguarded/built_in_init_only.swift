import Foundation

// A holder whose initializer builds its state in ways a `let` does not allow (passed inout,
// changed with an operator, assigned twice), with nothing changing it after: it cannot race,
// and it cannot be a `let`, so nothing is said. A var assigned once could be a `let`, and is
// told so.

struct Index {
    mutating func add(_ word: String) {}
}

func link(_ index: inout Index) -> Int { 0 }

enum Search {
    private final class Bundle: @unchecked Sendable {
        var index = Index()
        var handle = 0

        init(words: [String]) {
            for w in words { index.add(w) }
            handle = link(&index)
        }
    }

    private final class Totals: @unchecked Sendable {
        var sum = 0

        init(values: [Int]) {
            for v in values { self.sum += v }
        }
    }

    private final class Settings: @unchecked Sendable {
        var name: String

        init(name: String?) {
            self.name = "default"
            if let name { self.name = name }
        }
    }

    // Near miss: assigned once in init: it could be a `let`.
    private final class Label: @unchecked Sendable { // expect: unchecked_sendable_unguarded
        var text: String

        init(text: String) {
            self.text = text
        }
    }

    static func make() -> Int {
        let b = Bundle(words: ["a"])
        let t = Totals(values: [1])
        let s = Settings(name: nil)
        let l = Label(text: "x")
        return b.handle + t.sum + s.name.count + l.text.count
    }
}
