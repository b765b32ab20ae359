/// A protocol whose requirement, and whose extension's method, are `mutating`.
protocol Resettable {
    mutating func reset()
    func describe() -> String
}

extension Resettable {
    mutating func resetTwice() { reset(); reset() }
}

struct Gauge: Resettable {
    var level = 0
    mutating func reset() { level = 0 }
    func describe() -> String { "\(level)" }
}
