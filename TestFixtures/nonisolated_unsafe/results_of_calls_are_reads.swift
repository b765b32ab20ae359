import Foundation

// A method named like a mutating one whose result the code uses returns a new value: the
// variable is only read. A known mutating method writes it whatever becomes of its result.
enum Endpoints {
    nonisolated(unsafe) static var base: URL = URL(string: "https://example.com")!
    nonisolated(unsafe) static var names: [String] = ["a"]
    nonisolated(unsafe) static var queue: [Int] = [] // expect: nonisolated_unsafe
    nonisolated(unsafe) static var tags: [String] = [] // expect: nonisolated_unsafe
    nonisolated(unsafe) static var words: Set<String> = [] // expect: nonisolated_unsafe
}

func profileURL(for id: String) -> URL {
    let url = Endpoints
        .base
        .appending(path: id)
    return url
}

func ordered() -> [String] {
    return Endpoints.names.sorted() + Array(Endpoints.names.reversed())
}

func describe() -> String { "\(Endpoints.names.appending("b").count)" }

extension Array {
    func appending(_ e: Element) -> [Element] { self + [e] }
}

func next() -> Int? {
    let first = Endpoints.queue.popLast()
    return first
}

func tag(_ t: String) {
    Endpoints.tags.append(t)
}

func learn(_ w: String) -> Bool {
    let (inserted, _) = Endpoints.words.insert(w)
    return inserted
}
