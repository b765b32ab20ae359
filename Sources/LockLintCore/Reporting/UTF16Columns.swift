/// Converts the tool's columns (UTF-8 bytes from the start of the line, as swiftc counts) to
/// UTF-16 code units, the column unit SARIF uses by default and GitHub code scanning reads.
public struct UTF16Columns: Sendable {
    private var files: [String: SourceFile]

    /// The files whose lines can be converted; a path not among them keeps its byte column.
    public init(_ files: [SourceFile] = []) {
        var byPath: [String: SourceFile] = [:]
        for f in files { byPath[f.path] = f }
        self.files = byPath
    }

    /// The 1-based UTF-16 column of the 1-based UTF-8 `column` on `line` of `path`. Bytes before
    /// it that are not valid UTF-8 count as one unit per replacement character; a column past the
    /// end of the line keeps its distance from the end.
    public func column(path: String, line: Int, column: Int) -> Int {
        guard column > 1, let f = files[path], line >= 1, line <= f.lines.count else { return column }
        let range = f.lines.range(ofLine: line)
        let end = min(range.lowerBound + column - 1, range.upperBound)
        var units = 0
        for scalar in String(decoding: f.bytes[range.lowerBound..<end], as: UTF8.self).unicodeScalars {
            units += scalar.utf16.count
        }
        let past = range.lowerBound + column - 1 - end
        return units + past + 1
    }
}
