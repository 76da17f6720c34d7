/* Bare libmicrohttpd server: the HTTP ceiling for layoutd (performance.md section 6).
 *
 * Build:  cc -O2 -o /tmp/hello Benchmarks/hello.c -lmicrohttpd
 * Run:    /tmp/hello [PORT]        (default 8089; listens on 127.0.0.1 only)
 *
 * Internal polling thread with epoll, thread pool of 2. Reads the POST body, counts its
 * bytes (summed into a global so the work can't be optimised away) and answers a fixed
 * 200-byte JSON body with 200 OK. Stops on SIGINT / SIGTERM and prints the totals.
 */
#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* Exactly 200 bytes. */
static const char BODY[] =
    "{\"frames\":{\"root\":[0,0,375,812],\"title\":[16,100,343,34],"
    "\"avatar\":[16,150,64,64]},\"status\":\"ok\",\"solver\":\"hello\","
    "\"note\":\"fixed response from the bare libmicrohttpd baseline\",\"pad\":\"xxxxxxxxxxxxxxxxxx\"}";

static struct MHD_Response *response;
static atomic_ullong total_bytes, total_requests;
static volatile sig_atomic_t stop;

static void on_signal(int sig) { (void)sig; stop = 1; }

static enum MHD_Result handler(void *cls, struct MHD_Connection *conn, const char *url,
                               const char *method, const char *version, const char *upload_data,
                               size_t *upload_data_size, void **con_cls) {
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    if (*con_cls == NULL) { /* first call: headers only */
        static int marker;
        *con_cls = &marker;
        return MHD_YES;
    }
    if (*upload_data_size != 0) { /* a chunk of the body */
        atomic_fetch_add_explicit(&total_bytes, *upload_data_size, memory_order_relaxed);
        *upload_data_size = 0;
        return MHD_YES;
    }
    atomic_fetch_add_explicit(&total_requests, 1, memory_order_relaxed);
    return MHD_queue_response(conn, MHD_HTTP_OK, response);
}

int main(int argc, char **argv) {
    int port = argc > 1 ? atoi(argv[1]) : 8089;
    _Static_assert(sizeof BODY - 1 == 200, "body must be 200 bytes");
    response = MHD_create_response_from_buffer(sizeof BODY - 1, (void *)BODY, MHD_RESPMEM_PERSISTENT);
    MHD_add_response_header(response, "Content-Type", "application/json");

    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);

    struct MHD_Daemon *d = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL, (uint16_t)port, NULL, NULL, handler, NULL,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)2,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned int)1024,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)30,
        MHD_OPTION_END);
    if (d == NULL) {
        fprintf(stderr, "hello: cannot start on 127.0.0.1:%d\n", port);
        return 1;
    }
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    fprintf(stderr, "hello: listening on 127.0.0.1:%d\n", port);
    while (!stop) pause();
    MHD_stop_daemon(d);
    MHD_destroy_response(response);
    fprintf(stderr, "hello: %llu requests, %llu body bytes\n",
            (unsigned long long)total_requests, (unsigned long long)total_bytes);
    return 0;
}
