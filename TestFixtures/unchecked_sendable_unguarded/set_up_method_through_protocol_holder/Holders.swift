final class Pipeline {
    private let sinks: [Sink]
    private let net: NetSink

    init(path: String, host: String) {
        let f = FileSink()
        f.attach(prefix: path)
        let n = NetSink()
        n.attach(host: host)
        net = n
        sinks = [f, n]
    }

    func move(to host: String) {
        net.attach(host: host)
    }
}
