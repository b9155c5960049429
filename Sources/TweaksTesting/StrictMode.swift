import Testing
import Tweaks

#if canImport(XCTest)
    import XCTest
#endif

extension TweakOverrides {
    /// These overrides in strict mode: an override of another type than the tweak it overrides
    /// fails the running test (a Swift Testing issue, or an XCTest failure outside Swift Testing).
    func strict(_ isStrict: Bool) -> TweakOverrides {
        guard isStrict else { return self }
        var strict = self
        strict.onTypeMismatch = { mismatch in
            if Test.current != nil {
                Issue.record("Tweak override type mismatch: \(mismatch)")
            } else {
                #if canImport(XCTest)
                    XCTFail("Tweak override type mismatch: \(mismatch)")
                #endif
            }
        }
        return strict
    }
}
