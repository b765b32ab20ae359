// A protocol of the run, in another file, whose requirement a generic function sets.
protocol DependencyKey {
    associatedtype Value
    static var live: Value { get set }
}

func override<K: DependencyKey>(_ key: K.Type, with value: K.Value) {
    K.live = value
}
