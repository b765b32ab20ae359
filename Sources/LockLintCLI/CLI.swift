import LockLintCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum CLI {
    public static func run(_ args: [String]) -> Int32 {
        if args.count == 2 && args[0] == "--dump-tokens" {
            guard let bytes = try? FileIO.readFile(args[1]) else { return 2 }
            let file = SourceFile(path: args[1], bytes: bytes)
            print(TokenDump.render(file, tokens: Lexer.tokenize(bytes)), terminator: "")
            return 0
        }
        return 0
    }
    public static func exit(with code: Int32) -> Never { Glibc.exit(code) }
}
