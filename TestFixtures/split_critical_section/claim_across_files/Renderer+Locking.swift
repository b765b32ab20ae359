import Foundation

// The callers, in another file than the methods that take the lock.
extension Renderer {
    func frame() {
        guard beginDrawing() else { return }
        draw()
    }

    func draw() {
        defer { endDrawing() }
        DispatchQueue.main.sync { print("drawn") }
    }

    func frameInline() {
        if beginDrawing() {
            defer { endDrawing() }
            DispatchQueue.main.sync { print("drawn") }
        }
    }

    func refresh() {
        guard isDirty() else { return }
        markClean() // expect: split_critical_section
    }

    // A dispatch between the check and the write: reported, but not told to merge the two.
    func refreshOnMain() {
        guard isDirty() else { return }
        DispatchQueue.main.sync { print("refreshing") }
        markClean() // expect: split_critical_section
    }
}
