import Foundation

final class Dashboard {
    private var feeds: [Feed] = []
    private var charts: [Chart] = []
    private var guarded: [Guarded] = []
    private var serialized: [Serialized] = []

    func setVisible(_ visible: Bool) {
        feeds.forEach { (feed: Feed) in
            if visible {
                feed.unlock()
                feed.refresh()
            } else {
                feed.lock()
            }
        }
        charts.forEach { (chart: Chart) in
            if !visible { chart.lock() }
        }
        for chart in charts where visible {
            chart.unlock()
        }
    }

    func hold(_ item: any Freezable, _ skip: Bool) {
        item.lock()
        if skip { return }
        item.unlock()
    }

    func settle(_ skip: Bool) {
        guarded.forEach { (g: Guarded) in
            g.lock() // expect: lock_without_defer
            if skip { return }
            g.unlock()
        }
        serialized.forEach { (s: Serialized) in
            s.lock() // expect: lock_without_defer
            if skip { return }
            s.unlock()
        }
    }
}
