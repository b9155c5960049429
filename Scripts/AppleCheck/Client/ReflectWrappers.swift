// apple-check client: what an app using Tweaks makes the compiler emit into the app. It holds the
// property wrappers with Bool, enum and Codable values, reflects them (print/dump/String(describing:),
// which instantiate the full type metadata of every stored property, closures included) and reads
// an enum and a Codable struct through `TweakManager.value(feature:variable:as:)`. Its IR is
// scanned like the library's: inlinable library code and generic types specialised here show up
// only in a client.
import Tweaks

let manager = TweakManager(tweakProviders: [
    EphemeralTweakProvider(values: ["screen": ["flag": true, "mode": "y"]])
])

enum Mode: String, Sendable { case x, y }
struct Config: Codable, Sendable { var n: Int }

struct ScreenModel {
    @TweakProperty(feature: "screen", variable: "flag", tweakManager: manager) var flag: Bool
    @FallbackTweakProperty(fallbackValue: false, feature: "screen", variable: "flag", tweakManager: manager)
    var fallbackFlag: Bool
    @OptionalTweakProperty(fallbackValue: nil, feature: "screen", variable: "mode", tweakManager: manager)
    var mode: Mode?
    @FallbackTweakProperty(fallbackValue: .x, feature: "screen", variable: "mode", tweakManager: manager)
    var fallbackMode: Mode
    @TweakProperty(feature: "screen", variable: "config", tweakManager: manager) var config: Config
    @OptionalTweakProperty(fallbackValue: nil, feature: "screen", variable: "config", tweakManager: manager)
    var optionalConfig: Config?
}

public func show() throws {
    let model = ScreenModel()
    print(model)
    dump(model)
    _ = String(describing: model)
    _ = String(reflecting: model)
    _ = (model.flag, model.fallbackFlag, model.mode, model.fallbackMode, model.config, model.optionalConfig)
    let mode = try manager.value(feature: "screen", variable: "mode", as: Mode.self)
    let config = try manager.value(feature: "screen", variable: "config", as: Config.self)
    print(mode, config)
}
