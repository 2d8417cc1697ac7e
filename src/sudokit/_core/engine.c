/* sudokit search core; see engine.h for the contract. */
#include "engine.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__GNUC__) || defined(__clang__)
#define SK_POPCOUNT(x) __builtin_popcountll(x)
#define SK_CTZ(x) __builtin_ctzll(x)
#define SK_LIKELY(x) __builtin_expect(!!(x), 1)
#define SK_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
static int sk_popcount_portable(sk_mask x) {
    int n = 0;
    while (x) { x &= x - 1; n++; }
    return n;
}
static int sk_ctz_portable(sk_mask x) {
    int n = 0;
    while (!(x & 1)) { x >>= 1; n++; }
    return n;
}
#define SK_POPCOUNT(x) sk_popcount_portable(x)
#define SK_CTZ(x) sk_ctz_portable(x)
#define SK_LIKELY(x) (x)
#define SK_UNLIKELY(x) (x)
#endif

#define SK_SINGLE(m) (((m) & ((m) - 1)) == 0)

struct sk_search {
    const sk_layout *L;
    int depth;               /* current level in the stacks */
    int capacity;            /* levels allocated */
    sk_mask *cand;           /* capacity * ncells candidate masks, one block per level */
    int *nsolved;            /* per level: cells with exactly one candidate */
    int *branch_cell;        /* per level: the cell branched on */
    sk_mask *branch_rest;    /* per level: symbols of branch_cell not yet tried */
    int *queue;              /* cells that became single and still have to be propagated */
    int state;               /* 0 not started, 1 running (descend), 2 running (backtrack), 3 finished */
    int64_t nodes;
    int64_t node_limit;
    double time_limit;
    struct timespec started;
    sk_conflict fail;        /* where the last propagation failed */
};

/* ------------------------------------------------------------------------------------------ layout */

sk_layout *sk_layout_new(int ncells, int nsymbols, int nunits, const int *unit_sizes,
                         const int *unit_cells, const char **error) {
    const char *dummy;
    if (!error) error = &dummy;
    *error = NULL;
    if (ncells < 0 || nunits < 0) { *error = "negative size"; return NULL; }
    if (nsymbols < 1 || nsymbols > SK_MAX_SYMBOLS) { *error = "the core supports 1 to 64 symbols"; return NULL; }

    sk_layout *L = calloc(1, sizeof *L);
    if (!L) { *error = "out of memory"; return NULL; }
    L->ncells = ncells;
    L->nsymbols = nsymbols;
    L->nunits = nunits;
    L->full = nsymbols == 64 ? ~(sk_mask)0 : (((sk_mask)1 << nsymbols) - 1);

    int total = 0;
    for (int u = 0; u < nunits; u++) {
        if (unit_sizes[u] < 0 || unit_sizes[u] > nsymbols) {
            *error = "a unit has more cells than there are symbols";
            goto fail;
        }
        total += unit_sizes[u];
    }
    L->unit_start = malloc((size_t)(nunits + 1) * sizeof(int));
    L->unit_cells = malloc((size_t)(total > 0 ? total : 1) * sizeof(int));
    L->complete_units = malloc((size_t)(nunits > 0 ? nunits : 1) * sizeof(int));
    L->peer_start = calloc((size_t)ncells + 1, sizeof(int));
    if (!L->unit_start || !L->unit_cells || !L->complete_units || !L->peer_start) {
        *error = "out of memory";
        goto fail;
    }
    int pos = 0;
    for (int u = 0; u < nunits; u++) {
        L->unit_start[u] = pos;
        for (int k = 0; k < unit_sizes[u]; k++) {
            int c = unit_cells[pos + k];
            if (c < 0 || c >= ncells) { *error = "a unit names a cell that does not exist"; goto fail; }
            for (int j = 0; j < k; j++)
                if (unit_cells[pos + j] == c) { *error = "a unit names the same cell twice"; goto fail; }
            L->unit_cells[pos + k] = c;
        }
        pos += unit_sizes[u];
        if (unit_sizes[u] == nsymbols) L->complete_units[L->ncomplete++] = u;
    }
    L->unit_start[nunits] = pos;

    /* Peers: the union of a cell's units, without the cell itself and without repeats.  Built with a
     * per-cell "last seen" stamp so that it costs O(sum of unit sizes squared). */
    int *cell_unit_count = calloc((size_t)ncells + 1, sizeof(int));
    int *stamp = malloc((size_t)(ncells > 0 ? ncells : 1) * sizeof(int));
    if (!cell_unit_count || !stamp) { free(cell_unit_count); free(stamp); *error = "out of memory"; goto fail; }
    for (int c = 0; c < ncells; c++) stamp[c] = -1;
    /* first pass: count peers per cell */
    int *cell_units_start = calloc((size_t)ncells + 1, sizeof(int));
    int *cell_units = malloc((size_t)(total > 0 ? total : 1) * sizeof(int));
    if (!cell_units_start || !cell_units) {
        free(cell_unit_count); free(stamp); free(cell_units_start); free(cell_units);
        *error = "out of memory"; goto fail;
    }
    for (int i = 0; i < total; i++) cell_units_start[L->unit_cells[i] + 1]++;
    for (int c = 0; c < ncells; c++) cell_units_start[c + 1] += cell_units_start[c];
    for (int u = 0; u < nunits; u++)
        for (int i = L->unit_start[u]; i < L->unit_start[u + 1]; i++) {
            int c = L->unit_cells[i];
            cell_units[cell_units_start[c] + cell_unit_count[c]++] = u;
        }
    int npeers = 0;
    for (int c = 0; c < ncells; c++) {
        stamp[c] = c;
        for (int k = cell_units_start[c]; k < cell_units_start[c + 1]; k++) {
            int u = cell_units[k];
            for (int i = L->unit_start[u]; i < L->unit_start[u + 1]; i++) {
                int p = L->unit_cells[i];
                if (stamp[p] != c) { stamp[p] = c; npeers++; }
            }
        }
    }
    L->peers = malloc((size_t)(npeers > 0 ? npeers : 1) * sizeof(int));
    if (!L->peers) {
        free(cell_unit_count); free(stamp); free(cell_units_start); free(cell_units);
        *error = "out of memory"; goto fail;
    }
    for (int c = 0; c < ncells; c++) stamp[c] = -1;
    pos = 0;
    for (int c = 0; c < ncells; c++) {
        L->peer_start[c] = pos;
        stamp[c] = c;
        for (int k = cell_units_start[c]; k < cell_units_start[c + 1]; k++) {
            int u = cell_units[k];
            for (int i = L->unit_start[u]; i < L->unit_start[u + 1]; i++) {
                int p = L->unit_cells[i];
                if (stamp[p] != c) { stamp[p] = c; L->peers[pos++] = p; }
            }
        }
    }
    L->peer_start[ncells] = pos;
    free(cell_unit_count); free(stamp); free(cell_units_start); free(cell_units);
    return L;

fail:
    sk_layout_free(L);
    return NULL;
}

void sk_layout_free(sk_layout *L) {
    if (!L) return;
    free(L->unit_start);
    free(L->unit_cells);
    free(L->complete_units);
    free(L->peer_start);
    free(L->peers);
    free(L);
}

/* ------------------------------------------------------------------------------------------ search */

sk_search *sk_search_new(const sk_layout *L) {
    sk_search *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->L = L;
    s->queue = malloc((size_t)(L->ncells > 0 ? L->ncells : 1) * sizeof(int));
    if (!s->queue) { free(s); return NULL; }
    return s;
}

void sk_search_free(sk_search *s) {
    if (!s) return;
    free(s->cand);
    free(s->nsolved);
    free(s->branch_cell);
    free(s->branch_rest);
    free(s->queue);
    free(s);
}

void sk_set_limits(sk_search *s, int64_t node_limit, double time_limit_seconds) {
    s->node_limit = node_limit;
    s->time_limit = time_limit_seconds;
}

int64_t sk_nodes(const sk_search *s) { return s->nodes; }

/* Make room for level `level` (0-based) in the stacks. */
static int sk_reserve(sk_search *s, int level) {
    if (level < s->capacity) return 1;
    int cap = s->capacity ? s->capacity : 8;
    while (cap <= level) cap *= 2;
    if (cap > s->L->ncells + 1) cap = s->L->ncells + 1;
    if (cap <= level) cap = level + 1;
    size_t n = (size_t)(s->L->ncells > 0 ? s->L->ncells : 1);
    sk_mask *cand = realloc(s->cand, (size_t)cap * n * sizeof(sk_mask));
    if (!cand) return 0;
    s->cand = cand;
    int *nsolved = realloc(s->nsolved, (size_t)cap * sizeof(int));
    if (!nsolved) return 0;
    s->nsolved = nsolved;
    int *bc = realloc(s->branch_cell, (size_t)cap * sizeof(int));
    if (!bc) return 0;
    s->branch_cell = bc;
    sk_mask *br = realloc(s->branch_rest, (size_t)cap * sizeof(sk_mask));
    if (!br) return 0;
    s->branch_rest = br;
    s->capacity = cap;
    return 1;
}

static inline sk_mask *sk_level(sk_search *s, int level) {
    return s->cand + (size_t)level * (size_t)s->L->ncells;
}

/* Propagate to a fixpoint from the cells in the queue (qlen of them).  Returns 1 when consistent,
 * 0 on a contradiction (s->fail says where). */
static int sk_propagate(sk_search *s, sk_mask *cand, int *nsolved, int qlen) {
    const sk_layout *L = s->L;
    const int *peer_start = L->peer_start;
    const int *peers = L->peers;
    int *queue = s->queue;
    int solved = *nsolved;
    for (;;) {
        /* naked singles: a solved cell removes its symbol from its peers */
        while (qlen > 0) {
            int c = queue[--qlen];
            sk_mask b = cand[c];
            for (int i = peer_start[c], e = peer_start[c + 1]; i < e; i++) {
                int p = peers[i];
                sk_mask m = cand[p];
                if (m & b) {
                    m &= ~b;
                    cand[p] = m;
                    if (SK_UNLIKELY(m == 0)) {
                        s->fail.kind = SK_CONFLICT_EMPTY_CELL;
                        s->fail.cell = p;
                        s->fail.symbol = SK_CTZ(b);
                        *nsolved = solved;
                        return 0;
                    }
                    if (SK_SINGLE(m)) { queue[qlen++] = p; solved++; }
                }
            }
        }
        if (solved == L->ncells) break;
        /* hidden singles: in a complete unit, a symbol with one possible cell goes there */
        int found = 0;
        const sk_mask full = L->full;
        for (int k = 0; k < L->ncomplete; k++) {
            int u = L->complete_units[k];
            const int *uc = L->unit_cells + L->unit_start[u];
            int size = L->unit_start[u + 1] - L->unit_start[u];
            sk_mask once = 0, twice = 0, fixed = 0;
            for (int i = 0; i < size; i++) {
                sk_mask m = cand[uc[i]];
                twice |= once & m;
                once |= m;
                if (SK_SINGLE(m)) fixed |= m;
            }
            if (SK_UNLIKELY(once != full)) {
                s->fail.kind = SK_CONFLICT_NO_PLACE;
                s->fail.unit = u;
                s->fail.symbol = SK_CTZ(full & ~once);
                *nsolved = solved;
                return 0;
            }
            sk_mask exact = once & ~twice & ~fixed;
            while (exact) {
                sk_mask b = exact & (~exact + 1);
                exact ^= b;
                int i = 0;
                while (i < size && !(cand[uc[i]] & b)) i++;
                if (SK_UNLIKELY(i == size)) {
                    /* the one cell for b was just claimed by another hidden single of this unit */
                    s->fail.kind = SK_CONFLICT_NO_PLACE;
                    s->fail.unit = u;
                    s->fail.symbol = SK_CTZ(b);
                    *nsolved = solved;
                    return 0;
                }
                cand[uc[i]] = b;
                queue[qlen++] = uc[i];
                solved++;
                found = 1;
            }
        }
        if (!found) break;
    }
    *nsolved = solved;
    return 1;
}

static double sk_elapsed(const sk_search *s) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - s->started.tv_sec) + (double)(now.tv_nsec - s->started.tv_nsec) * 1e-9;
}

int sk_start(sk_search *s, const int *givens, const sk_mask *allowed, sk_conflict *conflict) {
    const sk_layout *L = s->L;
    sk_conflict none = {SK_CONFLICT_NONE, -1, -1, -1, -1};
    s->fail = none;
    if (conflict) *conflict = none;
    s->depth = 0;
    s->nodes = 0;
    s->state = 3;
    clock_gettime(CLOCK_MONOTONIC, &s->started);
    if (!sk_reserve(s, 0)) return SK_NO_MEMORY;

    /* two equal givens in one unit */
    for (int u = 0; u < L->nunits; u++) {
        sk_mask seen = 0;
        for (int i = L->unit_start[u]; i < L->unit_start[u + 1]; i++) {
            int c = L->unit_cells[i];
            int g = givens[c];
            if (g < 0) continue;
            if (g >= L->nsymbols) g = 0; /* rejected below */
            sk_mask b = (sk_mask)1 << g;
            if (seen & b) {
                for (int j = L->unit_start[u]; j < i; j++) {
                    if (givens[L->unit_cells[j]] == givens[c]) {
                        s->fail.kind = SK_CONFLICT_DUPLICATE;
                        s->fail.cell = L->unit_cells[j];
                        s->fail.other_cell = c;
                        s->fail.unit = u;
                        s->fail.symbol = givens[c];
                        break;
                    }
                }
                if (conflict) *conflict = s->fail;
                return SK_CONTRADICTION;
            }
            seen |= b;
        }
    }

    sk_mask *cand = sk_level(s, 0);
    int qlen = 0, solved = 0;
    for (int c = 0; c < L->ncells; c++) {
        sk_mask m = allowed ? (allowed[c] & L->full) : L->full;
        int g = givens[c];
        if (g >= 0) {
            sk_mask b = g < L->nsymbols ? (sk_mask)1 << g : 0;
            if (!(m & b)) {
                s->fail.kind = SK_CONFLICT_NOT_ALLOWED;
                s->fail.cell = c;
                s->fail.symbol = g;
                if (conflict) *conflict = s->fail;
                return SK_CONTRADICTION;
            }
            m = b;
        } else if (m == 0) {
            s->fail.kind = SK_CONFLICT_EMPTY_CELL;
            s->fail.cell = c;
            if (conflict) *conflict = s->fail;
            return SK_CONTRADICTION;
        }
        cand[c] = m;
        if (SK_SINGLE(m)) { s->queue[qlen++] = c; solved++; }
    }
    s->nsolved[0] = solved;
    if (!sk_propagate(s, cand, &s->nsolved[0], qlen)) {
        if (conflict) *conflict = s->fail;
        return SK_CONTRADICTION;
    }
    s->state = 1;
    return SK_READY;
}

/* The unsolved cell with the fewest candidates (first such cell on ties), or -1 when all are solved. */
static int sk_choose(const sk_layout *L, const sk_mask *cand) {
    int best = -1, best_count = SK_MAX_SYMBOLS + 1;
    for (int c = 0; c < L->ncells; c++) {
        sk_mask m = cand[c];
        if (SK_SINGLE(m)) continue;
        int k = SK_POPCOUNT(m);
        if (k < best_count) {
            best = c;
            best_count = k;
            if (k == 2) break;
        }
    }
    return best;
}

int sk_next(sk_search *s) {
    const sk_layout *L = s->L;
    const int n = L->ncells;
    if (s->state == 0 || s->state == 3) return SK_EXHAUSTED;
    for (;;) {
        int d = s->depth;
        if (s->state == 1) {
            /* the state at depth d is a consistent fixpoint */
            if (s->nsolved[d] == n) {
                s->branch_rest[d] = 0;
                s->state = 2;
                return SK_SOLUTION;
            }
            int c = sk_choose(L, sk_level(s, d));
            s->branch_cell[d] = c;
            s->branch_rest[d] = sk_level(s, d)[c];
            s->state = 2;
        }
        /* try the next symbol at the deepest level that has one left */
        while (s->branch_rest[d] == 0) {
            if (d == 0) { s->state = 3; return SK_EXHAUSTED; }
            d--;
        }
        s->depth = d;
        if (s->node_limit > 0 && s->nodes >= s->node_limit) { s->state = 3; return SK_NODE_LIMIT; }
        if (s->time_limit > 0 && (s->nodes & 255) == 0 && sk_elapsed(s) > s->time_limit) {
            s->state = 3;
            return SK_TIME_LIMIT;
        }
        s->nodes++;
        sk_mask rest = s->branch_rest[d];
        sk_mask b = rest & (~rest + 1);
        s->branch_rest[d] = rest ^ b;
        if (!sk_reserve(s, d + 1)) { s->state = 3; return SK_NO_MEMORY; }
        sk_mask *from = sk_level(s, d), *to = sk_level(s, d + 1);
        memcpy(to, from, (size_t)n * sizeof(sk_mask));
        int c = s->branch_cell[d];
        to[c] = b;
        s->queue[0] = c;
        s->nsolved[d + 1] = s->nsolved[d] + 1;
        if (sk_propagate(s, to, &s->nsolved[d + 1], 1)) {
            s->depth = d + 1;
            s->state = 1;
        }
    }
}

void sk_solution(const sk_search *s, int *out) {
    const sk_mask *cand = s->cand + (size_t)s->depth * (size_t)s->L->ncells;
    for (int c = 0; c < s->L->ncells; c++) out[c] = SK_CTZ(cand[c]);
}

int sk_count(sk_search *s, int64_t limit, int64_t *count, int *first_solution) {
    int64_t found = 0;
    int status;
    for (;;) {
        status = sk_next(s);
        if (status != SK_SOLUTION) break;
        if (found == 0 && first_solution) sk_solution(s, first_solution);
        found++;
        if (limit > 0 && found >= limit) break;
    }
    *count = found;
    return status;
}
