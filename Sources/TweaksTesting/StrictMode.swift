import Testing
import Tweaks

#if canImport(XCTest)
    import XCTest
#endif

extension TweakOverrides {
    /// These overrides in strict mode: an override of another type than the tweak it overrides,
    /// or of a tweak no provider declares, fails the running test (a Swift Testing issue, or an
    /// XCTest failure outside Swift Testing) at `sourceLocation`, where the overrides were written
    /// (`nil`: at the running XCTest test), once per tweak however often it is read.
    func strict(_ isStrict: Bool, at sourceLocation: SourceLocation?) -> TweakOverrides {
        guard isStrict else { return self }
        var strict = self
        let reported = Locked<Set<String>>([])
        strict.onTypeMismatch = { mismatch in
            guard reported.withLock({ $0.insert("\(mismatch.feature).\(mismatch.variable)").inserted }) else { return }
            if let test = Test.current {
                Issue.record(
                    "Tweak override mismatch: \(mismatch)", sourceLocation: sourceLocation ?? test.sourceLocation)
            } else {
                #if canImport(XCTest)
                    XCTFail(
                        "Tweak override mismatch: \(mismatch)\(sourceLocation.map { " (overrides at \($0))" } ?? "")")
                #endif
            }
        }
        return strict
    }
}

extension [TweakOverride] {
    /// Strict mode's check on entering the scope of overrides of one `manager`: each override is
    /// checked as a read checks it, so that an override of a misspelt tweak that nothing reads
    /// (`new_flwo`) fails the test too. Overrides of every manager (`manager` is `nil`) are
    /// checked when a manager reads them: which managers a test uses is not known beforehand.
    /// Call it inside the scope.
    func checkOnEntry(in manager: TweakManager?, isStrict: Bool) {
        guard isStrict, let manager else { return }
        for override in self {
            _ = try? manager.tweakIfPresent(feature: override.feature, variable: override.variable)
        }
    }
}
