/// An enum in a module built without reflection metadata (`-disable-reflection-metadata`,
/// Xcode's "Reflection Metadata Level: None"): its cases cannot be read by reflection.
public enum Unreflected: Equatable, Sendable {
    case number(Int)
    case text(String)
}
