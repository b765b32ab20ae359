import Foundation

// Another file reads the band's channel through its own reference: two files drive it, and
// the read is reported (the tuner's too).
final class Scanner {
    let band: Band
    init(band: Band) { self.band = band }
    func report() -> Int { band.channel } // expect: inconsistent_locking
}
