import SwiftUI

// State another type writes only inside a closure that the class's own method runs under its
// lock or on its serial queue, on the same object: guarded like the class's own accesses.

struct FlowRow<Item: Hashable, Cell: View>: View {
    let items: [Item]
    let cell: (Item) -> Cell
    @State private var rowHeight = CGFloat.zero

    var body: some View {
        GeometryReader { geometry in
            self.rows(in: geometry)
        }
        .frame(height: rowHeight)
    }

    private func rows(in geometry: GeometryProxy) -> some View {
        ZStack(alignment: .topLeading) {
            let meter = PlaceModifier.Meter()
            ForEach(items, id: \.self) { item in
                cell(item).modifier(PlaceModifier(limit: geometry.size.width, meter: meter))
            }
        }
        .background(GeometryReader { inner in
            Color.clear.onAppear { rowHeight = inner.size.height }
        })
    }
}

private struct PlaceModifier: ViewModifier {
    let limit: CGFloat
    let meter: Meter

    func body(content: Self.Content) -> some View {
        content
            .alignmentGuide(.leading) { @Sendable d in
                meter.sync {
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
        private let queue = DispatchQueue(label: "meter")

        func sync<T>(_ body: () throws -> T) rethrows -> T {
            try queue.sync(execute: body)
        }
    }
}

// Near miss: one write made outside the class's method, on the view's main thread.
private struct ResetModifier: ViewModifier {
    let gauge: LooseMeter

    func body(content: Self.Content) -> some View {
        content
            .alignmentGuide(.leading) { @Sendable d in
                gauge.sync { gauge.offset += d.width }
            }
            .onAppear { gauge.offset = 0 }
    }
}

struct ResetRow: View {
    var body: some View {
        ZStack {
            let gauge = LooseMeter()
            Text("a").modifier(ResetModifier(gauge: gauge))
        }
    }
}

final class LooseMeter: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    var offset = CGFloat.zero
    private let queue = DispatchQueue(label: "loose")

    func sync<T>(_ body: () throws -> T) rethrows -> T {
        try queue.sync(execute: body)
    }
}
