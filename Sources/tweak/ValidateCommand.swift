import Foundation
import Tweaks

/// `tweak validate FILE...`: every problem of every tweaks file, one per line as
/// `file:line:column: feature.variable: problem`; exit 0 only when there is none.
enum ValidateCommand {
    static func run(_ arguments: CommandLineArguments) throws -> Int32 {
        guard !arguments.positional.isEmpty else {
            throw CommandLineArguments.UsageError(description: "validate takes one or more FILEs")
        }
        var problemCount = 0
        var filesWithProblems = 0
        for path in arguments.positional {
            let problems: [TweakLoadError]
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                problems = LocalTweaksDocument.problems(in: [UInt8](data), source: path)
            } catch {
                problems = [TweakLoadError(source: path, reason: .unreadable(error.localizedDescription))]
            }
            for problem in problems { Console.out(problem.description) }
            problemCount += problems.count
            if !problems.isEmpty { filesWithProblems += 1 }
        }
        let files = arguments.positional.count
        let fileCount = "\(files) file\(files == 1 ? "" : "s")"
        guard problemCount > 0 else {
            Console.error("\(fileCount) checked, no problems")
            return 0
        }
        Console.error(
            "\(problemCount) problem\(problemCount == 1 ? "" : "s") in \(filesWithProblems) of \(fileCount)")
        return 1
    }
}
