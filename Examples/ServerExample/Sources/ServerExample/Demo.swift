import Foundation
import Tweaks

/// What `--demo` shows: an operator changes a flag in the overrides file while the service runs,
/// and the next orders follow the new value.
enum Demo {
    /// The demo could not show the change.
    struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        let description: String
    }

    /// The maximum number of items the operator sets.
    static let maxItems = 3

    /// Sets `checkout.max_items` to ``maxItems`` in the file at `overridesURL`, as another process
    /// would (`tweak set checkout max_items 3 --overrides FILE`), then waits until `manager` serves
    /// it, for at most `timeout`.
    /// - Throws: ``Failure`` when the change is not seen in time, or the write's error.
    static func changeMaxItems(
        in overridesURL: URL, seenBy manager: TweakManager, timeout: Duration = .seconds(5)
    ) async throws {
        let values = manager.values(feature: "checkout", variable: "max_items")  // before the write
        let operatorsFile = try OverridesFileTweakProvider(fileURL: overridesURL, name: "operator", pollInterval: nil)
        try operatorsFile.set(.int(maxItems), feature: "checkout", variable: "max_items")
        Log.info("demo: an operator set checkout.max_items = \(maxItems) in \(overridesURL.path)")
        let isSeen = await firstValue(.int(maxItems), in: values, within: timeout)
        guard isSeen else {
            throw Failure(
                description: "checkout.max_items = \(maxItems) was not picked up within \(timeout) "
                    + "(is TWEAK_CHECKOUT__MAX_ITEMS set? The environment wins over the overrides file.)")
        }
    }

    /// Whether `values` yields `expected` within `timeout`.
    private static func firstValue(
        _ expected: TweakValue, in values: TypedTweakValueUpdates<TweakValue>, within timeout: Duration
    ) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await value in values where value == expected { return true }
                return false
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return false
            }
            let isSeen = await group.next() ?? false
            group.cancelAll()
            return isSeen
        }
    }
}
