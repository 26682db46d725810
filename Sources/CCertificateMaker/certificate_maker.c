// The self-signed identity through libcrypto (OpenSSL 3.0, Debian 12 and later): see
// CCertificateMaker.h for what each function makes.
#include "CCertificateMaker.h"

#include <CLibraryLoader.h>

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Writes `what` and libcrypto's most recent reason (if it gave one) into `error`; returns -1.
static int fail(char *error, size_t error_size, const char *what) {
  unsigned long code = ERR_get_error();
  if (code != 0) {
    char reason[256];
    ERR_error_string_n(code, reason, sizeof reason);
    snprintf(error, error_size, "%s (%s)", what, reason);
  } else {
    snprintf(error, error_size, "%s", what);
  }
  ERR_clear_error();
  return -1;
}

// Opens libcrypto on first use (CLibraryLoader); -1 with why in `error` when it cannot be.
static int load(char *error, size_t error_size) {
  const char *why = clack_libcrypto_load_error();
  if (why == NULL) return 0;
  snprintf(error, error_size, "%s", why);
  return -1;
}

// The bytes a memory BIO holds, as a malloc'd C string; NULL when out of memory.
static char *copy_out(BIO *bio) {
  char *data = NULL;
  long length = BIO_get_mem_data(bio, &data);
  if (length < 0) return NULL;
  char *copy = malloc((size_t)length + 1);
  if (copy == NULL) return NULL;
  memcpy(copy, data, (size_t)length);
  copy[length] = '\0';
  return copy;
}

// Refuses every passphrase: libcrypto's default would ask for one on the terminal, and a key
// the daemon reads at start has none.
static int no_passphrase(char *buffer, int size, int writing, void *context) {
  (void)buffer, (void)size, (void)writing, (void)context;
  return 0;
}

// The P-256 key in `key_pem`, or NULL with the reason in `error`.
static EVP_PKEY *read_key(const char *key_pem, char *error, size_t error_size) {
  BIO *bio = BIO_new_mem_buf(key_pem, -1);
  if (bio == NULL) {
    fail(error, error_size, "out of memory reading the key");
    return NULL;
  }
  EVP_PKEY *key = PEM_read_bio_PrivateKey(bio, NULL, no_passphrase, NULL);
  BIO_free(bio);
  if (key == NULL) {
    fail(error, error_size, "not a PEM private key without a passphrase");
    return NULL;
  }
  char group[64] = "";
  size_t group_length = 0;
  if (!EVP_PKEY_is_a(key, "EC")
      || EVP_PKEY_get_utf8_string_param(key, OSSL_PKEY_PARAM_GROUP_NAME, group, sizeof group,
                                        &group_length) != 1
      || strcmp(group, "prime256v1") != 0) {
    snprintf(error, error_size, "a private key, but not a P-256 (prime256v1) one%s%s",
             group[0] ? ": its curve is " : "", group);
    ERR_clear_error();
    EVP_PKEY_free(key);
    return NULL;
  }
  return key;
}

int clack_certificate_make_key(char **pem, char *error, size_t error_size) {
  *pem = NULL;
  if (load(error, error_size) != 0) return -1;
  // EVP_EC_gen's steps (it is a variadic macro, which the loader cannot forward).
  EVP_PKEY *key = NULL;
  EVP_PKEY_CTX *context = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
  int made = context != NULL && EVP_PKEY_keygen_init(context) == 1
             && EVP_PKEY_CTX_set_group_name(context, "P-256") == 1
             && EVP_PKEY_generate(context, &key) == 1;
  EVP_PKEY_CTX_free(context);
  if (!made) return fail(error, error_size, "cannot make a P-256 key");
  BIO *bio = BIO_new(BIO_s_mem());
  int written = bio != NULL && PEM_write_bio_PrivateKey(bio, key, NULL, NULL, 0, NULL, NULL) == 1;
  *pem = written ? copy_out(bio) : NULL;
  BIO_free(bio);
  EVP_PKEY_free(key);
  return *pem != NULL ? 0 : fail(error, error_size, "cannot write the key as PEM");
}

int clack_certificate_check_key(const char *key_pem, char *error, size_t error_size) {
  if (load(error, error_size) != 0) return -1;
  EVP_PKEY *key = read_key(key_pem, error, error_size);
  if (key == NULL) return -1;
  EVP_PKEY_free(key);
  return 0;
}

// Adds the extension `nid` (critical or not) from OpenSSL's config syntax, e.g. "CA:FALSE".
static int add_extension(X509 *certificate, int nid, const char *value) {
  X509V3_CTX context;
  X509V3_set_ctx_nodb(&context);
  X509V3_set_ctx(&context, certificate, certificate, NULL, NULL, 0);
  X509_EXTENSION *extension = X509V3_EXT_conf_nid(NULL, &context, nid, value);
  if (extension == NULL) return 0;
  int added = X509_add_ext(certificate, extension, -1);
  X509_EXTENSION_free(extension);
  return added;
}

// The subject alternative names, built as structures (a name with a comma cannot break them).
static int add_alternative_names(X509 *certificate, const char *const *dns_names, size_t dns_count,
                                 const uint8_t *const *addresses, const size_t *address_lengths,
                                 size_t address_count) {
  GENERAL_NAMES *names = sk_GENERAL_NAME_new_null();
  if (names == NULL) return 0;
  int ok = 1;
  for (size_t index = 0; ok && index < dns_count + address_count; index++) {
    GENERAL_NAME *name = GENERAL_NAME_new();
    ASN1_STRING *value = index < dns_count ? ASN1_IA5STRING_new() : ASN1_OCTET_STRING_new();
    if (name == NULL || value == NULL) {
      GENERAL_NAME_free(name);
      ASN1_STRING_free(value);
      ok = 0;
      break;
    }
    if (index < dns_count) {
      ok = ASN1_STRING_set(value, dns_names[index], -1);
      GENERAL_NAME_set0_value(name, GEN_DNS, value);
    } else {
      size_t at = index - dns_count;
      ok = ASN1_OCTET_STRING_set(value, addresses[at], (int)address_lengths[at]);
      GENERAL_NAME_set0_value(name, GEN_IPADD, value);
    }
    if (!ok || !sk_GENERAL_NAME_push(names, name)) {
      GENERAL_NAME_free(name);
      ok = 0;
    }
  }
  if (ok && sk_GENERAL_NAME_num(names) > 0) {
    ok = X509_add1_ext_i2d(certificate, NID_subject_alt_name, names, 0, X509V3_ADD_DEFAULT) == 1;
  }
  GENERAL_NAMES_free(names);
  return ok;
}

// Subject and issuer: O=Clack, CN=common_name (X.509 allows 64 characters there; a longer
// host name is in the alternative names, which is what clients match).
static int set_names(X509 *certificate, const char *common_name) {
  X509_NAME *name = X509_get_subject_name(certificate);
  const char *cn = strlen(common_name) > 0 && strlen(common_name) <= 64 ? common_name : "clack";
  return X509_NAME_add_entry_by_txt(name, "O", MBSTRING_UTF8, (const unsigned char *)"Clack", -1,
                                    -1, 0)
         && X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8, (const unsigned char *)cn, -1,
                                       -1, 0)
         && X509_set_issuer_name(certificate, name);
}

static int set_serial(X509 *certificate) {
  BIGNUM *serial = BN_new();
  int ok = serial != NULL && BN_rand(serial, 159, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY)
           && BN_to_ASN1_INTEGER(serial, X509_get_serialNumber(certificate)) != NULL;
  BN_free(serial);
  return ok;
}

int clack_certificate_make_self_signed(
    const char *key_pem, const char *common_name, const char *const *dns_names, size_t dns_count,
    const uint8_t *const *addresses, const size_t *address_lengths, size_t address_count,
    int64_t not_before, int64_t not_after, char **pem, char *error, size_t error_size) {
  *pem = NULL;
  if (load(error, error_size) != 0) return -1;
  for (size_t at = 0; at < address_count; at++) {
    if (address_lengths[at] != 4 && address_lengths[at] != 16) {
      snprintf(error, error_size, "an address of %zu bytes: IPv4 has 4, IPv6 16",
               address_lengths[at]);
      return -1;
    }
  }
  EVP_PKEY *key = read_key(key_pem, error, error_size);
  if (key == NULL) return -1;
  X509 *certificate = X509_new();
  const char *step = "out of memory making the certificate";
  int ok = certificate != NULL;
  if (ok && !(X509_set_version(certificate, X509_VERSION_3) && set_serial(certificate))) {
    ok = 0, step = "cannot set the certificate's version and serial number";
  }
  if (ok && !(ASN1_TIME_set(X509_getm_notBefore(certificate), (time_t)not_before)
              && ASN1_TIME_set(X509_getm_notAfter(certificate), (time_t)not_after))) {
    ok = 0, step = "cannot set the certificate's validity";
  }
  if (ok && !(set_names(certificate, common_name) && X509_set_pubkey(certificate, key))) {
    ok = 0, step = "cannot set the certificate's names and key";
  }
  if (ok && !(add_extension(certificate, NID_basic_constraints, "critical,CA:FALSE")
              && add_extension(certificate, NID_key_usage, "critical,digitalSignature")
              && add_extension(certificate, NID_ext_key_usage, "serverAuth")
              && add_alternative_names(certificate, dns_names, dns_count, addresses,
                                       address_lengths, address_count))) {
    ok = 0, step = "cannot add the certificate's extensions";
  }
  if (ok && X509_sign(certificate, key, EVP_sha256()) <= 0) {
    ok = 0, step = "cannot sign the certificate";
  }
  if (ok) {
    BIO *bio = BIO_new(BIO_s_mem());
    if (bio != NULL && PEM_write_bio_X509(bio, certificate) == 1) *pem = copy_out(bio);
    BIO_free(bio);
    if (*pem == NULL) ok = 0, step = "cannot write the certificate as PEM";
  }
  X509_free(certificate);
  EVP_PKEY_free(key);
  return ok ? 0 : fail(error, error_size, step);
}

int clack_certificate_sha256(const void *bytes, size_t count, uint8_t digest[32], char *error,
                             size_t error_size) {
  if (load(error, error_size) != 0) return -1;
  unsigned int length = 0;
  if (EVP_Digest(bytes, count, digest, &length, EVP_sha256(), NULL) == 1 && length == 32) return 0;
  return fail(error, error_size, "cannot compute a SHA-256");
}
