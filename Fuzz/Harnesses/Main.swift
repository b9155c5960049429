// libFuzzer entry point for every harness of this package. `Fuzz/run` compiles this file together
// with the sources of Tweaks, TweaksRemote, TweakAccessorGeneration, the `tweak` tool's value
// parser and the editor's deep links into one module, so harnesses can reach internal parsers, and picks the harness with
// the FUZZ_HARNESS environment variable. A harness must never crash, hang or allocate without
// bound, whatever the bytes: a thrown error is the right answer to bad input.
import Foundation

/// The harnesses by name: each gets the raw input bytes.
let harnesses: [String: @Sendable (Data) -> Void] = [
    "local-tweaks": fuzzLocalTweaks,
    "json-parser": fuzzJSONParser,
    "launch-arguments": fuzzLaunchArguments,
    "overrides-file": fuzzOverridesFile,
    "remote-document": fuzzRemoteDocument,
    "remote-cache": fuzzRemoteCache,
    "command-line-value": fuzzCommandLineValue,
    "code-generation": fuzzCodeGeneration,
    "conditions": fuzzConditions,
    "firebase-template": fuzzFirebaseTemplate,
    "regular-expression": fuzzRegularExpression,
    "server-sent-events": fuzzServerSentEvents,
    "exposure-line": fuzzExposureLine,
    "deep-link": fuzzDeepLink,
    "firebase-defaults-plist": fuzzFirebaseDefaultsPlist,
    "flagd": fuzzFlagd,
]

// Set once, on the first input; libFuzzer calls the entry point from one thread.
nonisolated(unsafe) var selectedHarness: (@Sendable (Data) -> Void)?

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    if selectedHarness == nil {
        let name = ProcessInfo.processInfo.environment["FUZZ_HARNESS"] ?? ""
        guard let harness = harnesses[name] else {
            fatalError("FUZZ_HARNESS must be one of \(harnesses.keys.sorted()), not '\(name)'")
        }
        selectedHarness = harness
    }
    selectedHarness!(Data(bytes: bytes, count: count))
    return 0
}
