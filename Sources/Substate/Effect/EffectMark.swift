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
    /// The update that returned the part asks for this presentation (see
    /// ``UpdatePresentation``): the store takes it when it starts the part.
    case presentation(any UpdatePresentation)
    /// The program that returned the part asks to be dismissed (``Update/dismiss(_:)``): the
    /// mark goes up through the programs that embed it, like any part, until the nearest
    /// presentation or stack takes it off and removes the child.
    case dismiss
}
