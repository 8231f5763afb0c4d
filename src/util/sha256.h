/*
 * sha256.h - SHA-256 (FIPS 180-4) of a byte string, and its digest in
 * base64: what a Content-Security-Policy names an inline script or style by
 * ('sha256-<base64>'), so report.html's policy allows its own code and
 * nothing else.
 */
#ifndef ROOFLINE_SHA256_H
#define ROOFLINE_SHA256_H

#include <stddef.h>
#include <stdint.h>

/* The 32-byte digest of data[0..n). */
void sha256(const void *data, size_t n, uint8_t out[32]);

/* The digest of data[0..n) in base64 (44 characters and a NUL) into out. */
void sha256_base64(const void *data, size_t n, char out[45]);

#endif
