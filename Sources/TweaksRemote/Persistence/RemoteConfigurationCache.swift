import Foundation
import Tweaks

/// The one file that keeps a provider's active configuration across launches: the document, its
/// entity tag and its fetch time together, so that they can never disagree (Firebase keeps the
/// entity tag apart from the data, and after a device restore asks "not modified?" for data it no
/// longer has: firebase-ios-sdk #4677).
///
/// The format is one line of JSON, a newline, then the document exactly as fetched:
///
/// ```
/// {"checksum":"9f0c…","etag":"\"65a1-1f\"","fetchTime":1700000000.5,"format":"TweaksRemote.cache","length":31,"location":"https://…","version":1}
/// {"checkout": {"enabled": true}}
/// ```
///
/// The file is replaced atomically (written to a temporary file in the same directory, flushed,
/// then renamed over the old one) and readable by the user only (0600).
struct RemoteConfigurationCache: Sendable {
    static let format = "TweaksRemote.cache"
    static let version = 1

    /// What the file holds.
    struct Entry: Sendable {
        let data: Data
        let etag: String?
        let fetchTime: Date
    }

    private struct Header: Codable {
        let format: String
        let version: Int
        let location: String
        let etag: String?
        let fetchTime: Double
        let length: Int
        let checksum: String
    }

    let url: URL

    private var path: String { url.path }

    /// The stored entry for `location`; `nil` when there is no file.
    ///
    /// - Throws: ``RemoteCacheError`` when the file cannot be read, is not a cache for `location`,
    ///   or is damaged.
    func load(location: String) throws(RemoteCacheError) -> Entry? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let contents: Data
        do {
            contents = try Data(contentsOf: url)
        } catch {
            throw failure(.unreadable(error.localizedDescription))
        }
        guard let newline = contents.firstIndex(of: UInt8(ascii: "\n")),
            let header = try? JSONDecoder().decode(Header.self, from: contents[contents.startIndex..<newline]),
            header.format == Self.format
        else {
            throw failure(.foreign("the file is not a Tweaks remote cache"))
        }
        guard header.version == Self.version else {
            throw failure(.foreign("format version \(header.version), this version reads \(Self.version)"))
        }
        guard header.location == location else {
            throw failure(.foreign("written for \(header.location), not \(location)"))
        }
        let data = Data(contents[(newline + 1)...])
        guard data.count == header.length else {
            throw failure(.corrupt("the document has \(data.count) bytes, the header says \(header.length)"))
        }
        guard Self.checksum(of: data) == header.checksum else {
            throw failure(.corrupt("the document does not match its checksum"))
        }
        return Entry(data: data, etag: header.etag, fetchTime: Date(timeIntervalSince1970: header.fetchTime))
    }

    /// Replaces the file with `configuration`, atomically.
    func save(_ configuration: RemoteConfiguration, location: String) throws(RemoteCacheError) {
        let header = Header(
            format: Self.format, version: Self.version, location: location, etag: configuration.etag,
            fetchTime: configuration.fetchTime.timeIntervalSince1970, length: configuration.data.count,
            checksum: Self.checksum(of: configuration.data))
        var contents: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            contents = try encoder.encode(header)
        } catch {
            throw failure(.unwritable("the header cannot be encoded: \(error)"))
        }
        contents.append(UInt8(ascii: "\n"))
        contents.append(configuration.data)
        do {
            try AtomicFile.replace(path, with: [UInt8](contents))
        } catch {
            throw failure(.unwritable(error.detail))
        }
    }

    private func failure(_ reason: RemoteCacheError.Reason) -> RemoteCacheError {
        RemoteCacheError(path: path, reason: reason)
    }

    /// FNV-1a (64 bit) of `data`, in hex: catches a damaged file; it is not a security measure.
    static func checksum(of data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
