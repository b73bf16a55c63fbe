#ifndef MOCKAPI_CGNUTLS_SHIM_H
#define MOCKAPI_CGNUTLS_SHIM_H

// Certificates for `--tls-self-signed` and checks of `--tls-cert`/`--tls-key`, through GnuTLS: the TLS library
// libmicrohttpd serves HTTPS with, so mockapi links nothing new for them. Each function is a sequence of GnuTLS calls
// that stops at the first failure and names the step that failed.

#include <gnutls/gnutls.h>
#include <gnutls/crypto.h>
#include <gnutls/x509.h>
#include <string.h>
#include <time.h>

/// Text GnuTLS allocated (a PEM document, NUL-terminated); release it with mockapi_tls_release.
struct mockapi_tls_text {
    char *bytes;
    unsigned int size;
};

static inline void mockapi_tls_release(struct mockapi_tls_text *text) {
    gnutls_free(text->bytes);
    text->bytes = NULL;
    text->size = 0;
}

#define MOCKAPI_TLS_STEP(name, call) \
    do { *step = (name); if ((result = (call)) < 0) goto done; } while (0)

/// Makes an ECDSA P-256 key and a certificate for it, signed with itself, naming `localhost`, 127.0.0.1 and ::1,
/// valid from an hour before `now` (clocks differ a little) for `days` days, for serving TLS (no authority: it signs
/// no other certificate).
/// Returns 0 with both texts set (PEM), or a negative GnuTLS error code with `step` naming what failed.
static inline int mockapi_tls_make_self_signed(time_t now, unsigned int days, struct mockapi_tls_text *certificate,
                                               struct mockapi_tls_text *key, const char **step) {
    gnutls_x509_privkey_t private_key = NULL;
    gnutls_x509_crt_t crt = NULL;
    gnutls_datum_t certificate_pem = { NULL, 0 }, key_pem = { NULL, 0 };
    unsigned char serial[16];
    static const unsigned char loopback_v4[4] = { 127, 0, 0, 1 };
    static const unsigned char loopback_v6[16] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 };
    const char *dn_error = NULL;
    int result;
    MOCKAPI_TLS_STEP("making a key", gnutls_x509_privkey_init(&private_key));
    MOCKAPI_TLS_STEP("making an ECDSA P-256 key", gnutls_x509_privkey_generate(
        private_key, GNUTLS_PK_ECDSA, GNUTLS_CURVE_TO_BITS(GNUTLS_ECC_CURVE_SECP256R1), 0));
    MOCKAPI_TLS_STEP("making a certificate", gnutls_x509_crt_init(&crt));
    MOCKAPI_TLS_STEP("setting the certificate's version", gnutls_x509_crt_set_version(crt, 3));
    MOCKAPI_TLS_STEP("drawing a serial number", gnutls_rnd(GNUTLS_RND_NONCE, serial, sizeof serial));
    serial[0] &= 0x7f; // a positive number
    MOCKAPI_TLS_STEP("setting the serial number", gnutls_x509_crt_set_serial(crt, serial, sizeof serial));
    MOCKAPI_TLS_STEP("setting the start of validity", gnutls_x509_crt_set_activation_time(crt, now - 3600));
    MOCKAPI_TLS_STEP("setting the end of validity",
                     gnutls_x509_crt_set_expiration_time(crt, now + (time_t)days * 86400));
    MOCKAPI_TLS_STEP("setting the subject", gnutls_x509_crt_set_dn(crt, "CN=localhost,O=mockapi self-signed", &dn_error));
    MOCKAPI_TLS_STEP("naming localhost", gnutls_x509_crt_set_subject_alt_name(
        crt, GNUTLS_SAN_DNSNAME, "localhost", (unsigned int)strlen("localhost"), GNUTLS_FSAN_SET));
    MOCKAPI_TLS_STEP("naming 127.0.0.1", gnutls_x509_crt_set_subject_alt_name(
        crt, GNUTLS_SAN_IPADDRESS, loopback_v4, sizeof loopback_v4, GNUTLS_FSAN_APPEND));
    MOCKAPI_TLS_STEP("naming ::1", gnutls_x509_crt_set_subject_alt_name(
        crt, GNUTLS_SAN_IPADDRESS, loopback_v6, sizeof loopback_v6, GNUTLS_FSAN_APPEND));
    MOCKAPI_TLS_STEP("setting the key", gnutls_x509_crt_set_key(crt, private_key));
    MOCKAPI_TLS_STEP("marking it no authority", gnutls_x509_crt_set_basic_constraints(crt, 0, -1));
    // No key usage extension: one without keyCertSign makes BoringSSL (NIOSSL, AsyncHTTPClient) refuse the certificate
    // as its own trust anchor, and keyCertSign belongs only to an authority (RFC 5280). The extended usage says what
    // it is for.
    MOCKAPI_TLS_STEP("marking it for TLS servers", gnutls_x509_crt_set_key_purpose_oid(crt, GNUTLS_KP_TLS_WWW_SERVER, 0));
    MOCKAPI_TLS_STEP("signing the certificate", gnutls_x509_crt_sign2(crt, crt, private_key, GNUTLS_DIG_SHA256, 0));
    MOCKAPI_TLS_STEP("writing the certificate", gnutls_x509_crt_export2(crt, GNUTLS_X509_FMT_PEM, &certificate_pem));
    MOCKAPI_TLS_STEP("writing the key", gnutls_x509_privkey_export2(private_key, GNUTLS_X509_FMT_PEM, &key_pem));
    certificate->bytes = (char *)certificate_pem.data;
    certificate->size = certificate_pem.size;
    key->bytes = (char *)key_pem.data;
    key->size = key_pem.size;
    certificate_pem.data = NULL;
    key_pem.data = NULL;
    result = 0;
done:
    gnutls_free(certificate_pem.data);
    gnutls_free(key_pem.data);
    if (crt != NULL) gnutls_x509_crt_deinit(crt);
    if (private_key != NULL) gnutls_x509_privkey_deinit(private_key);
    return result;
}

/// What mockapi_tls_check_pair found wrong beyond GnuTLS's own errors.
enum mockapi_tls_pair_problem {
    MOCKAPI_TLS_PAIR_KEY_MISMATCH = 1,   // the key is not the certificate's
    MOCKAPI_TLS_PAIR_EXPIRED = 2,        // `*expiration` is before `now`
    MOCKAPI_TLS_PAIR_NOT_YET_VALID = 3,  // `*activation` is after `now`
};

/// Reads the first certificate of a PEM text and a PEM private key (PKCS#1, PKCS#8 or SEC1, not encrypted), and checks
/// that the key belongs to the certificate and that the certificate is valid at `now`. Returns 0; a
/// mockapi_tls_pair_problem; or a negative GnuTLS error code with `step` naming what failed. Sets `*activation` and
/// `*expiration` once the certificate is read.
static inline int mockapi_tls_check_pair(const char *certificate_pem, unsigned int certificate_size, const char *key_pem,
                                         unsigned int key_size, time_t now, time_t *activation, time_t *expiration,
                                         const char **step) {
    gnutls_x509_crt_t crt = NULL;
    gnutls_x509_privkey_t private_key = NULL;
    gnutls_datum_t certificate_text = { (unsigned char *)certificate_pem, certificate_size };
    gnutls_datum_t key_text = { (unsigned char *)key_pem, key_size };
    unsigned char certificate_id[64], key_id[64];
    size_t certificate_id_size = sizeof certificate_id, key_id_size = sizeof key_id;
    int result;
    MOCKAPI_TLS_STEP("reading the certificate", gnutls_x509_crt_init(&crt));
    MOCKAPI_TLS_STEP("reading the certificate (PEM)", gnutls_x509_crt_import(crt, &certificate_text, GNUTLS_X509_FMT_PEM));
    *activation = gnutls_x509_crt_get_activation_time(crt);
    *expiration = gnutls_x509_crt_get_expiration_time(crt);
    MOCKAPI_TLS_STEP("reading the key", gnutls_x509_privkey_init(&private_key));
    MOCKAPI_TLS_STEP("reading the key (PEM, not encrypted)",
                     gnutls_x509_privkey_import2(private_key, &key_text, GNUTLS_X509_FMT_PEM, NULL, GNUTLS_PKCS_PLAIN));
    MOCKAPI_TLS_STEP("reading the certificate's public key id",
                     gnutls_x509_crt_get_key_id(crt, GNUTLS_KEYID_USE_SHA256, certificate_id, &certificate_id_size));
    MOCKAPI_TLS_STEP("reading the key's public key id",
                     gnutls_x509_privkey_get_key_id(private_key, GNUTLS_KEYID_USE_SHA256, key_id, &key_id_size));
    if (certificate_id_size != key_id_size || memcmp(certificate_id, key_id, key_id_size) != 0)
        result = MOCKAPI_TLS_PAIR_KEY_MISMATCH;
    else if (*expiration != (time_t)-1 && *expiration < now)
        result = MOCKAPI_TLS_PAIR_EXPIRED;
    else if (*activation != (time_t)-1 && *activation > now)
        result = MOCKAPI_TLS_PAIR_NOT_YET_VALID;
    else
        result = 0;
done:
    if (private_key != NULL) gnutls_x509_privkey_deinit(private_key);
    if (crt != NULL) gnutls_x509_crt_deinit(crt);
    return result;
}

#undef MOCKAPI_TLS_STEP

#endif
