import SwiftUI

// The class in another file, its wrapper method spelled `locked`, reached through a modifier here.

struct RulerRow<Item: Hashable, Cell: View>: View {
    let items: [Item]
    let cell: (Item) -> Cell
    @State private var rulerHeight = CGFloat.zero

    var body: some View {
        GeometryReader { geometry in
            self.rows(in: geometry)
        }
        .frame(height: rulerHeight)
    }

    private func rows(in geometry: GeometryProxy) -> some View {
        ZStack(alignment: .topLeading) {
            let meter = Ruler()
            ForEach(items, id: \.self) { item in
                cell(item).modifier(RulerModifier(limit: geometry.size.width, meter: meter))
            }
        }
        .background(GeometryReader { inner in
            Color.clear.onAppear { rulerHeight = inner.size.height }
        })
    }
}

private struct RulerModifier: ViewModifier {
    let limit: CGFloat
    let meter: Ruler

    func body(content: Self.Content) -> some View {
        content
            .alignmentGuide(.leading) { @Sendable d in
                meter.locked {
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
}
