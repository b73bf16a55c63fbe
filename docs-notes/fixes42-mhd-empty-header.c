#include <microhttpd.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <signal.h>
static struct MHD_Response *resp;
static enum MHD_Result handler(void *cls, struct MHD_Connection *c, const char *url, const char *method,
  const char *version, const char *upload, size_t *size, void **req_cls) {
  if (*req_cls == NULL) { *req_cls = (void *)1; return MHD_YES; }
  return MHD_queue_response(c, 200, resp);
}
int main(void) {
  const char *body = "{}";
  resp = MHD_create_response_from_buffer(2, (void *)body, MHD_RESPMEM_PERSISTENT);
  printf("empty \"\": %d\n", MHD_add_response_header(resp, "X-Empty", ""));
  printf("space \" \": %d\n", MHD_add_response_header(resp, "X-Space", " "));
  printf("tab \"\\t\": %d\n", MHD_add_response_header(resp, "X-Tab", "\t"));
  printf("normal: %d\n", MHD_add_response_header(resp, "X-Normal", "v"));
  printf("footer empty: %d\n", MHD_add_response_footer(resp, "X-Foot", ""));
  struct MHD_Daemon *d = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL, 0, NULL, NULL, handler, NULL,
    MHD_OPTION_SOCK_ADDR, NULL, MHD_OPTION_END);
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
  printf("port %u\n", info->port); fflush(stdout);
  pause();
}
