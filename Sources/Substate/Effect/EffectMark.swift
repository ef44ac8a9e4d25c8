/// What the runtime does with the part of an effect it marks, when it starts that part.
@usableFromInline
enum _EffectMark: Sendable {
    /// The part runs under this cancellation id; with `cancelInFlight`, the effects already
    /// running under it are cancelled first.
    case id(EffectID, cancelInFlight: Bool)
    /// The part belongs to a child whose part of the state may go (a child embedded through
    /// an `OptionalLens`): it does not start once the child is gone, and is cancelled when the
    /// child goes while it runs.
    case lifetime(EffectLifetime)
    /// The update that returned the part asks for this animation (see
    /// ``UpdateAnimation``): the store takes it when it starts the part.
    case animation(any UpdateAnimation)
    /// The program that returned the part asks to be dismissed (``Update/dismiss(_:)``): the
    /// mark goes up through the programs that embed it, like any part, until the nearest
    /// presentation or stack takes it off and removes the child. It names the program, for
    /// the message when nothing takes it.
    case dismiss(_DismissingProgram)
}

extension _EffectMark {
    /// What the mark does when a task that is already running reaches the part it marks.
    /// Synchronous and apart from ``Effect/perform(send:context:report:)``, so that its
    /// values take no room in that function's frame.
    @usableFromInline
    func _enter(_ context: EffectContext) {
        switch self {
        case .id(let id, let cancelInFlight):
            // Inside a task, an id names the whole task that runs it.
            let id = context._place.id(id)
            if cancelInFlight { context.registry.cancel(id: id) }
            context.registry.add(ids: [id], to: context.handle)
        case .lifetime(let lifetime):
            // Inside a task, a condition holds for the whole task that runs it.
            context.registry.add(lifetime: lifetime, to: context.handle)
        case .animation, .dismiss:
            // Inside a task nothing is committed: there is nothing to animate, and nothing to
            // dismiss (the mark is read from the update, not run).
            break
        }
    }
}

/// The program that asked to be dismissed, named in the message when nothing presents it.
@usableFromInline
package struct _DismissingProgram: @unchecked Sendable {
    // `@unchecked`: a metatype, read only to print its name.
    package let type: Any.Type

    @usableFromInline
    init(_ type: Any.Type) {
        self.type = type
    }
}
