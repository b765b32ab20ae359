import UIKit

class BaseScreen: UIViewController {}

@MainActor
protocol Presenting: AnyObject {}

final class Scene {
    var title = ""
}
