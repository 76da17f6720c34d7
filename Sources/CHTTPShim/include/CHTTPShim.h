/*
 * CHTTPShim — a thin C layer between libmicrohttpd (0.9.75) and Swift.
 *
 * It owns only what Swift cannot express or should not do:
 *   - starting the daemon (MHD_start_daemon is variadic, Swift cannot call it),
 *   - the per-request state and the access-handler state machine
 *     (headers -> body -> final -> [suspended -> resumed] -> completed),
 *   - accumulating the body into a malloc'd buffer capped at a limit,
 *   - queueing responses, suspend/resume, quiesce, daemon info.
 * Every decision (routing, 413, admission, lightweight or not) is Swift's.
 *
 * OWNERSHIP ACROSS THE BOUNDARY
 *   - lhs_server: created by lhs_start, freed by lhs_stop (which first stops
 *     the daemon and joins its threads). `ctx` is opaque to C: Swift passes
 *     Unmanaged.passRetained(...).toOpaque() and releases it only after
 *     lhs_stop has returned — C never retains or releases it.
 *   - lhs_conn (one per request): allocated by C in the URI-log callback,
 *     freed by C in NOTIFY_COMPLETED, whatever the termination reason.
 *     Swift gets a borrowed pointer; it must not use it after completion,
 *     and must not use it at all after calling lhs_conn_resume (from then on
 *     MHD may complete and free it at any moment).
 *   - The Swift "token" (void*) attached to a lhs_conn: produced by Swift's
 *     on_head (normally an Unmanaged retained object), stored by C, given
 *     back to Swift's on_completed exactly once, where Swift releases it.
 *   - Strings in lhs_head (method, path, raw URI, header names/values,
 *     remote address) are borrowed for the duration of the on_head call
 *     only: Swift copies them.
 *   - The body passed to on_request is borrowed for the duration of that
 *     call only (it lives in the lhs_conn, freed at completion).
 *   - Responses (lhs_response*, really a struct MHD_Response*) are created
 *     by lhs_response_new (body bytes COPIED by the shim, so Swift array
 *     storage is never handed to MHD, and freed by MHD's free callback once
 *     sent). Ownership of a
 *     response returned from a callback, or passed to lhs_conn_resume, moves
 *     to C, which queues it and destroys it. A response not handed over must
 *     be freed with lhs_response_free.
 */
#ifndef CHTTPSHIM_H
#define CHTTPSHIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** An MHD response (struct MHD_Response), opaque to Swift. */
typedef struct lhs_response lhs_response;
/** The per-request state owned by the shim, opaque to Swift. */
typedef struct lhs_conn lhs_conn;
/** A running daemon, opaque to Swift. */
typedef struct lhs_server lhs_server;

typedef struct lhs_header {
  const char *name;
  size_t name_len;
  const char *value;
  size_t value_len;
} lhs_header;

/** The request head, borrowed for the duration of on_head. */
typedef struct lhs_head {
  const char *method;
  /** The path as decoded by MHD (percent-unescaped, without the query). */
  const char *path;
  /** The request target exactly as received (path and query, not unescaped). */
  const char *raw_uri;
  /** Numeric peer address ("127.0.0.1", "::1"), "" if unknown. */
  const char *remote_address;
  const lhs_header *headers;
  size_t header_count;
} lhs_head;

/** Flags given to on_request. */
enum {
  /** The body passed the limit: it was cut at the limit and the rest discarded. */
  LHS_BODY_TOO_LARGE = 1,
  /** The shim could not allocate the body buffer. */
  LHS_BODY_ALLOC_FAILED = 2,
  /** Buffering the body would have taken the bodies held at once (request
   *  and counted response bodies) past max_body_memory: it was discarded. */
  LHS_BODY_OVER_MEMORY = 4
};

enum {
  /** From this many connections open on a network thread, an answer made there
   *  (lhs_on_request_fn) is queued on MHD's next turn of its loop, with the
   *  turn's other answers, so that a client waiting on several connections is
   *  woken once for them. With fewer, too few answers share a turn to save a
   *  wake-up and a held one waits for their solves: one network thread under
   *  `wrk -t1`, answers held from 2 connections lost 21 % of the requests/s at
   *  2 connections, matched at 3 and 4 (with a later p50), and gained from 8
   *  (+12 % at 8, +20 % at 32). */
  LHS_HOLD_FROM_CONNECTIONS = 8,
  /** The largest declared body read and dropped after an early answer, so that
   *  the connection stays open (Go's net/http reads up to 256 KiB of a body
   *  its handler left for the same reason). */
  LHS_EARLY_DISCARD_BYTES = 256 << 10
};

/**
 * Headers are in. Return a response to answer without reading the body (no
 * "100 Continue" is sent), or NULL to read the body. The answer leaves once a
 * body of at most LHS_EARLY_DISCARD_BYTES, declared by Content-Length, has
 * been read and dropped, and the connection stays open; a request with a
 * larger or chunked body, or with "Expect: 100-continue", is answered at once
 * and its connection closed.
 * *token may be set to any Swift value; it is given back to on_request and,
 * exactly once, to on_completed. Runs on an MHD thread.
 */
typedef lhs_response *(*lhs_on_head_fn)(void *ctx, lhs_conn *conn,
                                        const lhs_head *head, void **token);
/**
 * The request is complete. Return a response to queue, or NULL after
 * having called lhs_conn_suspend (the response then comes later through
 * lhs_conn_resume). Returning NULL without suspending is answered with a 500.
 * A returned response is queued at once, or while the thread has
 * LHS_HOLD_FROM_CONNECTIONS or more connections open, on MHD's next turn of
 * its loop. Runs on an MHD thread.
 */
typedef lhs_response *(*lhs_on_request_fn)(void *ctx, lhs_conn *conn,
                                           void *token, const uint8_t *body,
                                           size_t body_len, int flags);
/** The request is over (any reason; `toe` is an MHD_RequestTerminationCode). Release the token. */
typedef void (*lhs_on_completed_fn)(void *ctx, void *token, int toe);
/** A message from MHD (already formatted, no trailing newline). */
typedef void (*lhs_log_fn)(void *ctx, const char *message);

typedef struct lhs_options {
  /** Numeric IPv4 or IPv6 literal (no brackets). */
  const char *host;
  /** 0 = any free port. */
  uint16_t port;
  unsigned int network_threads;
  unsigned int connection_timeout_seconds;
  /** 0 = unlimited. */
  unsigned int per_ip_connection_limit;
  unsigned int connection_limit;
  size_t connection_memory_limit;
  size_t thread_stack_size;
  /** Body bytes kept; past this the body is cut and flagged LHS_BODY_TOO_LARGE. */
  size_t max_body_bytes;
  /** Bytes discarded past max_body_bytes before the connection is dropped (MHD_NO). */
  size_t discard_cap_bytes;
  /** Bytes of body buffers held by all connections at once (a request body's
   *  buffer from its first byte until its request completes, a counted
   *  response body until MHD frees it); 0 = unlimited. */
  size_t max_body_memory;
  void *ctx;
  lhs_on_head_fn on_head;
  lhs_on_request_fn on_request;
  lhs_on_completed_fn on_completed;
  lhs_log_fn log;
} lhs_options;

/**
 * Binds (SO_REUSEADDR only, never SO_REUSEPORT), listens and starts the
 * daemon. Returns NULL on failure with a message in err (and *err_no set to
 * the errno of a failed socket call, 0 otherwise).
 */
lhs_server *lhs_start(const lhs_options *options, char *err, size_t err_len,
                      int *err_no);
/** The bound port. */
uint16_t lhs_bound_port(const lhs_server *server);
/** Open connections (MHD_DAEMON_INFO_CURRENT_CONNECTIONS). */
unsigned int lhs_current_connections(lhs_server *server);
/** Connections currently suspended (not yet taken back by MHD). */
size_t lhs_suspended_count(const lhs_server *server);
/** Requests whose state is alive (between URI-log and NOTIFY_COMPLETED). */
size_t lhs_live_requests(const lhs_server *server);
/** Bytes of request body buffers held now, all connections together. */
size_t lhs_body_memory(const lhs_server *server);
/** Bytes of counted response bodies not yet sent (or dropped with their connection). */
size_t lhs_response_memory(const lhs_server *server);
/**
 * Stops accepting: MHD_quiesce_daemon, then shuts the listening socket down
 * so that new connections are refused (it is closed in lhs_stop).
 * Idempotent. Returns 0 on success.
 */
int lhs_quiesce(lhs_server *server);
/**
 * MHD_stop_daemon (joins MHD's threads), closes the listening socket if still
 * open, frees the server. The caller must make sure that no connection is
 * suspended (lhs_suspended_count == 0). After this returns no callback runs.
 */
void lhs_stop(lhs_server *server);

/** Suspends the connection; call only from on_request, before handing it to another thread. */
void lhs_conn_suspend(lhs_conn *conn);
/**
 * From any thread, while `conn` is suspended: whether the peer has closed or reset the
 * connection with nothing left unread (it will never read a response). A client that only
 * half-closes its sending side counts as gone too.
 */
int lhs_conn_peer_gone(lhs_conn *conn);
/**
 * From on_request: whether a connection waits in the listening socket's backlog
 * (one poll(2) with no timeout). An MHD thread accepts one connection per pass
 * over its connections, so while it does long work these wait. 0 once quiesced.
 */
int lhs_conn_accept_waiting(const lhs_conn *conn);
/**
 * From any thread: hands `response` (ownership moves to C) to a suspended
 * connection and resumes it; MHD queues it from its own thread. After this
 * call, `conn` must not be touched.
 */
void lhs_conn_resume(lhs_conn *conn, lhs_response *response);

/**
 * A response to `conn` whose body is copied and counted, with the request
 * bodies, against max_body_memory until MHD frees it (once sent, or with its
 * connection). NULL on allocation failure, or, when `refusable` and the body
 * would pass the budget, with *over_budget set to 1 (one not refusable is
 * counted whatever the budget). `conn` must still be the caller's (before
 * lhs_conn_resume).
 */
lhs_response *lhs_response_new(lhs_conn *conn, unsigned int status,
                               const void *body, size_t body_len,
                               int refusable, int *over_budget);
/** Adds a header; returns 0 if MHD refused it (invalid characters, or a header MHD manages itself). */
int lhs_response_add_header(lhs_response *response, const char *name,
                            const char *value);
/** Frees a response that was not handed to C. */
void lhs_response_free(lhs_response *response);

/**
 * Gives the pages of memory freed to malloc back to the system (glibc's
 * malloc_trim(0), which Swift's Glibc module does not declare); returns
 * whether any were. Elsewhere, 0 and nothing done.
 */
int lhs_release_free_memory(void);

#ifdef __cplusplus
}
#endif

#endif /* CHTTPSHIM_H */
