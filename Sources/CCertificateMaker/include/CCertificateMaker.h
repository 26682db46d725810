// The daemon's self-signed HTTPS identity, made by the system's OpenSSL (libcrypto 3, opened
// with dlopen on first use by CLibraryLoader: a daemon serving plain HTTP never maps it): a
// P-256 key and an X.509 v3 server certificate signed with it, and SHA-256 for fingerprints. Swift's
// own X.509 and crypto packages did the same but brought a second copy of BoringSSL and about
// 6 minutes to every clean build (docs/performance.md); NIOSSL's BoringSSL is not public API.
//
// Every function returns 0 on success and -1 on failure, with a sentence in `error` (libcrypto's
// reason appended, or why libcrypto could not be opened). Strings handed back are malloc'd: the caller frees them.
#ifndef CLACK_CERTIFICATE_MAKER_H
#define CLACK_CERTIFICATE_MAKER_H

#include <stddef.h>
#include <stdint.h>

/// A new P-256 private key, as PKCS#8 PEM ("BEGIN PRIVATE KEY") in `*pem`.
int clack_certificate_make_key(char **pem, char *error, size_t error_size);

/// Whether `key_pem` (PKCS#8 or SEC 1 PEM) is a P-256 private key libcrypto can read.
int clack_certificate_check_key(const char *key_pem, char *error, size_t error_size);

/// A self-signed server certificate (PEM in `*pem`) for the P-256 key in `key_pem`: subject and
/// issuer O=Clack, CN=`common_name`; valid from `not_before` to `not_after` (seconds since
/// 1970); a random 159-bit serial; basic constraints CA:FALSE and key usage digitalSignature,
/// both critical; extended key usage serverAuth; subject alternative names `dns_names` and the
/// raw IPv4 (4 bytes) or IPv6 (16 bytes) `addresses`; signed ecdsa-with-SHA256.
int clack_certificate_make_self_signed(
    const char *key_pem, const char *common_name, const char *const *dns_names, size_t dns_count,
    const uint8_t *const *addresses, const size_t *address_lengths, size_t address_count,
    int64_t not_before, int64_t not_after, char **pem, char *error, size_t error_size);

/// The SHA-256 of `count` bytes at `bytes`, into `digest`.
int clack_certificate_sha256(const void *bytes, size_t count, uint8_t digest[32], char *error,
                             size_t error_size);

#endif
