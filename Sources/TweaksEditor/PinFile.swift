import Foundation
import Tweaks

/// The file the editor keeps the pinned tweaks in between launches: a JSON array of
/// `[feature, variable]` pairs, written atomically (permissions 0600).
struct PinFile: Sendable {
    /// The file.
    let fileURL: URL

    /// Larger pin files are refused: a person pins tens of tweaks, not millions.
    static let maximumSize = 1024 * 1024

    /// The pins in the file; none when there is no file.
    /// - Throws: ``TweakEditorError`` naming the file when it is not a list of `[feature, variable]` pairs.
    func loadPins() throws -> Set<TweakKey> {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
        let data = try Data(contentsOf: fileURL)
        guard data.count <= Self.maximumSize else {
            throw TweakEditorError(source: fileURL.path, "larger than \(Self.maximumSize) bytes")
        }
        let value: TweakValue
        do {
            value = try TweakValue(jsonText: String(decoding: data, as: UTF8.self), source: fileURL.path)
        } catch {
            throw TweakEditorError(source: fileURL.path, error.reasonDescription)
        }
        guard case .json(.array(let entries)) = value else {
            throw TweakEditorError(source: fileURL.path, "expected a JSON array of [feature, variable] pairs")
        }
        var pins = Set<TweakKey>()
        for entry in entries {
            guard case .array(let pair) = entry, pair.count == 2, case .string(let feature) = pair[0],
                case .string(let variable) = pair[1]
            else { throw TweakEditorError(source: fileURL.path, "expected [feature, variable], found \(entry)") }
            pins.insert(TweakKey(feature: feature, variable: variable))
        }
        return pins
    }

    /// Writes `pins`, sorted, to the file (and its folder, when missing).
    /// - Throws: `TweakWriteError` when the file cannot be written.
    func savePins(_ pins: Set<TweakKey>) throws {
        let entries = pins.sorted().map { TweakJSON.array([.string($0.feature), .string($0.variable)]) }
        try AtomicFile.replace(fileURL.path, with: Array((TweakJSON.array(entries).description + "\n").utf8))
    }
}
