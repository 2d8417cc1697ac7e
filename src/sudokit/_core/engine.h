/* sudokit search core: constraint propagation and backtracking over candidate bitmasks.
 *
 * The core knows nothing of rows, boxes or symbols' names.  A layout is a number of cells, a number of
 * symbols (at most 64) and a list of all-different units (groups of cell indexes).  A search takes a
 * layout, the givens and the per-cell allowed symbols, and enumerates solutions one at a time.
 *
 * Propagation: naked singles (a solved cell removes its symbol from every peer) and hidden singles
 * (in a unit with as many cells as symbols, a symbol with one possible cell goes there).  Branching:
 * the unsolved cell with the fewest candidates, symbols in increasing order, so results are
 * deterministic.  The search is an explicit stack machine so that solutions can be produced lazily.
 */
#ifndef SUDOKIT_ENGINE_H
#define SUDOKIT_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "random.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef uint64_t sk_mask;

#define SK_MAX_SYMBOLS 64

/* Results of sk_start / sk_next. */
enum {
    SK_READY = 0,          /* sk_start: the givens are consistent so far; call sk_next */
    SK_SOLUTION = 1,       /* sk_next: a solution was found (sk_solution holds it) */
    SK_EXHAUSTED = 2,      /* sk_next: no further solution exists */
    SK_NODE_LIMIT = 3,     /* sk_next: stopped by the node limit before finishing */
    SK_TIME_LIMIT = 4,     /* sk_next: stopped by the time limit before finishing */
    SK_CONTRADICTION = 5,  /* sk_start: the givens contradict each other (see sk_conflict) */
    SK_INTERRUPTED = 6,    /* sk_next: the poll callback asked the search to stop */
    SK_NO_MEMORY = -1
};

/* What sk_start found wrong with the givens. */
enum {
    SK_CONFLICT_NONE = 0,
    SK_CONFLICT_DUPLICATE = 1,      /* cell and other_cell both hold symbol in unit */
    SK_CONFLICT_NOT_ALLOWED = 2,    /* cell's given symbol is not among its allowed symbols */
    SK_CONFLICT_EMPTY_CELL = 3,     /* propagation from the givens left cell with no candidate */
    SK_CONFLICT_NO_PLACE = 4,       /* propagation left symbol with no possible cell in unit */
    SK_CONFLICT_UNIT = 5,           /* propagation left unit's cells unable to hold all its symbols */
    SK_CONFLICT_CLASH = 6,          /* propagation left cell with only symbol, which its peer other_cell holds */
    SK_CONFLICT_NO_CANDIDATE = 7,   /* the givens in cell's units (and its allowed symbols) leave it nothing */
    SK_CONFLICT_RELATION = 8,       /* cell holds symbol, which leaves related other_cell nothing */
    SK_CONFLICT_CAGE = 9,           /* no set of symbols fits unit's cage sum any more */
    SK_CONFLICT_LINK = 10,          /* cell's candidates leave its linked other_cell nothing */
    SK_CONFLICT_SUM = 11,           /* no values of sum unit's cells reach its total */
    SK_CONFLICT_AUTOMATON = 12,     /* no path through automaton unit reads its cells' candidates */
    SK_CONFLICT_CONNECTED = 13,     /* group unit's member cell can reach no other member (cell) */
    SK_CONFLICT_EITHER = 14         /* no branch of either group unit holds any more */
};

typedef struct {
    int kind;
    int cell;
    int other_cell;
    int unit;
    int symbol;
} sk_conflict;

/* A compiled layout: immutable once built, shared by any number of searches. */
typedef struct {
    int ncells;
    int nsymbols;
    int nunits;
    sk_mask full;              /* the nsymbols low bits */
    int *unit_start;           /* nunits + 1 offsets into unit_cells */
    int *unit_cells;
    int ncomplete;             /* units with required symbols (hidden singles and locks apply) */
    int *complete_units;
    sk_mask *unit_required;    /* per unit: the symbols it must hold (all for nsymbols cells, else what
                                * the rule behind it needs, such as a long renban's middle digits) */
    int *peer_start;           /* ncells + 1 offsets into peers */
    int *peers;                /* for each cell: the other cells sharing a unit with it, no repeats */
    int *cell_unit_start;      /* ncells + 1 offsets into cell_units */
    int *cell_units;           /* for each cell: the units that contain it */
    int nlocks;                /* (complete unit U, unit V) pairs sharing two or more cells */
    int *lock_seg;             /* 4 offsets per pair into lock_cells: U∩V, U only, V only, end */
    int *lock_cells;
    int *unit_lock_start;      /* per unit u: pairs [2u], [2u+1) have u as their complete unit U */
    int *lock_run;             /* per pair: where the run of pairs it starts ends (their U∩V parts
                                * partition U, as a box's rows do: see sk_lock_run_masks), or -1 */
    int use_locks;             /* propagate locked candidates (pointing and claiming) */
    int use_hall;              /* propagate Hall sets in complete units (naked and hidden subsets) ... */
    int hall_after;            /* ... once a search has had this many failed branches (0: from the start) */
    int branch_on_places;      /* may branch on a symbol's two places in a unit, not only on a cell */
    int branch_refute;         /* after an alternative is done, remove it from its level and propagate */
    int sum_terms;             /* sums of at most this many terms are checked combination by combination */
    int branch_weighted;       /* branch on fewest candidates per failure weight (dom/wdeg) */
    /* Pairwise relations (anti-knight, anti-king, non-consecutive, ...): cells that cannot hold
     * symbols whose indexes differ by a forbidden distance (0: the same symbol, 1: consecutive). */
    int *rel_start;            /* ncells + 1 offsets into rel_other and rel_distances (NULL: none) */
    int *rel_other;
    sk_mask *rel_distances;    /* bit k: |index a - index b| == k is forbidden */
    /* Sum cages (killer): a unit whose symbols' values add up to a target.  Propagation keeps the
     * value sets that still fit (every cell has a candidate in the set, the set within the cells'
     * candidates, holding the placed values). */
    int ncages;
    int *cage_unit;            /* the unit of each cage */
    int *cage_combo_start;     /* ncages + 1 offsets into cage_combos */
    sk_mask *cage_combos;      /* the symbol sets of a cage's size whose values sum to its target */
    /* Links: binary constraints given as tables (thermometers, kropki dots, XV, whispers, inequality
     * signs, palindromes, ...).  Link k joins cells link_a[k] and link_b[k]; symbol y may stand in b
     * beside symbol x in a when bit y of link_table[k * nsymbols + x] is set (link_reverse: the same
     * seen from b).  Propagation keeps every candidate of either cell supported by the other's. */
    int nlinks;
    int *link_a;
    int *link_b;
    sk_mask *link_table;
    sk_mask *link_reverse;
    /* Sums: linear equations over cells' values that may repeat (little killers, arrows): sum k is
     * the total over i in [sum_start[k], sum_start[k + 1]) of sum_coef[i] * value(sum_cell[i]), and
     * must equal sum_total[k].  Propagation keeps each cell's candidates within the bounds the
     * others leave (bounds consistency). */
    int nsums;
    int *sum_start;
    int *sum_cell;
    int64_t *sum_coef;
    int64_t *sum_total;
    uint32_t *sum_differ;      /* per term of a short sum: the other terms (by position) whose cells share a
                                * unit with its cell, so hold different symbols (0 for longer sums) */
    unsigned char *sum_short;  /* per sum: short enough (and each cell once) to check every combination */
    int64_t *value;            /* each symbol's value (for sums) */
    /* Automata: rules over cells read in order (sandwich, X-sum and skyscraper clues, renban, between,
     * entropic and modular lines, quadruples, ...), each given as a layered automaton.  Automaton k
     * reads cells auto_cell[auto_start[k] .. auto_start[k + 1]); its states are numbered from 0 by
     * layer: layer i (the states after reading i cells) holds the states
     * [auto_layer[auto_layer_start[k] + i], auto_layer[auto_layer_start[k] + i + 1]).  Layer 0 is the
     * one start state; every state of the last layer accepts.  Reading symbol x in state q leads to
     * state auto_next[(auto_state_start[k] + q) * nsymbols + x], or nowhere when that is -1.
     * Propagation keeps each cell's candidates that lie on some accepting path (generalised arc
     * consistency for the automaton alone). */
    int nautomata;
    int *auto_start;           /* nautomata + 1 offsets into auto_cell */
    int *auto_cell;
    int *auto_layer_start;     /* nautomata + 1 offsets into auto_layer */
    int *auto_layer;
    int *auto_state_start;     /* nautomata + 1 offsets: the first state of each automaton */
    int32_t *auto_next;
    sk_mask *auto_out;         /* per state (all automata): the symbols it has a transition on */
    int auto_max_states;       /* the most states of one automaton (scratch space for searches) */
    int auto_max_len;          /* the most cells of one automaton */
    int *auto_owner;           /* per automaton: its either group, or -1 (NULL: all -1) */
    /* Either groups ("A or B or ..."): group g has branches [either_start[g], either_start[g + 1]); branch
     * b holds automata branch_auto[branch_start[b] .. branch_start[b + 1]), which the unconditional
     * pass skips; either_cell lists each group's cells once (either_cell_start offsets).  Propagation:
     * each branch to its own fixpoint on a copy; the cells keep what some branch keeps. */
    int neither;
    int *either_start;
    int *branch_start;
    int *branch_auto;
    int *either_cell_start;
    int *either_cell;
    int either_max;            /* the most cells of one group */
    /* Connected groups (yin-yang shading, islands, snakes): the cells of group k holding a symbol of
     * conn_member[k] form one connected set over the group's edges.  Group k has the cells
     * conn_cell[conn_start[k] .. conn_start[k + 1]); local cell i of group k has the neighbours
     * (local indexes) conn_adj[conn_adj_start[conn_start[k] + i] .. conn_adj_start[conn_start[k] + i + 1]).
     * Propagation: cells no member can reach leave the members; a cell every path between two
     * members passes through joins them. */
    int nconnected;
    int *conn_start;
    int *conn_cell;
    int *conn_adj_start;
    int *conn_adj;
    sk_mask *conn_member;
    int conn_max;              /* the most cells of one group (scratch space for searches) */
    /* Cell masks: the symbols each cell may hold by the layout's own rules (odd and even cells, ...),
     * applied to every search's allowed symbols (NULL: no limit). */
    sk_mask *cell_mask;
} sk_layout;

/* For the run of lock pairs [p, end) of one unit U (L->lock_run[p] == end): each pair's U∩V candidates to
 * inside[], their placed symbols to placed[] (NULL: not wanted), and the candidates of U outside V to
 * only[].  The parts partition U, so one pass over U and prefix and suffix ORs give every pair's "U
 * only" mask, where a scan per pair reads U again for each (a 64x64 box: 16 times). */
/* One automaton's supports (engine.c; the learning search uses it too): sup[i] gets the candidates
 * of its i-th cell on some accepting path through cand; -1 (and *dead) when no path passes.  `scratch`
 * holds sk_automaton_scratch(L) bytes. */
int sk_automaton_support(const sk_layout *L, const sk_mask *cand, int k, void *scratch, sk_mask *sup,
                         int *dead);
/* The bytes of scratch space sk_automaton_support needs for any automaton of L. */
size_t sk_automaton_scratch(const sk_layout *L);

/* Cage k's fitting value sets (engine.c): the union of the symbol sets of its size that add up to its
 * target and fit its cells' candidates (0: none fits); *must gets the symbols every such set holds. */
sk_mask sk_cage_fit(const sk_layout *L, const sk_mask *cand, int k, sk_mask *must);

/* A short sum's supports (engine.c): support[i] gets the symbols term i takes in some combination of
 * the candidates that adds up to the total (terms sharing a unit different); 0 when its step budget
 * ran out (then nothing is known beyond the bounds).  For sums with sum_short[k] and at most
 * SK_SUM_SHORT_MAX terms. */
#define SK_SUM_SHORT_MAX 8
int sk_sum_supports(const sk_layout *L, const sk_mask *cand, int k, sk_mask *support);

static inline void sk_lock_run_masks(const sk_layout *L, const sk_mask *cand, int p, int end, sk_mask *inside,
                                     sk_mask *placed, sk_mask *only) {
    int n = end - p;
    for (int q = 0; q < n; q++) {
        const int *seg = L->lock_seg + 4 * (p + q);
        sk_mask in = 0, fixed = 0;
        for (int i = seg[0]; i < seg[1]; i++) {
            sk_mask m = cand[L->lock_cells[i]];
            in |= m;
            fixed |= (m & (m - 1)) ? 0 : m;
        }
        inside[q] = in;
        if (placed) placed[q] = fixed;
    }
    sk_mask before = 0;
    for (int q = 0; q < n; q++) {
        only[q] = before;
        before |= inside[q];
    }
    sk_mask after = 0;
    for (int q = n - 1; q >= 0; q--) {
        only[q] |= after;
        after |= inside[q];
    }
}

/* Build a layout.  unit_sizes[u] cells of unit u follow each other in unit_cells.  Returns NULL on a
 * bad argument (cell index out of range, a cell twice in a unit, a unit larger than nsymbols, more
 * than 64 symbols) or when out of memory; *error receives a short static description. */
sk_layout *sk_layout_new(int ncells, int nsymbols, int nunits, const int *unit_sizes,
                         const int *unit_cells, const char **error);
void sk_layout_free(sk_layout *layout);

/* Add n pairwise relations to a layout: cells a[i] and b[i] cannot hold symbols whose indexes differ
 * by a distance whose bit is set in distances[i].  Once per layout, before any search.  Returns 1, or
 * 0 with *error set (bad cell, out of memory). */
int sk_layout_add_relations(sk_layout *layout, int n, const int *a, const int *b, const sk_mask *distances,
                            const char **error);

/* Make n units sum cages: the values (values[symbol]) of unit units[i]'s symbols add up to
 * targets[i].  Once per layout, before any search.  Returns 1, or 0 with *error set (a target no
 * set of distinct symbols reaches, too many combinations, out of memory) and *failed the cage. */
int sk_layout_add_cages(sk_layout *layout, int n, const int *units, const int64_t *targets, const int64_t *values,
                        int *failed, const char **error);

/* Add n links (see sk_layout's links): tables holds n * nsymbols masks, link i's row x at
 * i * nsymbols + x.  Once per layout, before any search.  Returns 1, or 0 with *error set. */
int sk_layout_add_links(sk_layout *layout, int n, const int *a, const int *b, const sk_mask *tables,
                        const char **error);

/* Add n sums (see sk_layout's sums): sizes[k] terms each, cells and coefficients one after the other,
 * totals[k], and each symbol's value.  Once per layout.  Returns 1, or 0 with *error set. */
int sk_layout_add_sums(sk_layout *layout, int n, const int *sizes, const int *cells, const int64_t *coefficients,
                       const int64_t *totals, const int64_t *values, const char **error);

/* Add n automata (see sk_layout's automata): automaton k reads lengths[k] cells (listed one automaton
 * after the other in cells), has lengths[k] + 1 layers of layer_sizes states (layer 0: one state), and
 * next holds nsymbols entries per state (-1: no transition), automaton after automaton.  Every
 * transition must lead into the next layer.  Once per layout.  Returns 1, or 0 with *error set. */
int sk_layout_add_automata(sk_layout *layout, int n, const int *lengths, const int *cells,
                           const int *layer_sizes, const int32_t *next, const char **error);

/* Make automata conditional: n either groups, group g with branches[g] branches, branch b with sizes[b]
 * automata (indexes, listed one branch after the other in automata).  After the automata, once per
 * layout.  Returns 1, or 0 with *error set. */
int sk_layout_add_either(sk_layout *layout, int n, const int *branches, const int *sizes, const int *automata,
                         const char **error);

/* Add n connected groups (see sk_layout's connected groups): group k has sizes[k] cells (listed one
 * group after the other in cells), degrees[j] neighbours for its j-th cell overall, the neighbours'
 * local indexes one after the other in adjacency, and member symbols members[k].  Once per layout.
 * Returns 1, or 0 with *error set. */
int sk_layout_add_connected(sk_layout *layout, int n, const int *sizes, const int *cells, const int *degrees,
                            const int *adjacency, const sk_mask *members, const char **error);

/* Limit each cell to some symbols (masks[c] for cell c) in every search on the layout: rules of the
 * puzzle type itself, such as odd and even cells.  Once per layout.  Returns 1, or 0 with *error set. */
int sk_layout_set_required(sk_layout *L, const sk_mask *required, const char **error);
int sk_layout_add_masks(sk_layout *layout, const sk_mask *masks, const char **error);

typedef struct sk_search sk_search;

sk_search *sk_search_new(const sk_layout *layout);
void sk_search_free(sk_search *search);

/* Bounds on work: node_limit <= 0 and time_limit <= 0 mean none.  A node is one branching guess. */
void sk_set_limits(sk_search *search, int64_t node_limit, double time_limit_seconds);

/* A callback the search calls about every SK_POLL_SECONDS of work, with the nodes and solutions so
 * far; a nonzero return stops it with SK_INTERRUPTED.  It is how the caller checks for Ctrl-C or a
 * cancelled job and reports progress, without the core knowing about either. */
typedef int (*sk_poll_fn)(void *context, int64_t nodes, int64_t solutions);

#define SK_POLL_SECONDS 0.05

/* Install (or, with NULL, remove) the poll callback; it stays for later sk_start calls. */
void sk_set_poll(sk_search *search, sk_poll_fn poll, void *context);

/* Try a branch's symbols in random order drawn from rng (an sk_rng of random.h), or, with NULL, in
 * increasing order (the default: the same puzzle always gives the same first solution).  The
 * generator fills random grids this way. */
void sk_set_random(sk_search *search, sk_rng *rng);

/* Try each cell's symbol in `values` (one per cell, kept by the caller) first, or with NULL, stop.  A
 * search for a solution other than a known one finds those near it sooner this way. */
void sk_set_preferred(sk_search *search, const int *values);

/* Load givens (symbol index per cell, -1 for empty) and allowed masks (NULL: every symbol), check
 * them and propagate.  Returns SK_READY, SK_CONTRADICTION (conflict filled in) or SK_NO_MEMORY. */
int sk_start(sk_search *search, const int *givens, const sk_mask *allowed, sk_conflict *conflict);
/* Start from `fixpoint`, the candidates a propagation of this layout left (sk_root_candidates after an
 * sk_start or sk_start_from, copied), with n more cells set to symbols: only what follows from those
 * is propagated, so a caller adding a few givens at a time pays for their consequences alone.
 * Returns SK_READY, SK_CONTRADICTION (sk_conflict names a set cell whose symbol the fixpoint had
 * ruled out, or what the propagation emptied) or SK_NO_MEMORY. */
int sk_start_from(sk_search *search, const sk_mask *fixpoint, int n, const int *cells, const int *symbols);

/* Advance to the next solution.  Returns SK_SOLUTION, SK_EXHAUSTED, SK_NODE_LIMIT, SK_TIME_LIMIT,
 * SK_INTERRUPTED or SK_NO_MEMORY.  After anything but SK_SOLUTION the search is finished. */
int sk_next(sk_search *search);

/* Count solutions, stopping once `limit` are found (limit <= 0: count all).  The first solution
 * found is written to first_solution (symbol index per cell) when it is not NULL.  Returns the status
 * of the last sk_next call: SK_SOLUTION when the limit was reached, else as sk_next. */
int sk_count(sk_search *search, int64_t limit, int64_t *count, int *first_solution);

/* The current solution (valid after SK_SOLUTION): symbol index per cell. */
void sk_solution(const sk_search *search, int *out);

int64_t sk_nodes(const sk_search *search);
/* The candidates of every cell at the root, after sk_start's propagation (ncells masks); valid until
 * the next sk_start, once sk_start found no contradiction. */
const sk_mask *sk_root_candidates(const sk_search *search);

/* The layout a search runs on. */
const sk_layout *sk_search_layout(const sk_search *search);

/* Solutions found by sk_next since sk_start. */
int64_t sk_solutions(const sk_search *search);

#ifdef __cplusplus
}
#endif

#endif
