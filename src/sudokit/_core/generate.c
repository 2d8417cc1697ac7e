/* sudokit's puzzle generator core; see generate.h for the contract. */
#include "generate.h"

#include "bits.h"

#include <stdlib.h>
#include <string.h>

/* The bookkeeping of a reduction: the order of the groups, the deferred ones, the clock. */
typedef struct {
    const sk_reduce_options *o;
    int *order;      /* orbit indexes in the order of this pass */
    int count;       /* how many in this pass */
    int next;        /* position in order */
    int *deferred;   /* orbits whose check hit this pass's limit */
    int ndeferred;
    int current;     /* the orbit of the check under way */
    int64_t limit;   /* node limit of this pass's checks (0: none) */
    sk_poll_fn poll;
    void *poll_context;
    struct timespec started;
    double next_poll;
} sk_reducer;

static double sk_seconds_since(const struct timespec *started) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - started->tv_sec) + (double)(now.tv_nsec - started->tv_nsec) * 1e-9;
}

void sk_reduce_begin(sk_reduce_result *result, const int *givens, int ncells) {
    result->status = SK_GEN_DONE;
    result->givens = 0;
    for (int c = 0; c < ncells; c++) result->givens += givens[c] >= 0;
    result->minimal = 1;
    result->nodes = 0;
    result->checks = 0;
}

static int sk_reducer_init(sk_reducer *r, const sk_reduce_options *o, sk_rng *rng, sk_poll_fn poll, void *poll_context) {
    r->o = o;
    r->next = 0;
    r->count = o->norbits;
    r->ndeferred = 0;
    r->current = -1;
    r->limit = SK_FIRST_CHECK_NODES;
    if (o->check_nodes > 0 && o->check_nodes < r->limit) r->limit = o->check_nodes;
    r->poll = poll;
    r->poll_context = poll_context;
    r->next_poll = SK_POLL_SECONDS;
    clock_gettime(CLOCK_MONOTONIC, &r->started);
    size_t size = (size_t)(o->norbits > 0 ? o->norbits : 1) * sizeof(int);
    r->order = malloc(size);
    r->deferred = malloc(size);
    if (!r->order || !r->deferred) return 0;
    for (int k = 0; k < o->norbits; k++) r->order[k] = k;
    sk_rng_shuffle(rng, r->order, o->norbits);
    return 1;
}

static void sk_reducer_free(sk_reducer *r) {
    free(r->order);
    free(r->deferred);
}

static double sk_reducer_seconds_left(const sk_reducer *r) {
    if (r->o->time_limit <= 0) return 0;
    double left = r->o->time_limit - sk_seconds_since(&r->started);
    return left > 1e-6 ? left : 1e-6;
}

/* Start the next pass over the deferred groups with a larger limit; 0 when there is none to make. */
static int sk_reducer_next_pass(sk_reducer *r, sk_reduce_result *result) {
    if (r->ndeferred == 0) return 0;
    if (r->limit == 0 || (r->o->check_nodes > 0 && r->limit >= r->o->check_nodes)) {
        result->minimal = 0; /* these groups stay unsettled: the puzzle may not be minimal */
        r->ndeferred = 0;
        return 0;
    }
    int64_t limit = r->limit * 16;
    if (r->o->check_nodes > 0 && limit >= r->o->check_nodes) limit = r->o->check_nodes;
    else if (r->o->check_nodes <= 0 && limit > ((int64_t)1 << 40)) limit = 0;
    r->limit = limit;
    memcpy(r->order, r->deferred, (size_t)r->ndeferred * sizeof(int));
    r->count = r->ndeferred;
    r->ndeferred = 0;
    r->next = 0;
    return 1;
}

static int sk_reducer_next(sk_reducer *r, const int *givens, sk_reduce_result *result, int *cells) {
    const sk_reduce_options *o = r->o;
    for (;;) {
        if (r->next >= r->count && !sk_reducer_next_pass(r, result)) return 0;
        if ((o->time_limit > 0 || r->poll) && (result->checks & 7) == 0) {
            double elapsed = sk_seconds_since(&r->started);
            if (o->time_limit > 0 && elapsed > o->time_limit) {
                result->status = SK_GEN_TIME_LIMIT;
                result->minimal = 0;
                return 0;
            }
            if (r->poll && elapsed >= r->next_poll) {
                r->next_poll = elapsed + SK_POLL_SECONDS;
                if (r->poll(r->poll_context, result->nodes, 0)) {
                    result->status = SK_GEN_INTERRUPTED;
                    result->minimal = 0;
                    return 0;
                }
            }
        }
        int orbit = r->order[r->next++];
        int k = 0, given = 1;
        for (int i = o->orbit_start[orbit]; i < o->orbit_start[orbit + 1] && k < SK_MAX_ORBIT; i++) {
            cells[k++] = o->orbit_cells[i];
            if (givens[cells[k - 1]] < 0) given = 0;
        }
        if (!given || k == 0) continue; /* already empty (outside the pattern) */
        if (result->givens - k < o->min_givens) {
            result->minimal = 0; /* not tried: the puzzle may have fewer givens than it needs */
            continue;
        }
        r->current = orbit;
        result->checks++;
        return k;
    }
}

static void sk_reducer_settle(sk_reducer *r, int *givens, const int *solution, const int *cells, int k, int other,
                       sk_reduce_result *result) {
    for (int j = 0; j < k; j++) givens[cells[j]] = other == 0 ? -1 : solution[cells[j]];
    if (other == 0) result->givens -= k;
    else if (other < 0) r->deferred[r->ndeferred++] = r->current;
}

void sk_reduce_groups(const sk_reduce_options *o, sk_rng *rng, sk_poll_fn poll, void *poll_context, int *givens,
                      const int *solution, sk_other_fn other_fn, void *context, sk_reduce_result *result) {
    sk_reducer reducer;
    if (!sk_reducer_init(&reducer, o, rng, poll, poll_context)) {
        sk_reducer_free(&reducer);
        result->status = SK_GEN_NO_MEMORY;
        return;
    }
    int cells[SK_MAX_ORBIT];
    int k;
    while ((k = sk_reducer_next(&reducer, givens, result, cells)) > 0) {
        /* is there a solution other than `solution` once the group's cells are empty?  Such a
         * solution differs first at some cell i of the group: keep cells before i, bar i's symbol */
        int other = 0;
        for (int i = 0; i < k && !other; i++) {
            for (int j = 0; j < k; j++) givens[cells[j]] = j < i ? solution[cells[j]] : -1;
            other = other_fn(context, givens, cells[i], reducer.limit, sk_reducer_seconds_left(&reducer),
                             &result->nodes);
        }
        if (other < -1) {
            for (int j = 0; j < k; j++) givens[cells[j]] = solution[cells[j]];
            result->status = other == -2 ? SK_GEN_INTERRUPTED : SK_GEN_NO_MEMORY;
            result->minimal = 0;
            break;
        }
        sk_reducer_settle(&reducer, givens, solution, cells, k, other, result);
    }
    sk_reducer_free(&reducer);
}

int sk_random_solution(sk_search *s, const int *givens, const sk_mask *allowed, sk_rng *rng, int64_t node_limit,
                       double time_limit, int *out, int64_t *nodes) {
    sk_set_random(s, rng);
    sk_set_limits(s, node_limit, time_limit);
    int status = sk_start(s, givens, allowed, NULL);
    if (status == SK_READY) status = sk_next(s);
    sk_set_random(s, NULL);
    *nodes = sk_nodes(s);
    switch (status) {
    case SK_SOLUTION:
        sk_solution(s, out);
        return SK_GEN_DONE;
    case SK_CONTRADICTION:
    case SK_EXHAUSTED:
        return SK_GEN_NONE;
    case SK_NODE_LIMIT:
        return SK_GEN_NODE_LIMIT;
    case SK_TIME_LIMIT:
        return SK_GEN_TIME_LIMIT;
    case SK_INTERRUPTED:
        return SK_GEN_INTERRUPTED;
    default:
        return SK_GEN_NO_MEMORY;
    }
}

/* The generic engine's check (an sk_other_fn): the cell's allowed symbols lose its symbol of the
 * solution, which the search also tries first elsewhere (solutions near it are found sooner).  With a
 * learning search (lcg.h), a check the core does not settle in SK_REDUCE_CORE_NODES nodes (most end
 * there, and the core's nodes are cheaper than conflicts) goes on in it, the givens and the barred
 * symbol as assumptions, so that what one check learns (it holds for the layout alone) serves every
 * later one. */
#define SK_REDUCE_CORE_NODES 4096

typedef struct {
    sk_search *search;
    sk_lcg *learner;     /* NULL: the core alone */
    sk_mask *work;       /* allowed symbols per cell */
    const int *solution;
} sk_other_context;

static int sk_other(void *context, const int *givens, int cell, int64_t node_limit, double seconds, int64_t *nodes) {
    sk_other_context *c = context;
    sk_search *s = c->search;
    int learn = c->learner && (node_limit <= 0 || node_limit > SK_REDUCE_CORE_NODES);
    sk_mask saved = c->work[cell];
    c->work[cell] &= ~((sk_mask)1 << c->solution[cell]);
    sk_set_limits(s, learn ? SK_REDUCE_CORE_NODES : node_limit, seconds);
    int status = sk_start(s, givens, c->work, NULL);
    if (status == SK_READY) {
        status = sk_next(s);
        *nodes += sk_nodes(s);
    }
    if (learn && status == SK_NODE_LIMIT) {
        sk_lcg_set_limits(c->learner, node_limit, seconds);
        status = sk_lcg_start(c->learner, givens, c->work, 1);
        if (status == SK_READY) {
            status = sk_lcg_next(c->learner);
            *nodes += sk_lcg_conflicts(c->learner);
        }
    }
    c->work[cell] = saved;
    if (status == SK_CONTRADICTION) return 0;
    switch (status) { /* 1 another solution, 0 none, -1 a limit, -2 interrupted, -3 out of memory */
    case SK_SOLUTION:
        return 1;
    case SK_EXHAUSTED:
        return 0;
    case SK_NODE_LIMIT:
    case SK_TIME_LIMIT:
        return -1;
    case SK_INTERRUPTED:
        return -2;
    default:
        return -3;
    }
}

void sk_reduce(sk_search *s, sk_lcg *learner, const int *solution, const sk_mask *allowed, int *givens,
               const sk_reduce_options *o, sk_rng *rng, sk_poll_fn poll, void *poll_context,
               sk_reduce_result *result) {
    const sk_layout *L = sk_search_layout(s);
    int n = L->ncells;
    sk_reduce_begin(result, givens, n);
    sk_mask *work = malloc((size_t)(n > 0 ? n : 1) * sizeof(sk_mask));
    if (!work) { result->status = SK_GEN_NO_MEMORY; return; }
    for (int c = 0; c < n; c++) work[c] = allowed ? allowed[c] & L->full : L->full;
    /* the starting givens must determine the solution (count to two) */
    if (result->givens < n) {
        int64_t count = 0;
        int status;
        if (learner) {
            sk_lcg_set_poll(learner, poll, poll_context);
            sk_lcg_set_limits(learner, o->check_nodes, o->time_limit);
            status = sk_lcg_start(learner, givens, work, 0);
            if (status == SK_READY) status = sk_lcg_count(learner, 2, &count, NULL);
            result->nodes += sk_lcg_conflicts(learner);
            sk_lcg_set_poll(learner, NULL, NULL); /* the reduction polls between checks, as with the core */
        } else {
            sk_set_limits(s, o->check_nodes, o->time_limit);
            status = sk_start(s, givens, work, NULL);
            if (status == SK_READY) status = sk_count(s, 2, &count, NULL);
            result->nodes += sk_nodes(s);
        }
        if (status == SK_NO_MEMORY) result->status = SK_GEN_NO_MEMORY;
        else if (status == SK_INTERRUPTED) result->status = SK_GEN_INTERRUPTED;
        else if (status == SK_NODE_LIMIT || status == SK_TIME_LIMIT) result->status = SK_GEN_NODE_LIMIT;
        else if (count != 1) result->status = count ? SK_GEN_NOT_UNIQUE : SK_GEN_NONE;
        if (result->status != SK_GEN_DONE) { free(work); return; }
    }
    sk_other_context context = {s, learner, work, solution};
    sk_set_preferred(s, solution);
    if (learner) sk_lcg_set_phases(learner, solution);
    sk_reduce_groups(o, rng, poll, poll_context, givens, solution, sk_other, &context, result);
    if (learner) sk_lcg_set_phases(learner, NULL);
    sk_set_preferred(s, NULL);
    free(work);
}

void sk_shuffle_grid(int *grid, int n, int box_rows, int box_cols, int relabel, int permute, sk_rng *rng) {
    int map[SK_MAX_SYMBOLS], rows[SK_MAX_SYMBOLS], cols[SK_MAX_SYMBOLS];
    if (n <= 0 || n > SK_MAX_SYMBOLS) return;
    if (relabel) {
        for (int k = 0; k < n; k++) map[k] = k;
        sk_rng_shuffle(rng, map, n);
        for (int c = 0; c < n * n; c++) grid[c] = map[grid[c]];
    }
    if (!permute || box_rows * box_cols != n) return;
    /* a line order: the blocks (bands or stacks) shuffled, then the lines within each block */
    int *orders[2] = {rows, cols};
    int sizes[2] = {box_rows, box_cols};
    for (int axis = 0; axis < 2; axis++) {
        int size = sizes[axis], blocks = n / size, block_order[SK_MAX_SYMBOLS], within[SK_MAX_SYMBOLS];
        for (int b = 0; b < blocks; b++) block_order[b] = b;
        sk_rng_shuffle(rng, block_order, blocks);
        for (int b = 0; b < blocks; b++) {
            for (int i = 0; i < size; i++) within[i] = i;
            sk_rng_shuffle(rng, within, size);
            for (int i = 0; i < size; i++) orders[axis][b * size + i] = block_order[b] * size + within[i];
        }
    }
    int transpose = box_rows == box_cols && (sk_rng_next(rng) >> 63);
    int *copy = malloc((size_t)n * (size_t)n * sizeof(int));
    if (!copy) return;
    memcpy(copy, grid, (size_t)n * (size_t)n * sizeof(int));
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int v = copy[rows[r] * n + cols[c]];
            if (transpose) grid[c * n + r] = v;
            else grid[r * n + c] = v;
        }
    free(copy);
}

/* ------------------------------------------------------------------------------------------------
 * Building givens up from an empty grid (big grids).  See generate.h. */

typedef struct {
    sk_search *s;
    const sk_layout *L;
    const sk_reduce_options *o;
    const int *solution;
    const sk_mask *base;   /* allowed symbols per cell */
    sk_mask *dom;          /* candidates after the propagation of the current givens */
    sk_mask *best_dom;
    int *heap;             /* the fill's queue of groups by gain (see sk_builder_fill) */
    int64_t *gain;
    int nheap;
    int *open;             /* scratch: groups with an open cell */
    int *trial;            /* scratch givens */
    int *order;            /* scratch: groups in the order a clean-up tries them */
    int *added;            /* groups added by the last fill */
    sk_mask *fix;          /* a clean-up's fixpoints, one grid per level of its split */
    char *near, *fresh;    /* scratch: units a refill touched; groups it added */
    int *cells, *symbols;  /* scratch: the cells a clean-up's step sets, and their symbols */
    int nadded;
    sk_rng *rng;
    int64_t checks;
    sk_poll_fn poll;
    void *poll_context;
    struct timespec started;
    double next_poll;
    double time_limit;
    int stopped;           /* SK_GEN_TIME_LIMIT or SK_GEN_INTERRUPTED once a bound is hit */
} sk_builder;

static int sk_builder_stop(sk_builder *b) {
    if (b->stopped) return 1;
    if (b->time_limit <= 0 && !b->poll) return 0;
    double elapsed = sk_seconds_since(&b->started);
    if (b->time_limit > 0 && elapsed > b->time_limit) b->stopped = SK_GEN_TIME_LIMIT;
    else if (b->poll && elapsed >= b->next_poll) {
        b->next_poll = elapsed + SK_POLL_SECONDS;
        if (b->poll(b->poll_context, b->checks, 0)) b->stopped = SK_GEN_INTERRUPTED;
    }
    return b->stopped != 0;
}

/* The candidates a propagation left go to out (NULL: none).  1: every cell has one candidate left (the
 * givens determine the solution by propagation alone), 0: some cell is open, -1: no memory. */
static int sk_builder_result(sk_builder *b, int status, sk_mask *out) {
    if (status == SK_NO_MEMORY) return -1;
    const sk_mask *cand = sk_root_candidates(b->s);
    int n = b->L->ncells, solved = 1;
    if (status == SK_CONTRADICTION || !cand) return 0; /* cannot happen with a solution's symbols */
    for (int c = 0; c < n; c++) {
        sk_mask m = cand[c];
        if (out) out[c] = m;
        if (!SK_SINGLE(m)) solved = 0;
    }
    return solved;
}

/* Propagate `givens` from `allowed` (see sk_builder_result). */
static int sk_builder_propagate(sk_builder *b, const int *givens, const sk_mask *allowed, sk_mask *out) {
    b->checks++;
    return sk_builder_result(b, sk_start(b->s, givens, allowed, NULL), out);
}

/* Group k's number of cells; whether it is given (its cells are given or empty together). */
static inline int sk_group_size(const sk_reduce_options *o, int k) {
    return o->orbit_start[k + 1] - o->orbit_start[k];
}
static inline int sk_group_given(const sk_reduce_options *o, const int *givens, int k) {
    return givens[o->orbit_cells[o->orbit_start[k]]] >= 0;
}

/* Propagate `fixpoint` with the cells of groups[0..count) set to their solution's symbols, skipping the
 * groups not given in `givens` (NULL: none skipped); to out, see sk_builder_result. */
static int sk_builder_add(sk_builder *b, const sk_mask *fixpoint, const int *groups, int count, const int *givens,
                          sk_mask *out) {
    const sk_reduce_options *o = b->o;
    int n = 0;
    for (int t = 0; t < count; t++) {
        int k = groups[t];
        if (givens && !sk_group_given(o, givens, k)) continue;
        for (int i = o->orbit_start[k]; i < o->orbit_start[k + 1]; i++) {
            b->cells[n] = o->orbit_cells[i];
            b->symbols[n++] = b->solution[o->orbit_cells[i]];
        }
    }
    b->checks++;
    return sk_builder_result(b, sk_start_from(b->s, fixpoint, n, b->cells, b->symbols), out);
}

static void sk_builder_set(sk_builder *b, int *givens, int orbit, int given) {
    for (int i = b->o->orbit_start[orbit]; i < b->o->orbit_start[orbit + 1]; i++) {
        int c = b->o->orbit_cells[i];
        givens[c] = given ? b->solution[c] : -1;
    }
}

/* The candidates left in a grid's masks. */
static int64_t sk_candidates(const sk_mask *cand, int n) {
    int64_t sum = 0;
    for (int c = 0; c < n; c++) sum += SK_POPCOUNT(cand[c]);
    return sum;
}

/* Propagate b->dom (a fixpoint) with group k given; *left receives the candidates left.  The result stays
 * in the search's root candidates until the next propagation.  1: solved, 0: open, -1: no memory. */
static int sk_builder_try(sk_builder *b, int k, int64_t *left) {
    int solved = sk_builder_add(b, b->dom, &k, 1, NULL, NULL);
    if (solved >= 0) *left = sk_candidates(sk_root_candidates(b->s), b->L->ncells);
    return solved;
}

/* Whether one of group k's cells has more than one candidate in b->dom. */
static int sk_builder_open(const sk_builder *b, int k) {
    for (int i = b->o->orbit_start[k]; i < b->o->orbit_start[k + 1]; i++) {
        if (!SK_SINGLE(b->dom[b->o->orbit_cells[i]])) return 1;
    }
    return 0;
}

/* The fill's queue of groups by their last measured gain (candidates a group's cells removed), largest
 * first: a binary heap of group numbers. */
static void sk_heap_swap(sk_builder *b, int i, int j) {
    int ki = b->heap[i], kj = b->heap[j];
    b->heap[i] = kj;
    b->heap[j] = ki;
}
static void sk_heap_down(sk_builder *b, int i) {
    for (;;) {
        int l = 2 * i + 1, r = l + 1, top = i;
        if (l < b->nheap && b->gain[b->heap[l]] > b->gain[b->heap[top]]) top = l;
        if (r < b->nheap && b->gain[b->heap[r]] > b->gain[b->heap[top]]) top = r;
        if (top == i) return;
        sk_heap_swap(b, i, top);
        i = top;
    }
}
static void sk_heap_pop(sk_builder *b) {
    sk_heap_swap(b, 0, --b->nheap);
    if (b->nheap > 0) sk_heap_down(b, 0);
}

/* Add groups to `givens` until propagation alone fills the grid, each time the group after which the
 * fewest candidates are left: of `samples` random groups with an open cell, or (samples < 0) of every
 * such group.  Weighing every group is done lazily: all are measured once, then each step measures
 * again only the group whose last gain is largest, and takes it when it still beats every other's
 * last gain (a given rarely removes more after others are added, so the old gains bound the new).
 * Returns the givens added (the groups in b->added), or -1 (no memory; a bound stopped it,
 * b->stopped). */
static int sk_builder_fill(sk_builder *b, int *givens, int samples) {
    const sk_reduce_options *o = b->o;
    int n = b->L->ncells, added = 0;
    b->nadded = 0;
    int solved = sk_builder_propagate(b, givens, b->base, b->dom);
    int64_t total = sk_candidates(b->dom, n);
    b->nheap = -1; /* the queue is built at the first step of a fill that weighs every group */
    while (solved == 0) {
        if (sk_builder_stop(b)) return -1;
        int best = -1;
        int64_t best_left = INT64_MAX;
        if (samples < 0 && b->nheap >= 0) {
            while (b->nheap > 0) {
                int k = b->heap[0];
                if (!sk_builder_open(b, k)) {
                    sk_heap_pop(b);
                    continue;
                }
                int64_t left;
                int now = sk_builder_try(b, k, &left);
                if (now < 0) return -1;
                b->gain[k] = total - left;
                sk_heap_down(b, 0);
                if (b->heap[0] == k) {
                    best = k;
                    best_left = left;
                    solved = now;
                    memcpy(b->dom, sk_root_candidates(b->s), (size_t)n * sizeof(sk_mask));
                    sk_heap_pop(b);
                    break;
                }
            }
            if (best < 0) return -1; /* an open cell outside every group: the caller's groups cover the grid */
        } else {
            int nopen = 0;
            for (int k = 0; k < o->norbits; k++)
                if (sk_builder_open(b, k)) b->open[nopen++] = k;
            if (nopen == 0) return -1;
            int tries = samples < 0 || nopen < samples ? nopen : samples;
            for (int t = 0; t < tries; t++) {
                int j = t + (int)sk_rng_below(b->rng, (uint32_t)(nopen - t));
                int k = b->open[j];
                b->open[j] = b->open[t];
                b->open[t] = k;
                int64_t left;
                int now = sk_builder_try(b, k, &left);
                if (now < 0) return -1;
                b->gain[k] = total - left;
                if (left < best_left) {
                    best_left = left;
                    best = k;
                    solved = now;
                    memcpy(b->best_dom, sk_root_candidates(b->s), (size_t)n * sizeof(sk_mask));
                }
            }
            memcpy(b->dom, b->best_dom, (size_t)n * sizeof(sk_mask));
            if (samples < 0) { /* every open group measured: queue the others by their gains */
                b->nheap = 0;
                for (int t = 0; t < nopen; t++) {
                    if (b->open[t] == best) continue;
                    b->heap[b->nheap++] = b->open[t];
                }
                for (int i = b->nheap / 2 - 1; i >= 0; i--) sk_heap_down(b, i);
            }
        }
        sk_builder_set(b, givens, best, 1);
        added += sk_group_size(o, best);
        b->added[b->nadded++] = best;
        total = best_left;
    }
    return solved < 0 ? -1 : added;
}

/* The clean-up's step: b->fix[depth] holds the fixpoint of the givens without the groups order[lo..hi)
 * (all given on entry), `solved` whether it fills the grid.  Decides those groups in order as a removal
 * one at a time would; *have counts the givens left.  Returns 0, or -1 when out of memory. */
static int sk_builder_split(sk_builder *b, int *givens, int lo, int hi, int depth, int solved, int *have) {
    const sk_reduce_options *o = b->o;
    if (sk_builder_stop(b)) return 0; /* what is still given determines the solution */
    if (solved) {
        /* the grid fills without any of them: each can go in turn, as far as the fewest allowed */
        int size = 0;
        for (int t = lo; t < hi; t++) size += sk_group_size(o, b->order[t]);
        if (*have - size >= o->min_givens) {
            for (int t = lo; t < hi; t++) sk_builder_set(b, givens, b->order[t], 0);
            *have -= size;
            return 0;
        }
        if (hi - lo == 1) return 0;
    } else if (hi - lo == 1) {
        return 0; /* needed */
    }
    int n = b->L->ncells, mid = lo + (hi - lo) / 2;
    sk_mask *fix = b->fix + (size_t)depth * n, *next = fix + n;
    /* the first half, with the second half given */
    int now = sk_builder_add(b, fix, b->order + mid, hi - mid, givens, next);
    if (now < 0 || sk_builder_split(b, givens, lo, mid, depth + 1, now, have) < 0) return -1;
    if (b->stopped) return 0;
    /* the second half, with what the first half kept */
    now = sk_builder_add(b, fix, b->order + lo, mid - lo, givens, next);
    if (now < 0) return -1;
    return sk_builder_split(b, givens, mid, hi, depth + 1, now, have);
}

/* Remove the groups of b->order (count of them) that propagation can do without, in that order, never
 * below o->min_givens: the result of checking each in turn (a group goes when the givens without it
 * still fill the grid by propagation).  Returns the givens removed (fewer groups decided when a bound
 * stopped it, b->stopped: what is left still determines the solution), or -1 when out of memory.
 *
 * Rather than one propagation per group, the order is split in halves: the first half is decided from
 * the fixpoint without it (the second half added to the fixpoint without both), then the second half
 * from the fixpoint with what the first half kept.  Adding givens to a fixpoint (sk_start_from) costs
 * what they newly settle, so a clean-up costs a few full propagations per level of the split instead of
 * a large share of one per group (on 64x64, 2,000 groups: about ten times fewer cells settled). */
static int sk_builder_clean(sk_builder *b, int *givens, int count, int have) {
    const sk_reduce_options *o = b->o;
    int kept = 0;
    for (int t = 0; t < count; t++)
        if (sk_group_given(o, givens, b->order[t])) b->order[kept++] = b->order[t];
    if (kept == 0) return 0;
    for (int t = 0; t < kept; t++) sk_builder_set(b, givens, b->order[t], 0);
    int solved = sk_builder_propagate(b, givens, b->base, b->fix);
    for (int t = 0; t < kept; t++) sk_builder_set(b, givens, b->order[t], 1);
    if (solved < 0) return -1;
    int left = have;
    if (sk_builder_split(b, givens, 0, kept, 0, solved, &left) < 0) return -1;
    return have - left;
}

/* The local search's clean-up order into b->order, and its length: the groups given in `givens` that
 * share a unit with a group the last fill added (what can have made them redundant), in random order,
 * then the added groups. */
static int sk_builder_near(sk_builder *b, const int *givens) {
    const sk_reduce_options *o = b->o;
    const sk_layout *L = b->L;
    memset(b->near, 0, (size_t)L->nunits);
    for (int a = 0; a < b->nadded; a++) {
        int k = b->added[a];
        b->fresh[k] = 1;
        for (int i = o->orbit_start[k]; i < o->orbit_start[k + 1]; i++) {
            int c = o->orbit_cells[i];
            for (int q = L->cell_unit_start[c]; q < L->cell_unit_start[c + 1]; q++) b->near[L->cell_units[q]] = 1;
        }
    }
    int count = 0;
    for (int k = 0; k < o->norbits; k++) {
        if (b->fresh[k] || !sk_group_given(o, givens, k)) continue;
        int near = 0;
        for (int i = o->orbit_start[k]; i < o->orbit_start[k + 1] && !near; i++) {
            int c = o->orbit_cells[i];
            for (int q = L->cell_unit_start[c]; q < L->cell_unit_start[c + 1] && !near; q++)
                near = b->near[L->cell_units[q]];
        }
        if (near) b->order[count++] = k;
    }
    for (int a = 0; a < b->nadded; a++) b->fresh[b->added[a]] = 0;
    sk_rng_shuffle(b->rng, b->order, count);
    memcpy(b->order + count, b->added, (size_t)b->nadded * sizeof(int));
    return count + b->nadded;
}

int sk_build_givens(sk_search *s, const int *solution, const sk_mask *allowed, const sk_reduce_options *o,
                    int samples, int target, sk_rng *rng, sk_poll_fn poll, void *poll_context, int *givens,
                    int64_t *checks) {
    const sk_layout *L = sk_search_layout(s);
    int n = L->ncells, m = o->norbits > 0 ? o->norbits : 1;
    sk_builder b = {0};
    b.s = s;
    b.L = L;
    b.o = o;
    b.solution = solution;
    b.rng = rng;
    b.poll = poll;
    b.poll_context = poll_context;
    b.next_poll = SK_POLL_SECONDS;
    b.time_limit = o->time_limit;
    clock_gettime(CLOCK_MONOTONIC, &b.started);
    sk_mask *base = malloc((size_t)n * sizeof(sk_mask));
    b.dom = malloc((size_t)n * sizeof(sk_mask));
    b.best_dom = malloc((size_t)n * sizeof(sk_mask));
    b.heap = malloc((size_t)m * sizeof(int));
    b.gain = malloc((size_t)m * sizeof(int64_t));
    b.open = malloc((size_t)m * sizeof(int));
    b.order = malloc((size_t)m * sizeof(int));
    b.added = malloc((size_t)m * sizeof(int));
    b.trial = malloc((size_t)n * sizeof(int));
    int levels = 2;
    while ((1 << (levels - 2)) < m) levels++; /* the split's depth, and one more */
    b.fix = malloc((size_t)levels * n * sizeof(sk_mask));
    b.cells = malloc((size_t)n * sizeof(int));
    b.near = malloc((size_t)(L->nunits > 0 ? L->nunits : 1));
    b.fresh = calloc((size_t)m, 1);
    b.symbols = malloc((size_t)n * sizeof(int));
    int status = SK_GEN_NO_MEMORY;
    if (!base || !b.dom || !b.best_dom || !b.open || !b.order || !b.added || !b.trial || !b.fix || !b.cells ||
        !b.symbols || !b.heap || !b.gain || !b.near ||
        !b.fresh)
        goto done;
    b.base = base;
    for (int c = 0; c < n; c++) {
        base[c] = allowed ? allowed[c] & L->full : L->full;
        givens[c] = -1;
    }
    for (int k = 0; k < o->norbits; k++) sk_builder_set(&b, givens, k, 1);
    for (int c = 0; c < n; c++)
        if (givens[c] < 0) { status = SK_GEN_NOT_UNIQUE; goto done; } /* groups must cover the grid */
    for (int c = 0; c < n; c++) givens[c] = -1;

    /* 1. fill from empty, then take back what propagation does without, earliest first */
    int have = sk_builder_fill(&b, givens, samples > 0 ? samples : -1);
    if (have < 0) goto stopped;
    memcpy(b.order, b.added, (size_t)b.nadded * sizeof(int));
    int removed = sk_builder_clean(&b, givens, b.nadded, have);
    if (removed < 0) goto stopped; /* out of memory */
    have -= removed; /* a bound may have cut the clean-up short: the givens are still a valid start */

    /* 2. while above the target: take out a few groups at random, fill again, clean up; keep the
     * result when it has no more givens (sideways moves let the search drift) */
    int idle = 0, rounds = 0;
    while (have > target && idle < SK_BUILD_IDLE_ROUNDS) {
        if (sk_builder_stop(&b)) break;
        rounds++;
        memcpy(b.trial, givens, (size_t)n * sizeof(int));
        int ngiven = 0;
        for (int k = 0; k < o->norbits; k++)
            if (sk_group_given(o, b.trial, k)) b.open[ngiven++] = k;
        /* a random number of groups: small and large moves, none so large that a clean-up must look at
         * most of a big grid */
        int most = ngiven / 15 > 2 ? ngiven / 15 : 2;
        if (most > SK_BUILD_MOST_TAKEN) most = SK_BUILD_MOST_TAKEN;
        int take = 2 + (int)sk_rng_below(rng, (uint32_t)(most - 1));
        if (take > ngiven) take = ngiven;
        int now = have;
        for (int t = 0; t < take; t++) {
            int j = t + (int)sk_rng_below(rng, (uint32_t)(ngiven - t));
            int k = b.open[j];
            b.open[j] = b.open[t];
            b.open[t] = k;
            sk_builder_set(&b, b.trial, k, 0);
            now -= sk_group_size(o, k);
        }
        /* a refill weighs every open group (it is short, and its trials cheap): exactly where rounds are
         * cheap (exact choices settle lower: 25x25, three seeds, 214 givens against 220), lazily on
         * bigger grids (more rounds in the time: 64x64, 60 s, 52.7 % empty against 51.7 %) */
        int more = sk_builder_fill(&b, b.trial, n <= SK_BUILD_EXACT_CELLS ? INT32_MAX : -1);
        if (more < 0) break;
        now += more;
        int count = sk_builder_near(&b, b.trial);
        int gone = sk_builder_clean(&b, b.trial, count, now);
        if (gone < 0) break;
        now -= gone;
        idle = now < have ? 0 : idle + 1;
        if (now <= have) {
            memcpy(givens, b.trial, (size_t)n * sizeof(int));
            have = now;
        }
    }
    /* 3. the local search cleaned up near each move only: a last clean-up of every group makes each given
     * needed.  Only an interrupt stops it (on 64x64 it takes about a second, whatever time was left) */
    if (rounds > 0 && b.stopped != SK_GEN_INTERRUPTED) {
        int stopped = b.stopped;
        double limit = b.time_limit;
        b.stopped = 0;
        b.time_limit = 0;
        int count = 0;
        for (int k = 0; k < o->norbits; k++)
            if (sk_group_given(o, givens, k)) b.order[count++] = k;
        sk_rng_shuffle(rng, b.order, count);
        sk_builder_clean(&b, givens, count, have);
        have = 0; /* counted again: out of memory, the clean-up may have stopped part way */
        for (int c = 0; c < n; c++) have += givens[c] >= 0;
        if (!b.stopped) b.stopped = stopped;
        b.time_limit = limit;
    }
    /* fewer givens than asked for (a fill can need fewer than the fewest allowed): add random ones back */
    if (have < o->min_givens) {
        int nempty = 0;
        for (int k = 0; k < o->norbits; k++)
            if (!sk_group_given(o, givens, k)) b.open[nempty++] = k;
        sk_rng_shuffle(rng, b.open, nempty);
        for (int t = 0; t < nempty && have < o->min_givens; t++) {
            sk_builder_set(&b, givens, b.open[t], 1);
            have += sk_group_size(o, b.open[t]);
        }
    }
    status = b.stopped == SK_GEN_INTERRUPTED ? SK_GEN_INTERRUPTED : SK_GEN_DONE;
    goto done;
stopped:
    /* stopped before the first fill was complete (or out of memory): the whole solution is a valid (if
     * dull) start */
    if (b.stopped == SK_GEN_INTERRUPTED) status = SK_GEN_INTERRUPTED;
    else if (b.stopped) status = SK_GEN_TIME_LIMIT;
    for (int c = 0; c < n; c++) givens[c] = solution[c];
done:
    if (checks) *checks = b.checks;
    free(base);
    free(b.dom);
    free(b.best_dom);
    free(b.heap);
    free(b.gain);
    free(b.open);
    free(b.order);
    free(b.added);
    free(b.trial);
    free(b.fix);
    free(b.cells);
    free(b.near);
    free(b.fresh);
    free(b.symbols);
    return status;
}
