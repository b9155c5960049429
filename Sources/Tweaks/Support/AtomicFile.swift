// `package`: `replace(_:with:mode:)` takes a `mode_t`. Foundation re-exports the C library
// (Glibc, Musl or Darwin); importing that too would make it the module `mode_t` comes from.
package import Foundation

/// Writes files so that readers see either the old or the new contents, never a part: the data
/// goes to a temporary file in the same folder, which is flushed to disk and renamed over the target.
package enum AtomicFile {
    /// What identifies one version of a file on disk: a rename or rewrite changes at least one part.
    struct Stamp: Sendable, Hashable {
        let modificationDate: Date?
        let size: UInt64?
        let fileNumber: UInt64?

        /// The stamp of the file at `path`, or `nil` when there is no file.
        init?(path: String) {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
            modificationDate = attributes[.modificationDate] as? Date
            size = (attributes[.size] as? NSNumber)?.uint64Value
            fileNumber = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value
        }
    }

    /// Replaces the file at `path` with `bytes`, with permissions `mode`, creating the folder (mode 0700) when it
    /// is missing.
    package static func replace(
        _ path: String, with bytes: [UInt8], mode: mode_t = 0o600
    ) throws(TweakWriteError) {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            do {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw TweakWriteError(path: path, detail: "cannot create the folder: \(error.localizedDescription)")
            }
        }
        let name = (path as NSString).lastPathComponent
        let temporaryPath = (folder.isEmpty ? "" : folder + "/") + ".\(name).\(UUID().uuidString).tmp"
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw failure(path, "cannot create a temporary file") }
        var isWritten = false
        defer {
            if !isWritten { unlink(temporaryPath) }
        }
        do {
            defer { close(descriptor) }
            // The mode given to `open` is masked by the umask; set it exactly.
            guard fchmod(descriptor, mode) == 0 else { throw failure(path, "cannot set the permissions") }
            let isComplete = bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return false
                    }
                    offset += written
                }
                return true
            }
            guard isComplete else { throw failure(path, "cannot write") }
            guard flushToDisk(descriptor) else { throw failure(path, "cannot flush to disk") }
        }
        guard rename(temporaryPath, path) == 0 else { throw failure(path, "cannot replace the file") }
        isWritten = true
    }

    /// Flushes `descriptor`'s data to the drive. On Apple systems `fsync` only reaches the drive's
    /// cache, and `F_FULLFSYNC` flushes that too; file systems without it (some network and FUSE
    /// ones) fall back to `fsync`.
    private static func flushToDisk(_ descriptor: Int32) -> Bool {
        #if canImport(Darwin)
            if fcntl(descriptor, F_FULLFSYNC) == 0 { return true }
        #endif
        return fsync(descriptor) == 0
    }

    private static func failure(_ path: String, _ action: String) -> TweakWriteError {
        TweakWriteError(path: path, detail: "\(action): \(String(cString: strerror(errno)))")
    }
}
