import Foundation
import TestSupport
import Testing

/// The installed binary runs on a server without the Swift toolchain (issue 11, point 8): `make release` links the
/// Swift runtime and the C++ runtime statically, so the only shared libraries it names are libc's, OpenSSL's
/// libcurl 4 and SQLite 3 (issue 22: what asks Apple goes through libcurl, whose own dependencies come with the
/// distribution's libcurl package; issue 23: `audit --index` keeps its index in SQLite). `make test` builds the release binary first and names it in
/// APPRECEIPT_RELEASE_BINARY; a plain `swift test` skips this check rather than judge a stale binary.
/// The binary `make test` built for this run, if any.
enum ReleaseBinary {
    static let path = ProcessInfo.processInfo.environment["APPRECEIPT_RELEASE_BINARY"].flatMap { $0.isEmpty ? nil : $0 }
    static let built = Requirement(
        "release binary not built by this test run: run `make test`, which builds it and sets APPRECEIPT_RELEASE_BINARY"
    ) { path != nil }
}

@Suite(.requires(ReleaseBinary.built))
struct ReleaseBinaryTests {
    /// libc and its companions (the dynamic loader, libm, libpthread, libdl, librt), OpenSSL 3 and libcurl 4.
    static func isAllowed(_ library: String) -> Bool {
        let allowed = [
            "libc.so", "libm.so", "libpthread.so", "libdl.so", "librt.so", "ld-linux", "libssl.so.3", "libcrypto.so.3",
            "libcurl.so.4", "libsqlite3.so.0",
        ]
        return allowed.contains { library.hasPrefix($0) }
    }

    /// The libraries the binary itself names (its NEEDED entries, from `readelf -d`).
    static func neededLibraries(of path: String) throws -> [String] {
        let result = try Subprocess.run(tool: "readelf", ["-d", path])
        try #require(result.status == 0, "readelf failed: \(result.stderr)")
        return result.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
            line.split(separator: "[").last?.split(separator: "]").first.map(String.init)
        }
    }

    @Test func onlyLibcOpenSSLLibcurlAndSQLiteAreNeeded() throws {
        let path = try #require(ReleaseBinary.path)
        let libraries = try Self.neededLibraries(of: path)
        #expect(libraries.contains { $0.hasPrefix("libc.so") }, "\(libraries)")
        #expect(libraries.contains { $0.hasPrefix("libcrypto.so.3") }, "\(libraries)")
        #expect(libraries.contains { $0.hasPrefix("libcurl.so.4") }, "\(libraries)")
        let others = libraries.filter { !Self.isAllowed($0) }
        #expect(others.isEmpty, "shared libraries beyond libc, OpenSSL, libcurl and SQLite: \(others)")
        // And everything those load in turn is found on this machine (libcurl's own dependencies included).
        let ldd = try Subprocess.run(tool: "ldd", [path])
        #expect(ldd.status == 0, "ldd failed: \(ldd.stderr)")
        #expect(!ldd.stdout.contains("not found"), "\(ldd.stdout)")
    }

    @Test func itRunsWithoutTheToolchainOnAnyLibraryPath() throws {
        let path = try #require(ReleaseBinary.path)
        // No RUNPATH into the toolchain: the binary names no directory to look for libraries in.
        let dynamic = try Subprocess.run(tool: "readelf", ["-d", path])
        #expect(!dynamic.stdout.contains("RUNPATH") && !dynamic.stdout.contains("RPATH"), "\(dynamic.stdout)")
        let version = try Subprocess.run(URL(fileURLWithPath: path), ["--version"], environment: [:])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("appreceipt "))
        let decoded = try Subprocess.run(
            URL(fileURLWithPath: path), ["decode", "--compact", "TestVectors/receipts/one-inapp.b64"], environment: [:])
        #expect(decoded.status == 0, "\(decoded.stderr)")
        #expect(decoded.stdout.contains("\"bundle_id\":\"com.example.appreceipt.one\""))
    }
}
