import Foundation
import Testing

@testable import Tweaks

/// The privacy manifest ships in the library's resource bundle and declares a reason for each
/// required-reason API the library uses; without it, App Store uploads get ITMS-91053.
@Suite struct PrivacyManifestTests {
    @Test func theManifestShipsAndDeclaresUserDefaultsAndFileTimestamps() throws {
        let url = try #require(Bundle.module.url(forResource: "PrivacyInfo", withExtension: "xcprivacy"))
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
        let manifest = try #require(plist as? [String: Any])
        #expect(manifest["NSPrivacyTracking"] as? Bool == false)
        #expect((manifest["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true)
        let declared = try #require(manifest["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
        let reasons = Dictionary(
            uniqueKeysWithValues: declared.compactMap { entry in
                (entry["NSPrivacyAccessedAPIType"] as? String).map {
                    ($0, entry["NSPrivacyAccessedAPITypeReasons"] as? [String] ?? [])
                }
            })
        #expect(reasons["NSPrivacyAccessedAPICategoryUserDefaults"] == ["CA92.1"])
        #expect(reasons["NSPrivacyAccessedAPICategoryFileTimestamp"] == ["C617.1"])
    }
}
