import UIKit

final class ControlsViewController: UIViewController {
    private var spinner: Spinner?
    private let grinder = Grinder()
    private let loader = Loader()

    @IBAction func go(_ sender: UIButton) {
        spinner = Spinner()
        spinner?.start()
        grinder.begin()
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        spinner?.stop()
        DispatchQueue.global().async { self.grinder.halt() }
    }

    func load() async {
        loader.prepare()
        await loader.finish()
    }
}

/// An `@IBAction` in a class no attribute isolates: the interface still calls it on main.
final class Panel: NSObject {
    private let grinder = Grinder()
    private var spinner = Spinner()

    private let gallery = Gallery()

    @IBAction func pause(_ sender: Any) {
        spinner.stop()
        grinder.halt()
        print(gallery.current)
    }
}
