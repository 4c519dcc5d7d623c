#ifndef APPRECEIPT_COPENSSL_H
#define APPRECEIPT_COPENSSL_H

/* Hide APIs deprecated in OpenSSL 3 so Swift cannot reach for them by accident. */
#define OPENSSL_API_COMPAT 30000
#define OPENSSL_NO_DEPRECATED

#include <openssl/asn1.h>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/ocsp.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/x509_vfy.h>

/* MARK: The one deprecated call, declared on purpose.
 * OpenSSL 3 deprecates the EC_GROUP-level precomputation with the rest of the low-level EC API, but it is the only
 * way to have its fast fixed-base multiplication for a point other than the curve's generator (P256KeyTable.swift
 * says why that matters). The defines above hide the declaration, so it is repeated here with the same signature;
 * libcrypto 3.x exports the function on every platform. */
int EC_GROUP_precompute_mult(EC_GROUP *group, BN_CTX *ctx);

/* MARK: Macro wrappers. Swift cannot import function-like macros, so each gets a prefixed inline twin. */

/// Frees memory that OpenSSL allocated (OPENSSL_free is a macro).
static inline void COpenSSL_free(void *pointer) { OPENSSL_free(pointer); }

/// Number of certificates in a STACK_OF(X509).
static inline int COpenSSL_sk_X509_num(const STACK_OF(X509) *stack) { return sk_X509_num(stack); }

/// Certificate at an index of a STACK_OF(X509).
static inline X509 *COpenSSL_sk_X509_value(const STACK_OF(X509) *stack, int index) { return sk_X509_value(stack, index); }

/// A new empty STACK_OF(X509).
static inline STACK_OF(X509) *COpenSSL_sk_X509_new_null(void) { return sk_X509_new_null(); }

/// Appends a certificate to a STACK_OF(X509) without taking a reference.
static inline int COpenSSL_sk_X509_push(STACK_OF(X509) *stack, X509 *certificate) { return sk_X509_push(stack, certificate); }

/// Frees a STACK_OF(X509) without freeing its certificates.
static inline void COpenSSL_sk_X509_free(STACK_OF(X509) *stack) { sk_X509_free(stack); }

/// Number of strings in a STACK_OF(OPENSSL_STRING) (the OCSP responder URLs of X509_get1_ocsp).
static inline int COpenSSL_sk_OPENSSL_STRING_num(const STACK_OF(OPENSSL_STRING) *stack) { return sk_OPENSSL_STRING_num(stack); }

/// String at an index of a STACK_OF(OPENSSL_STRING).
static inline const char *COpenSSL_sk_OPENSSL_STRING_value(const STACK_OF(OPENSSL_STRING) *stack, int index) {
    return sk_OPENSSL_STRING_value(stack, index);
}

/// Distinguished-name rendering used everywhere: "C=US, O=Apple Inc., CN=Apple Root CA", UTF-8, in encoded order.
static inline unsigned long COpenSSL_nameFlags(void) {
    return (ASN1_STRFLGS_RFC2253 & ~ASN1_STRFLGS_ESC_MSB) | XN_FLAG_SEP_CPLUS_SPC | XN_FLAG_FN_SN | XN_FLAG_DUMP_UNKNOWN_FIELDS;
}

#endif
