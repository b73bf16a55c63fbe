#ifndef MOCKAPI_CLIBFUZZER_H
#define MOCKAPI_CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt, linked by -sanitize=fuzzer): parses libFuzzer's options from argv and fuzzes
/// `test`, as libFuzzer's own main does.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test)(const uint8_t *data, size_t size));

#endif
