// The libcrypto (OpenSSL 3) functions CCertificateMaker calls to make the daemon's
// self-signed key and certificate and to take SHA-256 fingerprints, defined here to call the
// library through dlopen the first time one is needed: a daemon that serves plain HTTP on
// loopback (the default) never maps it. Each definition is checked against OpenSSL's own
// headers. They are hidden: an exported X509_free in a debug build would be the one a
// libssl loaded later (by libmosquitto) called, through here.
#include "CLibraryLoader.h"
#include "library_support.h"

#pragma GCC visibility push(hidden)
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

static Library crypto = {"libcrypto.so.3", "libssl3", PTHREAD_ONCE_INIT, NULL, ""};

static void open_crypto(void) { open_library(&crypto); }

#define CRYPTO(name) resolve(&crypto, &crypto.once, open_crypto, #name)

// Errors and memory BIOs.
FORWARD(CRYPTO, unsigned long, ERR_get_error, (void), ())
FORWARD_VOID(CRYPTO, ERR_clear_error, (void), ())
FORWARD_VOID(CRYPTO, ERR_error_string_n, (unsigned long code, char *buffer, size_t size),
             (code, buffer, size))
FORWARD(CRYPTO, const BIO_METHOD *, BIO_s_mem, (void), ())
FORWARD(CRYPTO, BIO *, BIO_new, (const BIO_METHOD *type), (type))
FORWARD(CRYPTO, BIO *, BIO_new_mem_buf, (const void *bytes, int count), (bytes, count))
FORWARD(CRYPTO, long, BIO_ctrl, (BIO *bio, int command, long number, void *argument),
        (bio, command, number, argument))
FORWARD(CRYPTO, int, BIO_free, (BIO *bio), (bio))

// Keys, digests and PEM.
FORWARD(CRYPTO, EVP_PKEY_CTX *, EVP_PKEY_CTX_new_from_name,
        (OSSL_LIB_CTX *library, const char *name, const char *properties),
        (library, name, properties))
FORWARD(CRYPTO, int, EVP_PKEY_keygen_init, (EVP_PKEY_CTX *context), (context))
FORWARD(CRYPTO, int, EVP_PKEY_CTX_set_group_name, (EVP_PKEY_CTX *context, const char *name),
        (context, name))
FORWARD(CRYPTO, int, EVP_PKEY_generate, (EVP_PKEY_CTX *context, EVP_PKEY **key), (context, key))
FORWARD_VOID(CRYPTO, EVP_PKEY_CTX_free, (EVP_PKEY_CTX *context), (context))
FORWARD(CRYPTO, int, EVP_PKEY_is_a, (const EVP_PKEY *key, const char *name), (key, name))
FORWARD(CRYPTO, int, EVP_PKEY_get_utf8_string_param,
        (const EVP_PKEY *key, const char *name, char *text, size_t size, size_t *length),
        (key, name, text, size, length))
FORWARD_VOID(CRYPTO, EVP_PKEY_free, (EVP_PKEY *key), (key))
FORWARD(CRYPTO, const EVP_MD *, EVP_sha256, (void), ())
FORWARD(CRYPTO, int, EVP_Digest,
        (const void *bytes, size_t count, unsigned char *digest, unsigned int *size,
         const EVP_MD *type, ENGINE *engine),
        (bytes, count, digest, size, type, engine))
FORWARD(CRYPTO, EVP_PKEY *, PEM_read_bio_PrivateKey,
        (BIO *bio, EVP_PKEY **key, pem_password_cb *passphrase, void *context),
        (bio, key, passphrase, context))
FORWARD(CRYPTO, int, PEM_write_bio_PrivateKey,
        (BIO *bio, const EVP_PKEY *key, const EVP_CIPHER *cipher, const unsigned char *passphrase,
         int length, pem_password_cb *callback, void *context),
        (bio, key, cipher, passphrase, length, callback, context))
FORWARD(CRYPTO, int, PEM_write_bio_X509, (BIO *bio, const X509 *certificate), (bio, certificate))

// Numbers and ASN.1 strings.
FORWARD(CRYPTO, BIGNUM *, BN_new, (void), ())
FORWARD(CRYPTO, int, BN_rand, (BIGNUM *number, int bits, int top, int bottom),
        (number, bits, top, bottom))
FORWARD(CRYPTO, ASN1_INTEGER *, BN_to_ASN1_INTEGER, (const BIGNUM *number, ASN1_INTEGER *into),
        (number, into))
FORWARD_VOID(CRYPTO, BN_free, (BIGNUM *number), (number))
FORWARD(CRYPTO, ASN1_IA5STRING *, ASN1_IA5STRING_new, (void), ())
FORWARD(CRYPTO, ASN1_OCTET_STRING *, ASN1_OCTET_STRING_new, (void), ())
FORWARD(CRYPTO, int, ASN1_STRING_set, (ASN1_STRING *string, const void *bytes, int count),
        (string, bytes, count))
FORWARD(CRYPTO, int, ASN1_OCTET_STRING_set,
        (ASN1_OCTET_STRING *string, const unsigned char *bytes, int count), (string, bytes, count))
FORWARD_VOID(CRYPTO, ASN1_STRING_free, (ASN1_STRING *string), (string))
FORWARD(CRYPTO, ASN1_TIME *, ASN1_TIME_set, (ASN1_TIME *time, time_t seconds), (time, seconds))

// Stacks and general names.
FORWARD(CRYPTO, OPENSSL_STACK *, OPENSSL_sk_new_null, (void), ())
FORWARD(CRYPTO, int, OPENSSL_sk_push, (OPENSSL_STACK *stack, const void *item), (stack, item))
FORWARD(CRYPTO, int, OPENSSL_sk_num, (const OPENSSL_STACK *stack), (stack))
FORWARD(CRYPTO, GENERAL_NAME *, GENERAL_NAME_new, (void), ())
FORWARD_VOID(CRYPTO, GENERAL_NAME_set0_value, (GENERAL_NAME *name, int type, void *value),
             (name, type, value))
FORWARD_VOID(CRYPTO, GENERAL_NAME_free, (GENERAL_NAME *name), (name))
FORWARD_VOID(CRYPTO, GENERAL_NAMES_free, (GENERAL_NAMES *names), (names))

// Certificates.
FORWARD(CRYPTO, X509 *, X509_new, (void), ())
FORWARD_VOID(CRYPTO, X509_free, (X509 *certificate), (certificate))
FORWARD(CRYPTO, int, X509_set_version, (X509 *certificate, long version), (certificate, version))
FORWARD(CRYPTO, ASN1_INTEGER *, X509_get_serialNumber, (X509 *certificate), (certificate))
FORWARD(CRYPTO, ASN1_TIME *, X509_getm_notBefore, (const X509 *certificate), (certificate))
FORWARD(CRYPTO, ASN1_TIME *, X509_getm_notAfter, (const X509 *certificate), (certificate))
FORWARD(CRYPTO, X509_NAME *, X509_get_subject_name, (const X509 *certificate), (certificate))
FORWARD(CRYPTO, int, X509_NAME_add_entry_by_txt,
        (X509_NAME *name, const char *field, int type, const unsigned char *bytes, int count,
         int location, int set),
        (name, field, type, bytes, count, location, set))
FORWARD(CRYPTO, int, X509_set_issuer_name, (X509 *certificate, const X509_NAME *name),
        (certificate, name))
FORWARD(CRYPTO, int, X509_set_pubkey, (X509 *certificate, EVP_PKEY *key), (certificate, key))
FORWARD_VOID(CRYPTO, X509V3_set_ctx,
             (X509V3_CTX *context, X509 *issuer, X509 *subject, X509_REQ *request, X509_CRL *list,
              int flags),
             (context, issuer, subject, request, list, flags))
FORWARD(CRYPTO, X509_EXTENSION *, X509V3_EXT_conf_nid,
        (LHASH_OF(CONF_VALUE) * configuration, X509V3_CTX *context, int nid, const char *value),
        (configuration, context, nid, value))
FORWARD(CRYPTO, int, X509_add_ext, (X509 *certificate, X509_EXTENSION *extension, int location),
        (certificate, extension, location))
FORWARD_VOID(CRYPTO, X509_EXTENSION_free, (X509_EXTENSION *extension), (extension))
FORWARD(CRYPTO, int, X509_add1_ext_i2d,
        (X509 *certificate, int nid, void *value, int critical, unsigned long flags),
        (certificate, nid, value, critical, flags))
FORWARD(CRYPTO, int, X509_sign, (X509 *certificate, EVP_PKEY *key, const EVP_MD *digest),
        (certificate, key, digest))
#pragma GCC visibility pop

const char *clack_libcrypto_load_error(void) {
  static const char *const names[] = {
    "ERR_get_error", "ERR_clear_error", "ERR_error_string_n", "BIO_s_mem", "BIO_new",
    "BIO_new_mem_buf", "BIO_ctrl", "BIO_free", "EVP_PKEY_CTX_new_from_name",
    "EVP_PKEY_keygen_init", "EVP_PKEY_CTX_set_group_name", "EVP_PKEY_generate",
    "EVP_PKEY_CTX_free", "EVP_PKEY_is_a", "EVP_PKEY_get_utf8_string_param", "EVP_PKEY_free",
    "EVP_sha256", "EVP_Digest", "PEM_read_bio_PrivateKey", "PEM_write_bio_PrivateKey",
    "PEM_write_bio_X509", "BN_new", "BN_rand", "BN_to_ASN1_INTEGER", "BN_free",
    "ASN1_IA5STRING_new", "ASN1_OCTET_STRING_new", "ASN1_STRING_set", "ASN1_OCTET_STRING_set",
    "ASN1_STRING_free", "ASN1_TIME_set", "OPENSSL_sk_new_null", "OPENSSL_sk_push",
    "OPENSSL_sk_num", "GENERAL_NAME_new", "GENERAL_NAME_set0_value", "GENERAL_NAME_free",
    "GENERAL_NAMES_free", "X509_new", "X509_free", "X509_set_version", "X509_get_serialNumber",
    "X509_getm_notBefore", "X509_getm_notAfter", "X509_get_subject_name",
    "X509_NAME_add_entry_by_txt", "X509_set_issuer_name", "X509_set_pubkey", "X509V3_set_ctx",
    "X509V3_EXT_conf_nid", "X509_add_ext", "X509_EXTENSION_free", "X509_add1_ext_i2d",
    "X509_sign", NULL};
  return check(&crypto, &crypto.once, open_crypto, names);
}
