import LockLintCLI

CLI.exit(with: CLI.run(Array(CommandLine.arguments.dropFirst())))
