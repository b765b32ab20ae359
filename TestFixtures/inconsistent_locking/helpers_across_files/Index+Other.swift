extension Index {
    func debugKeys() -> String { keys.joined() } // expect: inconsistent_locking
}
