/// Ranges of token indices, merged into disjoint sorted intervals once, then asked whether they
/// hold a token by bisection: a scan of every range for every token would grow with their product.
public struct TokenRanges: Sendable {
    private var merged: [Range<Int>] = []

    public init<S: Sequence>(_ ranges: S) where S.Element == Range<Int> {
        for r in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, r.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                merged.append(r)
            }
        }
    }

    public var isEmpty: Bool { merged.isEmpty }

    public func contains(_ k: Int) -> Bool {
        var lo = 0
        var hi = merged.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if merged[mid].upperBound <= k { lo = mid + 1 } else { hi = mid }
        }
        return lo < merged.count && merged[lo].contains(k)
    }
}
