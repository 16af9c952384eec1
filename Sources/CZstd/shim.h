#include <zstd.h>
#include <zstd_errors.h>
