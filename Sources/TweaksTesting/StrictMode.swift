import Testing
import Tweaks

#if canImport(XCTest)
    import XCTest
#endif

extension TweakOverrides {
    /// These overrides in strict mode: an override of another type than the tweak it overrides,
    /// or of a tweak no provider declares, fails the running test (a Swift Testing issue, or an
    /// XCTest failure outside Swift Testing) at `sourceLocation`, where the overrides were written
    /// (`nil`: at the running XCTest test).
    func strict(_ isStrict: Bool, at sourceLocation: SourceLocation?) -> TweakOverrides {
        guard isStrict else { return self }
        var strict = self
        strict.onTypeMismatch = { mismatch in
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
