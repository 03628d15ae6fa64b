import CAllocationCounter

/// Whether this test build is instrumented by AddressSanitizer or ThreadSanitizer
/// (`make sanitize`), as the C compiler saw it.
public enum Sanitizers {
    public static let active = mk_built_with_sanitizer() != 0
}
