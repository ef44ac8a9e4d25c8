/// Reads enum cases by reflection, so that a case can be named by the case itself
/// (`Screen.loggedIn`, `Action.response`) with no hand-written pattern match and no macro.
///
/// A value's case and payload come from its `Mirror`: the payload is taken if it is the
/// expected type, and the case is confirmed by making the case again from the payload with the
/// given constructor and comparing the two case names. So two cases with the same payload type
/// are told apart, and payloads of several values (`case moved(from: Int, to: Int)`, read as
/// the tuple `(Int, Int)`), indirect cases and generic enums work.
///
/// What it cannot tell apart: two cases that share a base name (`case a(Int)` and
/// `case a(x: Int)`), which Swift allows and a mirror names alike. An enum with a custom mirror
/// (`CustomReflectable`) cannot be read at all: that stops a debug build, and never matches in
/// a release build. Each read costs two mirrors: routing an action to a case's payload takes
/// about 5 µs in a release build (the benchmark's `lens.case`), against 0.5 µs with a
/// hand-written `extract:` (`lens.case.pattern`), which is the choice where actions are
/// frequent.
@usableFromInline
package enum _EnumCase {
    /// The payload of `whole` if it is the case `embed` makes, else `nil`.
    @usableFromInline
    package static func payload<Whole, Part>(of whole: Whole, case embed: (Part) -> Whole)
        -> Part?
    {
        guard let (label, value) = caseAndPayload(of: whole), let label,
            let part = value as? Part
        else { return nil }
        return caseAndPayload(of: embed(part))?.label == label ? part : nil
    }

    /// Whether two values of an enum are the same case, whatever their payloads.
    package static func sameCase<Whole>(_ one: Whole, _ other: Whole) -> Bool {
        guard let first = caseAndPayload(of: one), let second = caseAndPayload(of: other)
        else { return false }
        if first.label == nil, second.label == nil {
            // Cases without a payload: a mirror has no children, and the value prints as its
            // case name unless the type says otherwise.
            return String(describing: one) == String(describing: other)
        }
        return first.label == second.label
    }

    /// The case name (`nil` for a case without a payload) and the payload, for an enum.
    static func caseAndPayload<Whole>(of whole: Whole) -> (label: String?, value: Any?)? {
        let mirror = Mirror(reflecting: whole)
        guard mirror.displayStyle == .enum, !(whole is any CustomReflectable) else {
            assertionFailure(
                whole is any CustomReflectable
                    ? "\(Whole.self) has a custom mirror, so its cases cannot be read by "
                        + "reflection: pass a hand-written extract: closure instead."
                    : "\(type(of: whole)) is not an enum, so it has no case to read.")
            return nil
        }
        guard let child = mirror.children.first else { return (nil, nil) }
        return (child.label, child.value)
    }
}
