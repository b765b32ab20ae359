import UIKit

final class TileView: CardView {
    func compact() { Layout.dense = true }
}

final class PanelView: Surface {
    func pad(_ n: Int) { Layout.inset = n }
}
