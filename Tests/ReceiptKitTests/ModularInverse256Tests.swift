import TestSupport
import Testing

@testable import ReceiptKit

/// The 256-bit modular inverse against Python's `pow(a, -1, m)` (the table below was written by it, not by the
/// code under test) for the two moduli of P-256 (the order n and the field prime p), and against a brute-force
/// search for small odd moduli, including ones where no inverse exists.
@Suite struct ModularInverse256Tests {
    /// The order n of P-256 and its field prime p (SEC 2, secp256r1).
    static let order = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"
    static let prime = "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff"
    /// (m, a, a⁻¹ mod m), hexadecimal, from Python 3: edges 1, 2, 3, m - 1, m - 2 and four seeded random values.
    static let vectors: [(String, String, String)] = [
        (
            order,
            "0000000000000000000000000000000000000000000000000000000000000001",
            "0000000000000000000000000000000000000000000000000000000000000001"
        ),
        (
            order,
            "0000000000000000000000000000000000000000000000000000000000000002",
            "7fffffff800000007fffffffffffffffde737d56d38bcf4279dce5617e3192a9"
        ),
        (
            order,
            "0000000000000000000000000000000000000000000000000000000000000003",
            "aaaaaaaa00000000aaaaaaaaaaaaaaaa7def51c91a0fbf034d26872ca84218e1"
        ),
        (
            order,
            "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632550",
            "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632550"
        ),
        (
            order,
            "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc63254f",
            "7fffffff800000007fffffffffffffffde737d56d38bcf4279dce5617e3192a8"
        ),
        (
            order,
            "e7158a8021f64544e06c85afbaec4ef702ff349d4f876aa39c2b9d9f2ae75e2f",
            "402e51180979c314c9ab70d2e6d4f00a5382a94635d4ec04d69ba90307bbffd0"
        ),
        (
            order,
            "8eca73657965c0fe4d317c68022dd18d3c7ba9e38be9794d3c95ad20819ed6b7",
            "006e5fea51921a78f37f0323384242190e3c695343246853a8dae993daee7448"
        ),
        (
            order,
            "8fde5639132a29cf27cd95a026af91d1a71dba495552da89dab4fcb8093f36ec",
            "af23882bbd6145de20121458872fef8959e7b8eb971f0c19ca8bb0faa048d73d"
        ),
        (
            order,
            "7f8eb3335f062fe2ac84eb6aaa32241c4f7b56bf55724a8aafa2d07c1121a14e",
            "f46b4e6efa9abee5daf9923d66ee2b6907e2d3f849362a2d881df69f74897d73"
        ),
        (
            prime,
            "0000000000000000000000000000000000000000000000000000000000000001",
            "0000000000000000000000000000000000000000000000000000000000000001"
        ),
        (
            prime,
            "0000000000000000000000000000000000000000000000000000000000000002",
            "7fffffff80000000800000000000000000000000800000000000000000000000"
        ),
        (
            prime,
            "0000000000000000000000000000000000000000000000000000000000000003",
            "aaaaaaaa00000000aaaaaaaaaaaaaaaaaaaaaaab555555555555555555555555"
        ),
        (
            prime,
            "ffffffff00000001000000000000000000000000fffffffffffffffffffffffe",
            "ffffffff00000001000000000000000000000000fffffffffffffffffffffffe"
        ),
        (
            prime,
            "ffffffff00000001000000000000000000000000fffffffffffffffffffffffd",
            "7fffffff800000008000000000000000000000007fffffffffffffffffffffff"
        ),
        (
            prime,
            "1cfac13b6d1e96f04a35dec1881f60dcad1885a37130f0c43974497269842a23",
            "0421f6d876b5593ff9e8d1c9cf303d34eb5908da3fc978fc90cd968198c1ec34"
        ),
        (
            prime,
            "607fa71722a44c6fd8d12f2491df3dbea4726041ac374eed8bca49d9622de24d",
            "6c072d9aca6bcc5effd58629fd283118ae1543cfe095d278e56e5798816eb4c0"
        ),
        (
            prime,
            "790f143c783ea8c5c938600d475df378334cf5f959441da72c8d3f9a794085f2",
            "63446f913899bd70ee0cfed0a16e658005dd10b18f640fd2be369db67365fddd"
        ),
        (
            prime,
            "196e5ce01424ef98f2f8068d3830ab6e5457f3f26d83a38233c94512f1caee9c",
            "fcc4a0c78b0137f458cca2fef7c5ba26df1387179b8e0a37cc1609f00494d8eb"
        ),
    ]

    static func number(_ hex: String) -> ModularInverse256.Number {
        let digits = Array(hex.utf8).map { UInt8($0 <= 57 ? $0 - 48 : $0 - 87) }
        let bytes = stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
        return ModularInverse256.Number(bigEndian: bytes)
    }

    @Test("the inverses modulo P-256's order and field prime are Python's")
    func knownInverses() {
        #expect(Self.vectors.count == 18)
        for (modulus, a, inverse) in Self.vectors {
            let found = ModularInverse256.inverse(of: Self.number(a), modulo: Self.number(modulus))
            #expect(found == Self.number(inverse), "a = \(a)")
            #expect(found?.bigEndianBytes == Self.number(inverse).bigEndianBytes)
        }
    }

    @Test("for small odd moduli the answer is the brute-force inverse, or nil when a shares a factor with m")
    func smallModuli() {
        var checked = 0
        var none = 0
        for modulus in stride(from: UInt64(3), through: 151, by: 2) {
            for a in UInt64(1)..<modulus {
                let expected = (UInt64(1)..<modulus).first { a * $0 % modulus == 1 }
                let found = ModularInverse256.inverse(of: .init((a, 0, 0, 0)), modulo: .init((modulus, 0, 0, 0)))
                #expect(found == expected.map { .init(($0, 0, 0, 0)) }, "\(a) mod \(modulus)")
                checked += 1
                if expected == nil { none += 1 }
            }
        }
        #expect(checked == 5_700)
        #expect(none == 1_000)
    }

    @Test("zero, a not below the modulus, and an even modulus have no answer")
    func refused() {
        let order = Self.number(Self.order)
        #expect(ModularInverse256.inverse(of: .init((0, 0, 0, 0)), modulo: order) == nil)
        #expect(ModularInverse256.inverse(of: order, modulo: order) == nil)
        #expect(ModularInverse256.inverse(of: .init((UInt64.max, UInt64.max, UInt64.max, UInt64.max)), modulo: order) == nil)
        #expect(ModularInverse256.inverse(of: .init((3, 0, 0, 0)), modulo: .init((10, 0, 0, 0))) == nil)
    }
}
