/// A person in the address book.
public struct Contact: Identifiable, Equatable, Sendable, Codable {
    /// The contact's id.
    public var id: Int
    /// The name.
    public var name: String
    /// The e-mail address.
    public var email: String
    /// The ids of the people this one works with.
    public var colleagues: [Int]

    /// A contact.
    /// - Parameters:
    ///   - id: The id.
    ///   - name: The name.
    ///   - email: The e-mail address.
    ///   - colleagues: The ids of the people this one works with.
    public init(id: Int, name: String, email: String, colleagues: [Int] = []) {
        self.id = id
        self.name = name
        self.email = email
        self.colleagues = colleagues
    }

    /// The address book the sample starts with.
    public static let samples: [Contact] = [
        Contact(id: 1, name: "Ada", email: "ada@example.com", colleagues: [2, 3]),
        Contact(id: 2, name: "Grace", email: "grace@example.com", colleagues: [1]),
        Contact(id: 3, name: "Alan", email: "alan@example.com", colleagues: [1, 2]),
    ]
}
