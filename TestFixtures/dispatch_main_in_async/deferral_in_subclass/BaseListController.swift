import UIKit

class BaseListController: UITableViewController {
    func reloadData() {}
}
