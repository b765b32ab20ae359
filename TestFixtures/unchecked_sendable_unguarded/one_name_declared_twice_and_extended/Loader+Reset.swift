// An extension of the name: the tool cannot tell which of the two classes it extends, nor what
// guards either, and says nothing about them.
extension Loader {
    func reset() {
        pending = 0
    }
}
