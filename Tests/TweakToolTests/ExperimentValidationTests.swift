import Foundation
import TestSupport
import Testing

// Runs the `tweak` executable: Foundation's `Process` exists on macOS and Linux only.
#if os(macOS) || os(Linux)

    @Suite("tweak validate: experiments", .blocking)
    struct ExperimentValidationTests {
        @Test func validateNamesTheFileAndTheExperiment() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(
                    """
                    {
                      "$conditions": [{"name": "a", "percent": {"seed": "s", "operator": "BETWEEN", "microPercentRange": [0, 50000000]}}],
                      "$experiments": [{"name": "copy", "variants": ["a", "b"]}],
                      "f": {"x": {"Value": 1, "ConditionalValues": {"a": 2}}}
                    }
                    """, to: "experiments.json")
                let run = try sandbox.run("validate", "experiments.json")
                #expect(run.status == 1)
                #expect(
                    run.lines.first
                        == #"experiments.json:3:55: experiment "copy": variant "b" is not a condition of "$conditions""#
                )
            }
        }
    }

#endif
