/// Where StoreKit 2 data was made (`environment`, an AppTransaction's `receiptType`): the one environment
/// vocabulary of every input (``InputEnvironment``), so a signed item's value is the input's fact as it stands.
public typealias StoreKitEnvironment = InputEnvironment
