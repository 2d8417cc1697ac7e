/* sudokit's 9x9 fast path: the classic grid (rows, columns, 3x3 boxes, nine symbols, no restricted
 * cells) as per-digit band bitboards.  It answers the same questions as the generic engine (first
 * solution, count up to a limit, bounded work) much faster; the generic engine serves every other grid.
 */
#ifndef SUDOKIT_FAST9_H
#define SUDOKIT_FAST9_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    F9_DONE = 0,        /* search finished (count is exact, or the limit was reached) */
    F9_NODE_LIMIT = 1,  /* stopped by the node limit */
    F9_TIME_LIMIT = 2,  /* stopped by the time limit */
    F9_INTERRUPTED = 3  /* stopped because the poll callback asked */
};

typedef struct {
    int64_t count;      /* solutions found (at most limit) */
    int64_t nodes;      /* branching guesses */
    int status;         /* F9_DONE, F9_NODE_LIMIT, F9_TIME_LIMIT */
} f9_result;

/* Called about every F9_POLL_SECONDS of search with the nodes and solutions so far; nonzero stops the
 * search (F9_INTERRUPTED).  The caller checks for Ctrl-C or a cancelled job there. */
typedef int (*f9_poll_fn)(void *context, int64_t nodes, int64_t solutions);

#define F9_POLL_SECONDS 0.05

/* Solve a puzzle given as 81 symbol indexes (0-8, or -1 for empty), row-major.  Counts solutions up to
 * limit (limit <= 0: all), writes the first to solution (81 indexes) when it is not NULL, and stops at
 * node_limit guesses or time_limit seconds when those are positive, or when poll (if not NULL) asks. */
void f9_solve(const int *givens, int64_t limit, int64_t node_limit, double time_limit, f9_poll_fn poll,
              void *poll_context, int *solution, f9_result *result);

/* The instruction set the fast path runs with: "avx2" or "baseline" (chosen on first use from what the
 * CPU has). */
const char *f9_instruction_set(void);

/* Run the copy for name ("avx2" or "baseline") from now on; 0 (and no change) when this build or CPU
 * lacks it.  For tests that check both copies give the same answers. */
int f9_use_instruction_set(const char *name);

#ifdef __cplusplus
}
#endif

#endif
