import SwiftUI

struct SettingsScreen: View {
    @State private var grid = false {
        didSet { Toggles.showsGrid = grid }
    }

    var body: some View {
        Toggle("Grid", isOn: $grid)
    }
}
