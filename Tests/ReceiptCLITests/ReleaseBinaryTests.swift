import Foundation
import Testing

/// The installed binary runs on a server without the Swift toolchain (issue 11, point 8): `make release` links the
/// Swift runtime and the C++ runtime statically, so its only shared libraries are libc's and
/// OpenSSL's. `make test` builds the release binary first and names it in APPRECEIPT_RELEASE_BINARY; a plain
/// `swift test` skips this check rather than judge a stale binary.
/// The binary `make test` built for this run, if any.
enum ReleaseBinary {
    static let path = ProcessInfo.processInfo.environment["APPRECEIPT_RELEASE_BINARY"].flatMap { $0.isEmpty ? nil : $0 }
    static let notBuilt =
        "release binary not built by this test run: run `make test`, which builds it and sets APPRECEIPT_RELEASE_BINARY"
}

@Suite(.enabled(if: ReleaseBinary.path != nil, Comment(rawValue: ReleaseBinary.notBuilt)))
struct ReleaseBinaryTests {
    /// libc and its companions (the dynamic loader, the vDSO, libm, libpthread, libdl, librt), and OpenSSL.
    static func isAllowed(_ library: String) -> Bool {
        let name = library.split(separator: "/").last.map(String.init) ?? library
        let allowed = [
            "linux-vdso.so", "libc.so", "libm.so", "libpthread.so", "libdl.so", "librt.so", "ld-linux", "libssl.so",
            "libcrypto.so",
        ]
        return allowed.contains { name.hasPrefix($0) }
    }

    /// The libraries `ldd` lists for the binary: the name before `=>`, or the path for the loader.
    static func sharedLibraries(of path: String) throws -> [String] {
        let result = try BinaryRunner.run([path], program: URL(fileURLWithPath: "/usr/bin/env"), prefix: ["ldd"])
        try #require(result.status == 0, "ldd failed: \(result.stderr)")
        return result.stdout.split(separator: "\n").compactMap { line in
            line.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init)
        }
    }

    @Test func onlyLibcAndOpenSSLAreShared() throws {
        let path = try #require(ReleaseBinary.path)
        let libraries = try Self.sharedLibraries(of: path)
        #expect(libraries.contains { $0.hasPrefix("libc.so") }, "\(libraries)")
        #expect(libraries.contains { $0.hasPrefix("libcrypto.so") }, "\(libraries)")
        let others = libraries.filter { !Self.isAllowed($0) }
        #expect(others.isEmpty, "shared libraries beyond libc and OpenSSL: \(others)")
    }

    @Test func itRunsWithoutTheToolchainOnAnyLibraryPath() throws {
        let path = try #require(ReleaseBinary.path)
        // No RUNPATH into the toolchain: the binary names no directory to look for libraries in.
        let dynamic = try BinaryRunner.run(["-d", path], program: URL(fileURLWithPath: "/usr/bin/env"), prefix: ["readelf"])
        #expect(!dynamic.stdout.contains("RUNPATH") && !dynamic.stdout.contains("RPATH"), "\(dynamic.stdout)")
        let version = try BinaryRunner.run(["--version"], environment: [:], program: URL(fileURLWithPath: path))
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("appreceipt "))
        let decoded = try BinaryRunner.run(
            ["decode", "--compact", "TestVectors/receipts/one-inapp.b64"], environment: [:], program: URL(fileURLWithPath: path))
        #expect(decoded.status == 0, "\(decoded.stderr)")
        #expect(decoded.stdout.contains("\"bundle_id\":\"com.example.appreceipt.one\""))
    }
}
