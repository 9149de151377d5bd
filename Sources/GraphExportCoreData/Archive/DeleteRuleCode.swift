import GraphExport

/// `NSDeleteRule` raw values, as compiled models, store model caches and legacy Xcode 3 models
/// record a relationship's deletion rule (`coredata-format.md` §4).
enum DeleteRuleCode {
    /// The rule a raw value stands for, or `nil` for one Core Data does not define.
    static func rule(for rawValue: Int64) -> DeletionRule? {
        rules[rawValue]
    }

    /// No action, nullify, cascade, deny: the order of Core Data's `NSDeleteRule` enum.
    private static let rules: [Int64: DeletionRule] = [0: .noAction, 1: .nullify, 2: .cascade, 3: .deny]
}
