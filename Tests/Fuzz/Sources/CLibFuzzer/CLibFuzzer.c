// Declarations only (include/CLibFuzzer.h); the definitions come from compiler-rt's libFuzzer.
#include "CLibFuzzer.h"
