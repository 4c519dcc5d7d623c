#ifndef APPRECEIPT_CCURL_H
#define APPRECEIPT_CCURL_H

#include <curl/curl.h>

/* MARK: Variadic wrappers. Swift cannot call C variadic functions, so each option type gets a typed twin. */

/// curl_easy_setopt with a long (flags, sizes, timeouts).
static inline CURLcode CCurl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

/// curl_easy_setopt with a curl_off_t (sizes past 2 GB on 32-bit longs).
static inline CURLcode CCurl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

/// curl_easy_setopt with a pointer: a C string (libcurl copies it), a list, a buffer or callback data.
static inline CURLcode CCurl_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

/// The signature of CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION.
typedef size_t (*CCurl_data_callback)(char *data, size_t size, size_t count, void *context);

/// curl_easy_setopt with a write or header callback.
static inline CURLcode CCurl_setopt_callback(CURL *handle, CURLoption option, CCurl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

/// curl_easy_getinfo for a long (the response code, the certificate verification result).
static inline CURLcode CCurl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

#endif
