// Everything is `static inline` in include/CTweaksAtomics.h; SwiftPM needs one source file per C target.
#include "CTweaksAtomics.h"
