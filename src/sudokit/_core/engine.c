/* sudokit search core; see engine.h for the contract. */
#include "engine.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define SK_SUM_SHORT 8       /* sums of at most this many terms are checked combination by combination */
#define SK_SUM_BUDGET 20000L /* search steps one such check may take before it settles for the bounds */
#include <time.h>

#include "bits.h"

void sk_search_free(sk_search *search);

/* A branching decision.  unit < 0: cell `cell` takes one of the symbols in `rest`.  unit >= 0: symbol
 * `symbol` goes to one of the cells of `unit` whose positions (in the unit's cell list) are in `rest`. */
typedef struct {
    int unit;
    int cell;
    int symbol;
    sk_mask rest;
    int tried_cell;          /* the cell of the alternative last tried (-1: none pending) */
    sk_mask tried_value;     /* and its value: removed from this level once that alternative is done */
} sk_branch;

struct sk_search {
    const sk_layout *L;
    int depth;               /* current level in the stacks */
    int capacity;            /* levels allocated */
    sk_mask *cand;           /* capacity * ncells candidate masks, one block per level */
    int *nsolved;            /* per level: cells with exactly one candidate */
    sk_branch *branch;       /* per level: what was branched on and what is left to try */
    int *queue;              /* cells that became single and still have to be propagated */
    int state;               /* 0 not started, 1 running (descend), 2 running (backtrack), 3 finished */
    int64_t nodes;
    int64_t node_limit;
    double time_limit;
    struct timespec started;
    sk_poll_fn poll;         /* called about every SK_POLL_SECONDS; nonzero stops the search */
    void *poll_context;
    double next_poll;        /* seconds since started at which poll is due */
    int64_t solutions;       /* found by sk_next since sk_start */
    sk_conflict fail;        /* where the last propagation failed */
    /* Change tracking, so that each rule looks only at units whose candidates changed since it last
     * looked: a unit needs a rule when changed_at[u] > base and changed_at[u] > that rule's seen[u]. */
    int64_t tick;            /* counts candidate changes */
    int64_t base;            /* changes up to this tick were propagated in the parent state */
    int64_t *changed_at;     /* per unit: tick of its last candidate change */
    int64_t *hidden_at;      /* per unit: tick when hidden singles last looked at it */
    int64_t *locks_at;       /* ... locked candidates */
    int64_t *hall_at;        /* ... Hall sets */
    int64_t *cage_at;        /* ... cage sums */
    int64_t *cell_at;        /* per cell: tick of its last candidate change (for links) */
    int64_t *link_at;        /* per link: tick when it was last revised */
    int64_t *sum_at;         /* per sum: tick when it was last propagated */
    int64_t *auto_at;        /* per automaton: tick when it was last propagated */
    void *auto_mark;         /* scratch of sk_automaton_support */
    int64_t *conn_at;        /* per connected group: tick when it was last propagated */
    sk_mask *auto_sup;       /* scratch: per cell of one automaton, its supported candidates */
    int64_t *either_at;      /* per either group: tick when it was last propagated */
    sk_mask *either_copy;    /* scratch: ncells candidates a branch is tried on */
    sk_mask *either_kept;    /* scratch: per cell of one group, what some branch keeps */
    int *conn_scratch;       /* 6 * conn_max ints: a depth-first search's discovery order, low links,
                              * members below, parents, stack and next edge */
    double *weight;          /* per cell: how often it took part in a failure (for weighted branching) */
    int64_t failures;        /* branches refuted by propagation so far */
    sk_rng *rng;             /* NULL: try symbols in increasing order; else in random order */
    const int *preferred;    /* NULL, or per cell the symbol to try first (a known solution) */
};

/* Record that a cell's candidates changed. */
static inline void sk_touch(sk_search *s, int cell) {
    const sk_layout *L = s->L;
    int64_t t = ++s->tick;
    for (int k = L->cell_unit_start[cell], e = L->cell_unit_start[cell + 1]; k < e; k++)
        s->changed_at[L->cell_units[k]] = t;
    s->cell_at[cell] = t;
}

/* Whether a rule that last looked at unit u at tick seen[u] must look again. */
static inline int sk_stale(const sk_search *s, int u, const int64_t *seen) {
    int64_t t = s->changed_at[u];
    return t > s->base && t > seen[u];
}

/* ------------------------------------------------------------------------------------------ layout */

/* Locked candidates need, for every complete unit U and every other unit V sharing at least two cells
 * with it (and reaching outside it), the cells of U∩V, of U only and of V only.  `stamp` is scratch
 * space of ncells ints. */
static int sk_build_locks(sk_layout *L, int *stamp) {
    int count = 0, cells = 0;
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1) {
            L->lock_seg = malloc((size_t)(4 * count + 1) * sizeof(int));
            L->lock_cells = malloc((size_t)(cells > 0 ? cells : 1) * sizeof(int));
            L->unit_lock_start = calloc((size_t)(2 * L->nunits + 1), sizeof(int));
            L->lock_run = malloc((size_t)(count + 1) * sizeof(int));
            if (!L->lock_seg || !L->lock_cells || !L->unit_lock_start || !L->lock_run) return 0;
            L->nlocks = count;
            count = cells = 0;
        }
        for (int c = 0; c < L->ncells; c++) stamp[c] = -1;
        for (int k = 0; k < L->ncomplete; k++) {
            int u = L->complete_units[k];
            for (int i = L->unit_start[u]; i < L->unit_start[u + 1]; i++) stamp[L->unit_cells[i]] = u;
            if (pass == 1) L->unit_lock_start[2 * u] = count;
            for (int v = 0; v < L->nunits; v++) {
                if (v == u) continue;
                int inter = 0, outside = 0;
                for (int i = L->unit_start[v]; i < L->unit_start[v + 1]; i++) {
                    if (stamp[L->unit_cells[i]] == u) inter++; else outside++;
                }
                if (inter < 2 || outside == 0) continue;
                int size_u = L->unit_start[u + 1] - L->unit_start[u];
                if (pass == 1) {
                    int *seg = L->lock_seg + 4 * count;
                    int pos = cells;
                    seg[0] = pos;
                    for (int i = L->unit_start[v]; i < L->unit_start[v + 1]; i++)
                        if (stamp[L->unit_cells[i]] == u) L->lock_cells[pos++] = L->unit_cells[i];
                    seg[1] = pos;
                    /* U only: cells of U not in V */
                    for (int i = L->unit_start[u]; i < L->unit_start[u + 1]; i++) {
                        int c = L->unit_cells[i], in_v = 0;
                        for (int j = L->unit_start[v]; j < L->unit_start[v + 1]; j++)
                            if (L->unit_cells[j] == c) { in_v = 1; break; }
                        if (!in_v) L->lock_cells[pos++] = c;
                    }
                    seg[2] = pos;
                    for (int i = L->unit_start[v]; i < L->unit_start[v + 1]; i++)
                        if (stamp[L->unit_cells[i]] != u) L->lock_cells[pos++] = L->unit_cells[i];
                    seg[3] = pos;
                }
                count++;
                cells += inter + (size_u - inter) + outside;
            }
            if (pass == 1) L->unit_lock_start[2 * u + 1] = count;
        }
    }
    /* runs of consecutive pairs whose U∩V parts partition U (a row's boxes, a box's rows, its columns) */
    int tag = -2;
    for (int k = 0; k < L->ncomplete; k++) {
        int u = L->complete_units[k], size_u = L->unit_start[u + 1] - L->unit_start[u];
        int p = L->unit_lock_start[2 * u], e = L->unit_lock_start[2 * u + 1];
        while (p < e) {
            int q = p, covered = 0, disjoint = 1;
            tag--;
            while (q < e && covered < size_u && disjoint) {
                const int *seg = L->lock_seg + 4 * q;
                for (int i = seg[0]; i < seg[1]; i++) {
                    if (stamp[L->lock_cells[i]] == tag) disjoint = 0;
                    stamp[L->lock_cells[i]] = tag;
                }
                if (disjoint) covered += seg[1] - seg[0];
                q++;
            }
            if (disjoint && covered == size_u && q - p >= 2 && q - p <= SK_MAX_SYMBOLS) {
                L->lock_run[p] = q;
                for (int r = p + 1; r < q; r++) L->lock_run[r] = -1;
                p = q;
            } else {
                L->lock_run[p++] = -1;
            }
        }
    }
    return 1;
}

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
    /* the defaults: strong propagation and conflict-directed branching (see benchmarks/README.md) */
    L->use_locks = 1;
    L->use_hall = 1;
    L->hall_after = 256;
    L->branch_weighted = 1;
    L->branch_on_places = 0;
    L->branch_refute = 1;
    L->sum_terms = 4; /* longer sums: the combinations cost more than they save (benchmarks/README.md) */

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
    L->unit_required = calloc((size_t)(nunits > 0 ? nunits : 1), sizeof(sk_mask));
    L->peer_start = calloc((size_t)ncells + 1, sizeof(int));
    if (!L->unit_start || !L->unit_cells || !L->complete_units || !L->unit_required || !L->peer_start) {
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
        if (unit_sizes[u] == nsymbols) {
            L->complete_units[L->ncomplete++] = u;
            L->unit_required[u] = L->full;
        }
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
    free(cell_unit_count);
    L->cell_unit_start = cell_units_start;
    L->cell_units = cell_units;
    if (!sk_build_locks(L, stamp)) { free(stamp); *error = "out of memory"; goto fail; }
    free(stamp);
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
    free(L->unit_required);
    free(L->peer_start);
    free(L->peers);
    free(L->lock_seg);
    free(L->lock_cells);
    free(L->unit_lock_start);
    free(L->lock_run);
    free(L->cell_unit_start);
    free(L->cell_units);
    free(L->rel_start);
    free(L->rel_other);
    free(L->rel_distances);
    free(L->cage_unit);
    free(L->cage_combo_start);
    free(L->cage_combos);
    free(L->link_a);
    free(L->link_b);
    free(L->link_table);
    free(L->link_reverse);
    free(L->sum_start);
    free(L->sum_cell);
    free(L->sum_coef);
    free(L->sum_total);
    free(L->sum_differ);
    free(L->sum_short);
    free(L->value);
    free(L->auto_start);
    free(L->auto_cell);
    free(L->auto_layer_start);
    free(L->auto_layer);
    free(L->auto_state_start);
    free(L->auto_next);
    free(L->auto_out);
    free(L->conn_start);
    free(L->conn_cell);
    free(L->conn_adj_start);
    free(L->conn_adj);
    free(L->conn_member);
    free(L->auto_owner);
    free(L->either_start);
    free(L->branch_start);
    free(L->branch_auto);
    free(L->either_cell_start);
    free(L->either_cell);
    free(L->cell_mask);
    free(L);
}

int sk_layout_add_relations(sk_layout *L, int n, const int *a, const int *b, const sk_mask *distances,
                            const char **error) {
    const char *dummy;
    if (!error) error = &dummy;
    if (L->rel_start) { *error = "relations were added already"; return 0; }
    for (int i = 0; i < n; i++) {
        if (a[i] < 0 || a[i] >= L->ncells || b[i] < 0 || b[i] >= L->ncells || a[i] == b[i]) {
            *error = "a relation names a cell that does not exist, or one cell twice";
            return 0;
        }
    }
    L->rel_start = calloc((size_t)L->ncells + 1, sizeof(int));
    L->rel_other = malloc((size_t)(2 * n + 1) * sizeof(int));
    L->rel_distances = malloc((size_t)(2 * n + 1) * sizeof(sk_mask));
    int *fill = calloc((size_t)L->ncells + 1, sizeof(int));
    if (!L->rel_start || !L->rel_other || !L->rel_distances || !fill) {
        free(fill);
        *error = "out of memory";
        return 0;
    }
    for (int i = 0; i < n; i++) {
        L->rel_start[a[i] + 1]++;
        L->rel_start[b[i] + 1]++;
    }
    for (int c = 0; c < L->ncells; c++) L->rel_start[c + 1] += L->rel_start[c];
    for (int i = 0; i < n; i++) {
        int k = L->rel_start[a[i]] + fill[a[i]]++;
        L->rel_other[k] = b[i];
        L->rel_distances[k] = distances[i];
        k = L->rel_start[b[i]] + fill[b[i]]++;
        L->rel_other[k] = a[i];
        L->rel_distances[k] = distances[i];
    }
    free(fill);
    return 1;
}

/* Symbols some units must hold besides the complete ones' (a long renban's middle digits): hidden
 * singles and locked candidates then apply to them for those symbols.  Replaces the list of such units
 * and rebuilds the locks. */
int sk_layout_set_required(sk_layout *L, const sk_mask *required, const char **error) {
    const char *dummy;
    if (!error) error = &dummy;
    L->ncomplete = 0;
    for (int u = 0; u < L->nunits; u++) {
        int size = L->unit_start[u + 1] - L->unit_start[u];
        sk_mask m = size == L->nsymbols ? L->full : (required[u] & L->full);
        if (SK_POPCOUNT(m) > size) { *error = "a unit must hold more symbols than it has cells"; return 0; }
        L->unit_required[u] = m;
        if (m) L->complete_units[L->ncomplete++] = u;
    }
    free(L->lock_seg);
    free(L->lock_cells);
    free(L->unit_lock_start);
    free(L->lock_run);
    L->lock_seg = NULL;
    L->lock_cells = NULL;
    L->unit_lock_start = NULL;
    L->lock_run = NULL;
    int *stamp = malloc((size_t)(L->ncells + 1) * sizeof(int));
    if (!stamp || !sk_build_locks(L, stamp)) { free(stamp); *error = "out of memory"; return 0; }
    free(stamp);
    return 1;
}

int sk_layout_add_masks(sk_layout *L, const sk_mask *masks, const char **error) {
    const char *dummy;
    if (!error) error = &dummy;
    if (L->cell_mask) { *error = "cell masks were added already"; return 0; }
    L->cell_mask = malloc((size_t)(L->ncells + 1) * sizeof(sk_mask));
    if (!L->cell_mask) { *error = "out of memory"; return 0; }
    for (int c = 0; c < L->ncells; c++) L->cell_mask[c] = masks[c] & L->full;
    return 1;
}

int sk_layout_add_links(sk_layout *L, int n, const int *a, const int *b, const sk_mask *tables,
                        const char **error) {
    const char *dummy;
    if (!error) error = &dummy;
    if (L->link_a) { *error = "links were added already"; return 0; }
    for (int i = 0; i < n; i++) {
        if (a[i] < 0 || a[i] >= L->ncells || b[i] < 0 || b[i] >= L->ncells || a[i] == b[i]) {
            *error = "a link names a cell that does not exist, or one cell twice";
            return 0;
        }
    }
    int m = L->nsymbols;
    L->link_a = malloc((size_t)(n + 1) * sizeof(int));
    L->link_b = malloc((size_t)(n + 1) * sizeof(int));
    L->link_table = calloc((size_t)n * (size_t)m + 1, sizeof(sk_mask));
    L->link_reverse = calloc((size_t)n * (size_t)m + 1, sizeof(sk_mask));
    if (!L->link_a || !L->link_b || !L->link_table || !L->link_reverse) { *error = "out of memory"; return 0; }
    for (int i = 0; i < n; i++) {
        L->link_a[i] = a[i];
        L->link_b[i] = b[i];
        for (int x = 0; x < m; x++) {
            sk_mask row = tables[(size_t)i * (size_t)m + (size_t)x] & L->full;
            L->link_table[(size_t)i * (size_t)m + (size_t)x] = row;
            for (sk_mask left = row; left; left &= left - 1)
                L->link_reverse[(size_t)i * (size_t)m + (size_t)SK_CTZ(left)] |= (sk_mask)1 << x;
        }
    }
    L->nlinks = n;
    return 1;
}

int sk_layout_add_sums(sk_layout *L, int n, const int *sizes, const int *cells, const int64_t *coefficients,
                       const int64_t *totals, const int64_t *values, const char **error) {
    const char *dummy;
    if (!error) error = &dummy;
    if (L->sum_start) { *error = "sums were added already"; return 0; }
    int total = 0;
    for (int k = 0; k < n; k++) {
        if (sizes[k] < 1) { *error = "a sum needs at least one cell"; return 0; }
        total += sizes[k];
    }
    for (int i = 0; i < total; i++)
        if (cells[i] < 0 || cells[i] >= L->ncells) { *error = "a sum names a cell that does not exist"; return 0; }
    L->sum_start = malloc((size_t)(n + 1) * sizeof(int));
    L->sum_cell = malloc((size_t)(total + 1) * sizeof(int));
    L->sum_coef = malloc((size_t)(total + 1) * sizeof(int64_t));
    L->sum_total = malloc((size_t)(n + 1) * sizeof(int64_t));
    L->value = malloc((size_t)L->nsymbols * sizeof(int64_t));
    if (!L->sum_start || !L->sum_cell || !L->sum_coef || !L->sum_total || !L->value) {
        *error = "out of memory";
        return 0;
    }
    int pos = 0;
    for (int k = 0; k < n; k++) {
        L->sum_start[k] = pos;
        L->sum_total[k] = totals[k];
        pos += sizes[k];
    }
    L->sum_start[n] = pos;
    memcpy(L->sum_cell, cells, (size_t)total * sizeof(int));
    memcpy(L->sum_coef, coefficients, (size_t)total * sizeof(int64_t));
    memcpy(L->value, values, (size_t)L->nsymbols * sizeof(int64_t));
    L->sum_differ = calloc((size_t)(total + 1), sizeof(uint32_t));
    L->sum_short = calloc((size_t)(n + 1), 1);
    if (!L->sum_differ || !L->sum_short) { *error = "out of memory"; return 0; }
    for (int k = 0; k < n; k++) {
        int start = L->sum_start[k], size = L->sum_start[k + 1] - start;
        if (size > SK_SUM_SHORT) continue;
        int once = 1;
        for (int i = 0; i < size; i++) {
            int a = L->sum_cell[start + i];
            for (int j = 0; j < size; j++) {
                int b = L->sum_cell[start + j];
                if (i == j) continue;
                if (a == b) { once = 0; continue; }
                for (int p = L->peer_start[a]; p < L->peer_start[a + 1]; p++)
                    if (L->peers[p] == b) { L->sum_differ[start + i] |= (uint32_t)1 << j; break; }
            }
        }
        L->sum_short[k] = (unsigned char)once;
    }
    L->nsums = n;
    return 1;
}

int sk_layout_add_automata(sk_layout *L, int n, const int *lengths, const int *cells, const int *layer_sizes,
                           const int32_t *next, const char **error) {
    const char *dummy;
    if (!error) error = &dummy;
    if (L->auto_start) { *error = "automata were added already"; return 0; }
    int64_t ncell = 0, nlayer = 0, nstate = 0;
    for (int k = 0; k < n; k++) {
        if (lengths[k] < 1) { *error = "an automaton needs at least one cell"; return 0; }
        ncell += lengths[k];
        nlayer += lengths[k] + 1;
    }
    for (int64_t i = 0; i < ncell; i++)
        if (cells[i] < 0 || cells[i] >= L->ncells) { *error = "an automaton names a cell that does not exist"; return 0; }
    int max_states = 1;
    {
        int64_t layer = 0;
        for (int k = 0; k < n; k++) {
            int64_t states = 0;
            if (layer_sizes[layer] != 1) { *error = "an automaton starts from one state"; return 0; }
            for (int i = 0; i <= lengths[k]; i++) {
                if (layer_sizes[layer + i] < 1) { *error = "an automaton has an empty layer"; return 0; }
                states += layer_sizes[layer + i];
            }
            if (states > 50000000 / (L->nsymbols > 0 ? L->nsymbols : 1)) { *error = "an automaton has too many states"; return 0; }
            if (states > max_states) max_states = (int)states;
            layer += lengths[k] + 1;
            nstate += states;
        }
    }
    if (nstate * L->nsymbols > INT32_MAX) { *error = "the automata have too many states"; return 0; }
    L->auto_start = malloc((size_t)(n + 1) * sizeof(int));
    L->auto_cell = malloc((size_t)(ncell + 1) * sizeof(int));
    L->auto_layer_start = malloc((size_t)(n + 1) * sizeof(int));
    L->auto_layer = malloc((size_t)(nlayer + n + 1) * sizeof(int));
    L->auto_state_start = malloc((size_t)(n + 1) * sizeof(int));
    L->auto_next = malloc((size_t)(nstate * L->nsymbols + 1) * sizeof(int32_t));
    L->auto_out = calloc((size_t)nstate + 1, sizeof(sk_mask));
    if (!L->auto_start || !L->auto_cell || !L->auto_layer_start || !L->auto_layer || !L->auto_state_start ||
        !L->auto_next || !L->auto_out) {
        *error = "out of memory";
        return 0;
    }
    memcpy(L->auto_cell, cells, (size_t)ncell * sizeof(int));
    memcpy(L->auto_next, next, (size_t)(nstate * L->nsymbols) * sizeof(int32_t));
    int pos = 0, layer = 0, lpos = 0, state = 0;
    for (int k = 0; k < n; k++) {
        L->auto_start[k] = pos;
        L->auto_layer_start[k] = lpos;
        L->auto_state_start[k] = state;
        int first = 0;
        for (int i = 0; i <= lengths[k]; i++) {
            L->auto_layer[lpos++] = first;
            first += layer_sizes[layer + i];
        }
        L->auto_layer[lpos++] = first; /* the end of the last layer */
        /* every transition leads from layer i into layer i + 1 */
        const int *bounds = L->auto_layer + L->auto_layer_start[k];
        for (int i = 0; i < lengths[k]; i++)
            for (int q = bounds[i]; q < bounds[i + 1]; q++)
                for (int x = 0; x < L->nsymbols; x++) {
                    int32_t t = L->auto_next[((size_t)state + (size_t)q) * (size_t)L->nsymbols + (size_t)x];
                    if (t != -1 && (t < bounds[i + 1] || t >= bounds[i + 2])) {
                        *error = "an automaton's transition skips a layer";
                        return 0;
                    }
                }
        for (int q = bounds[lengths[k]]; q < bounds[lengths[k] + 1]; q++)
            for (int x = 0; x < L->nsymbols; x++)
                L->auto_next[((size_t)state + (size_t)q) * (size_t)L->nsymbols + (size_t)x] = -1;
        pos += lengths[k];
        layer += lengths[k] + 1;
        state += first;
    }
    L->auto_start[n] = pos;
    L->auto_layer_start[n] = lpos;
    L->auto_state_start[n] = state;
    for (size_t q = 0; q < (size_t)nstate; q++)
        for (int x = 0; x < L->nsymbols; x++)
            if (L->auto_next[q * (size_t)L->nsymbols + (size_t)x] >= 0) L->auto_out[q] |= (sk_mask)1 << x;
    L->auto_max_states = max_states;
    L->auto_max_len = 1;
    for (int k = 0; k < n; k++)
        if (lengths[k] > L->auto_max_len) L->auto_max_len = lengths[k];
    L->nautomata = n;
    return 1;
}

int sk_layout_add_either(sk_layout *L, int n, const int *branches, const int *sizes, const int *automata,
                         const char **error) {
    const char *dummy;
    if (!error) error = &dummy;
    if (L->either_start) { *error = "either groups were added already"; return 0; }
    int nbranch = 0, nauto = 0;
    for (int g = 0; g < n; g++) {
        if (branches[g] < 1) { *error = "an either group needs a branch"; return 0; }
        nbranch += branches[g];
    }
    for (int b = 0; b < nbranch; b++) {
        if (sizes[b] < 1) { *error = "an either group's branch needs an automaton"; return 0; }
        nauto += sizes[b];
    }
    for (int j = 0; j < nauto; j++)
        if (automata[j] < 0 || automata[j] >= L->nautomata) { *error = "an either group names an automaton that does not exist"; return 0; }
    L->auto_owner = malloc((size_t)(L->nautomata > 0 ? L->nautomata : 1) * sizeof(int));
    L->either_start = malloc((size_t)(n + 1) * sizeof(int));
    L->branch_start = malloc((size_t)(nbranch + 1) * sizeof(int));
    L->branch_auto = malloc((size_t)(nauto + 1) * sizeof(int));
    L->either_cell_start = malloc((size_t)(n + 1) * sizeof(int));
    int *seen = calloc((size_t)(L->ncells > 0 ? L->ncells : 1), sizeof(int));
    int total = 0;
    for (int j = 0; j < nauto; j++) total += L->auto_start[automata[j] + 1] - L->auto_start[automata[j]];
    L->either_cell = malloc((size_t)(total + 1) * sizeof(int));
    if (!L->auto_owner || !L->either_start || !L->branch_start || !L->branch_auto || !L->either_cell_start || !seen ||
        !L->either_cell) {
        free(seen);
        *error = "out of memory";
        return 0;
    }
    for (int k = 0; k < L->nautomata; k++) L->auto_owner[k] = -1;
    int b = 0, j = 0, cpos = 0;
    L->either_max = 1;
    for (int g = 0; g < n; g++) {
        L->either_start[g] = b;
        L->either_cell_start[g] = cpos;
        for (int e = 0; e < branches[g]; e++, b++) {
            L->branch_start[b] = j;
            for (int a = 0; a < sizes[b]; a++, j++) {
                int k = automata[j];
                if (L->auto_owner[k] >= 0) {
                    free(seen);
                    *error = "an automaton belongs to two either groups";
                    return 0;
                }
                L->auto_owner[k] = g;
                L->branch_auto[j] = k;
                for (int i = L->auto_start[k]; i < L->auto_start[k + 1]; i++) {
                    int c = L->auto_cell[i];
                    if (seen[c] != g + 1) {
                        seen[c] = g + 1;
                        L->either_cell[cpos++] = c;
                    }
                }
            }
        }
        int size = cpos - L->either_cell_start[g];
        if (size > L->either_max) L->either_max = size;
    }
    L->either_start[n] = b;
    L->branch_start[b] = j;
    L->either_cell_start[n] = cpos;
    L->neither = n;
    free(seen);
    return 1;
}

int sk_layout_add_connected(sk_layout *L, int n, const int *sizes, const int *cells, const int *degrees,
                            const int *adjacency, const sk_mask *members, const char **error) {
    const char *dummy;
    if (!error) error = &dummy;
    if (L->conn_start) { *error = "connected groups were added already"; return 0; }
    int64_t ncell = 0, nadj = 0;
    int most = 1;
    for (int k = 0; k < n; k++) {
        if (sizes[k] < 1) { *error = "a connected group needs at least one cell"; return 0; }
        if (!(members[k] & L->full)) { *error = "a connected group needs member symbols"; return 0; }
        ncell += sizes[k];
        if (sizes[k] > most) most = sizes[k];
    }
    for (int64_t i = 0; i < ncell; i++) {
        if (cells[i] < 0 || cells[i] >= L->ncells) { *error = "a connected group names a cell that does not exist"; return 0; }
        if (degrees[i] < 0) { *error = "a connected group's cell has a negative degree"; return 0; }
        nadj += degrees[i];
    }
    if (ncell + nadj > INT32_MAX) { *error = "the connected groups are too large"; return 0; }
    L->conn_start = malloc((size_t)(n + 1) * sizeof(int));
    L->conn_cell = malloc((size_t)(ncell + 1) * sizeof(int));
    L->conn_adj_start = malloc((size_t)(ncell + 1) * sizeof(int));
    L->conn_adj = malloc((size_t)(nadj + 1) * sizeof(int));
    L->conn_member = malloc((size_t)(n + 1) * sizeof(sk_mask));
    if (!L->conn_start || !L->conn_cell || !L->conn_adj_start || !L->conn_adj || !L->conn_member) {
        *error = "out of memory";
        return 0;
    }
    int pos = 0, apos = 0;
    for (int k = 0; k < n; k++) {
        L->conn_start[k] = pos;
        L->conn_member[k] = members[k] & L->full;
        for (int i = 0; i < sizes[k]; i++, pos++) {
            L->conn_cell[pos] = cells[pos];
            L->conn_adj_start[pos] = apos;
            for (int j = 0; j < degrees[pos]; j++, apos++) {
                int to = adjacency[apos];
                if (to < 0 || to >= sizes[k] || to == i) {
                    *error = "a connected group's edge leaves the group";
                    return 0;
                }
                L->conn_adj[apos] = to;
            }
        }
    }
    L->conn_start[n] = pos;
    L->conn_adj_start[pos] = apos;
    L->conn_max = most;
    L->nconnected = n;
    return 1;
}

/* The sets of `size` distinct symbols from `first` on whose values sum to `target`, appended to
 * out (capacity *cap, count *count); 0 when there are more than SK_MAX_COMBOS or memory runs out. */
#define SK_MAX_COMBOS (1 << 20)
static int sk_combos(const int64_t *values, int nsymbols, int first, int size, int64_t target, sk_mask chosen,
                     sk_mask **out, int *count, int *cap) {
    if (size == 0) {
        if (target != 0) return 1;
        if (*count >= SK_MAX_COMBOS) return 0;
        if (*count == *cap) {
            int grown = *cap ? 2 * *cap : 64;
            sk_mask *more = realloc(*out, (size_t)grown * sizeof(sk_mask));
            if (!more) return 0;
            *out = more;
            *cap = grown;
        }
        (*out)[(*count)++] = chosen;
        return 1;
    }
    for (int v = first; v <= nsymbols - size; v++)
        if (!sk_combos(values, nsymbols, v + 1, size - 1, target - values[v], chosen | (sk_mask)1 << v, out,
                       count, cap))
            return 0;
    return 1;
}

int sk_layout_add_cages(sk_layout *L, int n, const int *units, const int64_t *targets, const int64_t *values,
                        int *failed, const char **error) {
    const char *dummy;
    int ignored;
    if (!error) error = &dummy;
    if (!failed) failed = &ignored;
    *failed = -1;
    if (L->cage_unit) { *error = "cages were added already"; return 0; }
    L->cage_unit = malloc((size_t)(n + 1) * sizeof(int));
    L->cage_combo_start = malloc((size_t)(n + 1) * sizeof(int));
    if (!L->cage_unit || !L->cage_combo_start) { *error = "out of memory"; return 0; }
    int count = 0, cap = 0;
    for (int i = 0; i < n; i++) {
        int u = units[i];
        *failed = i;
        if (u < 0 || u >= L->nunits) { *error = "a cage names a unit that does not exist"; return 0; }
        L->cage_unit[i] = u;
        L->cage_combo_start[i] = count;
        int size = L->unit_start[u + 1] - L->unit_start[u];
        if (!sk_combos(values, L->nsymbols, 0, size, targets[i], 0, &L->cage_combos, &count, &cap)) {
            *error = "a cage has too many combinations of symbols to propagate its sum";
            return 0;
        }
        if (count == L->cage_combo_start[i]) {
            *error = "no set of distinct symbols reaches the cage's sum";
            return 0;
        }
    }
    *failed = -1;
    L->cage_combo_start[n] = count;
    L->ncages = n;
    if (!L->cage_combos) L->cage_combos = malloc(sizeof(sk_mask));
    return 1;
}

/* ------------------------------------------------------------------------------------------ search */

sk_search *sk_search_new(const sk_layout *L) {
    sk_search *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->L = L;
    size_t nu = (size_t)(L->nunits > 0 ? L->nunits : 1);
    s->queue = malloc((size_t)(L->ncells > 0 ? L->ncells : 1) * sizeof(int));
    s->changed_at = malloc(nu * sizeof(int64_t));
    s->hidden_at = malloc(nu * sizeof(int64_t));
    s->locks_at = malloc(nu * sizeof(int64_t));
    s->hall_at = malloc(nu * sizeof(int64_t));
    s->cage_at = malloc(nu * sizeof(int64_t));
    s->cell_at = calloc((size_t)(L->ncells > 0 ? L->ncells : 1), sizeof(int64_t));
    s->link_at = calloc((size_t)(L->nlinks > 0 ? L->nlinks : 1), sizeof(int64_t));
    s->sum_at = calloc((size_t)(L->nsums > 0 ? L->nsums : 1), sizeof(int64_t));
    s->auto_at = calloc((size_t)(L->nautomata > 0 ? L->nautomata : 1), sizeof(int64_t));
    s->auto_mark = malloc(sk_automaton_scratch(L));
    s->weight = calloc((size_t)(L->ncells > 0 ? L->ncells : 1), sizeof(double));
    s->conn_at = calloc((size_t)(L->nconnected > 0 ? L->nconnected : 1), sizeof(int64_t));
    s->conn_scratch = malloc((size_t)(L->nconnected > 0 ? 6 * L->conn_max : 1) * sizeof(int));
    s->auto_sup = malloc((size_t)(L->auto_max_len > 0 ? L->auto_max_len : 1) * sizeof(sk_mask));
    s->either_at = calloc((size_t)(L->neither > 0 ? L->neither : 1), sizeof(int64_t));
    s->either_copy = malloc((size_t)(L->neither > 0 && L->ncells > 0 ? L->ncells : 1) * sizeof(sk_mask));
    s->either_kept = malloc((size_t)(L->either_max > 0 ? L->either_max : 1) * sizeof(sk_mask));
    if (!s->conn_at || !s->conn_scratch || !s->auto_sup || !s->either_at || !s->either_copy || !s->either_kept) {
        sk_search_free(s);
        return NULL;
    }
    if (!s->queue || !s->changed_at || !s->hidden_at || !s->locks_at || !s->hall_at || !s->cage_at || !s->weight ||
        !s->cell_at || !s->link_at || !s->sum_at || !s->auto_at || !s->auto_mark) {
        sk_search_free(s);
        return NULL;
    }
    return s;
}

void sk_search_free(sk_search *s) {
    if (!s) return;
    free(s->cand);
    free(s->nsolved);
    free(s->branch);
    free(s->queue);
    free(s->changed_at);
    free(s->hidden_at);
    free(s->locks_at);
    free(s->hall_at);
    free(s->cage_at);
    free(s->cell_at);
    free(s->link_at);
    free(s->sum_at);
    free(s->auto_at);
    free(s->auto_mark);
    free(s->conn_at);
    free(s->conn_scratch);
    free(s->auto_sup);
    free(s->either_at);
    free(s->either_copy);
    free(s->either_kept);
    free(s->weight);
    free(s);
}

void sk_set_limits(sk_search *s, int64_t node_limit, double time_limit_seconds) {
    s->node_limit = node_limit;
    s->time_limit = time_limit_seconds;
}

void sk_set_poll(sk_search *s, sk_poll_fn poll, void *context) {
    s->poll = poll;
    s->poll_context = context;
}

void sk_set_random(sk_search *s, sk_rng *rng) { s->rng = rng; }

void sk_set_preferred(sk_search *s, const int *values) { s->preferred = values; }

int64_t sk_nodes(const sk_search *s) { return s->nodes; }

const sk_mask *sk_root_candidates(const sk_search *s) { return s->cand; }

const sk_layout *sk_search_layout(const sk_search *s) { return s->L; }

int64_t sk_solutions(const sk_search *s) { return s->solutions; }

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
    sk_branch *br = realloc(s->branch, (size_t)cap * sizeof(sk_branch));
    if (!br) return 0;
    s->branch = br;
    s->capacity = cap;
    return 1;
}

static inline sk_mask *sk_level(sk_search *s, int level) {
    return s->cand + (size_t)level * (size_t)s->L->ncells;
}

/* Hall-set reasoning on one complete unit (generalised arc consistency of all-different, after Régin):
 * find a perfect matching of its cells to symbols, then keep in each cell only the symbols matched to
 * cells of its own strongly connected component in the graph "c -> d when c can take d's match".
 * This removes every candidate that no solution of the unit alone can use: naked and hidden subsets of
 * any size at once.  Returns -1 on a contradiction (no perfect matching), else the number of cells
 * whose candidates shrank (their new singles are pushed on the queue). */
static int sk_match_augment(const sk_mask *cm, int *match_cell_of, int *match_of, int i, sk_mask *seen) {
    sk_mask avail = cm[i] & ~*seen;
    while (avail) {
        sk_mask b = avail & (~avail + 1);
        avail ^= b;
        *seen |= b;
        int v = SK_CTZ(b);
        int owner = match_cell_of[v];
        if (owner < 0 || sk_match_augment(cm, match_cell_of, match_of, owner, seen)) {
            match_cell_of[v] = i;
            match_of[i] = v;
            return 1;
        }
    }
    return 0;
}

/* Hall filter over a bipartite graph: row i (i < size) may take the columns in cm[i] (columns are
 * 0..ncols-1, ncols <= 64, size <= ncols).  Returns 0 when no matching gives every row a column; else
 * writes to allowed[i] the columns of cm[i] that some such matching gives row i (Régin's filter for
 * all-different: keep the edges inside strongly connected components of the alternating graph, and
 * those reachable from a free column). */
int sk_hall_filter(const sk_mask *cm, int size, int ncols, sk_mask *allowed, int *match_out, sk_mask *reach_out,
                   sk_mask *fail_rows) {
    int match_of[SK_MAX_SYMBOLS], match_cell_of[SK_MAX_SYMBOLS];
    sk_mask used = 0;
    for (int v = 0; v < ncols; v++) match_cell_of[v] = -1;
    for (int i = 0; i < size; i++) { /* greedy start: each row takes its lowest free column */
        sk_mask free_here = cm[i] & ~used;
        if (free_here) {
            int v = SK_CTZ(free_here);
            match_of[i] = v;
            match_cell_of[v] = i;
            used |= (sk_mask)1 << v;
        } else {
            match_of[i] = -1;
        }
    }
    for (int i = 0; i < size; i++) {
        if (match_of[i] >= 0) continue;
        sk_mask seen = 0;
        if (!sk_match_augment(cm, match_cell_of, match_of, i, &seen)) {
            if (fail_rows) { /* the rows the failed augmenting search visited take only the columns it saw */
                sk_mask rows = (sk_mask)1 << i;
                for (sk_mask m = seen; m; m &= m - 1) rows |= (sk_mask)1 << match_cell_of[SK_CTZ(m)];
                *fail_rows = rows;
            }
            return 0;
        }
        used |= (sk_mask)1 << match_of[i];
    }
    /* reach[i]: rows reachable from row i (reflexive) along "i can take j's column", by closure */
    sk_mask reach[SK_MAX_SYMBOLS];
    sk_mask free_cols = (ncols == 64 ? ~(sk_mask)0 : (((sk_mask)1 << ncols) - 1)) & ~used;
    sk_mask to_free = 0; /* rows with an alternating path to a free column */
    for (int i = 0; i < size; i++) {
        sk_mask r = 0, m = cm[i] & used;
        while (m) {
            int v = SK_CTZ(m);
            m &= m - 1;
            r |= (sk_mask)1 << match_cell_of[v];
        }
        reach[i] = r;
        if (cm[i] & free_cols) to_free |= (sk_mask)1 << i;
    }
    for (int k = 0; k < size; k++) {
        sk_mask bit = (sk_mask)1 << k;
        for (int i = 0; i < size; i++)
            if (reach[i] & bit) reach[i] |= reach[k];
    }
    /* a row whose reach meets to_free can pass its column on to a free one */
    sk_mask flexible = 0;
    for (int i = 0; i < size; i++)
        if (reach[i] & to_free) flexible |= (sk_mask)1 << i;
    for (int i = 0; i < size; i++) {
        /* keep: free columns, columns of rows in i's component, columns of flexible rows */
        sk_mask keep = free_cols, r = reach[i];
        while (r) {
            int j = SK_CTZ(r);
            r &= r - 1;
            if ((reach[j] >> i & 1) || (flexible >> j & 1)) keep |= (sk_mask)1 << match_of[j];
        }
        allowed[i] = cm[i] & keep;
    }
    if (match_out) memcpy(match_out, match_of, (size_t)size * sizeof(int));
    if (reach_out) memcpy(reach_out, reach, (size_t)size * sizeof(sk_mask));
    return 1;
}

/* Hall sets in one complete unit: naked and hidden subsets of every size at once.  Returns -1 on a
 * contradiction, else the number of cells whose candidates shrank (new singles are queued). */
static int sk_hall_unit(sk_search *s, sk_mask *cand, int u, int *qlen, int *solved) {
    const sk_layout *L = s->L;
    const int *uc = L->unit_cells + L->unit_start[u];
    const int size = L->unit_start[u + 1] - L->unit_start[u];
    sk_mask cm[SK_MAX_SYMBOLS], allowed[SK_MAX_SYMBOLS];
    sk_mask open = 0;
    for (int i = 0; i < size; i++) {
        cm[i] = cand[uc[i]];
        if (!SK_SINGLE(cm[i])) open |= (sk_mask)1 << i;
    }
    int nopen = SK_POPCOUNT(open);
    if (nopen < 3) return 0; /* singles propagation already covers 0-2 open cells */
    /* A Hall set among the open cells exists only if, for some k < nopen, k of them have at most k
     * candidates (a hidden subset is the complement of a naked one).  Cheap to rule out, and in a
     * wide-open unit it usually is. */
    int histogram[SK_MAX_SYMBOLS + 1] = {0};
    for (int i = 0; i < size; i++)
        if (open >> i & 1) histogram[SK_POPCOUNT(cm[i])]++;
    int at_most = 0, possible = 0;
    for (int k = 1; k < nopen; k++) {
        at_most += histogram[k];
        if (at_most >= k) { possible = 1; break; }
    }
    if (!possible) return 0;
    if (!sk_hall_filter(cm, size, L->nsymbols, allowed, NULL, NULL, NULL)) {
        s->fail.kind = SK_CONFLICT_UNIT;
        s->fail.unit = u;
        return -1;
    }
    int changed = 0;
    for (int i = 0; i < size; i++) {
        if (allowed[i] != cm[i]) {
            cand[uc[i]] = allowed[i];
            sk_touch(s, uc[i]);
            changed++;
            if (SK_SINGLE(allowed[i])) { s->queue[(*qlen)++] = uc[i]; (*solved)++; }
        }
    }
    return changed;
}

/* The relations of a solved cell c: each related cell loses the symbols at a forbidden distance from
 * c's.  Returns 0 on a contradiction. */
static int sk_relations(sk_search *s, sk_mask *cand, int c, int *qlen, int *solved) {
    const sk_layout *L = s->L;
    sk_mask b = cand[c];
    for (int i = L->rel_start[c], e = L->rel_start[c + 1]; i < e; i++) {
        int p = L->rel_other[i];
        sk_mask forbid = 0;
        for (sk_mask d = L->rel_distances[i]; d; d &= d - 1) {
            int k = SK_CTZ(d);
            forbid |= (b << k) | (b >> k);
        }
        sk_mask m = cand[p];
        if (!(m & forbid)) continue;
        m &= ~forbid;
        if (SK_UNLIKELY(m == 0)) {
            s->fail.kind = SK_CONFLICT_RELATION;
            s->fail.cell = c;
            s->fail.other_cell = p;
            s->fail.symbol = SK_CTZ(b);
            return 0;
        }
        cand[p] = m;
        sk_touch(s, p);
        if (SK_SINGLE(m)) { s->queue[(*qlen)++] = p; (*solved)++; }
    }
    return 1;
}

sk_mask sk_cage_fit(const sk_layout *L, const sk_mask *cand, int k, sk_mask *must) {
    int u = L->cage_unit[k];
    const int *uc = L->unit_cells + L->unit_start[u];
    int size = L->unit_start[u + 1] - L->unit_start[u];
    sk_mask any = 0, fixed = 0;
    for (int i = 0; i < size; i++) {
        sk_mask m = cand[uc[i]];
        any |= m;
        if (SK_SINGLE(m)) fixed |= m;
    }
    sk_mask support = 0;
    *must = L->full;
    for (int j = L->cage_combo_start[k]; j < L->cage_combo_start[k + 1]; j++) {
        sk_mask set = L->cage_combos[j];
        if ((set & fixed) != fixed || (set & ~any)) continue;
        int fits = 1;
        for (int i = 0; i < size; i++)
            if (!(cand[uc[i]] & set)) { fits = 0; break; }
        if (!fits) continue;
        support |= set;
        *must &= set;
    }
    return support;
}

/* Cage k's sum: keep in each cell the symbols of the value sets that still fit, and place a symbol
 * every fitting set needs when one cell alone can take it.  Returns -1 on a contradiction, else the
 * number of cells changed. */
static int sk_cage(sk_search *s, sk_mask *cand, int k, int *qlen, int *solved) {
    const sk_layout *L = s->L;
    int u = L->cage_unit[k];
    const int *uc = L->unit_cells + L->unit_start[u];
    int size = L->unit_start[u + 1] - L->unit_start[u];
    sk_mask fixed = 0, must;
    for (int i = 0; i < size; i++)
        if (SK_SINGLE(cand[uc[i]])) fixed |= cand[uc[i]];
    sk_mask support = sk_cage_fit(L, cand, k, &must);
    if (!support) {
        s->fail.kind = SK_CONFLICT_CAGE;
        s->fail.unit = u;
        return -1;
    }
    int changed = 0;
    for (int i = 0; i < size; i++) {
        sk_mask m = cand[uc[i]], kept = m & support;
        if (kept == m) continue;
        if (!kept) {
            s->fail.kind = SK_CONFLICT_CAGE;
            s->fail.unit = u;
            return -1;
        }
        cand[uc[i]] = kept;
        sk_touch(s, uc[i]);
        changed++;
        if (SK_SINGLE(kept)) { s->queue[(*qlen)++] = uc[i]; (*solved)++; }
    }
    /* a symbol every fitting set holds, with one possible cell in the cage, goes there */
    for (sk_mask left = must & ~fixed; left; left &= left - 1) {
        sk_mask b = left & (~left + 1);
        int at = -1, n = 0;
        for (int i = 0; i < size; i++)
            if (cand[uc[i]] & b) { at = i; n++; }
        if (n == 1 && !SK_SINGLE(cand[uc[at]])) {
            cand[uc[at]] = b;
            sk_touch(s, uc[at]);
            s->queue[(*qlen)++] = uc[at];
            (*solved)++;
            changed++;
        }
    }
    return changed;
}

/* Keep the candidates of `to` that some candidate of `from` supports (row: the link's table seen from
 * `from`).  Returns -1 on a contradiction, 1 when `to` changed, else 0. */
static int sk_revise(sk_search *s, sk_mask *cand, const sk_mask *row, int from, int to, int *qlen, int *solved) {
    sk_mask support = 0;
    for (sk_mask left = cand[from]; left; left &= left - 1) support |= row[SK_CTZ(left)];
    sk_mask m = cand[to];
    if ((m & support) == m) return 0;
    m &= support;
    if (SK_UNLIKELY(m == 0)) {
        s->fail.kind = SK_CONFLICT_LINK;
        s->fail.cell = from;
        s->fail.other_cell = to;
        return -1;
    }
    cand[to] = m;
    sk_touch(s, to);
    if (SK_SINGLE(m)) { s->queue[(*qlen)++] = to; (*solved)++; }
    return 1;
}

/* Links whose cells changed since they were last revised: revise both ways.  Returns -1 on a
 * contradiction, else the number of cells changed. */
static int sk_links(sk_search *s, sk_mask *cand, int *qlen, int *solved) {
    const sk_layout *L = s->L;
    const int m = L->nsymbols;
    int changed = 0;
    for (int k = 0; k < L->nlinks; k++) {
        int a = L->link_a[k], b = L->link_b[k];
        int64_t t = s->cell_at[a] > s->cell_at[b] ? s->cell_at[a] : s->cell_at[b];
        if (t <= s->base || t <= s->link_at[k]) continue;
        s->link_at[k] = s->tick;
        int r = sk_revise(s, cand, L->link_table + (size_t)k * (size_t)m, a, b, qlen, solved);
        if (r < 0) return -1;
        changed += r;
        r = sk_revise(s, cand, L->link_reverse + (size_t)k * (size_t)m, b, a, qlen, solved);
        if (r < 0) return -1;
        changed += r;
    }
    return changed;
}


/* Every combination of a short sum's candidates that adds up to its total, with the terms whose cells
 * share a unit holding different symbols: the symbols each term takes in some combination go to
 * support[].  Depth-first, cut by the bounds of the terms still to choose; at most `budget` steps
 * (returns 0 when the budget ran out: then nothing is known beyond the bounds). */
typedef struct {
    const sk_layout *L;
    const sk_mask *cand;
    int start, size;
    int64_t total;
    int64_t low[SK_SUM_SHORT + 1], high[SK_SUM_SHORT + 1]; /* bounds of the terms from i on */
    int chosen[SK_SUM_SHORT];
    sk_mask support[SK_SUM_SHORT];
    sk_mask full;                                         /* support bits of terms already complete */
    long budget;
} sk_sum_walk;

static void sk_sum_step(sk_sum_walk *w, int i, int64_t sum) {
    if (--w->budget < 0) return;
    if (i == w->size) {
        if (sum != w->total) return;
        for (int p = 0; p < w->size; p++) w->support[p] |= (sk_mask)1 << w->chosen[p];
        return;
    }
    const sk_layout *L = w->L;
    int t = w->start + i;
    uint32_t differ = L->sum_differ[t] & (((uint32_t)1 << i) - 1);
    for (sk_mask m = w->cand[L->sum_cell[t]]; m; m &= m - 1) {
        int x = SK_CTZ(m);
        int64_t next = sum + L->sum_coef[t] * L->value[x];
        if (next + w->low[i + 1] > w->total || next + w->high[i + 1] < w->total) continue;
        int clash = 0;
        for (uint32_t d = differ; d; d &= d - 1)
            if (w->chosen[SK_CTZ(d)] == x) { clash = 1; break; }
        if (clash) continue;
        w->chosen[i] = x;
        sk_sum_step(w, i + 1, next);
        if (w->budget < 0) return;
    }
}

int sk_sum_supports(const sk_layout *L, const sk_mask *cand, int k, sk_mask *support) {
    sk_sum_walk w;
    w.L = L;
    w.cand = cand;
    w.start = L->sum_start[k];
    w.size = L->sum_start[k + 1] - w.start;
    w.total = L->sum_total[k];
    w.budget = SK_SUM_BUDGET;
    w.low[w.size] = w.high[w.size] = 0;
    for (int i = w.size - 1; i >= 0; i--) {
        int64_t lo, hi;
        sk_term_bounds(L, cand[L->sum_cell[w.start + i]], L->sum_coef[w.start + i], &lo, &hi);
        w.low[i] = w.low[i + 1] + lo;
        w.high[i] = w.high[i + 1] + hi;
    }
    for (int i = 0; i < w.size; i++) w.support[i] = 0;
    sk_sum_step(&w, 0, 0);
    if (w.budget < 0) return 0;
    for (int i = 0; i < w.size; i++) support[i] = w.support[i];
    return 1;
}

/* Sums whose cells changed: keep each term's candidates within what the other terms' bounds leave.
 * Returns -1 on a contradiction, else the number of cells changed. */
static int sk_sums(sk_search *s, sk_mask *cand, int *qlen, int *solved) {
    const sk_layout *L = s->L;
    int changed = 0;
    for (int k = 0; k < L->nsums; k++) {
        int start = L->sum_start[k], end = L->sum_start[k + 1];
        int64_t t = -1;
        for (int i = start; i < end; i++)
            if (s->cell_at[L->sum_cell[i]] > t) t = s->cell_at[L->sum_cell[i]];
        if (t <= s->base || t <= s->sum_at[k]) continue;
        s->sum_at[k] = s->tick;
        int again = 1;
        while (again) { /* to a fixpoint within the sum */
            again = 0;
            int64_t low = 0, high = 0;
            for (int i = start; i < end; i++) {
                int64_t lo, hi;
                sk_term_bounds(L, cand[L->sum_cell[i]], L->sum_coef[i], &lo, &hi);
                low += lo;
                high += hi;
            }
            int64_t total = L->sum_total[k];
            if (low > total || high < total) {
                s->fail.kind = SK_CONFLICT_SUM;
                s->fail.unit = k;
                s->fail.cell = L->sum_cell[start];
                return -1;
            }
            for (int i = start; i < end; i++) {
                int c = L->sum_cell[i];
                int64_t lo, hi;
                sk_term_bounds(L, cand[c], L->sum_coef[i], &lo, &hi);
                int64_t rest_low = low - lo, rest_high = high - hi;
                sk_mask keep = 0;
                for (sk_mask m = cand[c]; m; m &= m - 1) {
                    int64_t term = L->sum_coef[i] * L->value[SK_CTZ(m)];
                    if (term + rest_low <= total && term + rest_high >= total) keep |= m & (~m + 1);
                }
                if (keep == cand[c]) continue;
                if (!keep) {
                    s->fail.kind = SK_CONFLICT_SUM;
                    s->fail.unit = k;
                    s->fail.cell = c;
                    return -1;
                }
                cand[c] = keep;
                sk_touch(s, c);
                changed++;
                again = 1;
                if (SK_SINGLE(keep)) { s->queue[(*qlen)++] = c; (*solved)++; }
                break; /* the bounds changed: compute them again */
            }
        }
        if (!L->sum_short[k] || end - start > L->sum_terms) continue;
        /* a short sum: only the symbols of some whole combination stay (different where they must) */
        sk_mask support[SK_SUM_SHORT];
        if (!sk_sum_supports(L, cand, k, support)) continue;
        for (int i = start; i < end; i++) {
            int c = L->sum_cell[i];
            sk_mask keep = cand[c] & support[i - start];
            if (keep == cand[c]) continue;
            if (!keep) {
                s->fail.kind = SK_CONFLICT_SUM;
                s->fail.unit = k;
                s->fail.cell = c;
                return -1;
            }
            cand[c] = keep;
            sk_touch(s, c);
            changed++;
            if (SK_SINGLE(keep)) { s->queue[(*qlen)++] = c; (*solved)++; }
        }
        s->sum_at[k] = s->tick; /* its own changes need no second look */
    }
    return changed;
}

size_t sk_automaton_scratch(const sk_layout *L) {
    size_t states = (size_t)(L->auto_max_states > 0 ? L->auto_max_states : 1);
    size_t marks = (states + sizeof(int) - 1) / sizeof(int) * sizeof(int);
    return marks + (states + (size_t)L->auto_max_len + 2) * sizeof(int);
}

/* One automaton's supports: sup[i] gets the candidates of its i-th cell that lie on some accepting
 * path through cand.  Returns -1 (and *dead the position where no path passes), else 0.  The forward
 * pass keeps the states reached, layer by layer, in a list (a search's candidates reach few of a
 * layer's states, so neither pass scans the rest); only the symbols a state has a transition on and
 * the cell still has are read. */
int sk_automaton_support(const sk_layout *L, const sk_mask *cand, int k, void *scratch, sk_mask *sup,
                         int *dead) {
    const size_t ns = (size_t)L->nsymbols;
    int start = L->auto_start[k], len = L->auto_start[k + 1] - start;
    const int *cells = L->auto_cell + start;
    const int *layer = L->auto_layer + L->auto_layer_start[k];
    const int32_t *next = L->auto_next + (size_t)L->auto_state_start[k] * ns;
    const sk_mask *out = L->auto_out + L->auto_state_start[k];
    size_t states = (size_t)(L->auto_max_states > 0 ? L->auto_max_states : 1);
    unsigned char *mark = scratch;
    int *front = (int *)((char *)scratch + (states + sizeof(int) - 1) / sizeof(int) * sizeof(int));
    int *front_at = front + states; /* layer i's reached states: front[front_at[i] .. front_at[i + 1]) */
    memset(mark, 0, (size_t)layer[len + 1]);
    mark[0] = 1;
    front[0] = 0;
    front_at[0] = 0;
    int top = 1;
    for (int i = 0; i < len; i++) {
        sk_mask m = cand[cells[i]];
        front_at[i + 1] = top;
        for (int f = front_at[i]; f < front_at[i + 1]; f++) {
            int q = front[f];
            const int32_t *row = next + (size_t)q * ns;
            for (sk_mask left = m & out[q]; left; left &= left - 1) {
                int32_t to = row[SK_CTZ(left)];
                if (!mark[to]) { mark[to] = 1; front[top++] = to; }
            }
        }
        if (top == front_at[i + 1]) { *dead = i; return -1; }
    }
    front_at[len + 1] = top;
    for (int f = front_at[len]; f < top; f++) mark[front[f]] = 3;
    for (int i = len - 1; i >= 0; i--) {
        sk_mask m = cand[cells[i]], got = 0;
        for (int f = front_at[i]; f < front_at[i + 1]; f++) {
            int q = front[f];
            const int32_t *row = next + (size_t)q * ns;
            for (sk_mask left = m & out[q]; left; left &= left - 1) {
                if (mark[row[SK_CTZ(left)]] == 3) {
                    got |= left & (~left + 1);
                    mark[q] = 3;
                }
            }
        }
        sup[i] = got;
    }
    return 0;
}

/* Automata (generalised arc consistency of each alone: a forward pass marks the states reachable from
 * the start, a backward pass keeps those that can still reach an accepting state at the line's
 * end, collecting the symbols read on the way).  Automata of an "either" group's branches are
 * skipped: they hold only in their branch (sk_either).  Returns -1 on a contradiction, else the
 * number of cells changed. */
static int sk_automata(sk_search *s, sk_mask *cand, int *qlen, int *solved) {
    const sk_layout *L = s->L;
    void *mark = s->auto_mark;
    sk_mask *sup = s->auto_sup;
    int changed = 0;
    for (int k = 0; k < L->nautomata; k++) {
        if (L->auto_owner && L->auto_owner[k] >= 0) continue;
        int start = L->auto_start[k], len = L->auto_start[k + 1] - start;
        const int *cells = L->auto_cell + start;
        int64_t t = -1;
        for (int i = 0; i < len; i++)
            if (s->cell_at[cells[i]] > t) t = s->cell_at[cells[i]];
        if (t <= s->base || t <= s->auto_at[k]) continue;
        int dead = -1;
        if (sk_automaton_support(L, cand, k, mark, sup, &dead) < 0) {
            s->fail.kind = SK_CONFLICT_AUTOMATON;
            s->fail.unit = k;
            s->fail.cell = cells[dead];
            return -1;
        }
        s->auto_at[k] = s->tick; /* what it prunes below makes it look once more (a cell may be read twice) */
        for (int i = 0; i < len; i++) {
            int c = cells[i];
            sk_mask keep = cand[c] & sup[i];
            if (keep == cand[c]) continue;
            if (!keep) {
                s->fail.kind = SK_CONFLICT_AUTOMATON;
                s->fail.unit = k;
                s->fail.cell = c;
                return -1;
            }
            cand[c] = keep;
            sk_touch(s, c);
            changed++;
            if (SK_SINGLE(keep)) { s->queue[(*qlen)++] = c; (*solved)++; }
        }
    }
    return changed;
}

/* "Either" groups (a rule of the form A or B or ...): each branch's automata run to a fixpoint of their
 * own on a copy of the candidates; a branch that empties a cell is out; the group's cells keep what some
 * branch left them, and no branch left is a contradiction.  Returns -1 on a contradiction, else the
 * number of cells changed. */
static int sk_either(sk_search *s, sk_mask *cand, int *qlen, int *solved) {
    const sk_layout *L = s->L;
    sk_mask *copy = s->either_copy, *kept = s->either_kept;
    int changed = 0;
    for (int g = 0; g < L->neither; g++) {
        const int *cells = L->either_cell + L->either_cell_start[g];
        int ncells = L->either_cell_start[g + 1] - L->either_cell_start[g];
        int64_t t = -1;
        for (int i = 0; i < ncells; i++)
            if (s->cell_at[cells[i]] > t) t = s->cell_at[cells[i]];
        if (t <= s->base || t <= s->either_at[g]) continue;
        s->either_at[g] = s->tick;
        for (int i = 0; i < ncells; i++) kept[i] = 0;
        int alive = 0;
        for (int b = L->either_start[g]; b < L->either_start[g + 1]; b++) {
            for (int i = 0; i < ncells; i++) copy[cells[i]] = cand[cells[i]];
            int dead = 0, again = 1;
            while (again && !dead) {
                again = 0;
                for (int j = L->branch_start[b]; j < L->branch_start[b + 1] && !dead; j++) {
                    int k = L->branch_auto[j], where = -1;
                    if (sk_automaton_support(L, copy, k, s->auto_mark, s->auto_sup, &where) < 0) { dead = 1; break; }
                    const int *ac = L->auto_cell + L->auto_start[k];
                    for (int i = 0; i < L->auto_start[k + 1] - L->auto_start[k]; i++) {
                        sk_mask keep = copy[ac[i]] & s->auto_sup[i];
                        if (keep == copy[ac[i]]) continue;
                        if (!keep) { dead = 1; break; }
                        copy[ac[i]] = keep;
                        again = 1;
                    }
                }
            }
            if (dead) continue;
            alive++;
            for (int i = 0; i < ncells; i++) kept[i] |= copy[cells[i]];
        }
        if (!alive) {
            s->fail.kind = SK_CONFLICT_EITHER;
            s->fail.unit = g;
            s->fail.cell = cells[0];
            return -1;
        }
        for (int i = 0; i < ncells; i++) {
            int c = cells[i];
            sk_mask keep = cand[c] & kept[i];
            if (keep == cand[c]) continue;
            cand[c] = keep; /* never empty: a live branch left this cell something within cand */
            sk_touch(s, c);
            changed++;
            if (SK_SINGLE(keep)) { s->queue[(*qlen)++] = c; (*solved)++; }
        }
        s->either_at[g] = s->tick;
    }
    return changed;
}

/* Connected groups.  From one member (a cell whose candidates are all member symbols), a depth-first
 * search over the cells that may be members: a member it does not reach is a contradiction; a cell it
 * does not reach cannot be a member; a cell whose removal cuts a member off from the start (an
 * articulation point with a member below it) must be one.  Returns -1 on a contradiction, else the
 * number of cells whose candidates shrank. */
static int sk_connected(sk_search *s, sk_mask *cand, int *qlen, int *solved) {
    const sk_layout *L = s->L;
    int changed = 0;
    for (int k = 0; k < L->nconnected; k++) {
        int start = L->conn_start[k], m = L->conn_start[k + 1] - start;
        const int *cells = L->conn_cell + start;
        int64_t t = -1;
        for (int i = 0; i < m; i++)
            if (s->cell_at[cells[i]] > t) t = s->cell_at[cells[i]];
        if (t <= s->base || t <= s->conn_at[k]) continue;
        s->conn_at[k] = s->tick;
        const sk_mask member = L->conn_member[k];
        const int *adj_start = L->conn_adj_start + start;
        int *disc = s->conn_scratch, *low = disc + m, *below = low + m, *parent = below + m;
        int *stack = parent + m, *edge = stack + m;
        int root = -1, members = 0;
        for (int i = 0; i < m; i++) {
            disc[i] = -1;
            if (!(cand[cells[i]] & ~member)) {
                members++;
                if (root < 0) root = i;
            }
        }
        if (root < 0) continue;
        int order = 0, top = 0;
        disc[root] = low[root] = order++;
        below[root] = 1;
        parent[root] = -1;
        edge[root] = adj_start[root];
        stack[top++] = root;
        while (top > 0) {
            int v = stack[top - 1];
            if (edge[v] < adj_start[v + 1]) {
                int w = L->conn_adj[edge[v]++];
                if (!(cand[cells[w]] & member)) continue;
                if (disc[w] < 0) {
                    disc[w] = low[w] = order++;
                    below[w] = (cand[cells[w]] & ~member) ? 0 : 1;
                    parent[w] = v;
                    edge[w] = adj_start[w];
                    stack[top++] = w;
                } else if (w != parent[v] && disc[w] < low[v]) {
                    low[v] = disc[w];
                }
                continue;
            }
            top--;
            int p = parent[v];
            if (p < 0) continue;
            if (low[v] < low[p]) low[p] = low[v];
            if (below[v] && low[v] >= disc[p] && p != root && (cand[cells[p]] & ~member)) {
                /* p separates a member below it from the start: p is a member */
                cand[cells[p]] &= member;
                sk_touch(s, cells[p]);
                changed++;
                if (SK_SINGLE(cand[cells[p]])) { s->queue[(*qlen)++] = cells[p]; (*solved)++; }
            }
            below[p] += below[v];
        }
        if (below[root] < members) {
            for (int i = 0; i < m; i++)
                if (disc[i] < 0 && !(cand[cells[i]] & ~member)) {
                    s->fail.kind = SK_CONFLICT_CONNECTED;
                    s->fail.unit = k;
                    s->fail.cell = cells[i];
                    return -1;
                }
        }
        for (int i = 0; i < m; i++) {
            int c = cells[i];
            if (disc[i] >= 0 || !(cand[c] & member)) continue;
            sk_mask keep = cand[c] & ~member;
            cand[c] = keep;
            sk_touch(s, c);
            changed++;
            if (SK_SINGLE(keep)) { s->queue[(*qlen)++] = c; (*solved)++; }
        }
        s->conn_at[k] = s->tick; /* its own pruning needs no second look */
    }
    return changed;
}

/* Propagate to a fixpoint from the cells in the queue (qlen of them).  Returns 1 when consistent,
 * 0 on a contradiction (s->fail says where).  Rules in order of cost; after any of them changes
 * something, the cheaper ones run again first. */
static int sk_propagate(sk_search *s, sk_mask *cand, int *nsolved, int qlen) {
    const sk_layout *L = s->L;
    const int *peer_start = L->peer_start;
    const int *peers = L->peers;
    const sk_mask full = L->full;
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
                    if (SK_UNLIKELY(m == b)) {
                        s->fail.kind = SK_CONFLICT_CLASH;
                        s->fail.cell = c;
                        s->fail.other_cell = p;
                        s->fail.symbol = SK_CTZ(b);
                        *nsolved = solved;
                        return 0;
                    }
                    m &= ~b;
                    cand[p] = m;
                    sk_touch(s, p);
                    if (SK_SINGLE(m)) { queue[qlen++] = p; solved++; }
                }
            }
            if (L->rel_start && !sk_relations(s, cand, c, &qlen, &solved)) {
                *nsolved = solved;
                return 0;
            }
        }
        int found = 0;
        /* cage sums (before the solved check: a full grid must still meet them) */
        for (int k = 0; k < L->ncages; k++) {
            int u = L->cage_unit[k];
            if (!sk_stale(s, u, s->cage_at)) continue;
            s->cage_at[u] = s->tick;
            int r = sk_cage(s, cand, k, &qlen, &solved);
            if (r < 0) { *nsolved = solved; return 0; }
            if (r > 0) found = 1;
        }
        if (found) continue;
        /* links (before the solved check too: a full grid must still meet them) */
        if (L->nlinks) {
            int r = sk_links(s, cand, &qlen, &solved);
            if (r < 0) { *nsolved = solved; return 0; }
            if (r > 0) continue;
        }
        if (L->nsums) {
            int r = sk_sums(s, cand, &qlen, &solved);
            if (r < 0) { *nsolved = solved; return 0; }
            if (r > 0) continue;
        }
        if (L->nautomata) {
            int r = sk_automata(s, cand, &qlen, &solved);
            if (r < 0) { *nsolved = solved; return 0; }
            if (r > 0) continue;
        }
        if (L->nconnected) {
            int r = sk_connected(s, cand, &qlen, &solved);
            if (r < 0) { *nsolved = solved; return 0; }
            if (r > 0) continue;
        }
        if (L->neither) {
            int r = sk_either(s, cand, &qlen, &solved);
            if (r < 0) { *nsolved = solved; return 0; }
            if (r > 0) continue;
        }
        if (solved == L->ncells) break;
        /* hidden singles: in a complete unit, a symbol with one possible cell goes there */
        for (int k = 0; k < L->ncomplete; k++) {
            int u = L->complete_units[k];
            if (!sk_stale(s, u, s->hidden_at)) continue;
            s->hidden_at[u] = s->tick;
            const int *uc = L->unit_cells + L->unit_start[u];
            int size = L->unit_start[u + 1] - L->unit_start[u];
            sk_mask once = 0, twice = 0, fixed = 0;
            const sk_mask need = L->unit_required[u];
            for (int i = 0; i < size; i++) {
                sk_mask m = cand[uc[i]];
                twice |= once & m;
                once |= m;
                if (SK_SINGLE(m)) fixed |= m;
            }
            if (SK_UNLIKELY((once & need) != need)) {
                s->fail.kind = SK_CONFLICT_NO_PLACE;
                s->fail.unit = u;
                s->fail.symbol = SK_CTZ(need & ~once);
                *nsolved = solved;
                return 0;
            }
            sk_mask exact = once & ~twice & ~fixed & need;
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
                sk_touch(s, uc[i]);
                queue[qlen++] = uc[i];
                solved++;
                found = 1;
            }
        }
        if (found) continue;
        /* locked candidates: a symbol of a complete unit U confined to U∩V leaves the rest of V */
        if (L->use_locks) {
            const int *cells = L->lock_cells;
            for (int k = 0; k < L->ncomplete; k++) {
                int u = L->complete_units[k];
                if (!sk_stale(s, u, s->locks_at)) continue;
                s->locks_at[u] = s->tick;
                sk_mask inside[SK_MAX_SYMBOLS], placed[SK_MAX_SYMBOLS], only[SK_MAX_SYMBOLS];
                for (int p = L->unit_lock_start[2 * u], e = L->unit_lock_start[2 * u + 1]; p < e; p++) {
                    int end = L->lock_run[p];
                    if (end >= 0) {
                        sk_lock_run_masks(L, cand, p, end, inside, placed, only);
                    } else {
                        end = p + 1;
                        const int *seg = L->lock_seg + 4 * p;
                        inside[0] = placed[0] = 0;
                        for (int i = seg[0]; i < seg[1]; i++) {
                            sk_mask m = cand[cells[i]];
                            inside[0] |= m;
                            if (SK_SINGLE(m)) placed[0] |= m;
                        }
                        /* a symbol placed in U∩V has left V's other cells already (naked singles ran
                         * first): without this, nearly every pair of a filling grid would scan U again */
                        if (!(inside[0] & ~placed[0])) continue;
                        only[0] = 0;
                        for (int i = seg[1]; i < seg[2]; i++) only[0] |= cand[cells[i]];
                    }
                    for (int q = p; q < end; q++) {
                        const int *seg = L->lock_seg + 4 * q;
                        sk_mask locked = inside[q - p] & ~placed[q - p] & ~only[q - p] & L->unit_required[u];
                        if (!locked) continue;
                        for (int i = seg[2]; i < seg[3]; i++) {
                            int c = cells[i];
                            sk_mask m = cand[c];
                            if (!(m & locked)) continue;
                            m &= ~locked;
                            cand[c] = m;
                            sk_touch(s, c);
                            found = 1;
                            if (SK_UNLIKELY(m == 0)) {
                                s->fail.kind = SK_CONFLICT_EMPTY_CELL;
                                s->fail.cell = c;
                                *nsolved = solved;
                                return 0;
                            }
                            if (SK_SINGLE(m)) { queue[qlen++] = c; solved++; }
                        }
                    }
                    p = end - 1;
                }
            }
            if (found) continue;
        }
        /* Hall sets: naked and hidden subsets of every size in each complete unit */
        if (L->use_hall && s->failures >= L->hall_after) {
            for (int k = 0; k < L->ncomplete; k++) {
                int u = L->complete_units[k];
                if (L->unit_required[u] != full) continue; /* Hall sets of a house that holds every symbol */
                if (!sk_stale(s, u, s->hall_at)) continue;
                s->hall_at[u] = s->tick;
                int r = sk_hall_unit(s, cand, u, &qlen, &solved);
                if (r < 0) { *nsolved = solved; return 0; }
                if (r > 0) found = 1;
            }
            if (found) continue;
        }
        break;
    }
    *nsolved = solved;
    return 1;
}

static double sk_elapsed(const sk_search *s) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - s->started.tv_sec) + (double)(now.tv_nsec - s->started.tv_nsec) * 1e-9;
}

/* A search's state reset for a new root (level 0); 0 when out of memory. */
static int sk_begin(sk_search *s) {
    const sk_layout *L = s->L;
    sk_conflict none = {SK_CONFLICT_NONE, -1, -1, -1, -1};
    s->fail = none;
    s->depth = 0;
    s->nodes = 0;
    s->solutions = 0;
    s->next_poll = SK_POLL_SECONDS;
    s->failures = 0;
    s->state = 3;
    s->tick = 0;
    s->base = -1;
    for (int c = 0; c < L->ncells; c++) {
        s->weight[c] = 0;
        s->cell_at[c] = 0;
    }
    for (int k = 0; k < L->nlinks; k++) s->link_at[k] = -1;
    for (int k = 0; k < L->nsums; k++) s->sum_at[k] = -1;
    for (int k = 0; k < L->nautomata; k++) s->auto_at[k] = -1;
    for (int k = 0; k < L->nconnected; k++) s->conn_at[k] = -1;
    for (int g = 0; g < L->neither; g++) s->either_at[g] = -1;
    for (int u = 0; u < L->nunits; u++) {
        s->changed_at[u] = 0;
        s->hidden_at[u] = s->locks_at[u] = s->hall_at[u] = s->cage_at[u] = -1;
    }
    clock_gettime(CLOCK_MONOTONIC, &s->started);
    return sk_reserve(s, 0);
}

int sk_start_from(sk_search *s, const sk_mask *fixpoint, int n, const int *cells, const int *symbols) {
    const sk_layout *L = s->L;
    if (!sk_begin(s)) return SK_NO_MEMORY;
    sk_mask *cand = sk_level(s, 0);
    int qlen = 0, solved = 0;
    memcpy(cand, fixpoint, (size_t)L->ncells * sizeof(sk_mask));
    for (int c = 0; c < L->ncells; c++) solved += SK_SINGLE(cand[c]) ? 1 : 0;
    s->base = 0; /* every rule has seen the fixpoint: only units the set cells touch are looked at again */
    for (int k = 0; k < n; k++) {
        int c = cells[k];
        sk_mask b = symbols[k] >= 0 && symbols[k] < L->nsymbols ? (sk_mask)1 << symbols[k] : 0;
        if (!(cand[c] & b)) {
            s->fail.kind = SK_CONFLICT_NOT_ALLOWED;
            s->fail.cell = c;
            s->fail.symbol = symbols[k];
            return SK_CONTRADICTION;
        }
        if (cand[c] == b) continue;
        cand[c] = b;
        sk_touch(s, c);
        solved++;
        s->queue[qlen++] = c;
    }
    s->nsolved[0] = solved;
    if (!sk_propagate(s, cand, &s->nsolved[0], qlen)) return SK_CONTRADICTION;
    s->state = 1;
    return SK_READY;
}

int sk_start(sk_search *s, const int *givens, const sk_mask *allowed, sk_conflict *conflict) {
    const sk_layout *L = s->L;
    if (conflict) {
        sk_conflict none = {SK_CONFLICT_NONE, -1, -1, -1, -1};
        *conflict = none;
    }
    if (!sk_begin(s)) return SK_NO_MEMORY;

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
        if (L->cell_mask) m &= L->cell_mask[c];
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
        }
        cand[c] = m;
    }
    /* the givens' own eliminations first, so that a cell they leave empty is named as such */
    for (int c = 0; c < L->ncells; c++) {
        if (givens[c] < 0) continue;
        sk_mask keep = ~cand[c];
        for (int i = L->peer_start[c]; i < L->peer_start[c + 1]; i++) {
            int p = L->peers[i];
            if (givens[p] < 0) cand[p] &= keep;
        }
    }
    for (int c = 0; c < L->ncells; c++) {
        sk_mask m = cand[c];
        if (m == 0) {
            s->fail.kind = SK_CONFLICT_NO_CANDIDATE;
            s->fail.cell = c;
            if (conflict) *conflict = s->fail;
            return SK_CONTRADICTION;
        }
        if (SK_SINGLE(m)) {
            solved++;
            /* givens have eliminated from their peers already, not yet along relations */
            if (givens[c] < 0 || L->rel_start) s->queue[qlen++] = c;
        }
    }
    s->nsolved[0] = solved;
    if (!sk_propagate(s, cand, &s->nsolved[0], qlen)) {
        if (conflict) *conflict = s->fail;
        return SK_CONTRADICTION;
    }
    s->state = 1;
    return SK_READY;
}

/* Choose what to branch on in a consistent, unsolved fixpoint: the unsolved cell with the fewest
 * candidates (first such cell on ties), unless it has more than two and some symbol has exactly two
 * possible cells in a complete unit; then that symbol's two places (a two-way branch either way). */
static void sk_choose(const sk_search *s, const sk_mask *cand, sk_branch *branch) {
    const sk_layout *L = s->L;
    branch->tried_cell = -1;
    if (L->branch_weighted) {
        /* fewest candidates relative to the cell's failure weight (dom/wdeg) */
        int best = -1;
        double best_score = 1e300;
        for (int c = 0; c < L->ncells; c++) {
            sk_mask m = cand[c];
            if (SK_SINGLE(m)) continue;
            double score = SK_POPCOUNT(m) / (1.0 + s->weight[c]);
            if (score < best_score) { best_score = score; best = c; }
        }
        branch->unit = -1;
        branch->cell = best;
        branch->symbol = -1;
        branch->rest = cand[best];
        if (SK_POPCOUNT(cand[best]) <= 2 || !L->branch_on_places) return;
        goto places;
    }
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
    branch->unit = -1;
    branch->cell = best;
    branch->symbol = -1;
    branch->rest = cand[best];
    if (best_count <= 2 || !L->branch_on_places) return;
places:
    for (int k = 0; k < L->ncomplete; k++) {
        int u = L->complete_units[k];
        const int *uc = L->unit_cells + L->unit_start[u];
        int size = L->unit_start[u + 1] - L->unit_start[u];
        sk_mask once = 0, twice = 0, thrice = 0;
        for (int i = 0; i < size; i++) {
            sk_mask m = cand[uc[i]];
            thrice |= twice & m;
            twice |= once & m;
            once |= m;
        }
        sk_mask two = twice & ~thrice & L->unit_required[u];
        if (two) {
            sk_mask b = two & (~two + 1);
            sk_mask positions = 0;
            for (int i = 0; i < size; i++)
                if (cand[uc[i]] & b) positions |= (sk_mask)1 << i;
            branch->unit = u;
            branch->cell = -1;
            branch->symbol = SK_CTZ(b);
            branch->rest = positions;
            return;
        }
    }
}

#define SK_DECAY_FAILURES 16384 /* failures between two halvings of the branching weights (a power of 2) */

/* After a failed propagation: add weight to the cells where it failed, for weighted branching. */
static void sk_blame(sk_search *s) {
    const sk_layout *L = s->L;
    switch (s->fail.kind) {
    case SK_CONFLICT_CLASH:
    case SK_CONFLICT_RELATION:
    case SK_CONFLICT_LINK:
        s->weight[s->fail.cell] += 1;
        s->weight[s->fail.other_cell] += 1;
        break;
    case SK_CONFLICT_EMPTY_CELL:
    case SK_CONFLICT_SUM:
    case SK_CONFLICT_AUTOMATON:
    case SK_CONFLICT_CONNECTED:
    case SK_CONFLICT_EITHER:
        s->weight[s->fail.cell] += 1;
        break;
    case SK_CONFLICT_NO_PLACE:
    case SK_CONFLICT_UNIT:
    case SK_CONFLICT_CAGE:
        for (int i = L->unit_start[s->fail.unit]; i < L->unit_start[s->fail.unit + 1]; i++)
            s->weight[L->unit_cells[i]] += 1;
        break;
    default:
        break;
    }
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
                s->branch[d].rest = 0;
                s->branch[d].tried_cell = -1;
                s->state = 2;
                s->solutions++;
                return SK_SOLUTION;
            }
            sk_choose(s, sk_level(s, d), &s->branch[d]);
            s->state = 2;
        }
        /* try the next alternative at the deepest level that has one left */
        int refuted = 0;
        for (;;) {
            sk_branch *done = &s->branch[d];
            if (L->branch_refute && done->tried_cell >= 0 && done->rest != 0) {
                /* the alternative tried last is done (refuted, or all its solutions seen): it leaves
                 * this level, and what that implies is propagated before the next choice */
                int c = done->tried_cell;
                sk_mask *cur = sk_level(s, d);
                done->tried_cell = -1;
                if (cur[c] & done->tried_value) {
                    cur[c] &= ~done->tried_value;
                    int ok = cur[c] != 0;
                    if (ok) {
                        s->base = s->tick;
                        sk_touch(s, c);
                        int qlen = 0;
                        if (SK_SINGLE(cur[c])) { s->queue[qlen++] = c; s->nsolved[d]++; }
                        ok = sk_propagate(s, cur, &s->nsolved[d], qlen);
                        if (!ok && L->branch_weighted) sk_blame(s);
                    }
                    if (!ok) done->rest = 0;
                    else if (done->rest) { refuted = 1; break; }
                }
            }
            if (done->rest != 0) break;
            if (d == 0) { s->state = 3; return SK_EXHAUSTED; }
            d--;
        }
        s->depth = d;
        if (refuted) { /* a consistent fixpoint again, with the value gone: choose afresh */
            s->state = 1;
            continue;
        }
        if (s->node_limit > 0 && s->nodes >= s->node_limit) { s->state = 3; return SK_NODE_LIMIT; }
        if ((s->nodes & 15) == 0 && (s->time_limit > 0 || s->poll)) {
            /* a node of a 64x64 search can take a millisecond: look at the clock every 16 of them */
            double elapsed = sk_elapsed(s);
            if (s->time_limit > 0 && elapsed > s->time_limit) { s->state = 3; return SK_TIME_LIMIT; }
            if (s->poll && elapsed >= s->next_poll) {
                s->next_poll = elapsed + SK_POLL_SECONDS;
                if (s->poll(s->poll_context, s->nodes, s->solutions)) { s->state = 3; return SK_INTERRUPTED; }
            }
        }
        s->nodes++;
        sk_branch *br = &s->branch[d];
        sk_mask b = br->rest & (~br->rest + 1);
        if (s->preferred) { /* the known solution's choice first: solutions near it are found fast */
            sk_mask want;
            if (br->unit < 0) {
                want = (sk_mask)1 << s->preferred[br->cell];
            } else {
                want = 0;
                const int *uc = L->unit_cells + L->unit_start[br->unit];
                for (sk_mask left = br->rest; left; left &= left - 1)
                    if (s->preferred[uc[SK_CTZ(left)]] == br->symbol) want = left & (~left + 1);
            }
            if (br->rest & want) b = want;
        } else if (s->rng) { /* a random one of the alternatives left */
            sk_mask left = br->rest;
            for (uint32_t k = sk_rng_below(s->rng, (uint32_t)SK_POPCOUNT(left)); k; k--) left &= left - 1;
            b = left & (~left + 1);
        }
        br->rest ^= b;
        int cell;
        sk_mask value;
        if (br->unit < 0) {
            cell = br->cell;
            value = b;
        } else {
            cell = L->unit_cells[L->unit_start[br->unit] + SK_CTZ(b)];
            value = (sk_mask)1 << br->symbol;
        }
        br->tried_cell = cell;
        br->tried_value = value;
        if (!sk_reserve(s, d + 1)) { s->state = 3; return SK_NO_MEMORY; }
        sk_mask *from = sk_level(s, d), *to = sk_level(s, d + 1);
        memcpy(to, from, (size_t)n * sizeof(sk_mask));
        to[cell] = value;
        s->base = s->tick;
        sk_touch(s, cell);
        s->queue[0] = cell;
        s->nsolved[d + 1] = s->nsolved[d] + 1;
        if (sk_propagate(s, to, &s->nsolved[d + 1], 1)) {
            s->depth = d + 1;
            s->state = 1;
        } else {
            s->failures++;
            if (L->branch_weighted) {
                sk_blame(s);
                /* recent failures count more: halve every weight now and then (as ISS's conflict
                 * scores decay), so the search follows where the puzzle is hard now */
                if ((s->failures & (SK_DECAY_FAILURES - 1)) == 0)
                    for (int c = 0; c < n; c++) s->weight[c] *= 0.5;
            }
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
