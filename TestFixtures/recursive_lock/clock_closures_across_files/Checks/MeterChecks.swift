func wireMeter(_ meter: ProgressMeter) {
    meter.render = { n in "\(n) of \(meter.current())" }
}
