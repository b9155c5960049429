import Foundation
import TweakAccessorGeneration
import Tweaks

/// `tweak generate -l FILE -o FOLDER -c FOLDER [--today YYYY-MM-DD]`: writes `<accessorName>.swift`
/// and `<accessorName>+Constants.swift`, leaving unchanged files alone (silently: the build plugin
/// runs it on every build); nothing is written when the input has a problem, and every problem is
/// printed as a build error (`file:line:column: error: …`) that IDEs show at the file.
enum GenerateCommand {
    static func run(_ arguments: CommandLineArguments) throws -> Int32 {
        _ = try arguments.positional()
        func required(_ name: String, _ spelling: String) throws -> URL {
            guard let value = try arguments.value(of: name) else {
                throw CommandLineArguments.UsageError(description: "generate needs \(spelling)")
            }
            return URL(fileURLWithPath: value)
        }
        let tweaks = try required("local", "-l FILE")
        let output = try required("output", "-o FOLDER")
        let configuration = try required("configuration", "-c FOLDER")
        let today = try TweakDay.option(arguments)
        let outcomes: [AccessorGenerator.FileOutcome]
        do {
            outcomes = try AccessorGenerator.generate(
                localTweaksFile: tweaks, configurationFolder: configuration, outputFolder: output, today: today)
        } catch {
            for problem in error.problems { Console.error(problem.buildDiagnostic) }
            return 1
        }
        for case .written(let url) in outcomes { Console.out("wrote \(url.path)") }
        return 0
    }
}
