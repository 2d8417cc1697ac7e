/* sudokit's 9x9 fast path; see fast9.h.
 *
 * Representation: for each digit, its possible cells as three 27-bit words, one per band of three
 * rows (bit 9*r + c of band b is row 3*b + r, column c).  A band word shows at once how the digit sits
 * in the band's three rows and three boxes; the same three words side by side show its columns.
 *
 * Propagation, to a fixpoint:
 *  - naked singles, counted bit-parallel over the nine digit words of a band;
 *  - for each digit and band, the 3x3 pattern "row r has candidates in box k" must contain a
 *    permutation (the digit is once in each row and once in each box): a table keeps just the cells of
 *    patterns that some permutation uses, which is exactly pointing and claiming inside the band, and
 *    finds a row or box without a place;
 *  - the same for each digit and stack with "band j has candidates in column c";
 *  - hidden singles in rows, boxes and columns.
 * Search: a cell with two candidates if there is one, else the cell with the fewest.
 */
#include "fast9.h"
#include "generate.h"

#include <string.h>
#include <time.h>

#define F9_BAND 0x7FFFFFFu

typedef struct {
    uint32_t cand[9][3]; /* digit d may sit at bit i of band b */
    uint32_t open[3];    /* cells without a digit yet, per band */
    unsigned pending;    /* bands whose candidates changed since their last naked-single scan */
    uint32_t dirty;      /* bit 3*d + b: digit d's candidates in band b changed since last looked at */
} f9_state;

/* Tables, computed once by f9_tables() (called on first use, and before any thread runs). */
static uint32_t f9_peers[81][3];   /* the other cells of a cell's row, column and box, per band */
static uint16_t f9_keep[512];      /* 3x3 pattern -> cells of it used by some permutation (0: none) */
static uint32_t f9_expand[512];    /* 3x3 row-box pattern -> the band cells it covers */
static uint8_t f9_rowbox[512];     /* 9 cells of a row -> which of its three boxes are occupied */
static uint32_t f9_column[9];      /* the three cells of column c within a band */
static int f9_ready;

static void f9_tables(void) {
    if (f9_ready) return;
    for (int c = 0; c < 81; c++) {
        int r = c / 9, col = c % 9;
        for (int p = 0; p < 81; p++) {
            if (p == c) continue;
            int pr = p / 9, pc = p % 9;
            if (pr == r || pc == col || (pr / 3 == r / 3 && pc / 3 == col / 3))
                f9_peers[c][pr / 3] |= 1u << ((pr % 3) * 9 + pc);
        }
    }
    static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int p = 0; p < 512; p++) {
        uint16_t keep = 0;
        for (int k = 0; k < 6; k++) {
            uint16_t m = (uint16_t)((1u << perms[k][0]) | (1u << (3 + perms[k][1])) | (1u << (6 + perms[k][2])));
            if ((p & m) == m) keep |= m;
        }
        f9_keep[p] = keep;
        uint32_t cells = 0;
        for (int r = 0; r < 3; r++)
            for (int k = 0; k < 3; k++)
                if (p >> (3 * r + k) & 1) cells |= 7u << (9 * r + 3 * k);
        f9_expand[p] = cells;
        uint8_t boxes = 0;
        for (int k = 0; k < 3; k++)
            if (p >> (3 * k) & 7) boxes |= (uint8_t)(1u << k);
        f9_rowbox[p] = boxes;
    }
    for (int c = 0; c < 9; c++) f9_column[c] = (1u << c) | (1u << (9 + c)) | (1u << (18 + c));
    f9_ready = 1;
}

static inline int f9_ctz(uint32_t x) { return __builtin_ctz(x); }
static inline int f9_single(uint32_t x) { return x && !(x & (x - 1)); }

/* Put digit d in cell (band b, bit i): the cell loses every other digit, its peers lose d; every
 * digit and band that changed is marked dirty. */
static inline void f9_assign(f9_state *s, int d, int b, int i);

static inline void f9_place(f9_state *s, int d, int b, int i) {
    uint32_t bit = 1u << i, lost = 0;
    for (int e = 0; e < 9; e++) {
        lost |= (s->cand[e][b] >> i & 1u) << (3 * e);
        s->cand[e][b] &= ~bit;
    }
    s->dirty |= lost << b;
    f9_assign(s, d, b, i);
}

/* Put digit d in a cell whose only candidate it already is: its peers lose d. */
static inline void f9_assign(f9_state *s, int d, int b, int i) {
    uint32_t bit = 1u << i;
    const uint32_t *peer = f9_peers[b * 27 + i];
    for (int k = 0; k < 3; k++) {
        if (s->cand[d][k] & peer[k]) {
            s->cand[d][k] &= ~peer[k];
            s->pending |= 1u << k;
            s->dirty |= 1u << (3 * d + k);
        }
    }
    s->cand[d][b] |= bit;
    s->open[b] &= ~bit;
    s->pending |= 1u << b;
}

/* Row-box pattern of a band word: bit 3*r + k when row r has candidates in box k. */
static inline unsigned f9_pattern(uint32_t w) {
    return (unsigned)f9_rowbox[w & 0x1FF] | (unsigned)f9_rowbox[(w >> 9) & 0x1FF] << 3 |
           (unsigned)f9_rowbox[w >> 18] << 6;
}

/* Columns of a band word that hold a candidate (9 bits). */
static inline unsigned f9_columns(uint32_t w) { return (w | w >> 9 | w >> 18) & 0x1FF; }

/* Columns of a band word that hold a candidate in exactly one of its three rows. */
static inline unsigned f9_one_row(uint32_t w) {
    unsigned r0 = w & 0x1FF, r1 = (w >> 9) & 0x1FF, r2 = w >> 18;
    return (r0 ^ r1 ^ r2) & ~((r0 & r1) | (r0 & r2) | (r1 & r2));
}

/* Naked singles in every band, repeated until none is left; 0 on a contradiction. */
static inline int f9_naked(f9_state *s) {
    while (s->pending) {
        int b = f9_ctz(s->pending);
        s->pending &= s->pending - 1;
        {
            if (!s->open[b]) continue;
            uint32_t ones = 0, twos = 0;
            for (int d = 0; d < 9; d++) {
                twos |= ones & s->cand[d][b];
                ones |= s->cand[d][b];
            }
            if (s->open[b] & ~ones) return 0;
            uint32_t singles = s->open[b] & ~twos;
            while (singles) {
                int i = f9_ctz(singles);
                singles &= singles - 1;
                uint32_t bit = 1u << i;
                int d = 0;
                while (d < 9 && !(s->cand[d][b] & bit)) d++;
                if (d == 9) return 0; /* its last digit went to a peer placed just now */
                f9_assign(s, d, b, i);
            }
        }
    }
    return 1;
}

/* Propagate to a fixpoint, looking again only at the digits and bands that changed; 0 on a
 * contradiction. */
static int f9_propagate(f9_state *s) {
    for (;;) {
        if (s->pending && !f9_naked(s)) return 0;
        if (!s->dirty) return 1;
        int d = f9_ctz(s->dirty) / 3;
        unsigned bands = s->dirty >> (3 * d) & 7;
        s->dirty &= ~(7u << (3 * d));
        uint32_t *w = s->cand[d];
        if (!((w[0] & s->open[0]) | (w[1] & s->open[1]) | (w[2] & s->open[2]))) {
            /* no open cell left for d: fine if it sits in all nine rows, a contradiction if not */
            if (__builtin_popcount(w[0]) + __builtin_popcount(w[1]) + __builtin_popcount(w[2]) != 9) return 0;
            continue;
        }
        /* bands that changed: each row and each box once */
        for (unsigned left = bands; left; left &= left - 1) {
            int b = f9_ctz(left);
            unsigned pattern = f9_pattern(w[b]);
            unsigned keep = f9_keep[pattern];
            if (!keep) return 0;
            if (keep != pattern) {
                w[b] &= f9_expand[keep];
                s->pending |= 1u << b;
            }
        }
        /* stacks: each column and each band once */
        unsigned c0 = f9_columns(w[0]), c1 = f9_columns(w[1]), c2 = f9_columns(w[2]);
        for (int st = 0; st < 3; st++) {
            unsigned pattern = (c0 >> (3 * st) & 7) | (c1 >> (3 * st) & 7) << 3 | (c2 >> (3 * st) & 7) << 6;
            unsigned keep = f9_keep[pattern];
            if (!keep) return 0;
            for (unsigned gone = pattern & ~keep; gone; gone &= gone - 1) {
                int k = f9_ctz(gone);
                w[k / 3] &= ~f9_column[3 * st + k % 3];
                s->pending |= 1u << (k / 3);
                s->dirty |= 1u << (3 * d + k / 3); /* that band may have lost a row: look again */
                bands |= 1u << (k / 3);
            }
        }
        /* hidden singles: a row, box or column with one place for d that is still open */
        for (unsigned left = bands; left; left &= left - 1) {
            int b = f9_ctz(left);
            if (!(w[b] & s->open[b])) continue; /* d is placed throughout this band */
            for (int r = 0; r < 3; r++) {
                uint32_t row = w[b] & (0x1FFu << (9 * r));
                if ((row & s->open[b]) && f9_single(row)) f9_place(s, d, b, f9_ctz(row));
            }
            for (int k = 0; k < 3; k++) {
                uint32_t box = w[b] & (0x1C0E07u << (3 * k));
                if ((box & s->open[b]) && f9_single(box)) f9_place(s, d, b, f9_ctz(box));
            }
        }
        c0 = f9_columns(w[0]);
        c1 = f9_columns(w[1]);
        c2 = f9_columns(w[2]);
        unsigned lone = (c0 & ~c1 & ~c2 & f9_one_row(w[0])) | (c1 & ~c0 & ~c2 & f9_one_row(w[1])) << 9 |
                        (c2 & ~c0 & ~c1 & f9_one_row(w[2])) << 18;
        while (lone) {
            int k = f9_ctz(lone);
            lone &= lone - 1;
            int b = k / 9;
            uint32_t bits = w[b] & f9_column[k % 9];
            if (f9_single(bits) && (s->open[b] & bits)) f9_place(s, d, b, f9_ctz(bits));
        }
    }
}

typedef struct {
    int64_t limit, node_limit, nodes, count;
    uint32_t weight[81];     /* failures below a branch on this cell: busy cells are branched on first */
    double time_limit;
    struct timespec started;
    int status;
    int *solution;
    f9_poll_fn poll;
    void *poll_context;
    double next_poll;        /* seconds since started at which poll is due */
    sk_rng *rng;             /* NULL: digits in increasing order; else in random order (filling grids) */
} f9_run;

static double f9_elapsed(const f9_run *run) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - run->started.tv_sec) + (double)(now.tv_nsec - run->started.tv_nsec) * 1e-9;
}

static void f9_record(f9_run *run, const f9_state *s) {
    if (run->count == 0 && run->solution) {
        for (int c = 0; c < 81; c++) {
            int b = c / 27, i = c % 27;
            int d = 0;
            while (d < 9 && !(s->cand[d][b] >> i & 1)) d++;
            run->solution[c] = d;
        }
    }
    run->count++;
}

/* Depth-first search from a consistent fixpoint.  Returns 1 when the search must stop. */
static int f9_search(f9_run *run, const f9_state *s) {
    if (!(s->open[0] | s->open[1] | s->open[2])) {
        f9_record(run, s);
        return run->limit > 0 && run->count >= run->limit;
    }
    /* a cell with two candidates (the one that failed most often below it), else one with the fewest */
    int best_b = -1, best_i = -1;
    uint32_t best_w = 0;
    for (int b = 0; b < 3; b++) {
        uint32_t ones = 0, twos = 0, threes = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t w = s->cand[d][b];
            threes |= twos & w;
            twos |= ones & w;
            ones |= w;
        }
        for (uint32_t pairs = s->open[b] & twos & ~threes; pairs; pairs &= pairs - 1) {
            int i = f9_ctz(pairs);
            uint32_t w = run->weight[b * 27 + i];
            if (best_b < 0 || w > best_w) { best_b = b; best_i = i; best_w = w; }
        }
    }
    if (best_b < 0) {
        int best = 10;
        for (int b = 0; b < 3; b++) {
            for (uint32_t open = s->open[b]; open; open &= open - 1) {
                int i = f9_ctz(open), k = 0;
                for (int d = 0; d < 9; d++) k += (int)(s->cand[d][b] >> i & 1);
                if (k < best) { best = k; best_b = b; best_i = i; }
            }
        }
    }
    int digits[9], nd = 0;
    for (int d = 0; d < 9; d++)
        if (s->cand[d][best_b] >> best_i & 1) digits[nd++] = d;
    if (run->rng) sk_rng_shuffle(run->rng, digits, nd);
    for (int k = 0; k < nd; k++) {
        int d = digits[k];
        if (run->node_limit > 0 && run->nodes >= run->node_limit) { run->status = F9_NODE_LIMIT; return 1; }
        if ((run->nodes & 255) == 0 && (run->time_limit > 0 || run->poll)) {
            double elapsed = f9_elapsed(run);
            if (run->time_limit > 0 && elapsed > run->time_limit) { run->status = F9_TIME_LIMIT; return 1; }
            if (run->poll && elapsed >= run->next_poll) {
                run->next_poll = elapsed + F9_POLL_SECONDS;
                if (run->poll(run->poll_context, run->nodes, run->count)) { run->status = F9_INTERRUPTED; return 1; }
            }
        }
        run->nodes++;
        f9_state child = *s;
        f9_place(&child, d, best_b, best_i);
        if (!f9_propagate(&child)) run->weight[best_b * 27 + best_i]++;
        else if (f9_search(run, &child)) return 1;
    }
    return 0;
}

/* Load givens (and, when forbid_cell >= 0, take forbid_digit from that cell's candidates) and
 * propagate; 0 when that shows there is no solution. */
static int f9_load(f9_state *s, const int *givens, int forbid_cell, int forbid_digit) {
    for (int d = 0; d < 9; d++) s->cand[d][0] = s->cand[d][1] = s->cand[d][2] = F9_BAND;
    s->open[0] = s->open[1] = s->open[2] = F9_BAND;
    s->pending = 7;
    s->dirty = 0;
    if (forbid_cell >= 0) s->cand[forbid_digit][forbid_cell / 27] &= ~(1u << (forbid_cell % 27));
    for (int c = 0; c < 81; c++) {
        int d = givens[c];
        if (d < 0) continue;
        int b = c / 27, i = c % 27;
        if (d > 8 || !(s->cand[d][b] >> i & 1)) return 0; /* a peer already holds d */
        f9_place(s, d, b, i);
    }
    s->dirty = 0x7FFFFFF; /* look at every digit and band once */
    return f9_propagate(s);
}

void f9_solve(const int *givens, int64_t limit, int64_t node_limit, double time_limit, f9_poll_fn poll,
              void *poll_context, int *solution, f9_result *result) {
    f9_tables();
    f9_run run = {limit, node_limit, 0, 0, {0}, time_limit, {0, 0}, F9_DONE, solution, poll, poll_context,
                  F9_POLL_SECONDS, NULL};
    if (time_limit > 0 || poll) clock_gettime(CLOCK_MONOTONIC, &run.started);
    f9_state s;
    if (f9_load(&s, givens, -1, 0)) f9_search(&run, &s);
    result->count = run.count;
    result->nodes = run.nodes;
    result->status = run.status;
}

void f9_random_solution(sk_rng *rng, int *solution) {
    f9_tables();
    f9_run run = {1, 0, 0, 0, {0}, 0, {0, 0}, F9_DONE, solution, NULL, NULL, 0, rng};
    int empty[81];
    for (int c = 0; c < 81; c++) empty[c] = -1;
    f9_state s;
    f9_load(&s, empty, -1, 0);
    f9_search(&run, &s); /* the empty grid has solutions, and a search finds one at once */
}

/* The fast path's check (an sk_other_fn; context: an f9_run whose solution field holds the known one). */
static int f9_other(void *context, const int *givens, int cell, int64_t node_limit, double seconds,
                    int64_t *nodes) {
    f9_run *run = context;
    const int *known = run->solution;
    f9_state s;
    (void)seconds; /* a 9x9 check takes microseconds; the reduction watches the clock between them */
    run->count = 0;
    run->nodes = 0;
    run->status = F9_DONE;
    run->node_limit = node_limit;
    run->solution = NULL;
    int found = 0;
    if (f9_load(&s, givens, cell, known[cell])) {
        f9_search(run, &s);
        found = run->count > 0 ? 1 : (run->status == F9_DONE ? 0 : -1);
    }
    run->solution = (int *)known;
    *nodes += run->nodes;
    return found;
}

void f9_reduce(const int *solution, int *givens, const sk_reduce_options *o, sk_rng *rng, sk_poll_fn poll,
               void *poll_context, sk_reduce_result *result) {
    f9_tables();
    sk_reduce_begin(result, givens, 81);
    /* the starting givens must determine the solution */
    if (result->givens < 81) {
        f9_result r;
        f9_solve(givens, 2, o->check_nodes, 0, NULL, NULL, NULL, &r);
        result->nodes += r.nodes;
        if (r.status != F9_DONE) { result->status = SK_GEN_NODE_LIMIT; return; }
        if (r.count != 1) { result->status = r.count ? SK_GEN_NOT_UNIQUE : SK_GEN_NONE; return; }
    }
    f9_run run = {1, 0, 0, 0, {0}, 0, {0, 0}, F9_DONE, (int *)solution, NULL, NULL, 0, NULL};
    sk_reduce_groups(o, rng, poll, poll_context, givens, solution, f9_other, &run, result);
}
