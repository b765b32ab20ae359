import Foundation

struct Options {
    var retries = 0
    var verbose = false
}
