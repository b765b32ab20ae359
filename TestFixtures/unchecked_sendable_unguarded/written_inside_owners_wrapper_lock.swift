import SwiftUI

// The same through a method with another name that runs the closure inside its queue's sync.

struct LockedFlowRow<Item: Hashable, Cell: View>: View {
    let items: [Item]
    let cell: (Item) -> Cell
    @State private var lockedRowHeight = CGFloat.zero

    var body: some View {
        GeometryReader { geometry in
            self.rows(in: geometry)
        }
        .frame(height: lockedRowHeight)
    }

    private func rows(in geometry: GeometryProxy) -> some View {
        ZStack(alignment: .topLeading) {
            let meter = LockedPlaceModifier.Meter()
            ForEach(items, id: \.self) { item in
                cell(item).modifier(LockedPlaceModifier(limit: geometry.size.width, meter: meter))
            }
        }
        .background(GeometryReader { inner in
            Color.clear.onAppear { lockedRowHeight = inner.size.height }
        })
    }
}

private struct LockedPlaceModifier: ViewModifier {
    let limit: CGFloat
    let meter: Meter

    func body(content: Self.Content) -> some View {
        content
            .alignmentGuide(.leading) { @Sendable d in
                meter.perform {
                    if meter.width + d.width > limit {
                        meter.width = 0
                        meter.height -= d.height
                    }
                    let result = meter.width
                    meter.width -= d.width
                    return result
                }
            }
    }

    final class Meter: @unchecked Sendable {
        var width = CGFloat.zero
        var height = CGFloat.zero
        private let serial = DispatchQueue(label: "locked.meter")

        func perform<T>(_ body: () -> T) -> T {
            serial.sync { body() }
        }
    }
}

// Near miss: the write inside the closure is handed to the main queue, which runs it after the
// queue's block has ended.
private struct LateModifier: ViewModifier {
    let dial: LateMeter

    func body(content: Self.Content) -> some View {
        content
            .alignmentGuide(.leading) { @Sendable d in
                dial.perform {
                    DispatchQueue.main.async { dial.reading = d.width }
                    return 0
                }
            }
    }
}

struct LateRow: View {
    var body: some View {
        ZStack {
            let dial = LateMeter()
            Text("a").modifier(LateModifier(dial: dial))
        }
    }
}

final class LateMeter: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    var reading = CGFloat.zero
    private let serial = DispatchQueue(label: "late")

    func perform<T>(_ body: () -> T) -> T {
        serial.sync { body() }
    }
}
