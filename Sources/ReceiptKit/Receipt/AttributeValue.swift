/// What an attribute's value octets hold.
package enum AttributeValue: Sendable, Equatable {
    case string(String)
    case integer(Int64)
    /// A SET (an in-app purchase or similar nested attributes).
    case set
    /// Some other single well-formed element, by tag name.
    case element(String)
    /// Raw bytes that are not one DER element.
    case raw
}
