import Foundation

@MainActor
final class Renderer {
    var frames = 0
}
