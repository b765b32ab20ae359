extension MarkSet {
    mutating func dropAll() { self = MarkSet() }
}
