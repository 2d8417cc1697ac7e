/* sudokit's puzzle generator core; see generate.h for the contract. */
#include "generate.h"

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
