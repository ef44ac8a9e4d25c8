// contacts: navigation as state — a list, a stack of screens pushed on it, an edit sheet
// that dismisses itself once saved, and an alert that confirms a delete — driven by
// commands, one per line, the stack printed after each.
//
//     swift run contacts demo               # a scripted session
//     printf 'open 1\nedit\nname Ada L.\nsave\n' | swift run contacts
//
// Errors go to standard error; the exit status is 2 if a command could not be used.

import ContactsCore
import Foundation
import Substate

let usage = """
    usage: contacts [demo] [--latency MILLISECONDS]

    Reads commands from standard input, one per line (or plays a scripted session with
    `demo`), and prints the stack of screens after each:
      open ID        pushes a contact's screen
      link PATH      follows a deep link, such as /1/colleagues/2
      colleagues     on a contact's screen: pushes its colleagues
      pick ID        on a colleagues screen: pushes a colleague's screen
      edit           on a contact's screen: presents the editor
      name TEXT      in the editor: changes the name
      email TEXT     in the editor: changes the e-mail address
      save           in the editor: saves (after --latency, 50 ms by default); the editor
                     dismisses itself
      cancel         in the editor: dismisses it
      swipe          dismisses the editor as SwiftUI does when it is dragged down
      delete         on a contact's screen: asks to confirm
      confirm        in the alert: deletes the contact; the screen pops itself
      keep           dismisses the alert
      back           goes back one screen, as SwiftUI's back button does
      root           pops every screen
      list           prints the contacts
    """

let demo = [
    "open 1", "edit", "name Ada Lovelace", "save", "colleagues", "pick 3", "delete", "keep",
    "delete", "confirm", "back", "link /1/colleagues/2", "edit", "swipe", "root", "list",
]

/// What is wrong with a command.
struct CommandError: Error {
    var message: String
}

@MainActor
final class Session {
    typealias Action = ContactList.Action
    let store: Store<ContactList, Action, ContactsEnvironment>

    init(latency: Duration) {
        store = Store(
            state: ContactList(),
            environment: ContactsEnvironment(clock: ContinuousClock(), saveLatency: latency),
            program: ContactList.self)
    }

    /// The screen on top, its id and state.
    func top() throws(CommandError) -> (ScreenID, ContactScreen) {
        guard let id = store.state.path.lastID, let screen = store.state.path[id: id] else {
            throw CommandError(message: "no screen is pushed")
        }
        return (id, screen)
    }

    /// Sends an action to the contact's screen on top.
    func detail(_ action: ContactDetail.Action) throws(CommandError) {
        let (id, screen) = try top()
        guard screen.detail != nil else { throw CommandError(message: "not a contact's screen") }
        store.send(.path(.screen(id, .detail(action))))
    }

    /// Sends an action to the editor of the contact's screen on top.
    func editor(_ action: ContactEditor.Action) throws(CommandError) {
        guard try top().1.detail?.editor != nil else {
            throw CommandError(message: "no editor is presented")
        }
        try detail(.editor(.presented(action)))
    }

    func run(_ line: String) async throws(CommandError) {
        let words = line.split(separator: " ", maxSplits: 1).map(String.init)
        guard let verb = words.first else { return }
        let rest = words.count > 1 ? words[1] : ""
        func id() throws(CommandError) -> Int {
            guard let id = Int(rest) else { throw CommandError(message: "\(verb) needs an id") }
            return id
        }
        switch verb {
        case "open":
            let id = try id()
            guard store.state.contacts.contains(id: id) else {
                throw CommandError(message: "no contact \(id)")
            }
            store.send(.open(id))
        case "link":
            store.send(.openLink(rest))
            if let error = store.state.linkError { throw CommandError(message: error) }
        case "colleagues": try detail(.colleaguesTapped)
        case "pick":
            let (screenID, screen) = try top()
            guard screen.colleagues != nil else {
                throw CommandError(message: "not a colleagues screen")
            }
            store.send(.path(.screen(screenID, .colleagues(.open(try id())))))
        case "edit": try detail(.editTapped)
        case "name": try editor(.setName(rest))
        case "email": try editor(.setEmail(rest))
        case "save":
            try editor(.saveTapped)
            print("  saving…  \(store.state.stackDescription)")
            await store.finishEffects()
        case "cancel": try editor(.cancelTapped)
        case "swipe":
            // What SubstateUI's sheet does when the user drags it down: it writes `false`
            // to the presentation's binding, which sends `.dismiss`.
            let (id, _) = try top()
            guard
                let detail = store.scope(at: \.path, id: id, as: Action.path)?
                    .scope(
                        at: .case(ContactScreen.detail, extract: \.detail),
                        as: ContactScreen.Action.detail)
            else { throw CommandError(message: "not a contact's screen") }
            let isPresented = detail.presentationBinding(
                at: \.editor, as: ContactDetail.Action.editor)
            guard isPresented.value else { throw CommandError(message: "no editor is presented") }
            isPresented.value = false
        case "delete": try detail(.deleteTapped)
        case "confirm", "keep":
            guard try top().1.detail?.alert != nil else {
                throw CommandError(message: "no alert is shown")
            }
            try detail(.alert(verb == "confirm" ? .presented(.deleteConfirmed) : .dismiss))
        case "back":
            // What SubstateUI's NavigationStack does when the user goes back: it writes the
            // shorter path, which sends one `.popFrom(id)`.
            let path = store.pathBinding(at: \.path, as: Action.path)
            guard !path.value.isEmpty else { throw CommandError(message: "already at the list") }
            path.value.removeLast()
        case "root": store.send(.path(.popToRoot))
        case "list":
            for contact in store.state.contacts {
                print("  \(contact.id) \(contact.name) <\(contact.email)>")
            }
            return
        default:
            throw CommandError(message: "unknown command \(verb)")
        }
        print("  \(store.state.stackDescription)")
    }
}

var arguments = Array(CommandLine.arguments.dropFirst())[...]
var script: [String]?
var latency = 50
while let argument = arguments.popFirst() {
    switch argument {
    case "--help", "-h":
        print(usage)
        exit(0)
    case "demo":
        script = demo
    case "--latency":
        guard let text = arguments.popFirst(), let value = Int(text), value >= 0 else {
            FileHandle.standardError.write(
                Data("contacts: --latency needs a whole number of milliseconds\n\(usage)\n".utf8))
            exit(2)
        }
        latency = value
    default:
        FileHandle.standardError.write(
            Data("contacts: unknown argument \(argument)\n\(usage)\n".utf8))
        exit(2)
    }
}

@MainActor
func main() async -> Int32 {
    let session = Session(latency: .milliseconds(latency))
    var failed = false
    let lines = script ?? Array(AnyIterator { readLine() })
    for line in lines {
        let command = line.trimmingCharacters(in: .whitespaces)
        guard !command.isEmpty else { continue }
        print("> \(command)")
        do {
            try await session.run(command)
        } catch {
            FileHandle.standardError.write(Data("contacts: \(command): \(error.message)\n".utf8))
            failed = true
        }
    }
    return failed ? 2 : 0
}

exit(await main())
