/* Sudoku Explainer's chains, compiled: cycles, forcing X/Y chains, Nishio, multiple and dynamic
 * forcing chains, and the nested levels of dynamic forcing chains (SE's "(+)" at 9.0, its nested
 * forcing chains at 9.5 to 11.0 and up).
 *
 * The same search, in the same orders, as sudokit/se/chaining.py (the reference for the levels up
 * to 1): potentials (a candidate assumed on or off) spread breadth first, each remembering the
 * potentials it follows from and why (the cell's last value, the region's last place, or a nested
 * rule), and a hint's complexity is the number of distinct potentials its chains go through, plus
 * the complexity of every distinct nested chain they use.
 *
 * Nesting: when a dynamic chain of level n runs out of implications, SE asks other rules on the
 * grid the chain has made (intersections, hidden and naked pairs, X-Wings, then for n >= 2 whole
 * chaining rules); a hint of theirs that needs a candidate the chain removed ("rule parents")
 * turns its removals off, with those candidates as parents.  The nested rules here run one depth
 * down with their own search state (`ctx`); the node arena is shared, used as a stack.
 *
 * At depth 0 only the first hint in SE's order (difficulty, then complexity, then kind, then the
 * order found) is kept; a nested rule keeps all its hints, sorted in that order, equal removals
 * once.
 */
#include "serate.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NKEYS 1620           /* (cell * 10 + value) * 2 + on */
#define MAXNODES (1 << 20)
#define MAXPARENTS (1 << 22)
#define MAXNESTS (1 << 20)
#define MAXDEPTH 4
#define MAXHINTS (1 << 15)
#define MAXARENA (1 << 20)

enum { C_NONE, C_NAKED, C_BLOCK, C_ROW, C_COLUMN, C_ADVANCED };  /* why a potential follows */

typedef struct {
    short cell;
    signed char value;
    signed char on;
    signed char cause;       /* C_*: the cell's last value, a region's last place, a nested rule */
    int key;                 /* (cell * 10 + value) * 2 + on */
    uint64_t line;           /* a bit for each key on its first-parent line (a filter for is_parent) */
    int first;               /* index of its first parent in the parent arena */
    int count;               /* how many parents */
    int nest;                /* index of the nested chain it came from in nests[], 0 for none */
} node;

typedef struct {
    uint64_t id;             /* the nested chain's identity (its targets and their chains) */
    int complexity;
} nest_info;

static node nodes[MAXNODES];
static int nnodes;
static int parent_arena[MAXPARENTS];
static int nparents;
static nest_info nests[MAXNESTS];
static int nnests = 1;
static int overflow;         /* 1: out of memory, 2: stopped by the poll callback */

typedef unsigned __int128 cellset;   /* bit c: cell c */

static cellset region_set[3][9];     /* the cells of each block, row, column */
static cellset cell_bit[81];
static int rcells[3][9][9];
static int rof[81][3];
static int ready;

static se_chain_poll poll_fn;
static void *poll_context;
static long work;
static struct timespec last_poll;

static int key_of(int cell, int value, int on) { return (cell * 10 + value) * 2 + on; }
static int key(int n) { return nodes[n].key; }
static uint64_t key_bit(int k) { return (uint64_t)1 << ((unsigned)k * 0x9E3779B1u >> 26); }
static int pc(int m) { return __builtin_popcount((unsigned)m); }

static void tables(void) {
    for (int i = 0; i < 9; i++)
        for (int p = 0; p < 9; p++) {
            rcells[0][i][p] = (i / 3 * 3 + p / 3) * 9 + i % 3 * 3 + p % 3;
            rcells[1][i][p] = i * 9 + p;
            rcells[2][i][p] = p * 9 + i;
        }
    for (int c = 0; c < 81; c++) {
        rof[c][0] = (c / 9) / 3 * 3 + (c % 9) / 3;
        rof[c][1] = c / 9;
        rof[c][2] = c % 9;
        cell_bit[c] = (cellset)1 << c;
    }
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 9; i++) {
            region_set[k][i] = 0;
            for (int p = 0; p < 9; p++) region_set[k][i] |= (cellset)1 << rcells[k][i][p];
        }
    ready = 1;
}

/* Every few thousand chainings, and at most every 50 ms, ask the caller whether to go on. */
static void tick(void) {
    if (!poll_fn || ++work & 1023) return;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double ms = (double)(now.tv_sec - last_poll.tv_sec) * 1e3 + (double)(now.tv_nsec - last_poll.tv_nsec) / 1e6;
    if (ms < 50) return;
    last_poll = now;
    if (poll_fn(poll_context, work, 0)) overflow = 2;
}

static int new_node(int cell, int value, int on, int parent, int cause) {
    if (nnodes >= MAXNODES || nparents >= MAXPARENTS - 100) {
        if (!overflow) overflow = 1;
        return 0;
    }
    node *n = &nodes[nnodes];
    n->cell = (short)cell;
    n->value = (signed char)value;
    n->on = (signed char)on;
    n->cause = (signed char)cause;
    n->key = key_of(cell, value, on);
    n->first = nparents;
    n->count = 0;
    n->nest = 0;
    n->line = 0;
    if (parent >= 0) {
        parent_arena[nparents++] = parent;
        n->count = 1;
        n->line = nodes[parent].line | key_bit(nodes[parent].key);
    }
    return nnodes++;
}

static void add_parent(int n, int parent) {
    if (nparents >= MAXPARENTS) {
        if (!overflow) overflow = 1;
        return;
    }
    parent_arena[nparents++] = parent;  /* the node's parents are the last ones added */
    if (!nodes[n].count++) nodes[n].line = nodes[parent].line | key_bit(nodes[parent].key);
}

/* ---------------------------------------------------------------- sets of potentials by key */

typedef struct {
    int at[NKEYS];       /* node index, valid when stamp matches */
    int stamp[NKEYS];
    int order[NKEYS];    /* keys in first-insertion order */
    int size;
    int gen;
} pset;

static void pset_clear(pset *s) {
    s->gen++;
    s->size = 0;
}
static int pset_get(const pset *s, int k) { return s->stamp[k] == s->gen ? s->at[k] : -1; }
static void pset_put(pset *s, int k, int n) {  /* like a Python dict: keeps its place, takes the new node */
    if (s->stamp[k] != s->gen) {
        s->stamp[k] = s->gen;
        s->order[s->size++] = k;
    }
    s->at[k] = n;
}

/* Every key of src, in its order, into dst (as a Python dict's update). */
static void pset_add_all(pset *dst, const pset *src) {
    for (int i = 0; i < src->size; i++) pset_put(dst, src->order[i], src->at[src->order[i]]);
}

/* Keep the keys of s that other also has, in s's order (s keeps its own nodes). */
static void pset_retain(pset *s, const pset *other) {
    int kept = 0;
    for (int i = 0; i < s->size; i++) {
        int k = s->order[i];
        if (pset_get(other, k) >= 0) s->order[kept++] = k;
        else s->stamp[k] = 0;
    }
    s->size = kept;
}

/* ------------------------------------------------------------------------ walking a chain */

static int seen_stamp[NKEYS];
static int seen_gen;
static int walk[MAXNODES];

/* The potentials a target follows from (itself first), breadth first, each key once: SE's getChain
 * (the first node met of a key stands for it).  Into walk[]; the count. */
static int chain_of(int target) {
    seen_gen++;
    int head = 0, tail = 0;
    walk[tail++] = target;
    seen_stamp[key(target)] = seen_gen;
    while (head < tail) {
        int n = walk[head++];
        for (int i = 0; i < nodes[n].count; i++) {
            int p = parent_arena[nodes[n].first + i];
            int k = key(p);
            if (seen_stamp[k] == seen_gen) continue;
            seen_stamp[k] = seen_gen;
            if (tail >= MAXNODES) break;
            walk[tail++] = p;
        }
    }
    return tail;
}

static int ancestors(int target) { return chain_of(target); }

static double length_difficulty(int complexity) {
    double added = 0.0;
    int ceiling = 4, length = complexity - 2, odd = 0;
    while (length > ceiling) {
        added += 0.1;
        ceiling = odd ? ceiling * 4 / 3 : ceiling * 3 / 2;
        odd = !odd;
    }
    return added;
}

static int is_parent(int child, int parent_key) {
    if (!(nodes[child].line & key_bit(parent_key))) return 0;
    int p = child;
    while (nodes[p].count) {
        p = parent_arena[nodes[p].first];
        if (key(p) == parent_key) return 1;
    }
    return 0;
}

/* ------------------------------------------------------------------------- implications */

typedef struct {
    int cand[81];
    int values[81];
    cellset places[10];      /* places[v]: the cells with candidate v (kept with cand) */
} grid;

static int count_cells(cellset s) {
    return __builtin_popcountll((uint64_t)s) + __builtin_popcountll((uint64_t)(s >> 64));
}

static int first_cell(cellset s) {
    uint64_t lo = (uint64_t)s;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(s >> 64));
}

static void set_places(grid *g) {
    for (int v = 0; v < 10; v++) g->places[v] = 0;
    for (int c = 0; c < 81; c++)
        for (int v = 1; v <= 9; v++)
            if (g->cand[c] >> v & 1) g->places[v] |= cell_bit[c];
}

static void remove_candidate(grid *g, int cell, int value) {
    g->cand[cell] &= ~(1 << value);
    g->places[value] &= ~cell_bit[cell];
}

/* What an "on" potential turns off: keys and causes, first occurrence of each key kept (the cell's
 * other values, then the value's places in the block, the row, the column, each in cell order);
 * the count. */
static int on_to_off(const grid *g, int p, int y, int *keys, int *causes) {
    int n = 0, cell = nodes[p].cell, value = nodes[p].value;
    if (y)
        for (int v = 1; v <= 9; v++)
            if (v != value && (g->cand[cell] >> v & 1)) {
                causes[n] = C_NAKED;
                keys[n++] = key_of(cell, v, 0);
            }
    cellset others = g->places[value] & ~cell_bit[cell];
    cellset block = region_set[0][rof[cell][0]];
    cellset parts[3] = {others & block, others & region_set[1][rof[cell][1]] & ~block,
                        others & region_set[2][rof[cell][2]] & ~block};
    for (int kind = 0; kind < 3; kind++)
        for (cellset s = parts[kind]; s; s &= s - 1) {
            causes[n] = C_BLOCK + kind;
            keys[n++] = key_of(first_cell(s), value, 0);
        }
    return n;  /* nodes are made by the caller only when kept */
}

/* What an "off" potential turns on: made as nodes (with hidden parents when source is given). */
static int off_to_on(const grid *g, int p, const grid *source, const pset *offs, int y, int x, int *out) {
    int n = 0, cell = nodes[p].cell, value = nodes[p].value;
    int made_cell[4];
    if (y) {
        int vals = g->cand[cell];
        if (pc(vals) == 2) {
            int rest = (vals >> value & 1) ? vals & ~(1 << value) : vals;
            int other = __builtin_ctz((unsigned)rest);
            int q = new_node(cell, other, 1, p, C_NAKED);
            if (source)
                for (int v = 1; v <= 9; v++)
                    if ((source->cand[cell] >> v & 1) && !(g->cand[cell] >> v & 1)) {
                        int parent = pset_get(offs, key_of(cell, v, 0));
                        if (parent >= 0) add_parent(q, parent);
                    }
            made_cell[n] = -1;  /* its key (cell, other value) is never one of the places' keys */
            out[n++] = q;
        }
    }
    if (x)
        for (int kind = 0; kind < 3; kind++) {
            cellset region = region_set[kind][rof[cell][kind]];
            cellset here = g->places[value] & region;
            if (count_cells(here) != 2) continue;
            int other = first_cell(here & ~cell_bit[cell]);
            int dup = 0;
            for (int i = 0; i < n; i++) dup |= made_cell[i] == other;
            if (dup) continue;
            int q = new_node(other, value, 1, p, C_BLOCK + kind);
            if (source)
                for (cellset gone = source->places[value] & ~g->places[value] & region; gone; gone &= gone - 1) {
                    int parent = pset_get(offs, key_of(first_cell(gone), value, 0));
                    if (parent >= 0) add_parent(q, parent);
                }
            made_cell[n] = other;
            out[n++] = q;
        }
    return n;
}

/* ------------------------------------------------------------------------------ the hints */

typedef struct {
    int found;
    double difficulty;
    int complexity;
    int sort_key;
    int name;
    int nremovals;
    int cell[81];
    int mask[81];
} best;

/* A hint of a nested rule: what it removes and the candidates the chain around it must have
 * removed for it (its rule parents), as ranges of its depth's arena. */
typedef struct {
    double difficulty;
    int complexity;
    int sort_key;
    int seq;
    int rfirst, rcount;      /* removals: cell * 16 + value */
    int pfirst, pcount;      /* rule parents: cell * 16 + value */
    uint64_t id;             /* 0 for the hints of rules that are no chains */
    uint64_t removals_hash;
} nested_hint;

typedef struct {
    int depth;
    int collect;             /* keep every hint (a nested rule) instead of the best one */
    best b;
    grid initial, current;   /* nested: the enclosing chain's grid before it and now */
    nested_hint hints[MAXHINTS];
    int nhints;
    int arena[MAXARENA];
    int narena;
    /* the search state of this depth */
    pset value_on[9], value_off[9], cell_on, cell_off, region_on, region_off;
    pset off_to_on_set, off_to_off_set, pos_on[9], pos_off[9];
    grid saved;
    int qon[NKEYS * 2], qoff[NKEYS * 2];
    int kept[MAXARENA];      /* the hints a nested rule adds to the chain, as materialize() reads them */
} ctx;

static ctx *contexts[MAXDEPTH];

static void offer(best *b, double difficulty, int complexity, int sort_key, int name, const int *cells,
                  const int *masks, int n) {
    int kept = 0;
    for (int i = 0; i < n; i++) kept += masks[i] != 0;
    if (!kept) return;
    if (b->found) {
        if (difficulty > b->difficulty) return;
        if (difficulty == b->difficulty) {
            if (complexity > b->complexity) return;
            if (complexity == b->complexity && sort_key >= b->sort_key) return;
        }
    }
    b->found = 1;
    b->difficulty = difficulty;
    b->complexity = complexity;
    b->sort_key = sort_key;
    b->name = name;
    b->nremovals = 0;
    for (int i = 0; i < n; i++)
        if (masks[i]) {
            b->cell[b->nremovals] = cells[i];
            b->mask[b->nremovals++] = masks[i];
        }
}

static int arena_push(ctx *x, int v) {
    if (x->narena >= MAXARENA) {
        if (!overflow) overflow = 1;
        return 0;
    }
    x->arena[x->narena++] = v;
    return 1;
}

/* Open a nested hint (its removals pushed, parents to follow); NULL when there is no room. */
static nested_hint *open_hint(ctx *x, double difficulty, int complexity, int sort_key, uint64_t id,
                              const int *cells, const int *masks, int n) {
    if (x->nhints >= MAXHINTS) {
        if (!overflow) overflow = 1;
        return 0;
    }
    nested_hint *h = &x->hints[x->nhints];
    h->difficulty = difficulty;
    h->complexity = complexity;
    h->sort_key = sort_key;
    h->seq = x->nhints;
    h->id = id;
    h->rfirst = x->narena;
    uint64_t hash = 1469598103934665603ULL;
    for (int i = 0; i < n; i++)
        for (int v = 1; v <= 9; v++)
            if (masks[i] >> v & 1) {
                arena_push(x, cells[i] * 16 + v);
                hash = (hash ^ (uint64_t)(cells[i] * 16 + v)) * 1099511628211ULL;
            }
    h->rcount = x->narena - h->rfirst;
    h->removals_hash = hash;
    h->pfirst = x->narena;
    h->pcount = 0;
    x->nhints++;
    return h;
}

/* A rule parent, once (the parents of one hint are few: a linear check). */
static void add_rule_parent(ctx *x, nested_hint *h, int cell, int value) {
    int item = cell * 16 + value;
    for (int i = 0; i < h->pcount; i++)
        if (x->arena[h->pfirst + i] == item) return;
    if (arena_push(x, item)) h->pcount++;
}

/* The candidates the enclosing chain removed that made an "on" potential follow: the cell's other
 * values (cause C_NAKED) or the value's other places in the region (a region cause). */
static void cause_parents(ctx *x, nested_hint *h, int cell, int value, int cause) {
    if (cause == C_NAKED) {
        for (int v = 1; v <= 9; v++)
            if ((x->initial.cand[cell] >> v & 1) && !(x->current.cand[cell] >> v & 1)) add_rule_parent(x, h, cell, v);
    } else if (cause >= C_BLOCK && cause <= C_COLUMN) {
        int kind = cause - C_BLOCK;
        const int *region = rcells[kind][rof[cell][kind]];
        for (int i = 0; i < 9; i++)
            if ((x->initial.cand[region[i]] >> value & 1) && !(x->current.cand[region[i]] >> value & 1))
                add_rule_parent(x, h, region[i], value);
    }
}

/* SE's getRuleParents of a chain hint: over each target's chain, every "on" potential's cause
 * (the first assumption's is initial_cause: a cell chain's naked single, a region chain's region). */
static void chain_rule_parents(ctx *x, nested_hint *h, const int *targets, int ntargets, int initial_cause) {
    for (int t = 0; t < ntargets; t++) {
        int n = chain_of(targets[t]);
        for (int i = 0; i < n; i++) {
            const node *p = &nodes[walk[i]];
            int cause = p->cause;
            if (cause == C_NONE && p->count == 0) cause = initial_cause;
            if (p->on) cause_parents(x, h, p->cell, p->value, cause);
        }
    }
}

static uint64_t mix(uint64_t h, uint64_t v) { return (h ^ (v + 0x9e3779b97f4a7c15ULL)) * 0x100000001b3ULL; }

/* A chain hint's identity (SE's FullChain: its targets and the chains to them) and its nested
 * complexity (each distinct nested chain its chains go through, counted once). */
static uint64_t chain_identity(const int *targets, int ntargets, int *nested) {
    uint64_t h = 0x84222325cbf29ce4ULL;
    uint64_t seen[64];
    int nseen = 0;
    *nested = 0;
    for (int t = 0; t < ntargets; t++) {
        int n = chain_of(targets[t]);
        h = mix(h, 0xffffu);
        for (int i = 0; i < n; i++) {
            const node *p = &nodes[walk[i]];
            h = mix(h, (uint64_t)key(walk[i]));
            if (p->nest) {
                uint64_t id = nests[p->nest].id;
                int known = 0;
                for (int j = 0; j < nseen; j++) known |= seen[j] == id;
                if (!known) {
                    if (nseen < 64) seen[nseen++] = id;
                    *nested += nests[p->nest].complexity;
                }
            }
        }
    }
    return h ? h : 1;
}

/* Offer a chain hint: the best one at depth 0, else kept with its rule parents.  flat: the
 * complexity of its own chains; targets: its chains' ends (SE's getChainsTargets). */
static void offer_chain(ctx *x, double base, int flat, int sort_key, int name, const int *targets, int ntargets,
                        int initial_cause, const int *cells, const int *masks, int n) {
    int kept = 0;
    for (int i = 0; i < n; i++) kept += masks[i] != 0;
    if (!kept) return;
    int nested = 0;
    uint64_t id = chain_identity(targets, ntargets, &nested);
    int complexity = flat + nested;
    double difficulty = base + length_difficulty(complexity);
    if (!x->collect) {
        offer(&x->b, difficulty, complexity, sort_key, name, cells, masks, n);
        return;
    }
    nested_hint *h = open_hint(x, difficulty, complexity, sort_key, id, cells, masks, n);
    if (h) chain_rule_parents(x, h, targets, ntargets, initial_cause);
}

static void offer_target(ctx *x, const grid *g, double base, int flat, int sort_key, int name, int target,
                         const int *targets, int ntargets, int initial_cause) {
    int cell = nodes[target].cell, value = nodes[target].value;
    int mask = nodes[target].on ? g->cand[cell] & ~(1 << value) : 1 << value;
    offer_chain(x, base, flat, sort_key, name, targets, ntargets, initial_cause, &cell, &mask, 1);
}

/* ------------------------------------------------------------- cycles and forcing X/Y chains */

static pset to_on, to_off, chains;   /* the unary search is a leaf: one state serves every depth */
static int queue_on[MAXNODES], queue_off[MAXNODES];
static int cycles[MAXNODES];

/* A cycle's hint: what both directions of the loop see, its own cells aside. */
static void cycle_hint(ctx *x, const grid *g, int end, int y, int both) {
    int in_chain[81] = {0};
    int line[256], nline = 0;
    int p = end;
    while (nodes[p].count) {
        in_chain[nodes[p].cell] = 1;
        if (nline < 256) line[nline++] = p;
        p = parent_arena[nodes[p].first];
    }
    int fwd[81] = {0}, bwd[81] = {0};
    for (int i = 0; i < nline; i++) {
        int c0 = nodes[line[i]].cell, v = nodes[line[i]].value;
        for (int kind = 0; kind < 3; kind++)
            for (int j = 0; j < 9; j++) {
                int c = rcells[kind][rof[c0][kind]][j];
                if (c != c0 && !in_chain[c] && (g->cand[c] >> v & 1)) {
                    if (nodes[line[i]].on) fwd[c] |= 1 << v;
                    else bwd[c] |= 1 << v;
                }
            }
    }
    int cells[81], masks[81], n = 0;
    for (int c = 0; c < 81; c++)
        if (fwd[c] & bwd[c]) {
            cells[n] = c;
            masks[n++] = fwd[c] & bwd[c];
        }
    if (!n) return;
    int complexity = ancestors(end);
    double base = both ? 7.0 : 6.5;
    int sort_key = both ? 4 : y ? 3 : 2, name = both ? 2 : y ? 1 : 0;
    if (!x->collect) {
        offer(&x->b, base + length_difficulty(complexity), complexity, sort_key, name, cells, masks, n);
        return;
    }
    /* SE's targets: the end, and the loop reversed (each potential flipped, from the start on) */
    uint64_t h = 0x84222325cbf29ce4ULL;
    int k = chain_of(end);
    h = mix(h, 0xffffu);
    for (int i = 0; i < k; i++) h = mix(h, (uint64_t)key(walk[i]));
    h = mix(h, 0xffffu);
    h = mix(h, (uint64_t)(key(end) ^ 1));
    for (int i = nline - 1; i >= 1; i--) h = mix(h, (uint64_t)(key(line[i]) ^ 1));
    nested_hint *hint = open_hint(x, base + length_difficulty(complexity), complexity, sort_key, h ? h : 1, cells,
                                  masks, n);
    if (!hint) return;
    int target = end;
    chain_rule_parents(x, hint, &target, 1, C_NONE);
    for (int i = nline - 1; i >= 1; i--)  /* the reversed loop: its "off" potentials are "on" there */
        if (!nodes[line[i]].on) cause_parents(x, hint, nodes[line[i]].cell, nodes[line[i]].value, nodes[line[i]].cause);
}

/* Whether every hint made from nodes at a chain length of at least `length` loses to the best one
 * found (depth 0 only: a nested rule keeps every hint).  Such a hint has a complexity of at least
 * length - 1 (the distinct potentials of its line), so a difficulty of at least base plus that
 * length's increment. */
static int too_long(const ctx *x, double base, int length) {
    if (x->collect || !x->b.found) return 0;
    int complexity = length - 1;
    double bound = base + length_difficulty(complexity);
    return bound > x->b.difficulty || (bound == x->b.difficulty && complexity > x->b.complexity);
}

static void unary(ctx *x, grid *g, int cell, int value, int y, int xl) {
    if (pc(g->cand[cell]) > 2 && !xl) return;
    int both = xl && y;
    int base_nodes = nnodes, base_parents = nparents;
    int start = new_node(cell, value, 1, -1, C_NONE);
    int start_key = key(start);
    int ncycles = 0;
    int keys[64], causes[64], made[64];
    tick();
    /* cycles */
    pset_clear(&to_on);
    pset_clear(&to_off);
    pset_put(&to_on, start_key, start);
    int hon = 0, ton = 0, hoff = 0, toff = 0, length = 0;
    queue_on[ton++] = start;
    double base = both ? 7.0 : 6.5;
    while ((hon < ton || hoff < toff) && !overflow) {
        length++;
        if (too_long(x, base, length)) break;
        while (hon < ton && !overflow) {
            int p = queue_on[hon++];
            int n = on_to_off(g, p, y, keys, causes);
            for (int i = 0; i < n; i++) {
                if (is_parent(p, keys[i])) continue;
                int q = new_node(keys[i] / 20, (keys[i] / 2) % 10, 0, p, causes[i]);
                if (toff >= MAXNODES) { overflow = 1; break; }
                queue_off[toff++] = q;
                pset_put(&to_off, keys[i], q);
            }
        }
        length++;
        if (too_long(x, base, length)) break;
        while (hoff < toff && !overflow) {
            int p = queue_off[hoff++];
            int n = off_to_on(g, p, 0, &to_off, y, xl, made);
            for (int i = 0; i < n; i++) {
                int q = made[i], k = key(q);
                if (length >= 4 && k == start_key && ncycles < MAXNODES) cycles[ncycles++] = q;
                if (pset_get(&to_on, k) < 0) {
                    if (ton >= MAXNODES) { overflow = 1; break; }
                    queue_on[ton++] = q;
                    pset_put(&to_on, k, q);
                }
            }
        }
    }
    /* forcing chains, from the start on and from the start off */
    static int chain_targets[NKEYS];
    int nchains = 0;
    pset_clear(&chains);
    if (xl) {
        for (int side = 0; side < 2 && !overflow; side++) {
            int source = side == 0 ? start : new_node(cell, value, 0, -1, C_NONE);
            int source_key = key(source);
            pset_clear(&to_on);
            pset_clear(&to_off);
            hon = ton = hoff = toff = 0;
            if (side == 0) {
                pset_put(&to_on, source_key, source);
                queue_on[ton++] = source;
            } else {
                pset_put(&to_off, source_key, source);
                queue_off[toff++] = source;
            }
            length = 0;
            while ((hon < ton || hoff < toff) && !overflow) {
                if (too_long(x, base, ++length)) break;
                while (hon < ton && !overflow) {
                    int p = queue_on[hon++];
                    int n = on_to_off(g, p, y, keys, causes);
                    for (int i = 0; i < n; i++) {
                        int k = keys[i];
                        int chain = (k ^ 1) == source_key && pset_get(&chains, k) < 0;
                        int keep = !is_parent(p, k) && pset_get(&to_off, k) < 0;
                        if (!chain && !keep) continue;
                        int q = new_node(k / 20, (k / 2) % 10, 0, p, causes[i]);
                        if (chain) {
                            pset_put(&chains, k, q);
                            chain_targets[nchains++] = q;
                        }
                        if (keep) {
                            queue_off[toff++] = q;
                            pset_put(&to_off, k, q);
                        }
                    }
                }
                if (too_long(x, base, ++length)) break;
                while (hoff < toff && !overflow) {
                    int p = queue_off[hoff++];
                    int n = off_to_on(g, p, 0, &to_off, y, 1, made);
                    for (int i = 0; i < n; i++) {
                        int q = made[i], k = key(q);
                        if ((k ^ 1) == source_key && pset_get(&chains, k) < 0) {
                            pset_put(&chains, k, q);
                            chain_targets[nchains++] = q;
                        }
                        if (pset_get(&to_on, k) < 0) {
                            queue_on[ton++] = q;
                            pset_put(&to_on, k, q);
                        }
                    }
                }
            }
        }
    }
    if (!overflow) {
        for (int i = 0; i < ncycles; i++) cycle_hint(x, g, cycles[i], y, both);
        int sort_key = both ? 4 : y ? 3 : 2;
        for (int i = 0; i < nchains; i++) {
            int t = chain_targets[i];
            offer_target(x, g, both ? 7.0 : 6.6, ancestors(t), sort_key, both ? 5 : y ? 4 : 3, t, &t, 1, C_NONE);
        }
    }
    nnodes = base_nodes;
    nparents = base_parents;
}

/* Cycles and forcing chains: X, then Y, then both; cell by cell, value by value. */
static void unary_all(ctx *x, grid *g) {
    static const int flags[3][2] = {{0, 1}, {1, 0}, {1, 1}};  /* (y, x) */
    for (int f = 0; f < 3 && !overflow; f++) {
        if (f == 2 && !x->collect && x->b.found && x->b.difficulty < 7.0) break;  /* XY ones start at 7.0 */
        for (int cell = 0; cell < 81 && !overflow; cell++) {
            if (g->values[cell] || pc(g->cand[cell]) <= 1) continue;
            for (int v = 1; v <= 9; v++)
                if (g->cand[cell] >> v & 1) unary(x, g, cell, v, flags[f][0], flags[f][1]);
        }
    }
}

/* ------------------------------------------------------------- multiple and dynamic chains */

typedef struct {
    int multiple, dynamic, nishio, level;
    double base;
} rule;

static rule make_rule(int multiple, int dynamic, int nishio, int level) {
    rule r = {multiple, dynamic, nishio, level, 0.0};
    if (level >= 2) r.base = 9.5 + 0.5 * (level - 2);
    else if (level > 0) r.base = 8.5 + 0.5 * level;
    else if (nishio) r.base = 7.5;
    else if (dynamic) r.base = 8.5;
    else r.base = 8.0;
    return r;
}

static int advanced(ctx *x, const rule *r, grid *g, const grid *source, pset *off, int *out, int max);

/* Spread the assumptions in on/off; returns 1 with the contradiction's two nodes when one is found. */
static int chaining(ctx *x, const rule *r, grid *g, pset *on, pset *off, int *on_node, int *off_node) {
    grid *saved = &x->saved;
    if (r->dynamic) *saved = *g;  /* a dynamic chain changes the grid: restored from here */
    const grid *source = r->dynamic ? saved : 0;
    int y = !r->nishio;
    int hon = 0, ton = 0, hoff = 0, toff = 0, result = 0;
    int *qon = x->qon, *qoff = x->qoff;
    int keys[64], causes[64], made[64];
    tick();
    for (int i = 0; i < on->size; i++) qon[ton++] = on->at[on->order[i]];
    for (int i = 0; i < off->size; i++) qoff[toff++] = off->at[off->order[i]];
    while ((hon < ton || hoff < toff) && !overflow) {
        if (hon < ton) {
            int p = qon[hon++];
            int n = on_to_off(g, p, y, keys, causes);
            for (int i = 0; i < n; i++) {
                int k = keys[i];
                int conj = pset_get(on, k ^ 1);
                if (conj >= 0) {
                    *on_node = conj;
                    *off_node = new_node(k / 20, (k / 2) % 10, 0, p, causes[i]);
                    result = 1;
                    goto done;
                }
                if (pset_get(off, k) < 0) {
                    int q = new_node(k / 20, (k / 2) % 10, 0, p, causes[i]);
                    pset_put(off, k, q);
                    qoff[toff++] = q;
                }
            }
        } else {
            int p = qoff[hoff++];
            int n = off_to_on(g, p, source, off, y, 1, made);
            if (r->dynamic) remove_candidate(g, nodes[p].cell, nodes[p].value);
            for (int i = 0; i < n; i++) {
                int q = made[i], k = key(q);
                int conj = pset_get(off, k ^ 1);
                if (conj >= 0) {
                    *on_node = q;
                    *off_node = conj;
                    result = 1;
                    goto done;
                }
                if (pset_get(on, k) < 0) {
                    pset_put(on, k, q);
                    qon[ton++] = q;
                }
            }
        }
        if (hon == ton && hoff == toff && r->level > 0 && !overflow) {
            static int found[MAXDEPTH][NKEYS];
            int *more = found[x->depth];
            int n = advanced(x, r, g, saved, off, more, NKEYS);
            for (int i = 0; i < n; i++) {
                int k = key(more[i]);
                if (pset_get(off, k) < 0) {
                    pset_put(off, k, more[i]);
                    qoff[toff++] = more[i];
                }
            }
        }
    }
done:
    if (r->dynamic) *g = *saved;
    return result;
}

/* the names of sechain hints, after the cycles/forcing ones (0-5): see sudokit/se/chaining.py */
enum { N_CONTRADICTION = 6, N_DOUBLE = 7, N_NISHIO = 8, N_CELL = 9, N_REGION = 10 };

static void binary_hint(ctx *x, const rule *r, const grid *g, int on_node, int off_node, int target, int absurd,
                        int place) {
    int flat = ancestors(on_node) + ancestors(off_node);
    int name = r->nishio ? N_NISHIO : absurd ? N_CONTRADICTION : N_DOUBLE;
    int targets[2] = {on_node, off_node};
    int cell = nodes[target].cell, value = nodes[target].value;
    int mask = place ? g->cand[cell] & ~(1 << value) : 1 << value;
    offer_chain(x, r->base, flat, absurd ? 7 : 1, name, targets, 2, C_NONE, &cell, &mask, 1);
}

static void multiple(ctx *x, const rule *r, grid *g) {
    int base_nodes = nnodes, base_parents = nparents, base_nests = nnests;
    for (int cell = 0; cell < 81 && !overflow; cell++) {
        int vals = g->cand[cell], count = pc(vals);
        if (g->values[cell] || !(count > 2 || (count > 1 && r->dynamic))) continue;
        nnodes = base_nodes;
        nparents = base_parents;
        nnests = base_nests;
        int nv = 0;
        int first = 1;
        for (int v = 1; v <= 9 && !overflow; v++) {
            if (!(vals >> v & 1)) continue;
            pset *on = &x->value_on[nv], *off = &x->value_off[nv];
            pset_clear(on);
            pset_clear(off);
            int p_on = new_node(cell, v, 1, -1, C_NONE), p_off = new_node(cell, v, 0, -1, C_NONE);
            int reduction = count >= 3 && !r->nishio && r->dynamic, contradiction = r->dynamic || r->nishio;
            pset_put(on, key(p_on), p_on);
            int a, c;
            if (chaining(x, r, g, on, off, &a, &c) && contradiction) binary_hint(x, r, g, a, c, p_on, 1, 0);
            pset_clear(&x->off_to_on_set);
            pset_clear(&x->off_to_off_set);
            pset_put(&x->off_to_off_set, key(p_off), p_off);
            if (chaining(x, r, g, &x->off_to_on_set, &x->off_to_off_set, &a, &c) && contradiction)
                binary_hint(x, r, g, a, c, p_off, 1, 1);
            if (reduction) {
                for (int i = 0; i < on->size; i++) {
                    int k = on->order[i], from_off = pset_get(&x->off_to_on_set, k);
                    if (from_off >= 0) binary_hint(x, r, g, on->at[k], from_off, on->at[k], 0, 1);
                }
                for (int i = 0; i < off->size; i++) {
                    int k = off->order[i], from_off = pset_get(&x->off_to_off_set, k);
                    if (from_off >= 0) binary_hint(x, r, g, off->at[k], from_off, from_off, 0, 0);
                }
            }
            if (!r->nishio) {  /* regions */
                int bit = 1 << v;
                for (int kind = 0; kind < 3 && !overflow; kind++) {
                    const int *region = rcells[kind][rof[cell][kind]];
                    int places[9], np = 0;
                    for (int i = 0; i < 9; i++)
                        if (g->cand[region[i]] & bit) places[np++] = region[i];
                    if (!(np == 2 || (r->multiple && np > 2)) || places[0] != cell) continue;
                    pset_clear(&x->region_on);
                    pset_clear(&x->region_off);
                    pset *outs_on[9], *outs_off[9];
                    for (int j = 0; j < np; j++) {
                        if (places[j] == cell) {
                            outs_on[j] = on;
                            outs_off[j] = off;
                            pset_add_all(&x->region_on, on);
                            pset_add_all(&x->region_off, off);
                        } else {
                            pset *o_on = &x->pos_on[j], *o_off = &x->pos_off[j];
                            pset_clear(o_on);
                            pset_clear(o_off);
                            int q = new_node(places[j], v, 1, -1, C_NONE);
                            pset_put(o_on, key(q), q);
                            chaining(x, r, g, o_on, o_off, &a, &c);
                            outs_on[j] = o_on;
                            outs_off[j] = o_off;
                            pset_retain(&x->region_on, o_on);
                            pset_retain(&x->region_off, o_off);
                        }
                    }
                    for (int side = 0; side < 2; side++) {
                        pset *targets = side ? &x->region_off : &x->region_on;
                        for (int i = 0; i < targets->size; i++) {
                            int k = targets->order[i], t = targets->at[k];
                            int flat = 0, ends[9];
                            for (int j = 0; j < np; j++) {
                                ends[j] = pset_get(side ? outs_off[j] : outs_on[j], k);
                                flat += ancestors(ends[j]);
                            }
                            offer_target(x, g, r->base, flat, 6, N_REGION, t, ends, np, C_BLOCK + kind);
                        }
                    }
                }
            }
            /* cell reduction sets */
            if (first) {
                pset_clear(&x->cell_on);
                pset_clear(&x->cell_off);
                pset_add_all(&x->cell_on, on);
                pset_add_all(&x->cell_off, off);
                first = 0;
            } else {
                pset_retain(&x->cell_on, on);
                pset_retain(&x->cell_off, off);
            }
            nv++;
        }
        if (!overflow && !r->nishio && (count == 2 || (r->multiple && count > 2))) {
            for (int side = 0; side < 2; side++) {
                pset *targets = side ? &x->cell_off : &x->cell_on;
                for (int i = 0; i < targets->size; i++) {
                    int k = targets->order[i], t = targets->at[k];
                    int flat = 0, ends[9];
                    for (int j = 0; j < nv; j++) {
                        ends[j] = pset_get(side ? &x->value_off[j] : &x->value_on[j], k);
                        flat += ancestors(ends[j]);
                    }
                    offer_target(x, g, r->base, flat, 5, N_CELL, t, ends, nv, C_NAKED);
                }
            }
        }
    }
    nnodes = base_nodes;
    nparents = base_parents;
    nnests = base_nests;
}

/* -------------------------------------------- the rules nested in a chain, with their parents */

static int empty_count(const grid *g, int kind, int index) {
    int n = 0;
    for (int i = 0; i < 9; i++) n += !g->values[rcells[kind][index][i]];
    return n;
}

static int positions(const grid *g, int kind, int index, int value) {
    int m = 0;
    for (int i = 0; i < 9; i++)
        if (g->cand[rcells[kind][index][i]] >> value & 1) m |= 1 << i;
    return m;
}

static int in_region(int kind, int index, int cell) { return rof[cell][kind] == index; }

static int crosses(int k1, int i1, int k2, int i2) {
    for (int p = 0; p < 9; p++)
        if (in_region(k2, i2, rcells[k1][i1][p])) return 1;
    return 0;
}

/* SE's searchCommonTuple: the masks' union when each has two bits or more and it has degree bits. */
static int common(const int *masks, int n, int degree) {
    int u = 0;
    for (int i = 0; i < n; i++) {
        if (!(masks[i] & (masks[i] - 1))) return 0;
        u |= masks[i];
    }
    return pc(u) == degree ? u : 0;
}

/* The value's places the chain took from the base regions, outside the cover regions
 * (intersections and fish). */
static void locking_parents(ctx *x, nested_hint *h, const int (*bases)[2], int nbases, const int (*covers)[2],
                            int ncovers, int value) {
    for (int b = 0; b < nbases; b++)
        for (int i = 0; i < 9; i++) {
            int c = rcells[bases[b][0]][bases[b][1]][i], covered = 0;
            for (int k = 0; k < ncovers; k++) covered |= in_region(covers[k][0], covers[k][1], c);
            if (!covered && (x->initial.cand[c] >> value & 1) && !(x->current.cand[c] >> value & 1))
                add_rule_parent(x, h, c, value);
        }
}

static void nested_locking(ctx *x, const grid *g) {
    static const int pairs[4][2] = {{0, 2}, {0, 1}, {2, 0}, {1, 0}};  /* (block, column), (block, row), ... */
    for (int pi = 0; pi < 4; pi++) {
        int k1 = pairs[pi][0], k2 = pairs[pi][1];
        for (int i1 = 0; i1 < 9; i1++)
            for (int i2 = 0; i2 < 9; i2++) {
                if (!crosses(k1, i1, k2, i2)) continue;
                for (int v = 1; v <= 9; v++) {
                    int n = 0, inside = 1;
                    for (int p = 0; p < 9; p++) {
                        int c = rcells[k1][i1][p];
                        if (g->cand[c] >> v & 1) {
                            n++;
                            if (!in_region(k2, i2, c)) inside = 0;
                        }
                    }
                    if (n <= 1 || !inside) continue;
                    int cells[9], masks[9], nr = 0;
                    for (int p = 0; p < 9; p++) {
                        int c = rcells[k2][i2][p];
                        if (!in_region(k1, i1, c) && (g->cand[c] >> v & 1)) {
                            cells[nr] = c;
                            masks[nr++] = 1 << v;
                        }
                    }
                    if (!nr) continue;
                    nested_hint *h = open_hint(x, k1 == 0 ? 2.6 : 2.8, 0, 0, 0, cells, masks, nr);
                    if (!h) return;
                    int base[1][2] = {{k1, i1}}, cover[1][2] = {{k2, i2}};
                    locking_parents(x, h, (const int (*)[2])base, 1, (const int (*)[2])cover, 1, v);
                }
            }
    }
}

static const int kind_order[3] = {0, 2, 1};  /* subsets: blocks, columns, rows */

static void nested_hidden_pair(ctx *x, const grid *g) {
    for (int ko = 0; ko < 3; ko++) {
        int kind = kind_order[ko];
        for (int index = 0; index < 9; index++) {
            if (!(empty_count(g, kind, index) > 4)) continue;
            int pos[10];
            for (int v = 1; v <= 9; v++) pos[v] = positions(g, kind, index, v);
            for (int b = 1; b < 9; b++)      /* pairs in the order of their bit masks */
                for (int a = 0; a < b; a++) {
                    int v1 = a + 1, v2 = b + 1, masks[2] = {pos[v1], pos[v2]};
                    int both = common(masks, 2, 2);
                    if (!both) continue;
                    int set = 1 << v1 | 1 << v2;
                    int cells[9], rm[9], nr = 0;
                    for (int i = 0; i < 9; i++) {
                        int c = rcells[kind][index][i];
                        if ((both >> i & 1) && (g->cand[c] & ~set)) {
                            cells[nr] = c;
                            rm[nr++] = g->cand[c] & ~set;
                        }
                    }
                    if (!nr) continue;
                    nested_hint *h = open_hint(x, 3.4, 0, 0, 0, cells, rm, nr);
                    if (!h) return;
                    int mine = pos[v1] | pos[v2];
                    for (int i = 0; i < 9; i++) {
                        if (mine >> i & 1) continue;
                        int c = rcells[kind][index][i];
                        if (x->initial.cand[c] >> v1 & 1) add_rule_parent(x, h, c, v1);
                        if (x->initial.cand[c] >> v2 & 1) add_rule_parent(x, h, c, v2);
                    }
                }
        }
    }
}

static void nested_naked_pair(ctx *x, const grid *g) {
    for (int ko = 0; ko < 3; ko++) {
        int kind = kind_order[ko];
        for (int index = 0; index < 9; index++) {
            if (empty_count(g, kind, index) < 4) continue;
            const int *region = rcells[kind][index];
            for (int b = 1; b < 9; b++)
                for (int a = 0; a < b; a++) {
                    int masks[2] = {g->cand[region[a]], g->cand[region[b]]};
                    int both = common(masks, 2, 2);
                    if (!both) continue;
                    int cells[9], rm[9], nr = 0;
                    for (int i = 0; i < 9; i++) {
                        int c = region[i];
                        if (i != a && i != b && (g->cand[c] & both)) {
                            cells[nr] = c;
                            rm[nr++] = g->cand[c] & both;
                        }
                    }
                    if (!nr) continue;
                    nested_hint *h = open_hint(x, 3.0, 0, 0, 0, cells, rm, nr);
                    if (!h) return;
                    int pair[2] = {region[a], region[b]};
                    for (int j = 0; j < 2; j++)
                        for (int v = 1; v <= 9; v++)
                            if ((x->initial.cand[pair[j]] & ~both) >> v & 1) add_rule_parent(x, h, pair[j], v);
                }
        }
    }
}

static void nested_x_wing(ctx *x, const grid *g) {
    static const int kinds[2][2] = {{2, 1}, {1, 2}};  /* base columns and cover rows, then the reverse */
    int occurrences[10] = {0};
    for (int c = 0; c < 81; c++) occurrences[g->values[c]]++;
    for (int bk = 0; bk < 2; bk++) {
        int base = kinds[bk][0], cover = kinds[bk][1];
        for (int b = 1; b < 9; b++)
            for (int a = 0; a < b; a++)
                for (int v = 1; v <= 9; v++) {
                    if (occurrences[v] + 4 > 9) continue;
                    int masks[2] = {positions(g, base, a, v), positions(g, base, b, v)};
                    int both = common(masks, 2, 2);
                    if (!both) continue;
                    int cells[18], rm[18], nr = 0;
                    for (int j = 0; j < 9; j++) {
                        if (!(both >> j & 1)) continue;
                        for (int i = 0; i < 9; i++) {
                            int c = rcells[cover][j][i];
                            if ((g->cand[c] >> v & 1) && i != a && i != b) {
                                cells[nr] = c;
                                rm[nr++] = 1 << v;
                            }
                        }
                    }
                    if (!nr) continue;
                    nested_hint *h = open_hint(x, 3.2, 0, 0, 0, cells, rm, nr);
                    if (!h) return;
                    int j1 = __builtin_ctz((unsigned)both), j2 = 31 - __builtin_clz((unsigned)both);
                    int bases[2][2] = {{base, a}, {base, b}}, covers[2][2] = {{cover, j1}, {cover, j2}};
                    locking_parents(x, h, (const int (*)[2])bases, 2, (const int (*)[2])covers, 2, v);
                }
    }
}

static int hint_order(const void *pa, const void *pb) {
    const nested_hint *a = pa, *b = pb;
    if (a->difficulty != b->difficulty) return a->difficulty < b->difficulty ? -1 : 1;
    if (a->complexity != b->complexity) return a->complexity < b->complexity ? -1 : 1;
    if (a->sort_key != b->sort_key) return a->sort_key < b->sort_key ? -1 : 1;
    return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* SE's chaining rules list their hints sorted, and equal removals once (the first). */
static void sort_and_dedupe(ctx *x) {
    qsort(x->hints, (size_t)x->nhints, sizeof(nested_hint), hint_order);
    static uint64_t table[1 << 16];
    static int stamp[1 << 16], gen;
    gen++;
    int kept = 0;
    for (int i = 0; i < x->nhints; i++) {
        uint64_t hsh = x->hints[i].removals_hash;
        unsigned slot = (unsigned)(hsh ^ hsh >> 29) & 0xffff;
        int dup = 0;
        while (stamp[slot] == gen) {
            if (table[slot] == hsh) {
                dup = 1;
                break;
            }
            slot = (slot + 1) & 0xffff;
        }
        if (dup) continue;
        stamp[slot] = gen;
        table[slot] = hsh;
        x->hints[kept++] = x->hints[i];
    }
    x->nhints = kept;
}

/* The nested rules' findings, by grid: the same chain state is met again and again (about three
 * times in four on the hardest puzzles), as SE's own rules remember their last grid.  Keyed by the
 * grids before and now, the level and the depth; cleared at every call of se_chain_hint. */
#define CACHE_SLOTS (1 << 17)
#define CACHE_INTS (1 << 23)
static uint64_t cache_key[CACHE_SLOTS];
static int cache_at[CACHE_SLOTS];
static int cache_stamp[CACHE_SLOTS];
static int cache_gen = 1, cache_used, cache_count;
static int cache_ints[CACHE_INTS];

static void cache_clear(void) {
    cache_gen++;
    cache_used = 0;
    cache_count = 0;
}

static uint64_t grid_key(const grid *before, const grid *now, int level, int depth) {
    uint64_t h = 0xcbf29ce484222325ULL ^ (uint64_t)(level * 8 + depth);
    for (int c = 0; c < 81; c++) {
        h = (h ^ (uint64_t)before->cand[c]) * 0x100000001b3ULL;
        h = (h ^ (uint64_t)now->cand[c]) * 0x100000001b3ULL;
        h ^= h >> 29;
    }
    return h;
}

/* The "off" nodes of a list of kept nested hints ([count, then per hint: id low, id high,
 * complexity, removals count, parents count, removals, parents]), parents looked up in off. */
static int materialize(const int *list, pset *off, int *out, int max) {
    int n = 0, at = 1;
    for (int j = 0; j < list[0]; j++) {
        uint64_t id = (uint64_t)(uint32_t)list[at] | (uint64_t)(uint32_t)list[at + 1] << 32;
        int complexity = list[at + 2], rcount = list[at + 3], pcount = list[at + 4];
        const int *removals = list + at + 5, *parents = removals + rcount;
        at += 5 + rcount + pcount;
        int nest = 0;
        if (id) {
            if (nnests >= MAXNESTS) {
                if (!overflow) overflow = 1;
                return n;
            }
            nest = nnests++;
            nests[nest].id = id;
            nests[nest].complexity = complexity;
        }
        for (int k = 0; k < rcount && n < max; k++) {
            int q = new_node(removals[k] >> 4, removals[k] & 15, 0, -1, C_ADVANCED);
            nodes[q].nest = nest;
            for (int m = 0; m < pcount; m++) {
                int parent = pset_get(off, key_of(parents[m] >> 4, parents[m] & 15, 0));
                if (parent >= 0) add_parent(q, parent);
            }
            out[n++] = q;
        }
    }
    return n;
}

/* The lists of rules SE nests, by level: each the list of a lower level with one more rule, asked
 * only when the lower list finds nothing (SE stops at the first rule that finds something).  So a
 * list's findings on a grid are its lower list's when those are not empty: the levels share them. */
enum { L_BASIC, L_FORCING, L_MULTIPLE, L_DYNAMIC, L_DYNAMIC_PLUS, NLISTS };
static const int lower_list[NLISTS] = {-1, L_BASIC, L_FORCING, L_BASIC, L_DYNAMIC};
static const int list_of_level[6] = {-1, L_BASIC, L_FORCING, L_MULTIPLE, L_DYNAMIC, L_DYNAMIC_PLUS};

/* Store a findings list in the cache under key (if there is room); where it now is. */
static const int *cache_store(uint64_t hkey, const int *list, int nlist) {
    if (cache_used + nlist > CACHE_INTS || cache_count >= CACHE_SLOTS / 2) {  /* full: start again */
        cache_clear();
        if (nlist > CACHE_INTS) return list;
    }
    unsigned slot = (unsigned)(hkey >> 40) & (CACHE_SLOTS - 1);
    while (cache_stamp[slot] == cache_gen) slot = (slot + 1) & (CACHE_SLOTS - 1);
    cache_stamp[slot] = cache_gen;
    cache_key[slot] = hkey;
    cache_at[slot] = cache_used;
    memmove(cache_ints + cache_used, list, sizeof(int) * (size_t)nlist);  /* list may lie in the cache */
    cache_used += nlist;
    cache_count++;
    return cache_ints + cache_at[slot];
}

static int list_length(const int *list) {
    int at = 1;
    for (int j = 0; j < list[0]; j++) at += 5 + list[at + 3] + list[at + 4];
    return at;
}

/* The findings of one nested rule list on grid g (the enclosing chain's grid before it: source), as
 * materialize() reads them: cached, else the lower list's when not empty, else its own last rule's. */
static const int *findings(ctx *nx, int list, grid *g, const grid *source) {
    uint64_t hkey = grid_key(source, g, list, nx->depth);
    unsigned slot = (unsigned)(hkey >> 40) & (CACHE_SLOTS - 1);
    while (cache_stamp[slot] == cache_gen) {
        if (cache_key[slot] == hkey) return cache_ints + cache_at[slot];
        slot = (slot + 1) & (CACHE_SLOTS - 1);
    }
    if (lower_list[list] >= 0) {
        const int *lower = findings(nx, lower_list[list], g, source);
        if (overflow) return lower;
        if (lower[0]) return cache_store(hkey, lower, list_length(lower));
    }
    int *kept = nx->kept, nkept = 1;
    kept[0] = 0;
    nx->initial = *source;  /* for the hints' rule parents */
    nx->current = *g;
    int base_nodes = nnodes, base_parents = nparents, base_nests = nnests;
    int first = list == L_BASIC ? 0 : 4, last = list == L_BASIC ? 3 : 4;
    for (int i = first; i <= last && !kept[0] && !overflow; i++) {
        nx->nhints = 0;
        nx->narena = 0;
        if (i == 0) nested_locking(nx, g);
        else if (i == 1) nested_hidden_pair(nx, g);
        else if (i == 2) nested_naked_pair(nx, g);
        else if (i == 3) nested_x_wing(nx, g);
        else {
            rule sub = list == L_FORCING    ? make_rule(0, 0, 0, 0)   /* forcing chains */
                       : list == L_MULTIPLE ? make_rule(1, 0, 0, 0)   /* multiple forcing chains */
                       : list == L_DYNAMIC  ? make_rule(1, 1, 0, 0)   /* dynamic forcing chains */
                                            : make_rule(1, 1, 0, 2);  /* dynamic forcing chains nested to 2 */
            if (sub.multiple || sub.dynamic) multiple(nx, &sub, g);
            else unary_all(nx, g);
            sort_and_dedupe(nx);
        }
        nnodes = base_nodes;
        nparents = base_parents;
        nnests = base_nests;
        for (int j = 0; j < nx->nhints && !overflow; j++) {
            nested_hint *h = &nx->hints[j];
            if (!h->pcount || !h->rcount) continue;  /* the rule holds without the chain: nothing it adds */
            if (nkept + 5 + h->rcount + h->pcount > MAXARENA) {
                if (!overflow) overflow = 1;
                break;
            }
            kept[0]++;
            kept[nkept++] = (int)(uint32_t)h->id;
            kept[nkept++] = (int)(uint32_t)(h->id >> 32);
            kept[nkept++] = h->complexity;
            kept[nkept++] = h->rcount;
            kept[nkept++] = h->pcount;
            memcpy(kept + nkept, nx->arena + h->rfirst, sizeof(int) * (size_t)h->rcount);
            nkept += h->rcount;
            memcpy(kept + nkept, nx->arena + h->pfirst, sizeof(int) * (size_t)h->pcount);
            nkept += h->pcount;
        }
    }
    if (overflow) return kept;
    return cache_store(hkey, kept, nkept);
}

/* What the rules SE nests in a chain of level r->level remove from the grid the chain has made
 * (g; source is the grid before it): the first rule whose hints need the chain gives its removals
 * as "off" nodes, their parents the chain's nodes of the candidates it removed (SE's
 * getAdvancedPotentials).  Into out[]; the count. */
static int advanced(ctx *x, const rule *r, grid *g, const grid *source, pset *off, int *out, int max) {
    if (x->depth + 1 >= MAXDEPTH || r->level < 1 || r->level > 5) {
        if (!overflow) overflow = 1;
        return 0;
    }
    if (!contexts[x->depth + 1]) {
        contexts[x->depth + 1] = calloc(1, sizeof(ctx));
        if (!contexts[x->depth + 1]) {
            if (!overflow) overflow = 1;
            return 0;
        }
    }
    ctx *nx = contexts[x->depth + 1];
    nx->depth = x->depth + 1;
    nx->collect = 1;
    const int *list = findings(nx, list_of_level[r->level], g, source);
    if (overflow) return 0;
    return materialize(list, off, out, max);
}

/* ------------------------------------------------------------------------------- the entry */

/* mode 0: cycles and forcing X/Y chains; 1: Nishio; 2: multiple; 3: dynamic; 3 + n: dynamic
 * forcing chains of nesting level n (1-5).  1 when a hint is found, 0 when none, -1 when out of
 * memory, -2 when the poll callback stopped it. */
int se_chain_hint(const int *values, const int *cand, int mode, se_chain_poll poll, void *context, se_hint *out) {
    if (!ready) tables();
    if (!contexts[0]) {
        contexts[0] = calloc(1, sizeof(ctx));
        if (!contexts[0]) return -1;
    }
    ctx *x = contexts[0];
    x->depth = 0;
    x->collect = 0;
    x->b.found = 0;
    poll_fn = poll;
    poll_context = context;
    work = 0;
    clock_gettime(CLOCK_MONOTONIC, &last_poll);
    static grid g;
    memcpy(g.values, values, sizeof g.values);
    memcpy(g.cand, cand, sizeof g.cand);
    set_places(&g);
    static grid last;  /* the nested rules' findings stay valid while the grid is the same */
    if (memcmp(last.values, g.values, sizeof g.values) || memcmp(last.cand, g.cand, sizeof g.cand)) cache_clear();
    last = g;
    overflow = 0;
    nnodes = 0;
    nparents = 0;
    nnests = 1;
    if (mode == 0) {
        unary_all(x, &g);
    } else {
        rule r = mode == 1   ? make_rule(0, 1, 1, 0)
                 : mode == 2 ? make_rule(1, 0, 0, 0)
                 : make_rule(1, 1, 0, mode - 3);
        multiple(x, &r, &g);
    }
    if (overflow) return overflow == 2 ? -2 : -1;
    best *b = &x->b;
    if (!b->found) return 0;
    out->name = b->name;
    out->difficulty = b->difficulty;
    out->cell = -1;
    out->value = 0;
    out->nremovals = b->nremovals;
    for (int i = 0; i < b->nremovals; i++) {
        out->removal_cell[i] = b->cell[i];
        out->removal_mask[i] = b->mask[i];
    }
    out->nregions = 0;
    out->set_values = b->complexity;
    out->nset = 0;
    return 1;
}
