struct MarkSet {
    private var items: Set<Int> = []
    var size: Int { items.count }
    mutating func insert(_ m: Int) { items.insert(m) }
    func has(_ m: Int) -> Bool { items.contains(m) }
}
