// Helpers that run the closure they are given during the call, declared in a file that calls
// nothing through another reference: what they do with their closure still counts for the run.
func visitAll<T>(_ items: [T], _ body: (T) -> Void) {
    for item in items { body(item) }
}

extension Array {
    func visitEach(_ body: (Element) -> Void) {
        for item in self { body(item) }
    }

    // Keeps the closure: whatever it calls runs whenever the kept closure is called.
    func visitLater(_ body: @escaping (Element) -> Void) -> () -> Void {
        { for item in self { body(item) } }
    }
}
