import Substate

extension ContactList {
    /// What is wrong with a deep link.
    public struct LinkError: Error, Equatable, Sendable {
        /// The reason, for people.
        public var message: String
    }

    /// The screens a deep link names: `/1` is contact 1, `/1/colleagues` its colleagues,
    /// and each further id a contact's screen on top: `/1/colleagues/2` is three screens.
    /// - Parameters:
    ///   - link: The link.
    ///   - contacts: The contacts it may name.
    /// - Returns: The screens, bottom first, or what is wrong.
    public static func screens(
        forLink link: String, in contacts: KeyedArray<Contact>
    ) -> Result<[ContactScreen], LinkError> {
        var screens: [ContactScreen] = []
        for part in link.split(separator: "/") {
            if part == "colleagues" {
                guard let contact = screens.last?.detail?.contact else {
                    return .failure(LinkError(message: "\"colleagues\" must follow a contact"))
                }
                let people = contact.colleagues.compactMap { contacts[id: $0] }
                screens.append(.colleagues(Colleagues(of: contact.name, people)))
            } else if let id = Int(part), let contact = contacts[id: id] {
                screens.append(.detail(ContactDetail(contact)))
            } else {
                return .failure(LinkError(message: "no contact \"\(part)\""))
            }
        }
        guard !screens.isEmpty else { return .failure(LinkError(message: "an empty link")) }
        return .success(screens)
    }

    /// The stack as a line of text: the list, then each screen, with what it presents.
    ///
    /// `Contacts › Ada › Ada's colleagues › Grace [editing "Grace"]`
    public var stackDescription: String {
        (["Contacts"] + path.map(\.title)).joined(separator: " › ")
    }
}

extension ContactScreen {
    /// The screen's title, with the sheet or alert it presents.
    public var title: String {
        switch self {
        case .detail(let detail):
            var title = detail.contact.name
            if let editor = detail.editor {
                title += " [editing \"\(editor.draft.name)\"\(editor.isSaving ? ", saving" : "")]"
            }
            if let alert = detail.alert { title += " [alert: \(alert.title)]" }
            return title
        case .colleagues(let colleagues):
            return "\(colleagues.name)'s colleagues"
        }
    }
}
