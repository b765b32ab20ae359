import UIKit

typealias BaseView = UIView

// A class of the run between the alias and the subclass.
class CardView: BaseView {}

#if os(iOS)
typealias Surface = UIView
#else
typealias Surface = NSObject
#endif
