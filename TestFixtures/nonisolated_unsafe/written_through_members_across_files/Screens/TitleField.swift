import Foundation

func titleChanged(to text: String) {
    Preferences.current.title = text
}
