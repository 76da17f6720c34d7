/*
 * CHTTPShim implementation. See include/CHTTPShim.h for the ownership rules.
 *
 * Per-request life cycle (one lhs_conn per request, keep-alive gives one per
 * request on the same socket):
 *
 *   uri_log_cb            lhs_conn allocated, raw URI copied        (MHD thread)
 *   access #1 (PH_NEW)    head -> Swift on_head: early response or read body;
 *                         an early response is held (PH_HELD) for the final
 *                         call, its body (if small) dropped, keeping the
 *                         connection
 *   access #k (PH_BODY)   body bytes appended (capped), *upload_data_size = 0
 *   access final          Swift on_request: response now, or lhs_conn_suspend
 *   (PH_HELD)             a response made now while the thread has at least
 *                         LHS_HOLD_FROM_CONNECTIONS open waits for MHD's next call
 *   access again          the held response is queued (MHD's next turn)
 *   (PH_SUSPENDED)        a worker calls lhs_conn_resume(conn, response)
 *   access after resume   the pending response is queued
 *   completed_cb          Swift on_completed(token); lhs_conn freed    (always)
 */
#include "CHTTPShim.h"

#include <microhttpd.h>

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <netinet/in.h>
#include <poll.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

struct lhs_response {
  unsigned int status;
  struct MHD_Response *mhd; /* owned; MHD_destroy_response in lhs_response_free */
};

struct lhs_server {
  struct MHD_Daemon *daemon;
  int listen_fd;          /* owned by MHD until quiesced; by us after (closed in lhs_stop) */
  int accept_fd;          /* the same socket, written once before MHD starts: read by MHD
                             threads in lhs_conn_accept_waiting, open until they are joined */
  int quiesced;           /* only touched by the (single) caller of quiesce/stop */
  uint16_t port;
  size_t max_body_bytes;
  size_t discard_cap_bytes;
  size_t max_body_memory;     /* 0 = unlimited; request and response bodies together */
  atomic_size_t body_memory;  /* bytes of request body buffers allocated now */
  atomic_size_t response_memory; /* bytes of counted response bodies not yet freed by MHD */
  void *ctx;              /* Swift's, never retained or released here */
  lhs_on_head_fn on_head;
  lhs_on_request_fn on_request;
  lhs_on_completed_fn on_completed;
  lhs_log_fn log;
  atomic_size_t suspended; /* connections suspended and not yet taken back */
  atomic_size_t live;      /* lhs_conn alive */
  char start_error[256];   /* last MHD message during start (single-threaded then) */
  atomic_int started;
};

enum phase { PH_NEW = 0, PH_BODY, PH_HELD, PH_SUSPENDED, PH_DONE };

struct lhs_conn {
  lhs_server *server;
  struct MHD_Connection *connection;
  char *raw_uri;        /* malloc'd copy of the request target; freed at completion */
  uint8_t *body;        /* malloc'd, at most max_body_bytes; freed at completion */
  size_t body_len;
  size_t body_cap;
  size_t discarded;     /* body bytes dropped past the limit */
  uint64_t content_length; /* declared length, if has_content_length */
  int has_content_length;
  int flags;            /* LHS_BODY_* */
  enum phase phase;     /* only touched on the connection's MHD thread */
  int head_seen;        /* on_head ran: on_completed must be called */
  int suspended_counted;/* counted in server->suspended */
  void *token;          /* Swift's; handed back once to on_completed */
  _Atomic(lhs_response *) pending; /* held (PH_HELD), or set by a worker in lhs_conn_resume */
};

/* ---------------------------------------------------------------- responses */

/* Takes `grow` more bytes of `counter`; 0 (and nothing taken) if request and
 * response bodies together would then pass the server's budget. Each check
 * reads the other counter after its own add, so two threads cannot both pass
 * it when together they are over. */
static int reserve_memory(lhs_server *s, atomic_size_t *counter,
                          atomic_size_t *other, size_t grow) {
  size_t before = atomic_fetch_add(counter, grow);
  if (0 != s->max_body_memory &&
      before + grow + atomic_load(other) > s->max_body_memory) {
    atomic_fetch_sub(counter, grow);
    return 0;
  }
  return 1;
}

/* A counted response body: its bytes follow this header in one allocation. */
struct counted_body {
  lhs_server *server;
  size_t len;
};

/* MHD's free callback for a counted body (when the response is destroyed:
 * sent, or its connection closed; at the latest in MHD_stop_daemon, before
 * lhs_stop frees the server). */
static void free_counted_body(void *cls) {
  struct counted_body *b = cls;
  atomic_fetch_sub(&b->server->response_memory, b->len);
  free(b);
}

lhs_response *lhs_response_new(lhs_conn *c, unsigned int status,
                               const void *body, size_t body_len,
                               int refusable, int *over_budget) {
  lhs_server *s = c->server;
  *over_budget = 0;
  if (!refusable) {
    atomic_fetch_add(&s->response_memory, body_len);
  } else if (!reserve_memory(s, &s->response_memory, &s->body_memory,
                             body_len)) {
    *over_budget = 1;
    return NULL;
  }
  struct counted_body *b = malloc(sizeof *b + body_len);
  if (NULL == b) {
    atomic_fetch_sub(&s->response_memory, body_len);
    return NULL;
  }
  b->server = s;
  b->len = body_len;
  if (body_len > 0)
    memcpy(b + 1, body, body_len);
  lhs_response *r = malloc(sizeof *r);
  if (NULL == r) {
    free_counted_body(b);
    return NULL;
  }
  r->status = status;
  r->mhd = MHD_create_response_from_buffer_with_free_callback_cls(
      body_len, b + 1, &free_counted_body, b);
  if (NULL == r->mhd) {
    free_counted_body(b);
    free(r);
    return NULL;
  }
  return r;
}

int lhs_response_add_header(lhs_response *response, const char *name,
                            const char *value) {
  if (NULL == response)
    return 0;
  return MHD_YES == MHD_add_response_header(response->mhd, name, value) ? 1 : 0;
}

void lhs_response_free(lhs_response *response) {
  if (NULL == response)
    return;
  MHD_destroy_response(response->mhd);
  free(response);
}

/* Queues and frees `r` (MHD keeps its own reference to the MHD response). */
static enum MHD_Result queue_and_free(struct MHD_Connection *connection,
                                     lhs_response *r) {
  enum MHD_Result ret;
  if (NULL == r) {
    /* Could not even build a response (out of memory): try an empty 500. */
    struct MHD_Response *m =
        MHD_create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
    if (NULL == m)
      return MHD_NO;
    ret = MHD_queue_response(connection, MHD_HTTP_INTERNAL_SERVER_ERROR, m);
    MHD_destroy_response(m);
    return ret;
  }
  ret = MHD_queue_response(connection, r->status, r->mhd);
  lhs_response_free(r);
  return ret;
}

/* ---------------------------------------------------------------- callbacks */

static void logger_cb(void *cls, const char *fmt, va_list ap) {
  lhs_server *s = cls;
  char buf[1024];
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  if (n < 0)
    return;
  size_t len = strlen(buf);
  while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
    buf[--len] = '\0';
  if (!atomic_load(&s->started)) {
    /* Only during MHD_start_daemon, on the starting thread. */
    snprintf(s->start_error, sizeof s->start_error, "%s", buf);
  }
  if (NULL != s->log)
    s->log(s->ctx, buf);
}

static lhs_conn *conn_new(lhs_server *s, const char *uri) {
  lhs_conn *c = calloc(1, sizeof *c);
  if (NULL == c)
    return NULL;
  c->server = s;
  c->raw_uri = strdup(NULL != uri ? uri : "");
  if (NULL == c->raw_uri) {
    free(c);
    return NULL;
  }
  atomic_init(&c->pending, NULL);
  atomic_fetch_add(&s->live, 1);
  return c;
}

/* Called by MHD with the raw request target before it splits and unescapes
 * it; its result becomes *con_cls. NULL (out of memory) is handled in the
 * access handler. */
static void *uri_log_cb(void *cls, const char *uri,
                        struct MHD_Connection *connection) {
  (void)connection;
  return conn_new(cls, uri);
}

struct header_vec {
  lhs_header *items;
  size_t count;
  size_t cap;
};

static enum MHD_Result header_it(void *cls, enum MHD_ValueKind kind,
                                 const char *key, size_t key_size,
                                 const char *value, size_t value_size) {
  (void)kind;
  struct header_vec *v = cls;
  if (v->count >= v->cap)
    return MHD_NO;
  v->items[v->count].name = NULL != key ? key : "";
  v->items[v->count].name_len = NULL != key ? key_size : 0;
  v->items[v->count].value = NULL != value ? value : "";
  v->items[v->count].value_len = NULL != value ? value_size : 0;
  v->count++;
  return MHD_YES;
}

static void remote_address(struct MHD_Connection *connection, char *out,
                           size_t out_len) {
  out[0] = '\0';
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  if (NULL == info || NULL == info->client_addr)
    return;
  const struct sockaddr *sa = info->client_addr;
  if (AF_INET == sa->sa_family) {
    inet_ntop(AF_INET, &((const struct sockaddr_in *)sa)->sin_addr, out,
              (socklen_t)out_len);
  } else if (AF_INET6 == sa->sa_family) {
    inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)sa)->sin6_addr, out,
              (socklen_t)out_len);
  }
}

/* Frees the body buffer and gives its bytes back to the budget. */
static void release_body(lhs_conn *c) {
  free(c->body);
  atomic_fetch_sub(&c->server->body_memory, c->body_cap);
  c->body = NULL;
  c->body_cap = 0;
  c->body_len = 0;
}

/* Appends upload bytes, capped at max_body_bytes. Returns 0 when the
 * discarded bytes pass the hard cap (the caller then drops the connection). */
static int append_body(lhs_conn *c, const char *data, size_t n) {
  lhs_server *s = c->server;
  if (0 == (c->flags & (LHS_BODY_TOO_LARGE | LHS_BODY_ALLOC_FAILED |
                        LHS_BODY_OVER_MEMORY))) {
    size_t room = s->max_body_bytes - c->body_len;
    size_t take = n < room ? n : room;
    if (take > 0 && c->body_len + take > c->body_cap) {
      size_t want = c->body_cap < 16384 ? 16384 : c->body_cap;
      while (want < c->body_len + take && want <= s->max_body_bytes / 2)
        want *= 2;
      if (want < c->body_len + take || want > s->max_body_bytes)
        want = s->max_body_bytes;
      uint8_t *nb = NULL;
      if (!reserve_memory(s, &s->body_memory, &s->response_memory,
                          want - c->body_cap)) {
        c->flags |= LHS_BODY_OVER_MEMORY;
      } else if (NULL == (nb = realloc(c->body, want))) {
        atomic_fetch_sub(&s->body_memory, want - c->body_cap);
        c->flags |= LHS_BODY_ALLOC_FAILED;
      }
      if (NULL == nb) {
        /* What was kept is of no use any more: discarded too. */
        c->discarded += c->body_len + n;
        release_body(c);
        return c->discarded <= s->discard_cap_bytes;
      }
      c->body = nb;
      c->body_cap = want;
    }
    if (take > 0) {
      memcpy(c->body + c->body_len, data, take);
      c->body_len += take;
    }
    if (take < n) {
      c->flags |= LHS_BODY_TOO_LARGE;
      c->discarded += n - take;
    }
  } else {
    c->discarded += n;
  }
  return c->discarded <= s->discard_cap_bytes;
}

/* Whether the peer has closed its side with nothing left unread in the kernel.
 * Needed because libmicrohttpd 0.9.75 can miss a FIN that arrives together
 * with data it reads partially (seen in epoll mode; peer-close handling was
 * reworked only in 1.0): such a connection would sit in CLOSE_WAIT until the
 * idle timeout, holding a per-IP slot. */
static int peer_closed(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *ci =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  if (NULL == ci)
    return 0;
  char b;
  ssize_t n = recv(ci->connect_fd, &b, 1, MSG_PEEK | MSG_DONTWAIT);
  return 0 == n;
}

/* Whether an early answer must leave before the body, closing the
 * connection: the request asks for 100 Continue (its client waits to be told
 * to send the body), or its body is chunked (of unknown length) or declared
 * larger than LHS_EARLY_DISCARD_BYTES. */
static int answers_before_body(const lhs_conn *c,
                               struct MHD_Connection *connection) {
  return (c->has_content_length &&
          c->content_length > LHS_EARLY_DISCARD_BYTES) ||
         NULL != MHD_lookup_connection_value(connection, MHD_HEADER_KIND,
                                             MHD_HTTP_HEADER_TRANSFER_ENCODING) ||
         NULL != MHD_lookup_connection_value(connection, MHD_HEADER_KIND,
                                             MHD_HTTP_HEADER_EXPECT);
}

static enum MHD_Result on_new(lhs_server *s, lhs_conn *c,
                              struct MHD_Connection *connection,
                              const char *url, const char *method) {
  c->connection = connection;
  c->phase = PH_BODY;
  {
    /* MHD has validated it already (malformed or conflicting with chunked
     * transfer coding is a 400 before this call). */
    const char *cl = MHD_lookup_connection_value(connection, MHD_HEADER_KIND,
                                                 MHD_HTTP_HEADER_CONTENT_LENGTH);
    if (NULL != cl) {
      char *end = NULL;
      errno = 0;
      unsigned long long v = strtoull(cl, &end, 10);
      if (0 == errno && end != cl) {
        c->content_length = (uint64_t)v;
        c->has_content_length = 1;
      }
    }
  }

  struct header_vec v = {NULL, 0, 0};
  int total = MHD_get_connection_values_n(connection, MHD_HEADER_KIND, NULL,
                                          NULL);
  if (total > 0) {
    v.items = calloc((size_t)total, sizeof *v.items);
    if (NULL == v.items)
      return MHD_NO; /* out of memory: drop the connection */
    v.cap = (size_t)total;
    MHD_get_connection_values_n(connection, MHD_HEADER_KIND, header_it, &v);
  }
  char addr[INET6_ADDRSTRLEN + 1];
  remote_address(connection, addr, sizeof addr);

  lhs_head head = {
      .method = NULL != method ? method : "",
      .path = NULL != url ? url : "",
      .raw_uri = c->raw_uri,
      .remote_address = addr,
      .headers = v.items,
      .header_count = v.count,
  };
  void *token = NULL;
  lhs_response *r = s->on_head(s->ctx, c, &head, &token);
  c->token = token;
  c->head_seen = 1;
  free(v.items); /* the array is ours; the strings in it are MHD's */
  if (NULL == r)
    return MHD_YES;
  if (answers_before_body(c, connection)) {
    /* MHD sends no 100 Continue, discards the upload and closes the
     * connection after the answer. */
    c->phase = PH_DONE;
    return queue_and_free(connection, r);
  }
  /* The answer waits for MHD's final call, after any body (dropped as it
   * comes), so that the connection stays open for the next request
   * (libmicrohttpd 0.9.75 closes any connection whose answer is queued from
   * the call that hands over the head). */
  c->phase = PH_HELD;
  atomic_store(&c->pending, r);
  return MHD_YES;
}

/* Connections open on this MHD thread (each is served by the thread that
 * accepted it, which MHD notifies of its start and its close). */
static _Thread_local unsigned int open_here;

static void connection_cb(void *cls, struct MHD_Connection *connection,
                          void **socket_context,
                          enum MHD_ConnectionNotificationCode code) {
  (void)cls;
  (void)connection;
  (void)socket_context;
  if (MHD_CONNECTION_NOTIFY_STARTED == code)
    open_here++;
  else if (open_here > 0)
    open_here--;
}

/* Queues the response held or handed back by a worker (lhs_conn_resume). */
static enum MHD_Result queue_pending(lhs_conn *c,
                                     struct MHD_Connection *connection) {
  lhs_response *r = atomic_exchange(&c->pending, NULL);
  c->phase = PH_DONE;
  return queue_and_free(connection, r);
}

static enum MHD_Result access_cb(void *cls, struct MHD_Connection *connection,
                                 const char *url, const char *method,
                                 const char *version, const char *upload_data,
                                 size_t *upload_data_size, void **con_cls) {
  (void)version;
  lhs_server *s = cls;
  lhs_conn *c = *con_cls;
  if (NULL == c) {
    /* uri_log_cb could not allocate; try once more. */
    c = conn_new(s, url);
    if (NULL == c)
      return MHD_NO;
    *con_cls = c;
  }

  switch (c->phase) {
  case PH_NEW:
    return on_new(s, c, connection, url, method);

  case PH_BODY: {
    if (0 != *upload_data_size) {
      size_t n = *upload_data_size;
      *upload_data_size = 0; /* consumed (kept or discarded) */
      if (!append_body(c, upload_data, n))
        return MHD_NO; /* far past the limit: close the socket */
      /* MHD hands over all the body bytes it has buffered in one call, so if
       * the declared length is not reached and the peer has closed, the body
       * can never complete: drop the connection now rather than at the idle
       * timeout. (A client that half-closes after a complete body is not
       * affected: its body is complete.) */
      if (c->has_content_length &&
          (uint64_t)(c->body_len + c->discarded) < c->content_length &&
          peer_closed(connection))
        return MHD_NO;
      return MHD_YES;
    }
    /* Final call: the request is complete. */
    lhs_response *r =
        s->on_request(s->ctx, c, c->token, c->body, c->body_len, c->flags);
    if (NULL != r) {
      if (open_here >= LHS_HOLD_FROM_CONNECTIONS) {
        /* Held until MHD calls again, on its next turn, after the other
         * connections this turn found ready: their answers then leave
         * together. */
        c->phase = PH_HELD;
        atomic_store(&c->pending, r);
        return MHD_YES;
      }
      c->phase = PH_DONE;
      return queue_and_free(connection, r);
    }
    if (PH_SUSPENDED == c->phase)
      return MHD_YES; /* a worker will resume it (maybe already did) */
    c->phase = PH_DONE;
    return queue_and_free(connection, NULL);
  }

  case PH_SUSPENDED:
    /* Taken back by MHD after lhs_conn_resume. */
    if (c->suspended_counted) {
      c->suspended_counted = 0;
      atomic_fetch_sub(&s->suspended, 1);
    }
    /* fall through */
  case PH_HELD:
    if (0 != *upload_data_size) {
      *upload_data_size = 0; /* dropped (an early answer's body) */
      return MHD_YES;
    }
    return queue_pending(c, connection);

  case PH_DONE:
  default:
    /* A response is queued already; anything further is discarded. */
    *upload_data_size = 0;
    return MHD_YES;
  }
}

static void completed_cb(void *cls, struct MHD_Connection *connection,
                         void **con_cls, enum MHD_RequestTerminationCode toe) {
  (void)connection;
  lhs_server *s = cls;
  lhs_conn *c = *con_cls;
  if (NULL == c)
    return;
  *con_cls = NULL;
  if (c->suspended_counted) {
    c->suspended_counted = 0;
    atomic_fetch_sub(&s->suspended, 1);
  }
  if (c->head_seen && NULL != s->on_completed)
    s->on_completed(s->ctx, c->token, (int)toe);
  lhs_response_free(atomic_exchange(&c->pending, NULL));
  release_body(c);
  free(c->raw_uri);
  free(c);
  atomic_fetch_sub(&s->live, 1);
}

/* ---------------------------------------------------------- suspend/resume */

void lhs_conn_suspend(lhs_conn *c) {
  if (NULL == c || PH_BODY != c->phase)
    return;
  c->phase = PH_SUSPENDED;
  c->suspended_counted = 1;
  atomic_fetch_add(&c->server->suspended, 1);
  MHD_suspend_connection(c->connection);
}

int lhs_conn_peer_gone(lhs_conn *c) {
  if (NULL == c || PH_SUSPENDED != c->phase)
    return 0;
  const union MHD_ConnectionInfo *ci =
      MHD_get_connection_info(c->connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  if (NULL == ci)
    return 0;
  char b;
  ssize_t n = recv(ci->connect_fd, &b, 1, MSG_PEEK | MSG_DONTWAIT);
  return 0 == n || (n < 0 && (ECONNRESET == errno || ENOTCONN == errno));
}

int lhs_conn_accept_waiting(const lhs_conn *c) {
  /* After lhs_quiesce shut the socket down, poll reports POLLHUP: nothing waits. */
  struct pollfd p = {.fd = c->server->accept_fd, .events = POLLIN};
  return 1 == poll(&p, 1, 0) &&
         POLLIN == (p.revents & (POLLIN | POLLHUP | POLLERR | POLLNVAL));
}

void lhs_conn_resume(lhs_conn *c, lhs_response *response) {
  if (NULL == c) {
    lhs_response_free(response);
    return;
  }
  /* Read everything needed from c before publishing the response. */
  struct MHD_Connection *connection = c->connection;
  lhs_response *old = atomic_exchange(&c->pending, response);
  lhs_response_free(old); /* only if resumed twice (a caller bug) */
  MHD_resume_connection(connection);
}

/* ------------------------------------------------------------------- daemon */

lhs_server *lhs_start(const lhs_options *o, char *err, size_t err_len,
                      int *err_no) {
  if (NULL != err_no)
    *err_no = 0;
  if (NULL != err && err_len > 0)
    err[0] = '\0';

  union {
    struct sockaddr sa;
    struct sockaddr_in in4;
    struct sockaddr_in6 in6;
  } addr;
  memset(&addr, 0, sizeof addr);
  socklen_t addr_len;
  int family;
  const char *host = NULL != o->host ? o->host : "0.0.0.0";
  if (1 == inet_pton(AF_INET, host, &addr.in4.sin_addr)) {
    family = AF_INET;
    addr.in4.sin_family = AF_INET;
    addr.in4.sin_port = htons(o->port);
    addr_len = sizeof addr.in4;
  } else if (1 == inet_pton(AF_INET6, host, &addr.in6.sin6_addr)) {
    family = AF_INET6;
    addr.in6.sin6_family = AF_INET6;
    addr.in6.sin6_port = htons(o->port);
    addr_len = sizeof addr.in6;
  } else {
    snprintf(err, err_len, "host '%s' is not a numeric IPv4 or IPv6 address",
             host);
    return NULL;
  }

  /* Our own listening socket: exact errno for a clear message, and only
   * SO_REUSEADDR (never SO_REUSEPORT: a stale second instance must fail). */
  int fd = socket(family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0) {
    if (NULL != err_no)
      *err_no = errno;
    snprintf(err, err_len, "socket(): %s", strerror(errno));
    return NULL;
  }
  int one = 1;
  (void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  if (0 != bind(fd, &addr.sa, addr_len)) {
    int e = errno;
    if (NULL != err_no)
      *err_no = e;
    if (EADDRINUSE == e)
      snprintf(err, err_len, "port %u on %s is in use", (unsigned)o->port,
               host);
    else
      snprintf(err, err_len, "cannot bind port %u on %s: %s",
               (unsigned)o->port, host, strerror(e));
    close(fd);
    return NULL;
  }
  if (0 != listen(fd, SOMAXCONN)) {
    int e = errno;
    if (NULL != err_no)
      *err_no = e;
    snprintf(err, err_len, "cannot listen on port %u on %s: %s",
             (unsigned)o->port, host, strerror(e));
    close(fd);
    return NULL;
  }
  addr_len = sizeof addr;
  uint16_t bound = o->port;
  if (0 == getsockname(fd, &addr.sa, &addr_len)) {
    bound = ntohs(AF_INET == family ? addr.in4.sin_port : addr.in6.sin6_port);
  }

  lhs_server *s = calloc(1, sizeof *s);
  if (NULL == s) {
    close(fd);
    snprintf(err, err_len, "out of memory");
    return NULL;
  }
  s->listen_fd = fd;
  s->accept_fd = fd;
  s->port = bound;
  s->max_body_bytes = o->max_body_bytes;
  s->discard_cap_bytes = o->discard_cap_bytes;
  s->max_body_memory = o->max_body_memory;
  s->ctx = o->ctx;
  s->on_head = o->on_head;
  s->on_request = o->on_request;
  s->on_completed = o->on_completed;
  s->log = o->log;
  atomic_init(&s->suspended, 0);
  atomic_init(&s->body_memory, 0);
  atomic_init(&s->response_memory, 0);
  atomic_init(&s->live, 0);
  atomic_init(&s->started, 0);

  /* poll(), not epoll: in libmicrohttpd 0.9.75 MHD_quiesce_daemon() and the
   * epoll loop both remove the listening socket from the epoll set without a
   * lock, and the loop's removal aborts the process (MHD_PANIC "Failed to
   * remove listen FD from epoll set") when it loses that race, so a drain
   * could crash at random. With poll() quiescing goes through the ITC. */
  unsigned int flags = MHD_USE_ERROR_LOG | MHD_USE_INTERNAL_POLLING_THREAD |
                       MHD_USE_POLL | MHD_USE_ITC | MHD_ALLOW_SUSPEND_RESUME;
  if (AF_INET6 == family)
    flags |= MHD_USE_IPv6;
  unsigned int pool = o->network_threads > 1 ? o->network_threads : 0;

  /* MHD_OPTION_EXTERNAL_LOGGER must come first so that messages about the
   * other options already go to it. */
  s->daemon = MHD_start_daemon(
      flags, bound, NULL, NULL, &access_cb, s,
      MHD_OPTION_EXTERNAL_LOGGER, &logger_cb, s,
      MHD_OPTION_LISTEN_SOCKET, (MHD_socket)fd,
      MHD_OPTION_THREAD_POOL_SIZE, pool,
      MHD_OPTION_CONNECTION_TIMEOUT, o->connection_timeout_seconds,
      MHD_OPTION_PER_IP_CONNECTION_LIMIT, o->per_ip_connection_limit,
      MHD_OPTION_CONNECTION_LIMIT, o->connection_limit,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, o->connection_memory_limit,
      MHD_OPTION_THREAD_STACK_SIZE, o->thread_stack_size,
      MHD_OPTION_NOTIFY_COMPLETED, &completed_cb, s,
      MHD_OPTION_NOTIFY_CONNECTION, &connection_cb, s,
      MHD_OPTION_URI_LOG_CALLBACK, &uri_log_cb, s,
      MHD_OPTION_END);
  if (NULL == s->daemon) {
    snprintf(err, err_len, "MHD_start_daemon failed%s%s",
             s->start_error[0] ? ": " : "", s->start_error);
    /* Some of MHD's failure paths close the listening socket, some do not:
     * close it only if it is still open (start-up is single-threaded in
     * practice, so the descriptor cannot have been reused meanwhile). */
    if (-1 != fcntl(fd, F_GETFD))
      close(fd);
    free(s);
    return NULL;
  }
  atomic_store(&s->started, 1);
  return s;
}

uint16_t lhs_bound_port(const lhs_server *s) { return s->port; }

unsigned int lhs_current_connections(lhs_server *s) {
  const union MHD_DaemonInfo *info =
      MHD_get_daemon_info(s->daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
  return NULL != info ? info->num_connections : 0;
}

size_t lhs_suspended_count(const lhs_server *s) {
  return atomic_load(&((lhs_server *)s)->suspended);
}

size_t lhs_live_requests(const lhs_server *s) {
  return atomic_load(&((lhs_server *)s)->live);
}

size_t lhs_body_memory(const lhs_server *s) {
  return atomic_load(&((lhs_server *)s)->body_memory);
}

size_t lhs_response_memory(const lhs_server *s) {
  return atomic_load(&((lhs_server *)s)->response_memory);
}

int lhs_quiesce(lhs_server *s) {
  if (s->quiesced)
    return 0;
  MHD_socket fd = MHD_quiesce_daemon(s->daemon);
  if (MHD_INVALID_SOCKET == fd)
    return -1;
  s->quiesced = 1;
  s->listen_fd = fd; /* ours now (MHD_stop_daemon will not close it) */
  /* Stop listening at once so that new connections are refused (on Linux,
   * shutdown() of a listening TCP socket closes the listener and resets the
   * connections waiting in its backlog). The descriptor itself stays open
   * until lhs_stop, so an MHD thread still holding its number can never
   * touch an unrelated file that reused it. */
  (void)shutdown(fd, SHUT_RDWR);
  return 0;
}

void lhs_stop(lhs_server *s) {
  if (NULL == s)
    return;
  /* Joins MHD's threads; NOTIFY_COMPLETED runs for every open request. */
  MHD_stop_daemon(s->daemon);
  /* If not quiesced, MHD closed the listening socket itself. */
  if (s->quiesced && s->listen_fd >= 0)
    close(s->listen_fd);
  free(s);
}

int lhs_release_free_memory(void) {
#ifdef __GLIBC__
  return malloc_trim(0);
#else
  return 0;
#endif
}
