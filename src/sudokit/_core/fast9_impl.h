/* The 9x9 fast path's propagation and search, written once and compiled once per instruction set
 * (see fast9.c, which includes this file with F9_NAME defined to give each copy its own names).
 *
 * Representation: for each digit, its possible cells as a vector of three 27-bit band words (lane b
 * holds band b, bit 9*r + c is row 3*b + r, column c; lane 3 stays empty).  One vector operation
 * acts on the three bands of a digit at once: a placement's peers, the naked-single scan over the
 * nine digits, the hidden singles of every row and box, the branching cell's candidate count.
 */

typedef struct {
    f9_vec cand[9];   /* digit d may sit at bit i of lane b */
    f9_vec open;      /* cells without a digit yet */
    unsigned pending; /* nonzero: candidates changed since the last naked-single scan */
    uint32_t dirty;   /* bit 3*d + b: digit d's candidates in band b changed since last looked at */
} F9_NAME(state);

#define f9_state F9_NAME(state)

/* Put digit d in a cell whose only candidate it already is: its peers lose d. */
static inline void F9_NAME(assign)(f9_state *s, int d, int cell) {
    f9_vec peer = f9_peers[cell];
    unsigned hit = f9_lanes(s->cand[d] & peer);
    s->cand[d] = (s->cand[d] & ~peer) | f9_cell[cell];
    s->open &= ~f9_cell[cell];
    s->pending = 1;
    s->dirty |= hit << (3 * d);
}

/* Put digit d in a cell: the cell loses every other digit, its peers lose d. */
static inline void F9_NAME(place)(f9_state *s, int d, int cell) {
    int b = cell / 27, i = cell % 27;
    f9_vec bit = f9_cell[cell];
    uint32_t lost = 0;
    for (int e = 0; e < 9; e++) {
        lost |= (s->cand[e][b] >> i & 1u) << (3 * e);
        s->cand[e] &= ~bit;
    }
    s->dirty |= lost << b;
    F9_NAME(assign)(s, d, cell);
}

/* Naked singles in every band at once, repeated until none is left; 0 on a contradiction. */
static inline int F9_NAME(naked)(f9_state *s) {
    while (s->pending) {
        s->pending = 0;
        f9_vec ones = s->cand[0], twos = {0, 0, 0, 0};
        for (int d = 1; d < 9; d++) {
            twos |= ones & s->cand[d];
            ones |= s->cand[d];
        }
        if (f9_lanes(s->open & ~ones)) return 0;
        f9_vec singles = s->open & ~twos;
        if (!f9_lanes(singles)) return 1;
        for (int d = 0; d < 9; d++) {
            f9_vec mine = singles & s->cand[d];
            for (unsigned lanes = f9_lanes(mine); lanes; lanes &= lanes - 1) {
                int b = f9_ctz(lanes);
                for (uint32_t bits = mine[b]; bits; bits &= bits - 1) {
                    int i = f9_ctz(bits);
                    /* a peer placed just now took this cell's last digit */
                    if (!(s->cand[d][b] >> i & 1u)) return 0;
                    F9_NAME(assign)(s, d, 27 * b + i);
                }
            }
        }
    }
    return 1;
}

/* Propagate to a fixpoint, looking again only at the digits and bands that changed; 0 on a
 * contradiction. */
static int F9_NAME(propagate)(f9_state *s) {
    for (;;) {
        if (s->pending && !F9_NAME(naked)(s)) return 0;
        if (!s->dirty) return 1;
        int d = f9_ctz(s->dirty) / 3;
        unsigned bands = s->dirty >> (3 * d) & 7;
        s->dirty &= ~(7u << (3 * d));
        f9_vec w = s->cand[d];
        f9_vec live = w & s->open;
        if (!f9_lanes(live)) {
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
                s->pending = 1;
            }
        }
        /* stacks: each column and each band once */
        f9_vec cols = (w | w >> 9 | w >> 18) & 0x1FF;
        unsigned c0 = cols[0], c1 = cols[1], c2 = cols[2];
        for (int st = 0; st < 3; st++) {
            unsigned pattern = (c0 >> (3 * st) & 7) | (c1 >> (3 * st) & 7) << 3 | (c2 >> (3 * st) & 7) << 6;
            unsigned keep = f9_keep[pattern];
            if (!keep) return 0;
            for (unsigned gone = pattern & ~keep; gone; gone &= gone - 1) {
                int k = f9_ctz(gone);
                w[k / 3] &= ~f9_column[3 * st + k % 3];
                s->pending = 1;
                s->dirty |= 1u << (3 * d + k / 3); /* that band may have lost a row: look again */
            }
        }
        s->cand[d] = w;
        /* hidden singles: a row, box or column with one place for d that is still open, in every band
         * at once (a unit with one place holds d already or is a single; placed ones are skipped) */
        live = w & s->open;
        for (int u = 0; u < 6; u++) {
            f9_vec unit = w & f9_units[u];
            f9_vec one = (unit & (unit - 1)) == 0; /* at most one place */
            f9_vec found = unit & (f9_vec)one & live;
            for (unsigned lanes = f9_lanes(found); lanes; lanes &= lanes - 1) {
                int b = f9_ctz(lanes);
                /* a placement just now may have taken the place, or filled it */
                if (s->open[b] & s->cand[d][b] & found[b]) F9_NAME(place)(s, d, 27 * b + f9_ctz(found[b]));
            }
        }
        w = s->cand[d];
        cols = (w | w >> 9 | w >> 18) & 0x1FF;
        c0 = cols[0];
        c1 = cols[1];
        c2 = cols[2];
        unsigned lone = (c0 & ~c1 & ~c2 & f9_one_row(w[0])) | (c1 & ~c0 & ~c2 & f9_one_row(w[1])) << 9 |
                        (c2 & ~c0 & ~c1 & f9_one_row(w[2])) << 18;
        while (lone) {
            int k = f9_ctz(lone);
            lone &= lone - 1;
            int b = k / 9;
            uint32_t bits = s->cand[d][b] & f9_column[k % 9];
            if (f9_single(bits) && (s->open[b] & bits)) F9_NAME(place)(s, d, 27 * b + f9_ctz(bits));
        }
    }
}

/* Depth-first search from a consistent fixpoint.  Returns 1 when the search must stop. */
static int F9_NAME(search)(f9_run *run, const f9_state *s) {
    if (!f9_lanes(s->open)) {
        f9_record(run, s->cand);
        return run->limit > 0 && run->count >= run->limit;
    }
    /* a cell with two candidates (the one that failed most often below it), else one with the fewest */
    f9_vec ones = s->cand[0], twos = {0, 0, 0, 0}, threes = {0, 0, 0, 0};
    for (int d = 1; d < 9; d++) {
        f9_vec w = s->cand[d];
        threes |= twos & w;
        twos |= ones & w;
        ones |= w;
    }
    f9_vec pairs = s->open & twos & ~threes;
    int best = -1;
    uint32_t best_w = 0;
    for (int b = 0; b < 3; b++) {
        for (uint32_t left = pairs[b]; left; left &= left - 1) {
            int cell = b * 27 + f9_ctz(left);
            uint32_t w = run->weight[cell];
            if (best < 0 || w > best_w) { best = cell; best_w = w; }
        }
    }
    if (best < 0) {
        int fewest = 10;
        for (int b = 0; b < 3; b++) {
            for (uint32_t open = s->open[b]; open; open &= open - 1) {
                int i = f9_ctz(open), k = 0;
                for (int d = 0; d < 9; d++) k += (int)(s->cand[d][b] >> i & 1);
                if (k < fewest) { fewest = k; best = b * 27 + i; }
            }
        }
    }
    int b = best / 27, i = best % 27;
    int digits[9], nd = 0;
    for (int d = 0; d < 9; d++)
        if (s->cand[d][b] >> i & 1) digits[nd++] = d;
    if (run->rng) sk_rng_shuffle(run->rng, digits, nd);
    for (int k = 0; k < nd; k++) {
        int d = digits[k];
        if (f9_should_stop(run)) return 1;
        run->nodes++;
        f9_state child = *s;
        F9_NAME(place)(&child, d, best);
        if (!F9_NAME(propagate)(&child)) run->weight[best]++;
        else if (F9_NAME(search)(run, &child)) return 1;
    }
    return 0;
}

/* Load givens (and, when forbid_cell >= 0, take forbid_digit from that cell's candidates) and
 * propagate; 0 when that shows there is no solution. */
static int F9_NAME(load)(f9_state *s, const int *givens, int forbid_cell, int forbid_digit) {
    const f9_vec all = {F9_BAND, F9_BAND, F9_BAND, 0};
    for (int d = 0; d < 9; d++) s->cand[d] = all;
    s->open = all;
    s->pending = 1;
    s->dirty = 0;
    if (forbid_cell >= 0) s->cand[forbid_digit] &= ~f9_cell[forbid_cell];
    for (int c = 0; c < 81; c++) {
        int d = givens[c];
        if (d < 0) continue;
        if (d > 8 || !(s->cand[d][c / 27] >> (c % 27) & 1)) return 0; /* a peer already holds d */
        F9_NAME(place)(s, d, c);
    }
    s->dirty = 0x7FFFFFF; /* look at every digit and band once */
    return F9_NAME(propagate)(s);
}

/* Run the search for givens under run's settings; 0 when loading shows there is no solution. */
static void F9_NAME(run)(f9_run *run, const int *givens, int forbid_cell, int forbid_digit) {
    f9_state s;
    if (F9_NAME(load)(&s, givens, forbid_cell, forbid_digit)) F9_NAME(search)(run, &s);
}

#undef f9_state
