import Foundation

// spotlightctl: the command line for people and scripts (see `spotlightctl --help`).
let code = await CLI.run(Array(CommandLine.arguments.dropFirst()))
exit(code.rawValue)
