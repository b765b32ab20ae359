import Foundation

/// Quiet: its override runs only from the superclass's tick, on `lane`.
public final class DiskSampler: Sampler {
    private var volume: String?
    private var threshold: Int?

    public init(maker: TickMaker) {
        super.init(maker: maker, lane: DispatchQueue(label: "disk-sampler"))
    }

    public func watch(volume: String, threshold: Int) {
        lane.async { [unowned self] in
            self.volume = volume
            self.threshold = threshold
        }
    }

    override internal func sample() {
        guard let volume, let threshold else { return }
        print(volume, threshold)
    }
}

/// Fires: a public method of this class also runs the override, on whatever thread calls it.
public final class NetSampler: Sampler {
    private var host: String?

    public init(maker: TickMaker) {
        super.init(maker: maker, lane: DispatchQueue(label: "net-sampler"))
    }

    public func watch(host: String) {
        lane.async { [unowned self] in
            self.host = host
        }
    }

    public func poke() {
        sample()
    }

    override internal func sample() {
        print(host ?? "") // expect: inconsistent_locking
    }
}
