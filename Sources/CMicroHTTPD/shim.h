#ifndef MOCKAPI_CMICROHTTPD_SHIM_H
#define MOCKAPI_CMICROHTTPD_SHIM_H

// Adapters for the parts of libmicrohttpd that Swift cannot call directly: the variadic
// MHD_start_daemon / MHD_get_daemon_info / MHD_get_connection_info, and the va_list logger.

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>
#include "hot.h"

/// Receives each message libmicrohttpd logs, already formatted.
typedef void (*mockapi_mhd_log_fn)(void *context, const char *message);

/// Where libmicrohttpd's messages go; must outlive the daemon.
struct mockapi_mhd_logger {
    mockapi_mhd_log_fn function;
    void *context;
};

static void mockapi_mhd_log_adapter(void *cls, const char *format, va_list arguments) {
    char message[512];
    vsnprintf(message, sizeof message, format, arguments);
    const struct mockapi_mhd_logger *logger = (const struct mockapi_mhd_logger *)cls;
    logger->function(logger->context, message);
}

/// Called once per request with the raw request target, before MHD percent-decodes it;
/// its return value becomes the request's initial `*req_cls`.
typedef void *(*mockapi_mhd_uri_log_fn)(void *cls, const char *uri, struct MHD_Connection *connection);

/// Keeps libmicrohttpd from parsing the query of the request whose raw target `uri` is (call it from the URI log
/// callback, after copying the target). libmicrohttpd stores one record per query parameter in the connection's
/// memory pool right after that callback returns, and a pool big enough for 10,000 parameters makes every request
/// slow: the whole pool is cleared after each one. mockapi matches on the raw target and never reads those records.
/// `uri` points into libmicrohttpd's own (writable) read buffer, already ended at the close of the request target;
/// ending the text just after the `?` leaves libmicrohttpd an empty query to parse.
///
/// That is a fact of libmicrohttpd 0.9.75's connection.c, not of its API: call this only when
/// mockapi_mhd_query_forgetting_verified() says the library is the one it was checked against.
MOCKAPI_HOT
static inline void mockapi_mhd_forget_query(const char *uri) {
    char *mark = strchr((char *)uri, '?');
    if (mark != NULL && mark[1] != '\0')
        mark[1] = '\0';
}

/// The libmicrohttpd versions whose read buffer mockapi_mhd_forget_query was checked against, as MHD_VERSION writes
/// them and as MHD_get_version() names them. Another version (built against, or loaded at run time) parses queries
/// as usual: slower for huge queries, never wrong.
#define MOCKAPI_MHD_QUERY_FORGETTING_CHECKED 0x00097500
#define MOCKAPI_MHD_QUERY_FORGETTING_CHECKED_NAME "0.9.75"

/// 1 when both the headers built against and the library loaded are the version checked, else 0.
static inline int mockapi_mhd_query_forgetting_verified(void) {
#if MHD_VERSION == MOCKAPI_MHD_QUERY_FORGETTING_CHECKED
    const char *loaded = MHD_get_version();
    return loaded != NULL && strcmp(loaded, MOCKAPI_MHD_QUERY_FORGETTING_CHECKED_NAME) == 0;
#else
    return 0;
#endif
}

/// 1 when the loaded libmicrohttpd was built with TLS (GnuTLS), so MHD_USE_TLS and the HTTPS options work; else 0.
static inline int mockapi_mhd_tls_supported(void) {
    return MHD_is_feature_supported(MHD_FEATURE_TLS) == MHD_YES;
}

/// The settings mockapi passes to MHD_start_daemon.
struct mockapi_mhd_settings {
    unsigned int flags;
    MHD_socket listen_socket;            // bound and listening; MHD takes it over
    unsigned int thread_pool_size;       // > 1 enables the pool
    unsigned int connection_timeout;     // seconds, 0 = none
    unsigned int connection_limit;       // 0 = MHD's default
    size_t connection_memory_limit;      // bytes per connection for headers; 0 = MHD's default
    MHD_NotifyConnectionCallback notify_connection;   // connection started / closed; NULL = none
    void *notify_connection_cls;
    // HTTPS (with MHD_USE_TLS in flags): the certificate (chain) and private key, PEM, NUL-terminated; NULL = plain
    // HTTP. libmicrohttpd loads them into GnuTLS while starting, so they need to live only through the start call.
    const char *tls_certificate_pem;
    const char *tls_key_pem;
};

static inline struct MHD_Daemon *mockapi_mhd_start_daemon(
    const struct mockapi_mhd_settings *settings,
    MHD_AccessHandlerCallback handler, void *handler_cls,
    mockapi_mhd_uri_log_fn uri_log, void *uri_log_cls,
    MHD_RequestCompletedCallback completed, void *completed_cls,
    struct mockapi_mhd_logger *logger)
{
    struct MHD_OptionItem options[14];
    unsigned int n = 0;
    // The logger goes first so that start-up messages reach it too.
    options[n++] = (struct MHD_OptionItem){ MHD_OPTION_EXTERNAL_LOGGER, (intptr_t)mockapi_mhd_log_adapter, logger };
    options[n++] = (struct MHD_OptionItem){ MHD_OPTION_LISTEN_SOCKET, (intptr_t)settings->listen_socket, NULL };
    options[n++] = (struct MHD_OptionItem){ MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)uri_log, uri_log_cls };
    options[n++] = (struct MHD_OptionItem){ MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)completed, completed_cls };
    if (settings->thread_pool_size > 1)
        options[n++] = (struct MHD_OptionItem){ MHD_OPTION_THREAD_POOL_SIZE, settings->thread_pool_size, NULL };
    if (settings->connection_timeout > 0)
        options[n++] = (struct MHD_OptionItem){ MHD_OPTION_CONNECTION_TIMEOUT, settings->connection_timeout, NULL };
    if (settings->connection_limit > 0)
        options[n++] = (struct MHD_OptionItem){ MHD_OPTION_CONNECTION_LIMIT, settings->connection_limit, NULL };
    if (settings->connection_memory_limit > 0)
        options[n++] = (struct MHD_OptionItem){ MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)settings->connection_memory_limit, NULL };
    if (settings->notify_connection != NULL)
        options[n++] = (struct MHD_OptionItem){ MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)settings->notify_connection,
                                                settings->notify_connection_cls };
    if (settings->tls_certificate_pem != NULL && settings->tls_key_pem != NULL) {
        options[n++] = (struct MHD_OptionItem){ MHD_OPTION_HTTPS_MEM_CERT, 0, (void *)settings->tls_certificate_pem };
        options[n++] = (struct MHD_OptionItem){ MHD_OPTION_HTTPS_MEM_KEY, 0, (void *)settings->tls_key_pem };
    }
    options[n++] = (struct MHD_OptionItem){ MHD_OPTION_END, 0, NULL };
    return MHD_start_daemon(settings->flags, 0, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/// Whether the connection's peer is on this machine: 127.0.0.0/8, ::1, or an IPv4-mapped 127.x address.
static inline int mockapi_mhd_peer_is_loopback(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL) return 0;
    const struct sockaddr *address = info->client_addr;
    if (address->sa_family == AF_INET) {
        const unsigned char *bytes = (const unsigned char *)&((const struct sockaddr_in *)address)->sin_addr;
        return bytes[0] == 127;
    }
    if (address->sa_family == AF_INET6) {
        const unsigned char *b = ((const struct sockaddr_in6 *)address)->sin6_addr.s6_addr;
        static const unsigned char loopback[16] = {0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,1};
        static const unsigned char mapped[12] = {0,0,0,0, 0,0,0,0, 0,0,0xff,0xff};
        return memcmp(b, loopback, 16) == 0 || (memcmp(b, mapped, 12) == 0 && b[12] == 127);
    }
    return 0;
}

/// Aborts the connection with a TCP reset (RST) now, before libmicrohttpd closes it (for the `reset` fault): the
/// access handler then returns MHD_NO. A zero SO_LINGER alone is not enough: libmicrohttpd calls shutdown(SHUT_WR)
/// before close(), which sends a FIN first, and the client would read a clean end of stream. On Linux, connecting a
/// TCP socket to AF_UNSPEC disconnects it, sending RST to the peer; libmicrohttpd's shutdown and close that follow
/// act on an unconnected socket.
static inline void mockapi_mhd_reset_connection(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (info == NULL)
        return;
    struct linger abort_on_close = { 1, 0 };
    setsockopt(info->connect_fd, SOL_SOCKET, SO_LINGER, &abort_on_close, sizeof abort_on_close);
    struct sockaddr unspecified;
    memset(&unspecified, 0, sizeof unspecified);
    unspecified.sa_family = AF_UNSPEC;
    connect(info->connect_fd, &unspecified, sizeof unspecified);
}

/// What a content reader returns to make libmicrohttpd close the connection mid-body (MHD_CONTENT_READER_END_WITH_ERROR,
/// a cast macro Swift does not import).
static inline ssize_t mockapi_mhd_content_reader_error(void) {
    return MHD_CONTENT_READER_END_WITH_ERROR;
}

/// The socket of a connection, or -1.
static inline int mockapi_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/// What the connection-notify callback stored for a connection, or NULL.
MOCKAPI_HOT
static inline void *mockapi_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

#include "request_check.h"

#endif
