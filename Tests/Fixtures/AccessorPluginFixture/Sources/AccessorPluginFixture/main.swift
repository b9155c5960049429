import Foundation
import Tweaks

// Prints values read through the generated accessors, with overrides applied.

let log = LogLines()
let overrides = EphemeralTweakProvider(name: "overrides")
let exampleFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Example/LocalTweaks_example.tweaks.json")
let manager = TweakManager(tweakProviders: [overrides, try LocalTweakProvider(jsonURL: exampleFile)])
manager.logClosure = { message, level in if level == .error { log.append(message) } }
manager.decryptionClosure = { tweak in .string(String((tweak.value.stringValue ?? "").reversed())) }

let tweaks = GeneratedTweakAccessor(with: manager)
print("meaningOfLife = \(tweaks.meaningOfLife)")
tweaks.labelText = "Set through the accessor"
try manager.set(false, feature: "ui_customization", variable: "display_red_view")
print("labelText = \(tweaks.labelText)")
print("displayRedView = \(tweaks.displayRedView)")
print("redViewAlpha = \(tweaks.redViewAlpha)")
print("definitiveAnswerEncrypted = \(tweaks.definitiveAnswerEncrypted ?? "nil")")
var maintenance = tweaks.maintenanceMode
maintenance.isUnderMaintenance = true
tweaks.maintenanceMode = maintenance
print("maintenanceMode = \(tweaks.maintenanceMode.isUnderMaintenance) \(tweaks.maintenanceMode.title)")

// An override of the wrong type is passed over for the file's value, and the reason logged.
try manager.set("forty-two", feature: GeneratedTweakAccessor.Features.general, variable: "meaning_of_life")
print("meaningOfLife with a String override = \(tweaks.meaningOfLife)")
print("log: \(log.lines.joined(separator: " | "))")
tweaks.labelText = "Test value"
overrides.removeAllValues()
print("after reset: labelText = \(tweaks.labelText), displayRedView = \(tweaks.displayRedView)")

// A public accessor whose tweaks no provider has: every property reads the file's value.
let checkout = CheckoutTweaks(with: TweakManager(tweakProviders: [overrides]))
print("checkout = \(checkout.retryCount) \(checkout.ratio) \(checkout.tags) \(checkout.weights) \(checkout.matrix)")
print("checkout.layout = \(checkout.layout.columns) \(checkout.layout.isCompact) \(checkout.layout.items.map(\.name))")
print("checkout.bannerText = \(checkout.bannerText.debugDescription)")
print("checkout.apiKey = \(checkout.apiKey ?? "nil")")
checkout.layout = CheckoutTweaks.Layout(
    columns: 3, isCompact: true, items: [], margins: .init(bottom: 1, top: 2))
print("checkout.layout after set = \(checkout.layout.columns) \(checkout.layout.margins.top)")

// A package-level accessor.
let flags = PackageFlags(with: manager)
flags.isNewFlowEnabled = true
print("flags.isNewFlowEnabled = \(flags.isNewFlowEnabled) (\(PackageFlags.Variables.newFlow))")

/// The messages logged at `error` level.
final class LogLines: @unchecked Sendable {
    // Safe: `storage` is only accessed while `lock` is held.
    private let lock = NSLock()
    private var storage: [String] = []

    func append(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        storage.append(line)
    }

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
