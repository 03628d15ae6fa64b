// A pseudo-terminal for the tests that drive `fxparse edit` as a terminal would. Swift's
// Glibc module does not export posix_openpt and its companions (they need _XOPEN_SOURCE).
#pragma once
#include <stdint.h>

/// Opens a pseudo-terminal pair in its default (cooked) mode: writes the controlling side
/// and the terminal side's descriptors; returns 0, or -1 with errno set.
int32_t mk_test_open_pseudo_terminal(int32_t *controller, int32_t *terminal);
