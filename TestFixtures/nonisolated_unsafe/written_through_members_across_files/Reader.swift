import Foundation

func turnPage() {
    Counters.pages.advance()
    print(Counters.lines.describe(), Preferences.limits.title)
}
