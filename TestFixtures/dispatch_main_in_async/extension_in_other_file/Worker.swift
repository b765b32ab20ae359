actor Worker {
    var count = 0
}
