import Foundation
import Synchronization
import Glibc

/// Watches cassette files and folders with inotify, and calls `onChange` once a burst of changes to `*.json` files
/// has settled (editors write, rename and touch in quick succession). Folders are watched with their subfolders,
/// also ones created later; a file is watched through its folder, so a save by rename is seen too. Waits on the kernel
/// on its own thread: nothing polls.
package final class FileWatcher: Sendable {
    package struct Failure: Error, CustomStringConvertible, Sendable {
        package let description: String
    }

    private let inotify: Int32
    /// Written to once to wake the watching thread and make it stop.
    private let stopPipe: (read: Int32, write: Int32)
    private let stopped = Atomic<Bool>(false)
    private let watches = Mutex<[Int32: String]>([:])

    /// - Parameters:
    ///   - paths: the cassette files and folders given to `serve`.
    ///   - settle: how long no further change must come before `onChange` runs.
    package init(paths: [String], settle: Duration = .milliseconds(150), onChange: @escaping @Sendable () -> Void) throws(Failure) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw Failure(description: "inotify_init1: \(String(cString: strerror(errno)))") }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            close(fd)
            throw Failure(description: "pipe: \(String(cString: strerror(errno)))")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        inotify = fd
        stopPipe = (ends[0], ends[1])
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue { watchTree(path) } else { try watch(FileWatcher.parent(of: path)) }
        }
        let thread = Thread { [self] in run(settle: settle, onChange: onChange) }
        thread.name = "mockapi-watch"
        thread.start()
    }

    /// Stops watching; `onChange` is not called after this returns… except for a call already running.
    package func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
    }

    deinit {
        close(inotify)
        close(stopPipe.read)
        close(stopPipe.write)
    }

    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)

    private func watch(_ folder: String) throws(Failure) {
        let descriptor = inotify_add_watch(inotify, folder, FileWatcher.mask)
        guard descriptor >= 0 else {
            throw Failure(description: "cannot watch \(folder): \(String(cString: strerror(errno)))")
        }
        watches.withLock { $0[descriptor] = folder }
    }

    /// A folder and its subfolders (hidden ones skipped, as cassette discovery skips them).
    private func watchTree(_ folder: String) {
        try? watch(folder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where !name.hasPrefix(".") {
            var isFolder: ObjCBool = false
            let path = folder + "/" + name
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { watchTree(path) }
        }
    }

    private func run(settle: Duration, onChange: @Sendable () -> Void) {
        let settleMs = Int32(settle.components.seconds * 1000 + settle.components.attoseconds / 1_000_000_000_000_000)
        var pending = false
        while !stopped.load(ordering: .acquiring) {
            var fds = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0), pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0)]
            // Waits for the kernel; once a change is seen, only until the burst has settled.
            let ready = poll(&fds, 2, pending ? settleMs : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return   // the descriptors are unusable: stop watching rather than spin
            }
            if fds[1].revents != 0 { return }
            if ready == 0, pending {
                pending = false
                onChange()
                continue
            }
            if fds[0].revents != 0, readEvents() { pending = true }
        }
    }

    /// Reads what inotify has; whether any of it concerns a cassette. New folders are watched from now on.
    private func readEvents() -> Bool {
        var relevant = false
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            guard count > 0 else { return relevant }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let (descriptor, mask, length) = buffer.withUnsafeBytes { raw in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let nameBytes = buffer[(offset + header)..<min(offset + header + length, count)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                offset += header + length
                if mask & UInt32(IN_ISDIR) != 0 {
                    if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, !name.hasPrefix("."),
                        let folder = watches.withLock({ $0[descriptor] })
                    {
                        watchTree(folder + "/" + name)
                        relevant = true
                    }
                } else if name.hasSuffix(".json"), !name.hasPrefix(".") {
                    relevant = true
                }
            }
        }
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
