// sd-bus from libsystemd (Debian: libsystemd-dev), for spotlight-search-provider only.
// Not public API: the provider imports it `internal import` and wraps every call.
#include <systemd/sd-bus.h>
