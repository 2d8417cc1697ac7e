/* Sudoku Explainer's chains, compiled: cycles, forcing X/Y chains, Nishio, multiple and dynamic
 * forcing chains (no nesting).  The same search, in the same orders, as sudokit/se/chaining.py
 * (which stays the reference and does the nested levels): potentials (a candidate assumed on or
 * off) spread breadth first, each remembering the potentials it follows from, and a hint's
 * complexity is the number of distinct potentials its chains go through.  Only the first hint in
 * SE's order (difficulty, then complexity, then kind, then the order found) is returned.
 */
#include "serate.h"

#include <string.h>

#define NKEYS 1620           /* (cell * 10 + value) * 2 + on */
#define MAXNODES (1 << 20)
#define MAXPARENTS (1 << 22)

typedef struct {
    short cell;
    signed char value;
    signed char on;
    int first;               /* index of its first parent in the parent arena */
    int count;               /* how many parents */
} node;

static node nodes[MAXNODES];
static int nnodes;
static int parent_arena[MAXPARENTS];
static int nparents;
static int overflow;

static int rcells[3][9][9];
static int rof[81][3];
static int ready;

static int key_of(int cell, int value, int on) { return (cell * 10 + value) * 2 + on; }
static int key(int n) { return key_of(nodes[n].cell, nodes[n].value, nodes[n].on); }
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
    }
    ready = 1;
}

static int new_node(int cell, int value, int on, int parent) {
    if (nnodes >= MAXNODES || nparents >= MAXPARENTS - 100) {
        overflow = 1;
        return 0;
    }
    node *n = &nodes[nnodes];
    n->cell = (short)cell;
    n->value = (signed char)value;
    n->on = (signed char)on;
    n->first = nparents;
    n->count = 0;
    if (parent >= 0) {
        parent_arena[nparents++] = parent;
        n->count = 1;
    }
    return nnodes++;
}

static void add_parent(int n, int parent) {
    if (nparents >= MAXPARENTS) {
        overflow = 1;
        return;
    }
    parent_arena[nparents++] = parent;  /* the node's parents are the last ones added */
    nodes[n].count++;
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

/* -------------------------------------------------------------------------- ancestors */

static int seen_stamp[NKEYS];
static int seen_gen;
static int stack[MAXNODES];

static int ancestors(int target) {
    seen_gen++;
    int top = 0, count = 0;
    stack[top++] = target;
    while (top) {
        int n = stack[--top];
        int k = key(n);
        if (seen_stamp[k] == seen_gen) continue;
        seen_stamp[k] = seen_gen;
        count++;
        for (int i = 0; i < nodes[n].count && top < MAXNODES; i++) stack[top++] = parent_arena[nodes[n].first + i];
    }
    return count;
}

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
} grid;

static int out_nodes[64];

/* What an "on" potential turns off, first occurrence of each key kept; count returned. */
static int on_to_off(const grid *g, int p, int y) {
    static int mark[NKEYS], mark_gen;
    mark_gen++;
    int n = 0, cell = nodes[p].cell, value = nodes[p].value;
    if (y)
        for (int v = 1; v <= 9; v++)
            if (v != value && (g->cand[cell] >> v & 1)) {
                int k = key_of(cell, v, 0);
                if (mark[k] == mark_gen) continue;
                mark[k] = mark_gen;
                out_nodes[n++] = key_of(cell, v, 0);
            }
    for (int kind = 0; kind < 3; kind++)
        for (int i = 0; i < 9; i++) {
            int c = rcells[kind][rof[cell][kind]][i];
            if (c != cell && (g->cand[c] >> value & 1)) {
                int k = key_of(c, value, 0);
                if (mark[k] == mark_gen) continue;
                mark[k] = mark_gen;
                out_nodes[n++] = k;
            }
        }
    return n;  /* keys; nodes are made by the caller only when kept */
}

/* What an "off" potential turns on: made as nodes (with hidden parents when source is given). */
static int off_to_on(const grid *g, int p, const grid *source, const pset *offs, int y, int x) {
    static int mark[NKEYS], mark_gen;
    mark_gen++;
    int n = 0, cell = nodes[p].cell, value = nodes[p].value;
    if (y) {
        int vals = g->cand[cell];
        if (pc(vals) == 2) {
            int rest = (vals >> value & 1) ? vals & ~(1 << value) : vals;
            int other = __builtin_ctz((unsigned)rest);
            int k = key_of(cell, other, 1);
            mark[k] = mark_gen;
            int q = new_node(cell, other, 1, p);
            if (source)
                for (int v = 1; v <= 9; v++)
                    if ((source->cand[cell] >> v & 1) && !(g->cand[cell] >> v & 1)) add_parent(q, pset_get(offs, key_of(cell, v, 0)));
            out_nodes[n++] = q;
        }
    }
    if (x)
        for (int kind = 0; kind < 3; kind++) {
            const int *region = rcells[kind][rof[cell][kind]];
            int places[9], np = 0;
            for (int i = 0; i < 9; i++)
                if (g->cand[region[i]] >> value & 1) places[np++] = region[i];
            if (np != 2) continue;
            int other = places[0] == cell ? places[1] : places[0];
            int k = key_of(other, value, 1);
            if (mark[k] == mark_gen) continue;
            mark[k] = mark_gen;
            int q = new_node(other, value, 1, p);
            if (source)
                for (int i = 0; i < 9; i++) {
                    int c = region[i];
                    if ((source->cand[c] >> value & 1) && !(g->cand[c] >> value & 1))
                        add_parent(q, pset_get(offs, key_of(c, value, 0)));
                }
            out_nodes[n++] = q;
        }
    return n;
}

/* ------------------------------------------------------------------------------ the best hint */

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

static void offer_target(best *b, const grid *g, int target_on, int cell, int value, double difficulty,
                         int complexity, int sort_key, int name) {
    int mask = target_on ? g->cand[cell] & ~(1 << value) : 1 << value;
    offer(b, difficulty, complexity, sort_key, name, &cell, &mask, 1);
}

/* ------------------------------------------------------------- cycles and forcing X/Y chains */

static pset to_on, to_off, chains;
static int queue_on[MAXNODES], queue_off[MAXNODES];
static int cycles[MAXNODES];

static void unary(grid *g, int cell, int value, int y, int x, best *b) {
    if (pc(g->cand[cell]) > 2 && !x) return;
    int both = x && y;
    nnodes = 0;
    nparents = 0;
    int start = new_node(cell, value, 1, -1);
    int start_key = key(start);
    int ncycles = 0;
    /* cycles */
    pset_clear(&to_on);
    pset_clear(&to_off);
    pset_put(&to_on, start_key, start);
    int hon = 0, ton = 0, hoff = 0, toff = 0, length = 0;
    queue_on[ton++] = start;
    while ((hon < ton || hoff < toff) && !overflow) {
        length++;
        while (hon < ton && !overflow) {
            int p = queue_on[hon++];
            int n = on_to_off(g, p, y);
            int keys[64];
            memcpy(keys, out_nodes, sizeof(int) * (size_t)n);
            for (int i = 0; i < n; i++) {
                if (is_parent(p, keys[i])) continue;
                int q = new_node(keys[i] / 20, (keys[i] / 2) % 10, 0, p);
                if (toff >= MAXNODES) { overflow = 1; break; }
                queue_off[toff++] = q;
                pset_put(&to_off, keys[i], q);
            }
        }
        length++;
        while (hoff < toff && !overflow) {
            int p = queue_off[hoff++];
            int n = off_to_on(g, p, 0, &to_off, y, x);
            int made[64];
            memcpy(made, out_nodes, sizeof(int) * (size_t)n);
            for (int i = 0; i < n; i++) {
                int q = made[i], k = key(q);
                if (length >= 4 && k == start_key && ncycles < MAXNODES) cycles[ncycles++] = q;
                if (pset_get(&to_on, k) < 0) {
                    queue_on[ton++] = q;
                    pset_put(&to_on, k, q);
                }
            }
        }
    }
    /* forcing chains, from the start on and from the start off */
    int chain_targets[NKEYS], nchains = 0;
    pset_clear(&chains);
    if (x) {
        for (int side = 0; side < 2 && !overflow; side++) {
            int source = side == 0 ? start : new_node(cell, value, 0, -1);
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
            while ((hon < ton || hoff < toff) && !overflow) {
                while (hon < ton && !overflow) {
                    int p = queue_on[hon++];
                    int n = on_to_off(g, p, y);
                    int keys[64];
                    memcpy(keys, out_nodes, sizeof(int) * (size_t)n);
                    for (int i = 0; i < n; i++) {
                        int k = keys[i];
                        int chain = (k ^ 1) == source_key && pset_get(&chains, k) < 0;
                        int keep = !is_parent(p, k) && pset_get(&to_off, k) < 0;
                        if (!chain && !keep) continue;
                        int q = new_node(k / 20, (k / 2) % 10, 0, p);
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
                while (hoff < toff && !overflow) {
                    int p = queue_off[hoff++];
                    int n = off_to_on(g, p, 0, &to_off, y, 1);
                    int made[64];
                    memcpy(made, out_nodes, sizeof(int) * (size_t)n);
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
    if (overflow) return;
    int sort_key = both ? 4 : y ? 3 : 2;
    for (int i = 0; i < ncycles; i++) {
        int end = cycles[i];
        int in_chain[81] = {0};
        int p = end;
        while (nodes[p].count) {
            in_chain[nodes[p].cell] = 1;
            p = parent_arena[nodes[p].first];
        }
        int fwd[81] = {0}, bwd[81] = {0};
        p = end;
        while (nodes[p].count) {
            int c0 = nodes[p].cell, v = nodes[p].value;
            for (int kind = 0; kind < 3; kind++)
                for (int j = 0; j < 9; j++) {
                    int c = rcells[kind][rof[c0][kind]][j];
                    if (c != c0 && !in_chain[c] && (g->cand[c] >> v & 1)) {
                        if (nodes[p].on) fwd[c] |= 1 << v;
                        else bwd[c] |= 1 << v;
                    }
                }
            p = parent_arena[nodes[p].first];
        }
        int cells[81], masks[81], n = 0;
        for (int c = 0; c < 81; c++)
            if (fwd[c] & bwd[c]) {
                cells[n] = c;
                masks[n++] = fwd[c] & bwd[c];
            }
        int complexity = ancestors(end);
        double d = (both ? 7.0 : 6.5) + length_difficulty(complexity);
        offer(b, d, complexity, sort_key, both ? 2 : y ? 1 : 0, cells, masks, n);
    }
    for (int i = 0; i < nchains; i++) {
        int t = chain_targets[i];
        int complexity = ancestors(t);
        double d = (both ? 7.0 : 6.6) + length_difficulty(complexity);
        offer_target(b, g, nodes[t].on, nodes[t].cell, nodes[t].value, d, complexity, sort_key,
                     both ? 5 : y ? 4 : 3);
    }
}

/* ------------------------------------------------------------- multiple and dynamic chains */

typedef struct {
    int multiple, dynamic, nishio;
    double base;
} rule;

/* Spread the assumptions in on/off; returns 1 with the contradiction's two nodes when one is found. */
static int chaining(const rule *r, grid *g, pset *on, pset *off, int *on_node, int *off_node) {
    static grid saved;
    saved = *g;
    const grid *source = r->dynamic ? &saved : 0;
    int y = !r->nishio;
    int hon = 0, ton = 0, hoff = 0, toff = 0, result = 0;
    static int qon[NKEYS * 2], qoff[NKEYS * 2];
    for (int i = 0; i < on->size; i++) qon[ton++] = on->at[on->order[i]];
    for (int i = 0; i < off->size; i++) qoff[toff++] = off->at[off->order[i]];
    while ((hon < ton || hoff < toff) && !overflow) {
        if (hon < ton) {
            int p = qon[hon++];
            int n = on_to_off(g, p, y);
            int keys[64];
            memcpy(keys, out_nodes, sizeof(int) * (size_t)n);
            for (int i = 0; i < n; i++) {
                int k = keys[i];
                int conj = pset_get(on, k ^ 1);
                if (conj >= 0) {
                    *on_node = conj;
                    *off_node = new_node(k / 20, (k / 2) % 10, 0, p);
                    result = 1;
                    goto done;
                }
                if (pset_get(off, k) < 0) {
                    int q = new_node(k / 20, (k / 2) % 10, 0, p);
                    pset_put(off, k, q);
                    qoff[toff++] = q;
                }
            }
        } else {
            int p = qoff[hoff++];
            int n = off_to_on(g, p, source, off, y, 1);
            int made[64];
            memcpy(made, out_nodes, sizeof(int) * (size_t)n);
            if (r->dynamic) g->cand[nodes[p].cell] &= ~(1 << nodes[p].value);
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
    }
done:
    *g = saved;
    return result;
}

/* the names of sechain hints, after the cycles/forcing ones (0-5): see sudokit/se/rating.py */
enum { N_CONTRADICTION = 6, N_DOUBLE = 7, N_NISHIO = 8, N_CELL = 9, N_REGION = 10 };

static pset value_on[9], value_off[9], other_on, other_off, cell_on, cell_off, region_on, region_off;
static pset off_to_on_set, off_to_off_set;
static pset pos_on[9], pos_off[9];

static void binary_hint(const rule *r, best *b, const grid *g, int on_node, int off_node, int target, int absurd,
                        int place) {
    int complexity = ancestors(on_node) + ancestors(off_node);
    double d = r->base + length_difficulty(complexity);
    int name = r->nishio ? N_NISHIO : absurd ? N_CONTRADICTION : N_DOUBLE;
    offer_target(b, g, place, nodes[target].cell, nodes[target].value, d, complexity, absurd ? 7 : 1, name);
}

static void multiple(const rule *r, grid *g, best *b) {
    for (int cell = 0; cell < 81 && !overflow; cell++) {
        int vals = g->cand[cell], count = pc(vals);
        if (g->values[cell] || !(count > 2 || (count > 1 && r->dynamic))) continue;
        nnodes = 0;
        nparents = 0;
        int nv = 0;
        int first = 1;
        for (int v = 1; v <= 9; v++) {
            if (!(vals >> v & 1)) continue;
            pset *on = &value_on[nv], *off = &value_off[nv];
            pset_clear(on);
            pset_clear(off);
            int p_on = new_node(cell, v, 1, -1), p_off = new_node(cell, v, 0, -1);
            int reduction = count >= 3 && !r->nishio && r->dynamic, contradiction = r->dynamic || r->nishio;
            pset_put(on, key(p_on), p_on);
            int a, c;
            if (chaining(r, g, on, off, &a, &c) && contradiction) binary_hint(r, b, g, a, c, p_on, 1, 0);
            pset_clear(&off_to_on_set);
            pset_clear(&off_to_off_set);
            pset_put(&off_to_off_set, key(p_off), p_off);
            if (chaining(r, g, &off_to_on_set, &off_to_off_set, &a, &c) && contradiction)
                binary_hint(r, b, g, a, c, p_off, 1, 1);
            if (reduction) {
                for (int i = 0; i < on->size; i++) {
                    int k = on->order[i], from_off = pset_get(&off_to_on_set, k);
                    if (from_off >= 0) binary_hint(r, b, g, on->at[k], from_off, on->at[k], 0, 1);
                }
                for (int i = 0; i < off->size; i++) {
                    int k = off->order[i], from_off = pset_get(&off_to_off_set, k);
                    if (from_off >= 0) binary_hint(r, b, g, off->at[k], from_off, from_off, 0, 0);
                }
            }
            if (!r->nishio) {  /* regions */
                int bit = 1 << v;
                for (int kind = 0; kind < 3; kind++) {
                    const int *region = rcells[kind][rof[cell][kind]];
                    int places[9], np = 0;
                    for (int i = 0; i < 9; i++)
                        if (g->cand[region[i]] & bit) places[np++] = region[i];
                    if (!(np == 2 || (r->multiple && np > 2)) || places[0] != cell) continue;
                    pset_clear(&region_on);
                    pset_clear(&region_off);
                    pset *outs_on[9], *outs_off[9];
                    for (int j = 0; j < np; j++) {
                        if (places[j] == cell) {
                            outs_on[j] = on;
                            outs_off[j] = off;
                            pset_add_all(&region_on, on);
                            pset_add_all(&region_off, off);
                        } else {
                            pset *o_on = &pos_on[j], *o_off = &pos_off[j];
                            pset_clear(o_on);
                            pset_clear(o_off);
                            int q = new_node(places[j], v, 1, -1);
                            pset_put(o_on, key(q), q);
                            chaining(r, g, o_on, o_off, &a, &c);
                            outs_on[j] = o_on;
                            outs_off[j] = o_off;
                            pset_retain(&region_on, o_on);
                            pset_retain(&region_off, o_off);
                        }
                    }
                    for (int side = 0; side < 2; side++) {
                        pset *targets = side ? &region_off : &region_on;
                        for (int i = 0; i < targets->size; i++) {
                            int k = targets->order[i], t = targets->at[k];
                            int complexity = 0;
                            for (int j = 0; j < np; j++) complexity += ancestors(pset_get(side ? outs_off[j] : outs_on[j], k));
                            double d = r->base + length_difficulty(complexity);
                            offer_target(b, g, nodes[t].on, nodes[t].cell, nodes[t].value, d, complexity, 6, N_REGION);
                        }
                    }
                }
            }
            /* cell reduction sets */
            if (first) {
                pset_clear(&cell_on);
                pset_clear(&cell_off);
                pset_add_all(&cell_on, on);
                pset_add_all(&cell_off, off);
                first = 0;
            } else {
                pset_retain(&cell_on, on);
                pset_retain(&cell_off, off);
            }
            nv++;
        }
        if (!r->nishio && (count == 2 || (r->multiple && count > 2))) {
            for (int side = 0; side < 2; side++) {
                pset *targets = side ? &cell_off : &cell_on;
                for (int i = 0; i < targets->size; i++) {
                    int k = targets->order[i], t = targets->at[k];
                    int complexity = 0;
                    for (int j = 0; j < nv; j++) complexity += ancestors(pset_get(side ? &value_off[j] : &value_on[j], k));
                    double d = r->base + length_difficulty(complexity);
                    offer_target(b, g, nodes[t].on, nodes[t].cell, nodes[t].value, d, complexity, 5, N_CELL);
                }
            }
        }
    }
}

/* mode 0: cycles and forcing X/Y chains; 1: Nishio; 2: multiple; 3: dynamic.  1 when a hint is found. */
int se_chain_hint(const int *values, const int *cand, int mode, se_hint *out) {
    if (!ready) tables();
    static grid g;
    memcpy(g.values, values, sizeof g.values);
    memcpy(g.cand, cand, sizeof g.cand);
    static best b;
    b.found = 0;
    overflow = 0;
    if (mode == 0) {
        static const int flags[3][2] = {{0, 1}, {1, 0}, {1, 1}};  /* (y, x): X, then Y, then both */
        for (int f = 0; f < 3 && !overflow; f++)
            for (int cell = 0; cell < 81 && !overflow; cell++) {
                if (g.values[cell] || pc(g.cand[cell]) <= 1) continue;
                for (int v = 1; v <= 9; v++)
                    if (g.cand[cell] >> v & 1) unary(&g, cell, v, flags[f][0], flags[f][1], &b);
            }
    } else {
        rule r;
        r.nishio = mode == 1;
        r.dynamic = mode == 1 || mode == 3;
        r.multiple = mode >= 2;
        r.base = mode == 1 ? 7.5 : mode == 3 ? 8.5 : 8.0;
        multiple(&r, &g, &b);
    }
    if (overflow) return -1;
    if (!b.found) return 0;
    out->name = b.name;
    out->difficulty = b.difficulty;
    out->cell = -1;
    out->value = 0;
    out->nremovals = b.nremovals;
    for (int i = 0; i < b.nremovals; i++) {
        out->removal_cell[i] = b.cell[i];
        out->removal_mask[i] = b.mask[i];
    }
    out->nregions = 0;
    out->set_values = b.complexity;
    out->nset = 0;
    return 1;
}
