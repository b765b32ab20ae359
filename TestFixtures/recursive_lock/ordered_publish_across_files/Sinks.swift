protocol LedgerSink: AnyObject {
    func ledger(didChange rows: [Int])
}

protocol MeterSink: AnyObject {
    func meterChanged(_ value: Int)
}
