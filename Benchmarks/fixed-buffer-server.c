/*
 * The ceiling for `mockapi serve`: one fixed response served through libmicrohttpd with the same threading and
 * limits mockapi uses (internal polling thread per pool worker, poll, a pool of 2, suspend/resume allowed, no Date
 * added, 64 KiB per-connection memory, 30 s idle timeout, 1024 connections) and the same two-call pattern (answer on
 * the access handler's second call, which keeps keep-alive on). The response object is built once and queued for
 * every request, as mockapi does with a prepared answer.
 *
 *   fixed-buffer-server PORT HEADERS_FILE BODY_FILE [STATUS [WORKERS]]
 *
 * HEADERS_FILE holds "Name: value" lines (as curl -D writes them; the status line, Content-Length and blank lines are
 * skipped). WORKERS: libmicrohttpd's threads (default 2; 1 runs one thread without a pool). Prints
 * "listening on http://127.0.0.1:PORT" when ready; stops on SIGINT/SIGTERM.
 */
#include <arpa/inet.h>
#include <microhttpd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static struct MHD_Response *response;
static unsigned int status = 200;

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size, void **req_cls) {
    static int seen;
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    if (*req_cls == NULL) { /* headers only: answer on the next call */
        *req_cls = &seen;
        return MHD_YES;
    }
    if (*upload_data_size != 0) {
        *upload_data_size = 0;
        return MHD_YES;
    }
    return MHD_queue_response(connection, status, response);
}

static char *read_file(const char *path, size_t *size) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(2); }
    fseek(file, 0, SEEK_END);
    long length = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *bytes = malloc((size_t)length + 1);
    if (fread(bytes, 1, (size_t)length, file) != (size_t)length) { perror(path); exit(2); }
    bytes[length] = 0;
    fclose(file);
    *size = (size_t)length;
    return bytes;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s PORT HEADERS_FILE BODY_FILE [STATUS [WORKERS]]\n", argv[0]);
        return 2;
    }
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL); /* before the daemon's threads exist, so they inherit it */

    if (argc > 4) status = (unsigned int)atoi(argv[4]);
    unsigned int workers = argc > 5 ? (unsigned int)atoi(argv[5]) : 2u;
    size_t body_size, headers_size;
    char *body = read_file(argv[3], &body_size);
    char *headers = read_file(argv[2], &headers_size);
    response = MHD_create_response_from_buffer(body_size, body, MHD_RESPMEM_MUST_COPY);
    for (char *line = strtok(headers, "\r\n"); line; line = strtok(NULL, "\r\n")) {
        char *colon = strchr(line, ':');
        if (!colon || strncmp(line, "HTTP/", 5) == 0) continue;
        *colon = 0;
        char *value = colon + 1;
        while (*value == ' ') value++;
        if (strcasecmp(line, "content-length") == 0) continue;
        MHD_add_response_header(response, line, *value ? value : " ");
    }

    struct sockaddr_in address = {0};
    address.sin_family = AF_INET;
    address.sin_port = htons((uint16_t)atoi(argv[1]));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_USE_SUPPRESS_DATE_NO_CLOCK | MHD_ALLOW_SUSPEND_RESUME,
        0, NULL, NULL, answer, NULL,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
        MHD_OPTION_THREAD_POOL_SIZE, workers,
        MHD_OPTION_CONNECTION_TIMEOUT, 30u,
        MHD_OPTION_CONNECTION_LIMIT, 1024u,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(64 << 10),
        MHD_OPTION_END);
    if (!daemon) {
        fprintf(stderr, "fixed-buffer-server: could not start on port %s\n", argv[1]);
        return 2;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    printf("listening on http://127.0.0.1:%u\n", info ? info->port : 0);
    fflush(stdout);
    int received;
    sigwait(&stop, &received);
    MHD_stop_daemon(daemon);
    MHD_destroy_response(response);
    return 0;
}
