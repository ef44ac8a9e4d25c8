import ContactsCore
import Foundation
import Substate
import SubstateTesting
import Testing

/// The contacts sample's flow under a `TestStore`: list → contact → edit sheet that
/// dismisses itself once saved, a delete confirmed by an alert, a deep link of three screens,
/// and going back as SwiftUI does.
@MainActor
@Suite struct ContactsSampleTests {
    let ada = Contact.samples[0]
    let grace = Contact.samples[1]
    let alan = Contact.samples[2]

    func makeStore() -> TestStore<ContactList, ContactList.Action, ContactsEnvironment> {
        TestStore(
            state: ContactList(),
            environment: ContactsEnvironment(clock: TestClock(), saveLatency: .seconds(1)),
            program: ContactList.self)
    }

    @Test func anEditorSavesThenDismissesItselfAndTheListShowsWhatItSaved() {
        let store = makeStore()
        store.send(.open(1)) { $0.path.push(.detail(ContactDetail(ada))) }
        store.send(.path(.screen(0, .detail(.editTapped)))) {
            $0.path[id: 0] = .detail(
                modified(ContactDetail(ada)) { $0.editor = ContactEditor(ada) })
        }
        var edited = ContactEditor(ada)
        edited.draft.name = "Ada Lovelace"
        store.send(.path(.screen(0, .detail(.editor(.presented(.setName("Ada Lovelace"))))))) {
            $0.path[id: 0] = .detail(modified(ContactDetail(ada)) { $0.editor = edited })
        }
        edited.isSaving = true
        store.send(.path(.screen(0, .detail(.editor(.presented(.saveTapped)))))) {
            $0.path[id: 0] = .detail(modified(ContactDetail(ada)) { $0.editor = edited })
        }
        store.advance(by: .seconds(1))
        edited.isSaving = false
        edited.isSaved = true
        store.receive(.path(.screen(0, .detail(.editor(.presented(.saved)))))) {
            $0.path[id: 0] = .detail(modified(ContactDetail(ada)) { $0.editor = edited })
        }
        // The editor dismissed itself: its parent took the draft, and the list followed.
        store.receive(.path(.screen(0, .detail(.editor(.dismiss))))) {
            $0.path[id: 0] = .detail(ContactDetail(edited.draft))
            $0.contacts[id: 1]?.name = "Ada Lovelace"
        }
    }

    @Test func aSheetDismissedWithoutSavingChangesNothing() {
        let store = makeStore()
        store.send(.open(2)) { $0.path.push(.detail(ContactDetail(grace))) }
        store.send(.path(.screen(0, .detail(.editTapped)))) {
            $0.path[id: 0] = .detail(
                modified(ContactDetail(grace)) { $0.editor = ContactEditor(grace) })
        }
        store.send(.path(.screen(0, .detail(.editor(.presented(.setName("G"))))))) {
            $0.path[id: 0] = .detail(
                modified(ContactDetail(grace)) {
                    $0.editor = modified(ContactEditor(grace)) { $0.draft.name = "G" }
                })
        }
        // Dragged down: SwiftUI's binding sends `.dismiss`.
        store.send(.path(.screen(0, .detail(.editor(.dismiss))))) {
            $0.path[id: 0] = .detail(ContactDetail(grace))
        }
        #expect(store.state.contacts[id: 2] == grace)
    }

    @Test func aDeleteConfirmedInTheAlertPopsTheScreenAndRemovesTheContact() {
        let store = makeStore()
        store.send(.openLink("/1/colleagues/3")) {
            $0.path = [
                .detail(ContactDetail(ada)), .colleagues(Colleagues(of: "Ada", [grace, alan])),
                .detail(ContactDetail(alan)),
            ]
        }
        let alert = AlertState<ContactDetail.Alert>(
            title: "Delete Alan?", message: "This cannot be undone.",
            buttons: [.destructive("Delete", action: .deleteConfirmed), .cancel()])
        store.send(.path(.screen(2, .detail(.deleteTapped)))) {
            $0.path[id: 2] = .detail(modified(ContactDetail(alan)) { $0.alert = alert })
        }
        store.send(.path(.screen(2, .detail(.alert(.dismiss))))) {
            $0.path[id: 2] = .detail(ContactDetail(alan))
        }
        store.send(.path(.screen(2, .detail(.deleteTapped)))) {
            $0.path[id: 2] = .detail(modified(ContactDetail(alan)) { $0.alert = alert })
        }
        store.send(.path(.screen(2, .detail(.alert(.presented(.deleteConfirmed)))))) {
            $0.path[id: 2] = .detail(modified(ContactDetail(alan)) { $0.isDeleted = true })
        }
        store.receive(.path(.popFrom(2))) {
            $0.path.pop(from: 2)
            $0.contacts.remove(id: 3)
            $0.path[id: 1] = .colleagues(Colleagues(of: "Ada", [grace]))
        }
    }

    @Test func aDeepLinkBuildsThreeScreensInOneActionAndABadOneIsReported() {
        let store = makeStore()
        store.send(.openLink("/1/colleagues/2")) {
            $0.path = [
                .detail(ContactDetail(ada)), .colleagues(Colleagues(of: "Ada", [grace, alan])),
                .detail(ContactDetail(grace)),
            ]
        }
        #expect(store.state.stackDescription == "Contacts › Ada › Ada's colleagues › Grace")
        store.send(.openLink("/colleagues")) {
            $0.linkError = "\"colleagues\" must follow a contact"
        }
        store.send(.openLink("/9")) { $0.linkError = "no contact \"9\"" }
        #expect(store.state.path.count == 3, "a bad link leaves the stack as it was")
        store.send(.path(.screen(1, .colleagues(.open(3))))) {
            $0.path.push(.detail(ContactDetail(alan)))
        }
        store.send(.path(.popToRoot)) { $0.path = modified($0.path) { $0.popToRoot() } }
    }

    @Test func goingBackAsSwiftUIDoesPopsFromTheFirstScreenThatWent() {
        let store = Store(
            state: ContactList(),
            environment: ContactsEnvironment(clock: TestClock()),
            program: ContactList.self)
        store.send(.openLink("/1/colleagues/2"))
        let path = store.pathBinding(at: \.path, as: ContactList.Action.path)
        path.value = [path.value[0]]
        #expect(store.state.stackDescription == "Contacts › Ada")
    }

    @Test func theCommandLineFrontEndPlaysTheDemo() throws {
        let result = try Products.result("contacts", ["demo"])
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "  Contacts › Ada Lovelace › Ada Lovelace's colleagues › Alan [alert: Delete Alan?]"
            ))
        #expect(
            lines.suffix(3) == [
                "> list", "  1 Ada Lovelace <ada@example.com>", "  2 Grace <grace@example.com>",
            ])
    }

    @Test func aCommandThatCannotBeUsedIsReportedAndTheRestStillRuns() throws {
        let result = try Products.result(
            "contacts", ["--latency", "0"], input: "edit\nopen 2\nconfirm\nfly\nback\n")
        #expect(result.status == 2)
        #expect(result.errors.contains("contacts: edit: no screen is pushed"))
        #expect(result.errors.contains("contacts: confirm: no alert is shown"))
        #expect(result.errors.contains("contacts: fly: unknown command fly"))
        #expect(result.output.hasSuffix("> back\n  Contacts\n"))
    }
}

/// A value changed by `change`.
func modified<Value>(_ value: Value, _ change: (inout Value) -> Void) -> Value {
    var value = value
    change(&value)
    return value
}
