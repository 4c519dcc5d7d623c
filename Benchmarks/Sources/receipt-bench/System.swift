#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Small POSIX helpers: files, monotonic time, processes. No Foundation, so nothing here adds run-time cost
// to the measured code or hides what a call does.

/// Monotonic nanoseconds (CLOCK_MONOTONIC).
@inline(__always)
func nowNanos() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

/// Whole file, or nil when it cannot be read.
func readFile(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        if count == 0 { break }
        bytes += chunk[0..<count]
    }
    return ferror(file) == 0 ? bytes : nil
}

func writeFile(_ path: String, _ bytes: [UInt8]) -> Bool {
    guard let file = fopen(path, "wb") else { return false }
    let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    return fclose(file) == 0 && written == bytes.count
}

func fileExists(_ path: String) -> Bool { access(path, F_OK) == 0 }

func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
}

/// Entry names of a directory, sorted.
func listDirectory(_ path: String) -> [String] {
    guard let dir = opendir(path) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
}

func makeTemporaryDirectory(prefix: String) -> String? {
    let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array("\(base)/\(prefix).XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { buffer -> String? in
        guard let made = mkdtemp(buffer.baseAddress!) else { return nil }
        return String(cString: made)
    }
}

/// Removes a directory made by ``makeTemporaryDirectory(prefix:)`` and its plain files (no recursion needed).
func removeTemporaryDirectory(_ path: String) {
    for name in listDirectory(path) { unlink("\(path)/\(name)") }
    rmdir(path)
}

func lastPathComponent(_ path: String) -> String {
    path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
}

func standardError(_ text: String) { writeAll(2, text) }

func standardOutput(_ text: String) { writeAll(1, text) }

/// write(2) until every byte is out (stdio's stdout/stderr globals are not concurrency-safe in Swift 6).
func writeAll(_ descriptor: Int32, _ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0 {
            if errno == EINTR { continue }
            return
        }
        offset += written
    }
}

/// Runs `arguments` (searched in PATH) and waits. stdout goes to `stdoutPath` (default /dev/null), stderr to
/// /dev/null. Returns the exit status, or nil when the process could not be started or was killed by a signal.
func runProcess(_ arguments: [String], stdoutPath: String = "/dev/null") -> Int32? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let spawned = argv.withUnsafeBufferPointer { buffer in
        posix_spawnp(&pid, arguments[0], &actions, nil, buffer.baseAddress!, environ)
    }
    guard spawned == 0 else { return nil }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
        if errno != EINTR { return nil }
    }
    // WIFEXITED / WEXITSTATUS, spelled out (the macros are not imported).
    guard status & 0x7f == 0 else { return nil }
    return (status >> 8) & 0xff
}

/// Stdout of a command as text (through a temporary file), or nil when it failed to run.
func captureOutput(_ arguments: [String], scratch: String) -> String? {
    let path = "\(scratch)/capture.out"
    defer { unlink(path) }
    guard runProcess(arguments, stdoutPath: path) != nil, let bytes = readFile(path) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
}

/// UTC now as 2026-11-30T08:00:00Z.
func utcTimestamp() -> String {
    var seconds = time(nil)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    var buffer = [CChar](repeating: 0, count: 32)
    let length = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%SZ", &parts)
    return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

func onlineProcessorCount() -> Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

/// "model name" from /proc/cpuinfo (Linux); "unknown" elsewhere.
func cpuModel() -> String {
    guard let bytes = readFile("/proc/cpuinfo") else { return "unknown" }
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("model name") {
        if let colon = line.firstIndex(of: ":") {
            return line[line.index(after: colon)...].trimmingSpaces()
        }
    }
    return "unknown"
}

func kernelDescription() -> String {
    var name = utsname()
    guard uname(&name) == 0 else { return "unknown" }
    func field<T>(_ value: T) -> String {
        withUnsafeBytes(of: value) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
    }
    return "\(field(name.sysname)) \(field(name.release)) \(field(name.machine))"
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}

/// The 1-minute load average from /proc/loadavg, or nil.
func loadAverage() -> Double? {
    guard let bytes = readFile("/proc/loadavg") else { return nil }
    return String(decoding: bytes, as: UTF8.self).split(separator: " ").first.flatMap { Double($0) }
}

/// Machine-wide CPU time from the first line of /proc/stat, in clock ticks: busy (everything but idle and
/// iowait) and steal (time the hypervisor gave to other guests).
struct MachineCPU {
    let busyTicks: UInt64
    let stealTicks: UInt64

    static func read() -> MachineCPU? {
        guard let bytes = readFile("/proc/stat"),
            let first = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first, first.hasPrefix("cpu ")
        else { return nil }
        let values = first.split(separator: " ").dropFirst().compactMap { UInt64($0) }
        guard values.count >= 8 else { return nil }
        // user nice system idle iowait irq softirq steal [guest guest_nice, already counted in user/nice]
        let busy = values[0] + values[1] + values[2] + values[5] + values[6] + values[7]
        return MachineCPU(busyTicks: busy, stealTicks: values[7])
    }
}

/// CPU seconds used by this process and its waited-for children (the openssl runs).
func ownCPUSeconds() -> Double {
    func seconds(_ who: Int32) -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(who), &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }
    return seconds(RUSAGE_SELF.rawValue) + seconds(RUSAGE_CHILDREN.rawValue)
}

func clockTicksPerSecond() -> Double { Double(sysconf(Int32(_SC_CLK_TCK))) }
