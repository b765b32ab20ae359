actor Database {
    var rows: [String] = []
}
