#ifndef MOCKAPI_CGNUTLS_SHIM_H
#define MOCKAPI_CGNUTLS_SHIM_H

// GnuTLS, the TLS library libmicrohttpd serves HTTPS with: mockapi makes and checks certificates with it (in Swift,
// Sources/MockAPIServer/GnuTLS/), so it links nothing new for them. Adapters only, for what Swift cannot call.

#include <gnutls/gnutls.h>
#include <gnutls/crypto.h>
#include <gnutls/x509.h>

/// `gnutls_free` is a macro over a global function pointer, which Swift can neither call as a macro nor read safely
/// as a mutable global.
static inline void mockapi_gnutls_free(void *memory) {
    gnutls_free(memory);
}

/// `GNUTLS_CURVE_TO_BITS` is a function-like macro: the `bits` that ask `gnutls_x509_privkey_generate` for a curve.
static inline unsigned int mockapi_gnutls_curve_bits(gnutls_ecc_curve_t curve) {
    return GNUTLS_CURVE_TO_BITS(curve);
}

#endif
