import Foundation

/// A message from a client, as JSON: `{"action": "join", "name": "ada"}`,
/// `{"action": "say", "text": "hello"}`, `{"action": "leave"}`.
public enum ClientMessage {
    /// Why a message is not an action.
    public struct Rejection: Error, Equatable, CustomStringConvertible {
        /// What was wrong, for the error frame.
        public var description: String
    }

    private struct Fields: Decodable {
        var action: String
        var name: String?
        var text: String?
    }

    /// The session action a text message asks for.
    /// - Parameter text: The message.
    /// - Returns: The action, or why there is none.
    public static func action(from text: String) -> Result<Session.Action, Rejection> {
        let fields: Fields
        do {
            fields = try JSONDecoder().decode(Fields.self, from: Data(text.utf8))
        } catch {
            return .failure(
                Rejection(description: "invalid JSON: expected an object with an \"action\""))
        }
        switch fields.action {
        case "join":
            guard let name = fields.name, !name.isEmpty else {
                return .failure(Rejection(description: "join needs a \"name\""))
            }
            return .success(.join(name: name))
        case "say":
            guard let text = fields.text else {
                return .failure(Rejection(description: "say needs a \"text\""))
            }
            return .success(.say(text: text))
        case "leave":
            return .success(.leave)
        default:
            return .failure(Rejection(description: "unknown action \"\(fields.action)\""))
        }
    }

    /// A JSON object with one string member, for error frames.
    /// - Parameter message: The error.
    /// - Returns: `{"error": message}`.
    public static func error(_ message: String) -> String {
        let data = (try? JSONEncoder().encode(["error": message])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// A session's state as the frame sent to its client: `{"state": {...}}`.
    /// - Parameter state: The state.
    /// - Returns: The frame's text.
    public static func frame(_ state: Session) -> String {
        let data = (try? JSONEncoder().encode(["state": state])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
