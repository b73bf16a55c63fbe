#ifndef MOCKAPI_CMICROHTTPD_SHIM_H
#define MOCKAPI_CMICROHTTPD_SHIM_H

// Adapters for the parts of libmicrohttpd that Swift cannot call: the variadic MHD_start_daemon,
// MHD_get_connection_info and MHD_upgrade_action, the va_list logger, and a cast macro. Nothing else: what mockapi decides about a request
// is Swift (Sources/MockAPIServer).

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/socket.h>
#include <microhttpd.h>

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

/// The connection's peer address, or NULL.
static inline const struct sockaddr *mockapi_mhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info ? info->client_addr : NULL;
}

/// The socket of a connection, or -1.
static inline int mockapi_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/// What the connection-notify callback stored for a connection, or NULL.
static inline void *mockapi_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

/// What a content reader returns to make libmicrohttpd close the connection mid-body (MHD_CONTENT_READER_END_WITH_ERROR,
/// a cast macro Swift does not import).
static inline ssize_t mockapi_mhd_content_reader_error(void) {
    return MHD_CONTENT_READER_END_WITH_ERROR;
}

/// What a content reader returns at the end of a body of unknown length (a stream): a macro with a cast Swift does not import.
static inline ssize_t mockapi_mhd_content_reader_end(void) {
    return MHD_CONTENT_READER_END_OF_STREAM;
}

/// Hands an upgraded connection's socket back to libmicrohttpd, which closes it: MHD_upgrade_action with
/// MHD_UPGRADE_ACTION_CLOSE (variadic, which Swift does not call).
static inline enum MHD_Result mockapi_mhd_upgrade_close(struct MHD_UpgradeResponseHandle *urh) {
    return MHD_upgrade_action(urh, MHD_UPGRADE_ACTION_CLOSE);
}

#endif
