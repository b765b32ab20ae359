#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the Swift files under the paths a user names, in a deterministic order.
///
/// Directories are walked with an explicit stack: hidden folders (`.build`, `.swiftpm`, `.git`, …)
/// and dependency checkouts (`SourcePackages/checkouts`, `Pods`, `Carthage/Checkouts`,
/// `DerivedData`, `node_modules`) are skipped, and named in the result; an app's own local
/// packages (a `Packages/` folder) are linted. A file inside a folder of the walk that is named
/// `Generated` (in any case) is listed, and also named in `generated`: a generator's output, which
/// the linter skips unless asked (see `Generated`). Symbolic links to
/// directories are never followed, so the walk cannot leave the tree or loop. A file named
/// directly is linted whatever its extension.
public struct FileWalker {
    public struct Result: Sendable {
        /// Files to lint, sorted by path (byte order).
        public var files: [String] = []
        /// Paths that could not be read (unreadable folders), with the reason.
        public var errors: [(path: String, reason: String)] = []
        /// Named paths that do not exist.
        public var missing: [String] = []
        /// Dependency folders that were not walked (hidden folders are not listed).
        public var skippedDependencies: [String] = []
        /// Files of `files` that lie in a generated folder inside a walked directory (the named
        /// path itself never counts: a user who names `Generated/` wants it linted).
        public var generated: Set<String> = []
    }

    /// Folders that hold other people's code, by name.
    public static let skippedDirectoryNames: Set<String> = ["Pods", "DerivedData", "node_modules"]
    /// Folders skipped only inside a parent of this name (`Carthage/Checkouts`, `SourcePackages/checkouts`).
    public static let skippedInside: [String: String] = ["Checkouts": "Carthage", "checkouts": "SourcePackages"]

    /// Whether a folder named `name` inside folder `parent` is a dependency checkout.
    static func isDependencyFolder(_ name: String, parent: String) -> Bool {
        if skippedDirectoryNames.contains(name) { return true }
        if let p = skippedInside[name] {
            let last = parent.split(separator: "/").last.map(String.init) ?? parent
            return last == p
        }
        return false
    }

    public static func walk(_ paths: [String]) -> Result {
        var result = Result()
        var seen = Set<String>()
        for raw in paths {
            let path = raw.count > 1 && raw.hasSuffix("/") ? String(raw.dropLast()) : raw
            var st = stat()
            guard lstat(path, &st) == 0 else {
                result.missing.append(raw)
                continue
            }
            var isDir = (st.st_mode & S_IFMT) == S_IFDIR
            if (st.st_mode & S_IFMT) == S_IFLNK {
                // A link named on the command line is followed once.
                var target = stat()
                if stat(path, &target) == 0 { isDir = (target.st_mode & S_IFMT) == S_IFDIR } else {
                    result.missing.append(raw)
                    continue
                }
            }
            if !isDir {
                if seen.insert(path).inserted { result.files.append(path) }
                continue
            }
            var found: [(path: String, generated: Bool)] = []
            walkDirectory(path, into: &found, errors: &result.errors, skipped: &result.skippedDependencies)
            for f in found where seen.insert(f.path).inserted {
                result.files.append(f.path)
                if f.generated { result.generated.insert(f.path) }
            }
        }
        result.files.sort()  // String order: byte order for ASCII paths, and fast
        return result
    }

    static func walkDirectory(_ root: String, into files: inout [(path: String, generated: Bool)],
                              errors: inout [(path: String, reason: String)], skipped: inout [String]) {
        var stack = [(dir: root, generated: false)]
        while let (dir, inGenerated) = stack.popLast() {
            guard let handle = opendir(dir) else {
                errors.append((dir, FileIO.errnoText()))
                continue
            }
            var subdirs: [(dir: String, generated: Bool)] = []
            while let entry = readdir(handle) {
                let name = FileIO.entryName(entry)
                if name == "." || name == ".." { continue }
                let full = dir == "/" ? "/" + name : dir + "/" + name
                var type = entry.pointee.d_type
                if type == UInt8(DT_UNKNOWN) {
                    var st = stat()
                    if lstat(full, &st) != 0 { continue }
                    switch st.st_mode & S_IFMT {
                    case S_IFDIR: type = UInt8(DT_DIR)
                    case S_IFREG: type = UInt8(DT_REG)
                    case S_IFLNK: type = UInt8(DT_LNK)
                    default: type = UInt8(DT_UNKNOWN)
                    }
                }
                if type == UInt8(DT_DIR) {
                    if name.hasPrefix(".") { continue }
                    if isDependencyFolder(name, parent: dir) {
                        skipped.append(full)
                        continue
                    }
                    subdirs.append((full, inGenerated || Generated.isGeneratedFolder(name)))
                } else if type == UInt8(DT_REG) {
                    if name.hasSuffix(".swift") { files.append((full, inGenerated)) }
                } else if type == UInt8(DT_LNK) {
                    // A link to a regular file inside the tree is linted; links to folders are not followed.
                    var st = stat()
                    if name.hasSuffix(".swift"), stat(full, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG,
                       isInside(full, root: root) {
                        files.append((full, inGenerated))
                    }
                }
            }
            closedir(handle)
            subdirs.sort { $0.dir < $1.dir }
            stack.append(contentsOf: subdirs.reversed())
        }
    }

    static func isInside(_ path: String, root: String) -> Bool {
        guard let real = realpath(path, nil) else { return false }
        defer { free(real) }
        guard let realRoot = realpath(root, nil) else { return false }
        defer { free(realRoot) }
        let p = String(cString: real)
        let r = String(cString: realRoot)
        return p.hasPrefix(r.hasSuffix("/") ? r : r + "/")
    }
}
