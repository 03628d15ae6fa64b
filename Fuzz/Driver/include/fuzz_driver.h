// libFuzzer's driver, called from each fuzz target's own entry point (SwiftPM gives every
// executable target its own main, so libFuzzer's main cannot be used).
#ifndef FUZZ_DRIVER_H
#define FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test)(const uint8_t *data, size_t size));

/// Runs libFuzzer with the process's arguments and `test`, and returns its exit status.
int mk_run_fuzzer(int argc, char **argv, int (*test)(const uint8_t *data, size_t size));

#endif
