import UIKit

class BaseController: UIViewController {}
