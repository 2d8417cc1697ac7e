/* sudokit's puzzle generator core: random solution grids and the removal of givens while the puzzle
 * keeps one solution.
 *
 * Removal tries groups of cells (the orbits of the chosen symmetry: one cell each without symmetry) in
 * random order.  A group goes when no solution other than the known one survives without it, which one
 * search per cell of the group decides ("a solution that differs first at this cell"), far cheaper than
 * counting.  A group that cannot go now can never go later (fewer givens only allow more solutions), so
 * one pass gives a minimal puzzle.  Both searches, the generic engine and the 9x9 fast path, share the
 * bookkeeping here: the order, the bounds (fewest givens, nodes per check, seconds), polling for Ctrl-C.
 */
#ifndef SUDOKIT_GENERATE_H
#define SUDOKIT_GENERATE_H

#include <stdint.h>
#include <time.h>

#include "engine.h"
#include "lcg.h"
#include "random.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    SK_GEN_DONE = 0,        /* a grid was filled, or the givens were reduced */
    SK_GEN_NONE = 1,        /* there is no solution (no grid for this layout, or the givens clash) */
    SK_GEN_NOT_UNIQUE = 2,  /* the starting givens do not determine the solution */
    SK_GEN_NODE_LIMIT = 3,  /* a search hit its node limit before it could tell */
    SK_GEN_TIME_LIMIT = 4,  /* the seconds ran out (a reduction keeps what it had removed so far) */
    SK_GEN_INTERRUPTED = 5, /* the poll callback asked to stop */
    SK_GEN_NO_MEMORY = -1
};

#define SK_MAX_ORBIT 8 /* the largest group: a cell's images under the 8 rotations and reflections */

typedef struct {
    int norbits;
    const int *orbit_start; /* norbits + 1 offsets into orbit_cells */
    const int *orbit_cells; /* groups of cells given or removed together, at most SK_MAX_ORBIT each */
    int min_givens;         /* never remove a group that would leave fewer givens */
    int64_t check_nodes;    /* the largest node limit of a check (<= 0: none); a group whose check hits it
                             * stays, and the puzzle is not known to be minimal */
    double time_limit;      /* seconds for the whole reduction (<= 0: none) */
} sk_reduce_options;

typedef struct {
    int status;      /* SK_GEN_* */
    int givens;      /* how many are left */
    int minimal;     /* 1 when every group left was shown to be needed (none kept for a bound) */
    int64_t nodes;   /* branching guesses of every search */
    int64_t checks;  /* searches run */
} sk_reduce_result;

#define SK_FIRST_CHECK_NODES 64 /* the node limit of a reduction's first pass of checks */

void sk_reduce_begin(sk_reduce_result *result, const int *givens, int ncells);

/* A search's answer to "do the givens have a solution in which `cell` does not hold its symbol of the
 * known solution": 1 yes, 0 no, -1 a limit (node_limit guesses, seconds when positive) stopped it,
 * -2 the poll did, -3 out of memory.  It adds its guesses to *nodes. */
typedef int (*sk_other_fn)(void *context, const int *givens, int cell, int64_t node_limit, double seconds,
                           int64_t *nodes);

/* The removal passes both searches share: groups in random order, each removed when `other` finds no
 * other solution for any of its cells.  Checks start with a small node limit; a group whose check
 * hits it is deferred to a later pass with a limit 16 times larger (up to o->check_nodes), so that a
 * few hard checks do not hold up the easy ones.  Bounds and polling as in sk_reduce_options. */
void sk_reduce_groups(const sk_reduce_options *o, sk_rng *rng, sk_poll_fn poll, void *poll_context, int *givens,
                      const int *solution, sk_other_fn other, void *context, sk_reduce_result *result);

/* A random solution of the layout that keeps the givens (-1: empty) and allowed masks (NULL: all).
 * Returns SK_GEN_DONE (solution written to out), SK_GEN_NONE, SK_GEN_NODE_LIMIT, SK_GEN_TIME_LIMIT,
 * SK_GEN_INTERRUPTED or SK_GEN_NO_MEMORY; *nodes receives the guesses made. */
int sk_random_solution(sk_search *search, const int *givens, const sk_mask *allowed, sk_rng *rng,
                       int64_t node_limit, double time_limit, int *out, int64_t *nodes);

/* Remove givens from `givens` (a subset of `solution`, which must be a solution of the layout with the
 * allowed masks) while the puzzle keeps that one solution; see sk_reduce_result.  With a learning search
 * (lcg.h, made for the core's layout; NULL: none) the checks the core does not settle in a few thousand
 * nodes go on in it, the givens as assumptions, so that clauses learnt in one check serve the next. */
void sk_reduce(sk_search *search, sk_lcg *learner, const int *solution, const sk_mask *allowed, int *givens,
               const sk_reduce_options *o, sk_rng *rng, sk_poll_fn poll, void *poll_context,
               sk_reduce_result *result);

/* Givens built up from an empty grid rather than taken away from a full one (big grids, where the
 * random removal stops near half empty: every check there is a hard search).  Groups are added one at
 * a time, each the one after which the fewest candidates are left (of `samples` random groups with an
 * open cell; samples <= 0: of every such group, weighed lazily), until propagation alone (singles,
 * locked candidates, the layout's rules) fills the grid; then the groups propagation does without are
 * taken back, earliest first.  While more than `target` givens are left, a local search takes out a few
 * groups at random (at most SK_BUILD_MOST_TAKEN), fills again (weighing every open group: lazily beyond
 * SK_BUILD_EXACT_CELLS cells) and cleans up the groups sharing a unit with those added, keeping results
 * with no more givens, until o->time_limit, the poll, or SK_BUILD_IDLE_ROUNDS rounds without a gain;
 * then a last clean-up of every group (past the time limit: about a second on 64x64).  The givens
 * written to `givens` (which need not hold anything on entry) determine `solution` by propagation
 * alone, so they are unique, and propagation needs each of them (unless o->min_givens kept it, or a
 * bound cut the first clean-up short); never fewer than o->min_givens (random groups are added back
 * when the fill needed fewer).
 * The groups of `o` must cover every cell.  Returns SK_GEN_DONE, SK_GEN_TIME_LIMIT (the time ran out
 * before the first fill ended: `givens` is the whole solution), SK_GEN_INTERRUPTED, SK_GEN_NOT_UNIQUE
 * (a cell outside every group) or SK_GEN_NO_MEMORY; *checks receives the propagations run. */
#define SK_BUILD_IDLE_ROUNDS 200
#define SK_BUILD_MOST_TAKEN 20 /* groups a local search's move takes out at most */
#define SK_BUILD_EXACT_CELLS 625 /* up to this size a refill weighs every group each step, beyond lazily */
int sk_build_givens(sk_search *search, const int *solution, const sk_mask *allowed, const sk_reduce_options *o,
                    int samples, int target, sk_rng *rng, sk_poll_fn poll, void *poll_context, int *givens,
                    int64_t *checks);
/* The 9x9 fast path's versions: a random classic grid, and a reduction of classic givens. */
void f9_random_solution(sk_rng *rng, int *solution);
void f9_reduce(const int *solution, int *givens, const sk_reduce_options *o, sk_rng *rng, sk_poll_fn poll,
               void *poll_context, sk_reduce_result *result);

/* Random symmetries of a classic n x n grid with box_rows x box_cols boxes, in place: a relabelling of
 * the symbols (relabel), and (permute) bands, rows within bands, stacks, columns within stacks and,
 * for square boxes, a transposition.  Each maps solutions to solutions. */
void sk_shuffle_grid(int *grid, int n, int box_rows, int box_cols, int relabel, int permute, sk_rng *rng);

#ifdef __cplusplus
}
#endif

#endif
