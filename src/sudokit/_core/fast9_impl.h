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
        /* each digit's singles at once: their peers lose the digit; two that see each other clash */
        for (int d = 0; d < 9; d++) {
            f9_vec mine = singles & s->cand[d];
            unsigned lanes = f9_lanes(mine);
            if (!lanes) continue;
            f9_vec peers = {0, 0, 0, 0};
            for (; lanes; lanes &= lanes - 1) {
                int b = f9_ctz(lanes);
                for (uint32_t bits = mine[b]; bits; bits &= bits - 1) peers |= f9_peers[27 * b + f9_ctz(bits)];
            }
            if (f9_lanes(mine & peers)) return 0;
            s->dirty |= f9_lanes(s->cand[d] & peers) << (3 * d);
            s->cand[d] &= ~peers;
            s->open &= ~mine;
        }
        s->pending = 1;
    }
    return 1;
}

/* Saturating bit-sliced counter: after adding x, a bit's count is c0 + 2*c1, or 4+ where c2 is set. */
#define F9_COUNT(c0, c1, c2, x)          \
    do {                                 \
        f9_vec carry_ = (c0) & (x);      \
        (c0) ^= (x);                     \
        (c2) |= (c1) & carry_;           \
        (c1) ^= carry_;                  \
    } while (0)

/* Triads: the three cells of a box row (a minirow) or of a box column (a minicolumn) hold three
 * different digits.  So fewer than three digits that may sit there is a contradiction, and exactly three
 * must all sit there (each leaves the rest of its row or column and box); more than three digits that
 * must sit there is a contradiction, and exactly three leave no room for any other digit.  A digit
 * "must sit" in a minirow when it has no other place in that row (after the band patterns, the same as
 * none in that box).  Returns 0 on a contradiction, else 1, with the digits and bands changed marked. */
static int F9_NAME(triads)(f9_state *s) {
    const f9_vec rows = {0x1249249u, 0x1249249u, 0x1249249u, 0}; /* bit 9r+3k: minirow (r, k) */
    const f9_vec cols = {0x1FFu, 0x1FFu, 0x1FFu, 0};              /* bit c: minicolumn c of the band */
    const f9_vec zero = {0, 0, 0, 0};
    f9_vec hp[9], hm[9], vp[9], vm[9];
    f9_vec h0 = zero, h1 = zero, h2 = zero, g0 = zero, g1 = zero, g2 = zero;  /* may, must: rows */
    f9_vec v0 = zero, v1 = zero, v2 = zero, u0 = zero, u1 = zero, u2 = zero;  /* may, must: columns */
    for (int d = 0; d < 9; d++) {
        f9_vec w = s->cand[d];
        f9_vec m = (w | w >> 1 | w >> 2) & rows;
        f9_vec a = m & 0x40201u, b = (m >> 3) & 0x40201u, c = (m >> 6) & 0x40201u;
        f9_vec must = (a & ~b & ~c) | (b & ~a & ~c) << 3 | (c & ~a & ~b) << 6;
        hp[d] = m;
        hm[d] = must;
        F9_COUNT(h0, h1, h2, m);
        F9_COUNT(g0, g1, g2, must);
        f9_vec n = (w | w >> 9 | w >> 18) & cols;
        a = n & 0x49u;
        b = (n >> 1) & 0x49u;
        c = (n >> 2) & 0x49u;
        must = (a & ~b & ~c) | (b & ~a & ~c) << 1 | (c & ~a & ~b) << 2;
        vp[d] = n;
        vm[d] = must;
        F9_COUNT(v0, v1, v2, n);
        F9_COUNT(u0, u1, u2, must);
    }
    /* fewer than three may, or more than three must: a contradiction */
    if (f9_lanes(((rows & ~h2 & ~(h0 & h1)) | (g2 & rows)) | ((cols & ~v2 & ~(v0 & v1)) | (u2 & cols))))
        return 0;
    f9_vec h3 = h0 & h1 & ~h2, g3 = g0 & g1 & ~g2, v3 = v0 & v1 & ~v2, u3 = u0 & u1 & ~u2;
    f9_vec hforce = h3 & ~g3 & rows, hclear = g3 & ~h3 & rows; /* three may: all must; three must: no other */
    f9_vec vforce = v3 & ~u3 & cols, vclear = u3 & ~v3 & cols;
    if (!f9_lanes(hforce | hclear | vforce | vclear)) return 1;
    for (int d = 0; d < 9; d++) {
        f9_vec w = s->cand[d], before = w;
        f9_vec t = hp[d] & ~hm[d];
        f9_vec force = t & hforce, clear = t & hclear;
        for (int b = 0; b < 3; b++) {
            for (uint32_t left = force[b]; left; left &= left - 1) {
                int p = f9_ctz(left), r = p / 9, k = (p % 9) / 3;
                w[b] &= ~(((0x1FFu << (9 * r)) | (0x1C0E07u << (3 * k))) & ~(7u << p));
            }
            for (uint32_t left = clear[b]; left; left &= left - 1) w[b] &= ~(7u << f9_ctz(left));
        }
        t = vp[d] & ~vm[d];
        force = t & vforce;
        clear = t & vclear;
        for (int b = 0; b < 3; b++) {
            for (uint32_t left = force[b]; left; left &= left - 1) {
                int c = f9_ctz(left);
                for (int o = 0; o < 3; o++)
                    if (o != b) w[o] &= ~f9_column[c];
                w[b] &= ~((0x1C0E07u << (3 * (c / 3))) & ~f9_column[c]);
            }
            for (uint32_t left = clear[b]; left; left &= left - 1) w[b] &= ~f9_column[f9_ctz(left)];
        }
        unsigned changed = f9_lanes(w ^ before);
        if (changed) {
            s->cand[d] = w;
            s->dirty |= changed << (3 * d);
            s->pending = 1;
        }
    }
    return 1;
}

/* Propagate to a fixpoint, looking again only at the digits and bands that changed; 0 on a
 * contradiction.  triads: also apply the triad rule (off for a puzzle's first guesses, see
 * F9_TRIADS_AFTER_NODES, and when filling a grid at random, so that a seed gives the grid it gave before
 * the rule came in). */
static int F9_NAME(propagate)(f9_state *s, int triads) {
    for (;;) {
        if (s->pending && !F9_NAME(naked)(s)) return 0;
        if (!s->dirty) {
            /* triads, while enough cells are open for them to pay */
            if (!triads || f9_open_cells(s->open) < F9_TRIAD_MIN_OPEN) return 1;
            if (!F9_NAME(triads)(s)) return 0;
            if (!s->dirty && !s->pending) return 1;
            continue;
        }
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
        f9_vec found = {0, 0, 0, 0};
        for (int u = 0; u < 6; u++) {
            f9_vec unit = w & f9_units[u];
            f9_vec one = (unit & (unit - 1)) == 0; /* at most one place */
            found |= unit & (f9_vec)one;
        }
        /* columns: in one row of this band and in no other band */
        f9_vec r0 = w & 0x1FF, r1 = (w >> 9) & 0x1FF, r2 = w >> 18;
        f9_vec once = (r0 ^ r1 ^ r2) & ~((r0 & r1) | (r0 & r2) | (r1 & r2));
        cols = r0 | r1 | r2;
        f9_vec lone = once & ~(F9_ROTATE1(cols) | F9_ROTATE2(cols));
        found |= w & (lone | lone << 9 | lone << 18);
        found &= s->open;
        for (unsigned lanes = f9_lanes(found); lanes; lanes &= lanes - 1) {
            int b = f9_ctz(lanes);
            for (uint32_t bits = found[b]; bits; bits &= bits - 1) {
                uint32_t bit = bits & -bits;
                /* a placement just now may have taken the place, or filled it */
                if (s->open[b] & s->cand[d][b] & bit) F9_NAME(place)(s, d, 27 * b + f9_ctz(bit));
            }
        }
    }
}

static int F9_NAME(search)(f9_run *run, const f9_state *s);

/* Branch on how a digit sits in a band or stack: one of the six permutations of its three rows and
 * boxes (or columns and boxes), in the band or stack with the fewest such configurations over its nine
 * digits, on a digit with the fewest (two when there is one), as tdoku does.  Each solution keeps one
 * permutation per digit, so the branches split the solutions exactly.  Never used for a random fill.
 * Returns -1 when every band and stack is settled (branch on a cell), else search's answer. */
static int F9_NAME(branch_band)(f9_run *run, const f9_state *s) {
    unsigned pattern[6][9];
    int unit = -1, fewest_total = 1000;
    for (int d = 0; d < 9; d++) {
        f9_vec w = s->cand[d];
        f9_vec cols = (w | w >> 9 | w >> 18) & 0x1FF;
        for (int b = 0; b < 3; b++) pattern[b][d] = f9_pattern(w[b]);
        for (int st = 0; st < 3; st++)
            pattern[3 + st][d] =
                (cols[0] >> (3 * st) & 7) | (cols[1] >> (3 * st) & 7) << 3 | (cols[2] >> (3 * st) & 7) << 6;
    }
    for (int u = 0; u < 6; u++) {
        int total = 0;
        for (int d = 0; d < 9; d++) total += f9_nperm[pattern[u][d]];
        if (total > 9 && total < fewest_total) { fewest_total = total; unit = u; }
    }
    if (unit < 0) return -1;
    int digit = 0, fewest = 7;
    for (int d = 0; d < 9; d++) {
        int k = f9_nperm[pattern[unit][d]];
        if (k >= 2 && k < fewest) { fewest = k; digit = d; }
    }
    int perms[6], np = 0;
    for (int k = 0; k < 6; k++)
        if ((pattern[unit][digit] & f9_perm[k]) == f9_perm[k]) perms[np++] = k;
    for (int k = 0; k < np; k++) {
        if (f9_should_stop(run)) return 1;
        run->nodes++;
        f9_state child = *s;
        unsigned m = f9_perm[perms[k]];
        if (unit < 3) { /* band: the digit's rows keep only the boxes m gives them */
            child.cand[digit][unit] &= f9_expand[m];
            child.dirty |= 1u << (3 * digit + unit);
        } else { /* stack: each band keeps only the column m gives it */
            int st = unit - 3;
            uint32_t stack = f9_column[3 * st] | f9_column[3 * st + 1] | f9_column[3 * st + 2];
            for (int j = 0; j < 3; j++) child.cand[digit][j] &= ~stack | f9_column[3 * st + f9_ctz(m >> (3 * j) & 7)];
            child.dirty |= 7u << (3 * digit);
        }
        child.pending = 1;
        if (F9_NAME(propagate)(&child, 1) && F9_NAME(search)(run, &child)) return 1;
    }
    return 0;
}

/* Depth-first search from a consistent fixpoint.  Returns 1 when the search must stop. */
static int F9_NAME(search)(f9_run *run, const f9_state *s) {
    if (!f9_lanes(s->open)) {
        f9_record(run, s->cand);
        return run->limit > 0 && run->count >= run->limit;
    }
    /* on a band configuration once the puzzle has shown itself hard, while many cells are open (near
     * the leaves a cell is cheaper); a random fill branches on cells as it always has, so that a seed
     * keeps giving the same grid */
    if (!run->rng && run->nodes >= F9_BAND_AFTER_NODES && f9_open_cells(s->open) >= F9_BAND_BRANCH_MIN_OPEN) {
        int stop = F9_NAME(branch_band)(run, s);
        if (stop >= 0) return stop;
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
        if (!F9_NAME(propagate)(&child, !run->rng && run->nodes >= F9_TRIADS_AFTER_NODES)) run->weight[best]++;
        else if (F9_NAME(search)(run, &child)) return 1;
    }
    return 0;
}

/* Load givens (and, when forbid_cell >= 0, take forbid_digit from that cell's candidates) and
 * propagate; 0 when that shows there is no solution. */
static int F9_NAME(load)(f9_state *s, const int *givens, int forbid_cell, int forbid_digit, int triads) {
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
    return F9_NAME(propagate)(s, triads);
}

/* Run the search for givens under run's settings; 0 when loading shows there is no solution. */
static void F9_NAME(run)(f9_run *run, const int *givens, int forbid_cell, int forbid_digit) {
    f9_state s;
    if (!F9_NAME(load)(&s, givens, forbid_cell, forbid_digit, !run->rng && F9_TRIADS_AFTER_NODES == 0)) return;
    F9_NAME(search)(run, &s);
}

#undef f9_state
