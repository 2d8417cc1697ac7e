/* Sudoku Explainer's rules from hidden singles to XYZ-wings, in SE's orders (see serate.h). */
#include "serate.h"

#include <string.h>

enum { BLOCK = 0, ROW = 1, COLUMN = 2 };

static int tables_ready = 0;
static int region_cells[3][9][9];      /* [kind][index][position] -> cell */
static int region_of[81][3];           /* cell -> index of its block, row, column */
static int house_cells[81][20];        /* the other cells of its block, row, column (block first) */
static unsigned char peer[81][81];
static unsigned char crossing[3][9][3][9];
static unsigned char in_region[3][9][81];
static int combos[5][126];             /* k-subsets of 0..8 as masks, in increasing order */
static int ncombos[5];

static const int kind_order[3] = {BLOCK, COLUMN, ROW}; /* singles and subsets: blocks, columns, rows */

static int popcount(int m) { return __builtin_popcount((unsigned)m); }
static int lowest(int m) { return __builtin_ctz((unsigned)m); }

static void build_tables(void) {
    for (int i = 0; i < 9; i++)
        for (int p = 0; p < 9; p++) {
            region_cells[BLOCK][i][p] = (i / 3 * 3 + p / 3) * 9 + i % 3 * 3 + p % 3;
            region_cells[ROW][i][p] = i * 9 + p;
            region_cells[COLUMN][i][p] = p * 9 + i;
        }
    for (int c = 0; c < 81; c++) {
        region_of[c][BLOCK] = (c / 9) / 3 * 3 + (c % 9) / 3;
        region_of[c][ROW] = c / 9;
        region_of[c][COLUMN] = c % 9;
    }
    memset(in_region, 0, sizeof in_region);
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 9; i++)
            for (int p = 0; p < 9; p++) in_region[k][i][region_cells[k][i][p]] = 1;
    memset(peer, 0, sizeof peer);
    for (int c = 0; c < 81; c++) {
        int n = 0;
        for (int k = 0; k < 3; k++)  /* SE's order: block, row, column */
            for (int p = 0; p < 9; p++) {
                int x = region_cells[k][region_of[c][k]][p];
                if (x == c || peer[c][x]) continue;
                peer[c][x] = 1;
                house_cells[c][n++] = x;
            }
    }
    for (int k1 = 0; k1 < 3; k1++)
        for (int i1 = 0; i1 < 9; i1++)
            for (int k2 = 0; k2 < 3; k2++)
                for (int i2 = 0; i2 < 9; i2++) {
                    int cross = 0;
                    for (int p = 0; p < 9; p++)
                        if (in_region[k2][i2][region_cells[k1][i1][p]]) cross = 1;
                    crossing[k1][i1][k2][i2] = (unsigned char)cross;
                }
    for (int k = 0; k <= 4; k++) {
        ncombos[k] = 0;
        for (int m = 0; m < 512; m++)
            if (popcount(m) == k) combos[k][ncombos[k]++] = m;
    }
    tables_ready = 1;
}

typedef struct {
    const int *values;
    const int *cand;
    int pos[3][9][10];   /* positions of each value in each region */
    int empty[3][9];
} state;

static void prepare(state *s, const int *values, const int *cand) {
    s->values = values;
    s->cand = cand;
    memset(s->pos, 0, sizeof s->pos);
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 9; i++) {
            int e = 0;
            for (int p = 0; p < 9; p++) {
                int c = region_cells[k][i][p];
                if (!values[c]) e++;
                for (unsigned m = (unsigned)cand[c] & 0x3feu; m; m &= m - 1) s->pos[k][i][__builtin_ctz(m)] |= 1 << p;
            }
            s->empty[k][i] = e;
        }
}

static void start(se_hint *h, int name, double difficulty, int cell, int value) {
    h->name = name;
    h->difficulty = difficulty;
    h->cell = cell;
    h->value = value;
    h->nremovals = 0;
    h->nregions = 0;
    h->set_values = 0;
    h->nset = 0;
}

static void remove_from(se_hint *h, int cell, int mask) {
    for (int k = 0; k < h->nremovals; k++)
        if (h->removal_cell[k] == cell) {
            h->removal_mask[k] |= mask;
            return;
        }
    h->removal_cell[h->nremovals] = cell;
    h->removal_mask[h->nremovals] = mask;
    h->nremovals++;
}

/* SE's searchCommonTuple: the union of the masks when each has two bits or more and it has degree. */
static int common_tuple(const int *masks, int n, int degree) {
    int u = 0;
    for (int k = 0; k < n; k++) {
        if (popcount(masks[k]) < 2) return 0;
        u |= masks[k];
    }
    return popcount(u) == degree ? u : 0;
}

static int hidden_singles(const state *s, se_hint *h) {
    for (int alone = 1; alone >= 0; alone--)
        for (int ki = 0; ki < 3; ki++) {
            int k = kind_order[ki];
            for (int i = 0; i < 9; i++) {
                int e = s->empty[k][i];
                if (alone && e != 1) continue;
                for (int v = 1; v <= 9; v++) {
                    int p = s->pos[k][i][v];
                    if (p && !(p & (p - 1)) && (e == 1) == alone) {
                        double d = alone ? 1.0 : (k == BLOCK ? 1.2 : 1.5);
                        start(h, SE_HIDDEN_SINGLE, d, region_cells[k][i][lowest(p)], v);
                        return 1;
                    }
                }
            }
        }
    return 0;
}

static int naked_singles(const state *s, se_hint *h) {
    for (int c = 0; c < 81; c++) {
        int m = s->cand[c];
        if (m && !(m & (m - 1))) {
            start(h, SE_NAKED_SINGLE, 2.3, c, lowest(m));
            return 1;
        }
    }
    return 0;
}

static const int locking_pairs[4][2] = {{BLOCK, COLUMN}, {BLOCK, ROW}, {COLUMN, BLOCK}, {ROW, BLOCK}};

static int locking(const state *s, int direct, se_hint *h) {
    const int *cand = s->cand;
    for (int pi = 0; pi < 4; pi++) {
        int k1 = locking_pairs[pi][0], k2 = locking_pairs[pi][1];
        for (int i1 = 0; i1 < 9; i1++)
            for (int i2 = 0; i2 < 9; i2++) {
                if (!crossing[k1][i1][k2][i2]) continue;
                for (int v = 1; v <= 9; v++) {
                    int bit = 1 << v, count = 0, inside = 1;
                    for (int p = 0; p < 9; p++) {
                        int c = region_cells[k1][i1][p];
                        if (cand[c] & bit) {
                            count++;
                            if (!in_region[k2][i2][c]) inside = 0;
                        }
                    }
                    if (count <= 1 || !inside) continue;
                    if (!direct) {
                        start(h, k1 == BLOCK ? SE_POINTING : SE_CLAIMING, k1 == BLOCK ? 2.6 : 2.8, -1, 0);
                        for (int p = 0; p < 9; p++) {
                            int c = region_cells[k2][i2][p];
                            if (!in_region[k1][i1][c] && (cand[c] & bit)) remove_from(h, c, bit);
                        }
                        if (h->nremovals) {
                            h->regions[0][0] = k1; h->regions[0][1] = i1;
                            h->regions[1][0] = k2; h->regions[1][1] = i2;
                            h->nregions = 2;
                            return 1;
                        }
                        continue;
                    }
                    for (int i3 = 0; i3 < 9; i3++) {
                        if (i3 == i1 || !crossing[k1][i3][k2][i2]) continue;
                        int places = 0, left = 0, cell = -1;
                        for (int p = 0; p < 9; p++) {
                            int c = region_cells[k1][i3][p];
                            if (cand[c] & bit) {
                                places++;
                                if (!in_region[k2][i2][c]) {
                                    left++;
                                    cell = c;
                                }
                            }
                        }
                        if (places <= 1) continue;
                        if (left == 1) {
                            start(h, k1 == BLOCK ? SE_DIRECT_POINTING : SE_DIRECT_CLAIMING,
                                  k1 == BLOCK ? 1.7 : 1.9, cell, v);
                            return 1;
                        }
                    }
                }
            }
    }
    return 0;
}

static int hidden_set(const state *s, int degree, int direct, se_hint *h) {
    static const double plain[5] = {0, 0, 3.4, 4.0, 5.4};
    static const double directd[5] = {0, 0, 2.0, 2.5, 4.3};
    const int *cand = s->cand;
    for (int ki = 0; ki < 3; ki++) {
        int k = kind_order[ki];
        for (int i = 0; i < 9; i++) {
            int e = s->empty[k][i];
            if (!(e > degree * 2 || (direct && e > degree))) continue;
            const int *pos = s->pos[k][i];
            for (int ci = 0; ci < ncombos[degree]; ci++) {
                int combo = combos[degree][ci], masks[4], n = 0, value_set = 0;
                for (int b = 0; b < 9; b++)
                    if (combo >> b & 1) {
                        masks[n++] = pos[b + 1];
                        value_set |= 1 << (b + 1);
                    }
                int common = common_tuple(masks, n, degree);
                if (!common) continue;
                if (!direct) {
                    start(h, degree == 2 ? SE_HIDDEN_PAIR : degree == 3 ? SE_HIDDEN_TRIPLET : SE_HIDDEN_QUAD,
                          plain[degree], -1, 0);
                    for (int p = 0; p < 9; p++) {
                        int c = region_cells[k][i][p];
                        if ((common >> p & 1) && (cand[c] & ~value_set)) remove_from(h, c, cand[c] & ~value_set);
                    }
                    if (h->nremovals) {
                        h->regions[0][0] = k; h->regions[0][1] = i;
                        h->nregions = 1;
                        h->set_values = value_set;
                        return 1;
                    }
                    continue;
                }
                for (int v = 1; v <= 9; v++) {
                    if (value_set >> v & 1) continue;
                    int places = pos[v];
                    if (places & (places - 1)) {
                        int rest = places & ~common;
                        if (rest && !(rest & (rest - 1))) {
                            start(h, degree == 2 ? SE_DIRECT_HIDDEN_PAIR : SE_DIRECT_HIDDEN_TRIPLET,
                                  directd[degree], region_cells[k][i][lowest(rest)], v);
                            return 1;
                        }
                    }
                }
            }
        }
    }
    return 0;
}

static int naked_set(const state *s, int degree, se_hint *h) {
    static const double diff[5] = {0, 0, 3.0, 3.6, 5.0};
    const int *cand = s->cand;
    for (int ki = 0; ki < 3; ki++) {
        int k = kind_order[ki];
        for (int i = 0; i < 9; i++) {
            if (s->empty[k][i] < degree * 2) continue;
            for (int ci = 0; ci < ncombos[degree]; ci++) {
                int combo = combos[degree][ci], masks[4], cells[4], n = 0;
                for (int b = 0; b < 9; b++)
                    if (combo >> b & 1) {
                        cells[n] = region_cells[k][i][b];
                        masks[n] = cand[cells[n]];
                        n++;
                    }
                int common = common_tuple(masks, n, degree);
                if (!common) continue;
                start(h, degree == 2 ? SE_NAKED_PAIR : degree == 3 ? SE_NAKED_TRIPLET : SE_NAKED_QUAD, diff[degree],
                      -1, 0);
                for (int p = 0; p < 9; p++) {
                    int c = region_cells[k][i][p];
                    if (!(combo >> p & 1) && (cand[c] & common)) remove_from(h, c, cand[c] & common);
                }
                if (h->nremovals) {
                    h->set_values = common;
                    for (int m = 0; m < n; m++) h->set_cells[m] = cells[m];
                    h->nset = n;
                    return 1;
                }
            }
        }
    }
    return 0;
}

static int fish(const state *s, int degree, se_hint *h) {
    const int *cand = s->cand;
    int occurrences[10] = {0};
    for (int c = 0; c < 81; c++) occurrences[s->values[c]]++;
    static const int sides[2][2] = {{COLUMN, ROW}, {ROW, COLUMN}};
    for (int si = 0; si < 2; si++) {
        int base = sides[si][0], cover = sides[si][1];
        for (int ci = 0; ci < ncombos[degree]; ci++) {
            int combo = combos[degree][ci];
            for (int v = 1; v <= 9; v++) {
                if (occurrences[v] + degree * 2 > 9) continue;
                int masks[4], n = 0;
                for (int b = 0; b < 9; b++)
                    if (combo >> b & 1) masks[n++] = s->pos[base][b][v];
                int common = common_tuple(masks, n, degree);
                if (!common) continue;
                int bit = 1 << v;
                start(h, degree == 2 ? SE_X_WING : degree == 3 ? SE_SWORDFISH : SE_JELLYFISH,
                      degree == 2 ? 3.2 : degree == 3 ? 3.8 : 5.2, -1, 0);
                for (int j = 0; j < 9; j++) {
                    if (!(common >> j & 1)) continue;
                    for (int p = 0; p < 9; p++) {
                        int c = region_cells[cover][j][p];
                        if ((cand[c] & bit) && !(combo >> p & 1)) remove_from(h, c, bit);
                    }
                }
                if (h->nremovals) {
                    int bi = 0, cj = 0, nr = 0;
                    for (int m = 0; m < degree; m++) {
                        while (!(combo >> bi & 1)) bi++;
                        while (!(common >> cj & 1)) cj++;
                        h->regions[nr][0] = base; h->regions[nr][1] = bi++; nr++;
                        h->regions[nr][0] = cover; h->regions[nr][1] = cj++; nr++;
                    }
                    h->nregions = nr;
                    h->value = v;  /* the fish's value, for its parents (no placement: cell is -1) */
                    return 1;
                }
            }
        }
    }
    return 0;
}

static int xy_wing(const state *s, int xyz, se_hint *h) {
    const int *cand = s->cand;
    int size = xyz ? 3 : 2;
    for (int xy = 0; xy < 81; xy++) {
        int xyv = cand[xy];
        if (popcount(xyv) != size) continue;
        for (int a = 0; a < 20; a++) {
            int xz = house_cells[xy][a], xzv = cand[xz];
            if (popcount(xzv) != 2 || popcount(xyv & ~xzv) != 1) continue;
            for (int b = 0; b < 20; b++) {
                int yz = house_cells[xy][b], yzv = cand[yz];
                if (popcount(yzv) != 2) continue;
                int uni = xyv | xzv | yzv, inter = xyv & xzv & yzv;
                if (popcount(uni) != 3 || popcount(inter) != (xyz ? 1 : 0)) continue;
                int z = lowest(xzv & yzv), bit = 1 << z;
                start(h, xyz ? SE_XYZ_WING : SE_XY_WING, xyz ? 4.4 : 4.2, -1, 0);
                for (int t = 0; t < 20; t++) {
                    int c = house_cells[xz][t];
                    if (!peer[yz][c] || (xyz && !peer[xy][c])) continue;
                    if (c == xy || c == xz || c == yz) continue;
                    if (cand[c] & bit) remove_from(h, c, bit);
                }
                if (h->nremovals) return 1;
            }
        }
    }
    return 0;
}

/* The first hint of the basic rules on a prepared state. */
static int basic_hint(state *s, se_hint *out) {
    return hidden_singles(s, out) || locking(s, 1, out) || hidden_set(s, 2, 1, out) ||
           naked_singles(s, out) || hidden_set(s, 3, 1, out) || locking(s, 0, out) ||
           naked_set(s, 2, out) || fish(s, 2, out) || hidden_set(s, 2, 0, out) ||
           naked_set(s, 3, out) || fish(s, 3, out) || hidden_set(s, 3, 0, out) ||
           xy_wing(s, 0, out) || xy_wing(s, 1, out);
}

int se_basic_hint(const int *values, const int *cand, se_hint *out) {
    if (!tables_ready) build_tables();
    state s;
    prepare(&s, values, cand);
    return basic_hint(&s, out);
}

int se_quad_hint(const int *values, const int *cand, se_hint *out) {
    if (!tables_ready) build_tables();
    state s;
    prepare(&s, values, cand);
    return naked_set(&s, 4, out) || fish(&s, 4, out) || hidden_set(&s, 4, 0, out);
}

/* ------------------------------------------------------------------ aligned pair and triplet */

static int excluders[81][20], nexcluders[81];
typedef unsigned __int128 cellset;     /* bit c: cell c */
static cellset excluder_set[81];

/* Every value combination of the cells; the values no allowed one uses are removed.  A combination
 * is allowed when no two of its cells that see each other take one value and it leaves every common
 * excluder a value (SE's AlignedExclusion). */
static void aligned_removals(const int *cand, const int *cells, int n, cellset common, se_hint *h) {
    int options[3][9], nopt[3], allowed[3] = {0, 0, 0}, idx[3] = {0, 0, 0}, full = 0;
    int masks[20], nmasks = 0;  /* the common excluders' candidates, each once */
    for (cellset rest = common; rest; rest &= rest - 1) {
        uint64_t lo = (uint64_t)rest;
        int x = lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(rest >> 64)), dup = 0;
        for (int k = 0; k < nmasks; k++) dup |= masks[k] == cand[x];
        if (!dup) masks[nmasks++] = cand[x];
    }
    for (int i = 0; i < n; i++) {
        nopt[i] = 0;
        full |= cand[cells[i]] << (10 * i);
        for (int v = 1; v <= 9; v++)
            if (cand[cells[i]] >> v & 1) options[i][nopt[i]++] = v;
    }
    int peers01 = peer[cells[0]][cells[1]], peers02 = n > 2 && peer[cells[0]][cells[2]];
    int peers12 = n > 2 && peer[cells[1]][cells[2]];
    for (;;) {
        int chosen[3] = {0, 0, 0}, mask = 0, ok = 1;
        for (int i = 0; i < n; i++) {
            chosen[i] = options[i][idx[i]];
            mask |= 1 << chosen[i];
        }
        if ((peers01 && chosen[0] == chosen[1]) || (peers02 && chosen[0] == chosen[2]) ||
            (peers12 && chosen[1] == chosen[2]))
            ok = 0;
        for (int k = 0; k < nmasks && ok; k++)
            if (!(masks[k] & ~mask)) ok = 0;
        if (ok) {
            int now = 0;
            for (int i = 0; i < n; i++) {
                allowed[i] |= 1 << chosen[i];
                now |= allowed[i] << (10 * i);
            }
            if (now == full) return;  /* every value allowed somewhere: nothing to remove */
        }
        int i = n - 1;  /* the last cell's values vary fastest, as the Python search's */
        while (i >= 0 && ++idx[i] == nopt[i]) idx[i--] = 0;
        if (i < 0) break;
    }
    for (int i = 0; i < n; i++)
        if (cand[cells[i]] & ~allowed[i]) remove_from(h, cells[i], cand[cells[i]] & ~allowed[i]);
}

static int two_or_more(cellset s) { return s && (s & (s - 1)); }

int se_aligned_hint(const int *values, const int *cand, int degree, se_hint *out) {
    (void)values;
    if (!tables_ready) build_tables();
    int listed[81], nlisted = 0;
    static int is_listed[81];
    for (int c = 0; c < 81; c++) {
        is_listed[c] = 0;
        if (popcount(cand[c]) < 2) continue;
        int single = 0, n = 0;
        cellset set = 0;
        for (int t = 0; t < 20; t++) {
            int x = house_cells[c][t], k = popcount(cand[x]);
            if (k == 1) single = 1;
            else if (k >= 2 && k <= degree) {
                excluders[c][n++] = x;
                set |= (cellset)1 << x;
            }
        }
        if (!single && n) {
            nexcluders[c] = n;
            excluder_set[c] = set;
            listed[nlisted++] = c;
            is_listed[c] = 1;
        }
    }
    if (nlisted < degree) return 0;
    for (int j = 1; j < nlisted; j++)
        for (int i = 0; i < j; i++) {
            int a = listed[i], b = listed[j];
            cellset both = excluder_set[a] & excluder_set[b];
            if (degree == 2) {
                if (!two_or_more(both)) continue;
                int cells[2] = {a, b};
                start(out, 0, 6.2, -1, 0);
                aligned_removals(cand, cells, 2, both, out);
                if (out->nremovals) return 1;
                continue;
            }
            int twins[40], nt = 0;
            cellset seen = 0;
            for (int s = 0; s < nexcluders[a] + nexcluders[b]; s++) {
                int x = s < nexcluders[a] ? excluders[a][s] : excluders[b][s - nexcluders[a]];
                if (!is_listed[x] || x == a || x == b || (seen >> x & 1)) continue;
                seen |= (cellset)1 << x;
                twins[nt++] = x;
            }
            for (int u = 0; u < nt; u++) {
                int tail = twins[u];
                cellset common = both & excluder_set[tail];
                if (!two_or_more(common)) continue;
                int cells[3] = {a, b, tail};
                start(out, 0, 7.5, -1, 0);
                aligned_removals(cand, cells, 3, common, out);
                if (out->nremovals) return 1;
            }
        }
    return 0;
}

/* ------------------------------------------------------------- many basic steps at once */

/* Take a candidate out of the grid and of the state's positions. */
static void clear_candidate(state *s, int *cand, int c, int v) {
    if (!(cand[c] >> v & 1)) return;
    cand[c] &= ~(1 << v);
    for (int k = 0; k < 3; k++) {
        int i = region_of[c][k];
        for (int p = 0; p < 9; p++)
            if (region_cells[k][i][p] == c) {
                s->pos[k][i][v] &= ~(1 << p);
                break;
            }
    }
}

/* Apply a hint (its removals, its placement and what that takes from the houses), keeping the
 * state's positions and empty counts up to date instead of preparing again. */
static void apply_state(state *s, int *values, int *cand, const se_hint *h) {
    for (int k = 0; k < h->nremovals; k++)
        for (unsigned m = (unsigned)h->removal_mask[k] & 0x3feu; m; m &= m - 1)
            clear_candidate(s, cand, h->removal_cell[k], __builtin_ctz(m));
    if (h->cell >= 0) {
        int c = h->cell, v = h->value;
        for (unsigned m = (unsigned)cand[c] & 0x3feu; m; m &= m - 1) clear_candidate(s, cand, c, __builtin_ctz(m));
        values[c] = v;
        cand[c] = 0;
        for (int k = 0; k < 3; k++) s->empty[k][region_of[c][k]]--;
        for (int t = 0; t < 20; t++) clear_candidate(s, cand, house_cells[c][t], v);
    }
}

int se_basic_run(int *values, int *cand, int max_steps, int *names, double *difficulties, int *placed) {
    if (!tables_ready) build_tables();
    int n = 0, empty = 0;
    se_hint h;
    state s;
    prepare(&s, values, cand);
    for (int c = 0; c < 81; c++) empty += values[c] == 0;
    while (n < max_steps && empty && basic_hint(&s, &h)) {
        names[n] = h.name;
        difficulties[n] = h.difficulty;
        placed[n] = h.cell >= 0;
        if (h.cell >= 0 && !values[h.cell]) empty--;
        apply_state(&s, values, cand, &h);
        n++;
    }
    return n;
}

/* ------------------------------------------------------------------------ unique loops */

#define UL_SEEN_BITS 20
#define UL_SEEN_SIZE (1 << UL_SEEN_BITS)

static int ul_overflow;
static int ul_path[81], ul_depth;
static unsigned char ul_in_path[81];
static void ul_eval(const int *loop, int len);

static void ul_walk(const int *cand, int both, int cell, int allowed, int extra, int last_kind) {
    ul_path[ul_depth++] = cell;
    ul_in_path[cell] = 1;
    for (int kind = 0; kind < 3 && !ul_overflow; kind++) {
        if (kind == last_kind) continue;
        for (int p = 0; p < 9; p++) {
            int next = region_cells[kind][region_of[cell][kind]][p];
            if (next == ul_path[0] && ul_depth >= 4) {
                ul_eval(ul_path, ul_depth);  /* in the order found, as SE goes through its list */
            } else if (!ul_in_path[next] && (cand[next] & both) == both) {
                extra |= cand[next] & ~both;  /* kept across the cells tried here, as SE keeps it */
                int n = popcount(cand[next]);
                if (n == 2 || popcount(extra) == 1 || allowed > 0)
                    ul_walk(cand, both, next, n > 2 ? allowed - 1 : allowed, extra, kind);
            }
        }
    }
    ul_in_path[cell] = 0;
    ul_depth--;
}

static int ul_valid(const int *loop, int n) {
    unsigned char seen[2][3][9];
    memset(seen, 0, sizeof seen);
    int odd = 0;
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < 3; k++) {
            int r = region_of[loop[i]][k];
            if (seen[odd][k][r]) return 0;
            seen[odd][k][r] = 1;
        }
        odd = !odd;
    }
    return memcmp(seen[0], seen[1], sizeof seen[0]) == 0;
}

typedef struct {
    int found;
    double difficulty;
    int type;       /* 1 to 4 (3 for both kinds of type 3) */
    int name;       /* 1 to 4, 5: type 3 hidden */
    int n;
    int cells[81], masks[81];
} ul_best;

static unsigned long long ul_seen_lo[UL_SEEN_SIZE], ul_seen_hi[UL_SEEN_SIZE];
static int ul_seen_kind[UL_SEEN_SIZE], ul_seen_gen[UL_SEEN_SIZE], ul_gen, ul_nseen;

/* Whether (kind, loop cells) was added before; records it when not.  An open-addressing set. */
static int ul_seen_before(int kind, unsigned long long lo, unsigned long long hi) {
    unsigned long long h = (lo * 0x9E3779B97F4A7C15ULL) ^ (hi * 0xC2B2AE3D27D4EB4FULL) ^ (unsigned long long)kind;
    unsigned idx = (unsigned)(h >> (64 - UL_SEEN_BITS));
    for (;;) {
        if (ul_seen_gen[idx] != ul_gen) {
            if (ul_nseen >= UL_SEEN_SIZE / 2) { ul_overflow = 1; return 1; }
            ul_seen_gen[idx] = ul_gen;
            ul_seen_kind[idx] = kind;
            ul_seen_lo[idx] = lo;
            ul_seen_hi[idx] = hi;
            ul_nseen++;
            return 0;
        }
        if (ul_seen_kind[idx] == kind && ul_seen_lo[idx] == lo && ul_seen_hi[idx] == hi) return 1;
        idx = (idx + 1) & (UL_SEEN_SIZE - 1);
    }
}

static void ul_add(ul_best *b, int kind, const int *loop, int len, double difficulty, const int *cells,
                   const int *masks, int n) {
    int kept = 0;
    for (int i = 0; i < n; i++) kept += masks[i] != 0;
    if (!kept) return;
    unsigned long long lo = 0, hi = 0;
    for (int i = 0; i < len; i++) {
        if (loop[i] < 64) lo |= 1ULL << loop[i];
        else hi |= 1ULL << (loop[i] - 64);
    }
    if (ul_seen_before(kind, lo, hi)) return;  /* the same cells: the same loop (no cell twice) */
    int type = kind == 5 ? 3 : kind;
    if (b->found && (difficulty > b->difficulty || (difficulty == b->difficulty && type >= b->type))) return;
    b->found = 1;
    b->difficulty = difficulty;
    b->type = type;
    b->name = kind;
    b->n = 0;
    for (int i = 0; i < n; i++)
        if (masks[i]) {
            b->cells[b->n] = cells[i];
            b->masks[b->n++] = masks[i];
        }
}

static void ul_type2(const int *cand, ul_best *b, const int *loop, int len, const int *extra, int nextra, int both,
                     double base) {
    int value = lowest(cand[extra[0]] & ~both), cells[20], masks[20], n = 0;
    for (int t = 0; t < 20; t++) {
        int c = house_cells[extra[0]][t], common = 1;
        for (int e = 1; e < nextra; e++)
            if (!peer[extra[e]][c]) common = 0;
        int is_extra = 0;
        for (int e = 0; e < nextra; e++)
            if (extra[e] == c) is_extra = 1;
        if (common && !is_extra && (cand[c] >> value & 1)) {
            cells[n] = c;
            masks[n++] = 1 << value;
        }
    }
    ul_add(b, 2, loop, len, base, cells, masks, n);
}

static void ul_type3(const state *s, ul_best *b, const int *loop, int len, int c1, int c2, int v1, int v2,
                     double base) {
    const int *cand = s->cand;
    int both = 1 << v1 | 1 << v2, extra = (cand[c1] | cand[c2]) & ~both;
    for (int degree = popcount(extra); degree < 8; degree++)
        for (int kind = 0; kind < 3; kind++) {
            if (region_of[c1][kind] != region_of[c2][kind]) continue;
            int index = region_of[c1][kind];
            const int *region = region_cells[kind][index];
            int empty = s->empty[kind][index], i1 = -1, i2 = -1;
            for (int p = 0; p < 9; p++) {
                if (region[p] == c1) i1 = p;
                if (region[p] == c2) i2 = p;
            }
            if (degree * 2 <= empty) {
                for (int m = 0; m < 512; m++) {  /* the degree-subsets of positions, in mask order */
                    if (popcount(m) != degree || !(m >> i1 & 1) || (m >> i2 & 1)) continue;
                    int naked = extra & cand[c1] & cand[c2], masks[9], n = 0, others[9], no = 0;
                    for (int i = 0; i < 9; i++) {
                        if (!(m >> i & 1)) continue;
                        if (i == i1) masks[n++] = extra;
                        else {
                            masks[n++] = cand[region[i]];
                            naked |= cand[region[i]];
                            others[no++] = region[i];
                        }
                    }
                    if (popcount(naked) != degree) continue;
                    int common = common_tuple(masks, n, degree);
                    if (!common) continue;
                    int cells[9], rem[9], nr = 0;
                    for (int p = 0; p < 9; p++) {
                        int c = region[p], skip = c == c1 || c == c2;
                        for (int o = 0; o < no; o++)
                            if (others[o] == c) skip = 1;
                        if (!skip && (cand[c] & common)) {
                            cells[nr] = c;
                            rem[nr++] = cand[c] & common;
                        }
                    }
                    ul_add(b, 3, loop, len, base + (popcount(common) - 1) * 0.1, cells, rem, nr);
                }
            }
            if (degree * 2 < empty) {
                int rest[9], nrest = 0;
                for (int v = 1; v <= 9; v++)
                    if (v != v1 && v != v2 && !(extra >> v & 1)) rest[nrest++] = v;
                if (degree - 2 <= nrest && degree >= 2)
                    for (int m = 0; m < (1 << nrest); m++) {
                        if (popcount(m) != degree - 2) continue;
                        int values[9], nv = 0;
                        for (int i = 0; i < nrest; i++)
                            if (m >> i & 1) values[nv++] = rest[i];
                        values[nv++] = v1;
                        values[nv++] = v2;
                        int uni = 0, empty_one = 0, hidden = 0;
                        for (int i = 0; i < nv; i++) {
                            int p = s->pos[kind][index][values[i]] & ~(1 << i2);
                            if (!p) empty_one = 1;
                            uni |= p;
                            hidden |= 1 << values[i];
                        }
                        if (empty_one || popcount(uni) != degree) continue;
                        int places = uni & ~(1 << i1) & ~(1 << i2), cells[9], rem[9], nr = 0;
                        for (int i = 0; i < 9; i++) {
                            if (!(places >> i & 1)) continue;
                            int c = region[i];
                            if (c != c1 && c != c2 && (cand[c] & ~hidden)) {
                                cells[nr] = c;
                                rem[nr++] = cand[c] & ~hidden;
                            }
                        }
                        ul_add(b, 5, loop, len, base + (popcount(places) - 1) * 0.1, cells, rem, nr);
                    }
            }
        }
}

static void ul_type4(const int *cand, ul_best *b, const int *loop, int len, int c1, int c2, int v1, int v2,
                     double base) {
    int r1 = 0, r2 = 0;
    for (int kind = 0; kind < 3; kind++) {
        if (region_of[c1][kind] != region_of[c2][kind]) continue;
        int has1 = 0, has2 = 0;
        for (int p = 0; p < 9; p++) {
            int c = region_cells[kind][region_of[c1][kind]][p];
            if (c == c1 || c == c2) continue;
            if (cand[c] >> v1 & 1) has1 = 1;
            if (cand[c] >> v2 & 1) has2 = 1;
        }
        if (!has1) r1 = 1;
        if (!has2) r2 = 1;
    }
    if (!r1 && !r2) return;
    int cells[2] = {c1, c2}, bit = r1 ? 1 << v2 : 1 << v1, masks[2] = {bit, bit};
    ul_add(b, 4, loop, len, base, cells, masks, 2);
}

static const state *ul_state;
static ul_best *ul_b;
static int ul_v1, ul_v2, ul_both;

static void ul_eval(const int *loop, int len) {
    const int *cand = ul_state->cand;
    if (!ul_valid(loop, len)) return;
    double base = 4.5;
    if (len >= 10) base += 0.3;
    if (len >= 8) base += 0.2;
    else if (len >= 6) base += 0.1;
    int extra[81], nextra = 0;
    for (int i = 0; i < len; i++)
        if (popcount(cand[loop[i]]) > 2) extra[nextra++] = loop[i];
    if (nextra == 1) {
        int mask = ul_both;
        ul_add(ul_b, 1, loop, len, base, &extra[0], &mask, 1);
    } else if (nextra > 2) {
        ul_type2(cand, ul_b, loop, len, extra, nextra, ul_both, base);
    } else if (nextra == 2) {
        int rest = (cand[extra[0]] | cand[extra[1]]) & ~ul_both;
        if (popcount(rest) == 1) ul_type2(cand, ul_b, loop, len, extra, nextra, ul_both, base);
        else if (popcount(rest) >= 2) ul_type3(ul_state, ul_b, loop, len, extra[0], extra[1], ul_v1, ul_v2, base);
        ul_type4(cand, ul_b, loop, len, extra[0], extra[1], ul_v1, ul_v2, base);
    }
}

int se_loop_hint(const int *values, const int *cand, se_hint *out) {
    if (!tables_ready) build_tables();
    state s;
    prepare(&s, values, cand);
    ul_best b;
    b.found = 0;
    ul_overflow = 0;
    ul_nseen = 0;
    ul_gen++;
    ul_state = &s;
    ul_b = &b;
    for (int cell = 0; cell < 81 && !ul_overflow; cell++) {
        if (popcount(cand[cell]) != 2) continue;
        ul_v1 = lowest(cand[cell]);
        ul_v2 = lowest(cand[cell] & ~(1 << ul_v1));
        ul_both = 1 << ul_v1 | 1 << ul_v2;
        ul_depth = 0;
        memset(ul_in_path, 0, sizeof ul_in_path);
        ul_walk(cand, ul_both, cell, 2, 0, -1);
    }
    if (ul_overflow) return -1;
    if (!b.found) return 0;
    start(out, b.name, b.difficulty, -1, 0);
    for (int i = 0; i < b.n; i++) remove_from(out, b.cells[i], b.masks[i]);
    return 1;
}
