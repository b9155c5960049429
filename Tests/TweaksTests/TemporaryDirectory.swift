import Foundation

/// A fresh directory under the system's temporary directory, for tests that need real files.
struct TemporaryDirectory {
    let url: URL

    /// Creates a uniquely named directory.
    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("TweaksTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `data` to a file called `name` in the directory and returns its URL.
    func write(_ data: Data, named name: String) throws -> URL {
        let fileURL = url.appendingPathComponent(name, isDirectory: false)
        try data.write(to: fileURL)
        return fileURL
    }

    /// Runs `body` with a fresh directory that is removed afterwards, whatever happens.
    static func with<Result>(_ body: (TemporaryDirectory) throws -> Result) throws -> Result {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory.url) }
        return try body(directory)
    }
}
