import Foundation
import Tweaks

/// The app's shared services, as its composition root creates them at launch.
public enum AppServices {
    /// The app's flags: overrides persisted in `UserDefaults` (a debug menu, QA) over the defaults
    /// bundled in `AppTweaks.tweaks.json`.
    public static let tweakManager = makeTweakManager(overrides: UserDefaultsTweakProvider(userDefaults: .standard))

    /// A manager that asks `overrides` first, then the bundled defaults. A `RemoteTweakProvider`
    /// (the `TweaksRemote` product) would go between the two.
    ///
    /// The bundled file is part of the app: if it cannot be read, the build is broken, and every
    /// test that reads a flag says so.
    public static func makeTweakManager(overrides: any MutableTweakProvider) -> TweakManager {
        guard let defaultsURL = Bundle.module.url(forResource: "AppTweaks.tweaks", withExtension: "json") else {
            fatalError("AppTweaks.tweaks.json is missing from the bundle")
        }
        do {
            return TweakManager(tweakProviders: [
                overrides, try LocalTweakProvider(jsonURL: defaultsURL, name: "defaults"),
            ])
        } catch {
            fatalError("AppTweaks.tweaks.json is invalid: \(error)")
        }
    }
}
