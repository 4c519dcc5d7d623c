/// The inverse of a 256-bit number modulo an odd 256-bit modulus, by the binary extended Euclidean algorithm on
/// four 64-bit limbs.
///
/// ``P256KeyTable`` needs s⁻¹ mod n once per ES256 check. `BN_mod_inverse` runs the same algorithm one BIGNUM
/// call per step and took a third of that check; here the steps are a few machine instructions each. The inputs
/// are public (a signature and the group order), so the running time may depend on them. The caller still
/// multiplies the answer back (s·w mod n = 1) before using it, so a mistake here can only turn a valid
/// signature into "ask OpenSSL", never make a wrong one hold.
enum ModularInverse256 {
    /// A 256-bit unsigned number, least significant limb first.
    struct Number: Equatable {
        var limbs: (UInt64, UInt64, UInt64, UInt64)

        static func == (a: Number, b: Number) -> Bool {
            a.limbs.0 == b.limbs.0 && a.limbs.1 == b.limbs.1 && a.limbs.2 == b.limbs.2 && a.limbs.3 == b.limbs.3
        }

        /// The number of the 32 big-endian bytes of `bytes` from `start` (the caller has checked they exist).
        init(bigEndian bytes: [UInt8], at start: Int = 0) {
            func word(_ offset: Int) -> UInt64 {
                var value: UInt64 = 0
                for index in start + offset..<start + offset + 8 { value = value << 8 | UInt64(bytes[index]) }
                return value
            }
            limbs = (word(24), word(16), word(8), word(0))
        }

        init(_ limbs: (UInt64, UInt64, UInt64, UInt64)) { self.limbs = limbs }

        /// The 32 big-endian bytes of the number.
        var bigEndianBytes: [UInt8] {
            var bytes = [UInt8]()
            bytes.reserveCapacity(32)
            for word in [limbs.3, limbs.2, limbs.1, limbs.0] {
                for shift in stride(from: 56, through: 0, by: -8) {
                    bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
                }
            }
            return bytes
        }

        var isZero: Bool { limbs.0 | limbs.1 | limbs.2 | limbs.3 == 0 }
        var isOne: Bool { limbs.0 == 1 && limbs.1 | limbs.2 | limbs.3 == 0 }
        var isEven: Bool { limbs.0 & 1 == 0 }

        /// self >= other.
        func notLess(than other: Number) -> Bool {
            if limbs.3 != other.limbs.3 { return limbs.3 > other.limbs.3 }
            if limbs.2 != other.limbs.2 { return limbs.2 > other.limbs.2 }
            if limbs.1 != other.limbs.1 { return limbs.1 > other.limbs.1 }
            return limbs.0 >= other.limbs.0
        }

        /// self + other, and whether it carried out of bit 255.
        func adding(_ other: Number) -> (Number, Bool) {
            let (a, c0) = limbs.0.addingReportingOverflow(other.limbs.0)
            let (b, c1) = Self.add(limbs.1, other.limbs.1, c0)
            let (c, c2) = Self.add(limbs.2, other.limbs.2, c1)
            let (d, c3) = Self.add(limbs.3, other.limbs.3, c2)
            return (Number((a, b, c, d)), c3)
        }

        /// self - other, and whether it borrowed (other was larger).
        func subtracting(_ other: Number) -> (Number, Bool) {
            let (a, b0) = limbs.0.subtractingReportingOverflow(other.limbs.0)
            let (b, b1) = Self.subtract(limbs.1, other.limbs.1, b0)
            let (c, b2) = Self.subtract(limbs.2, other.limbs.2, b1)
            let (d, b3) = Self.subtract(limbs.3, other.limbs.3, b2)
            return (Number((a, b, c, d)), b3)
        }

        /// self >> 1, with `top` shifted into bit 255.
        func halved(top: Bool = false) -> Number {
            Number(
                (
                    limbs.0 >> 1 | limbs.1 << 63, limbs.1 >> 1 | limbs.2 << 63, limbs.2 >> 1 | limbs.3 << 63,
                    limbs.3 >> 1 | (top ? 1 << 63 : 0)
                ))
        }

        private static func add(_ a: UInt64, _ b: UInt64, _ carry: Bool) -> (UInt64, Bool) {
            let (sum, first) = a.addingReportingOverflow(b)
            let (total, second) = sum.addingReportingOverflow(carry ? 1 : 0)
            return (total, first || second)
        }

        private static func subtract(_ a: UInt64, _ b: UInt64, _ borrow: Bool) -> (UInt64, Bool) {
            let (difference, first) = a.subtractingReportingOverflow(b)
            let (total, second) = difference.subtractingReportingOverflow(borrow ? 1 : 0)
            return (total, first || second)
        }
    }

    /// a⁻¹ mod `modulus` for 1 <= a < modulus and an odd modulus, or nil when a is zero, not below the modulus,
    /// or shares a factor with it (then no inverse exists).
    static func inverse(of a: Number, modulo modulus: Number) -> Number? {
        guard !modulus.isEven, !a.isZero, !a.notLess(than: modulus) else { return nil }
        // Invariants: x1·a ≡ u and x2·a ≡ v (mod modulus), with 0 <= x1, x2 < modulus; each round halves or
        // shrinks u or v, so it ends within 2 x 256 halvings and 256 subtractions.
        var (u, v) = (a, modulus)
        var (x1, x2) = (Number((1, 0, 0, 0)), Number((0, 0, 0, 0)))
        while !u.isOne && !v.isOne {
            if u.isZero || v.isZero { return nil }
            while u.isEven {
                u = u.halved()
                x1 = halve(x1, modulo: modulus)
            }
            while v.isEven {
                v = v.halved()
                x2 = halve(x2, modulo: modulus)
            }
            if u.notLess(than: v) {
                u = u.subtracting(v).0
                x1 = subtract(x1, x2, modulo: modulus)
            } else {
                v = v.subtracting(u).0
                x2 = subtract(x2, x1, modulo: modulus)
            }
        }
        return u.isOne ? x1 : x2
    }

    /// x / 2 mod an odd modulus: x halved when even, (x + modulus) halved when odd.
    private static func halve(_ x: Number, modulo modulus: Number) -> Number {
        if x.isEven { return x.halved() }
        let (sum, carry) = x.adding(modulus)
        return sum.halved(top: carry)
    }

    /// a - b mod modulus, for a and b below it.
    private static func subtract(_ a: Number, _ b: Number, modulo modulus: Number) -> Number {
        let (difference, borrowed) = a.subtracting(b)
        return borrowed ? difference.adding(modulus).0 : difference
    }
}
