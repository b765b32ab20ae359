// Another spelling: an internal property, the value stored with `self.` in the initializer and
// checked with `!= nil` before the await. Quiet.
actor Pump {
    var loop: Task<Void, Never>?

    init(start: Bool) {
        if start {
            self.loop = Task {}
        }
    }

    func stop() async {
        if loop != nil {
            await loop?.value
            loop = nil
        }
    }
}
