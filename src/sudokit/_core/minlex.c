/* Canonical forms (minlex) of Sudoku puzzles under the layout symmetries and relabelling.
 *
 * The least string is built row by row.  A candidate is a partial transformation that gives the
 * least rows so far: transposed or not, the original rows placed, how the columns are ordered, and
 * the labels given to the digits met.  Column orders are kept only as far as the rows so far decide
 * them: stacks whose columns were all empty so far stay one interchangeable group, as do empty
 * columns inside a stack.  Each new row refines them the least way: in a group, empty cells first,
 * then digits already labelled (smallest label first), then new digits, which take the next labels
 * in any order (each order a candidate, since later rows tell them apart); stacks leaving a group go
 * by their number of digits in the row, fewest first, equal ones in every order.  The candidates
 * whose row is least go on to the next row; at the end every one left gives the canonical form.
 */
#include "minlex.h"

#include <stdlib.h>
#include <string.h>

#define MAXB 4
#define MAXN (MAXB * MAXB)

typedef struct {
    uint8_t t;                 /* transposed */
    uint8_t k;                 /* rows placed */
    uint8_t band;              /* original band of the result band being filled */
    uint8_t band_rows;         /* its rows used so far (bits) */
    uint8_t bands_used;        /* original bands used (bits) */
    uint8_t next;              /* the next label */
    uint8_t stack_at[MAXB];    /* slot -> original stack */
    uint8_t sgrp[MAXB];        /* slot -> group: equal ids hold interchangeable stacks (empty so far) */
    uint8_t inner[MAXB][MAXB]; /* original stack -> its original columns in order */
    uint8_t cgrp[MAXB][MAXB];  /* original stack -> group of each place: equal ids are interchangeable */
    uint8_t label[MAXN + 1];   /* original digit -> label, 0 before it is met */
} cand;

typedef struct {
    int b, n;
    uint8_t grid[2][MAXN * MAXN]; /* the puzzle and its transpose */
    cand *cur, *nxt;
    int ncur, nnxt, cap_cur, cap_nxt;
    int failed;
    uint8_t best[MAXN];        /* the least row so far at this step */
    int have_best;
    /* the row being tried */
    const uint8_t *digits;
    const cand *from;
    int row;
    cand work;
    /* decisions: ranges to permute (kind 0: slots of stacks; kind 1: places inside a stack) */
    int ndec;
    int dec_kind[2 * MAXN], dec_stack[2 * MAXN], dec_lo[2 * MAXN], dec_hi[2 * MAXN];
} state;

static int push_next(state *s, const cand *c) {
    if (s->nnxt == s->cap_nxt) {
        int cap = s->cap_nxt ? s->cap_nxt * 2 : 256;
        cand *grown = realloc(s->nxt, sizeof(cand) * (size_t)cap);
        if (!grown) {
            s->failed = 1;
            return 0;
        }
        s->nxt = grown;
        s->cap_nxt = cap;
    }
    s->nxt[s->nnxt++] = *c;
    return 1;
}

/* The row the work arrangement makes, compared with the best; a tie or better is kept. */
static void evaluate(state *s) {
    const int b = s->b, n = s->n;
    cand c = s->work;
    uint8_t row[MAXN];
    int cmp = s->have_best ? 0 : -1;
    for (int p = 0; p < n; p++) {
        int col = c.inner[c.stack_at[p / b]][p % b];
        int v = s->digits[col];
        if (v && !c.label[v]) c.label[v] = c.next++;
        row[p] = v ? c.label[v] : 0;
        if (cmp == 0 && row[p] != s->best[p]) {
            cmp = row[p] < s->best[p] ? -1 : 1;
            if (cmp > 0) return;
        }
    }
    if (cmp < 0) {
        memcpy(s->best, row, (size_t)n);
        s->have_best = 1;
        s->nnxt = 0;
    }
    c.k = (uint8_t)(s->from->k + 1);
    push_next(s, &c);
}

static void swap8(uint8_t *a, uint8_t *b) {
    uint8_t t = *a;
    *a = *b;
    *b = t;
}

/* Every order of every decision's range, then evaluate. */
static void decide(state *s, int level) {
    if (s->failed) return;
    if (level == s->ndec) {
        evaluate(s);
        return;
    }
    int lo = s->dec_lo[level], hi = s->dec_hi[level];
    uint8_t *items = s->dec_kind[level] ? s->work.inner[s->dec_stack[level]] : s->work.stack_at;
    /* the range's orders by swaps (each order once): items[lo..hi] */
    int len = hi - lo + 1, idx[MAXN] = {0};
    decide(s, level + 1);
    int i = 1;
    while (i < len) {  /* Heap's algorithm, iterative */
        if (idx[i] < i) {
            if (i % 2 == 0) swap8(&items[lo], &items[lo + i]);
            else swap8(&items[lo + idx[i]], &items[lo + i]);
            decide(s, level + 1);
            idx[i]++;
            i = 1;
        } else {
            idx[i] = 0;
            i++;
        }
    }
}

/* Try original row r after candidate c: the least refinements of its column order. */
static void try_row(state *s, const cand *c, int r) {
    const int b = s->b;
    const uint8_t *d = s->grid[c->t] + r * s->n;
    cand w = *c;
    s->digits = d;
    s->from = c;
    s->ndec = 0;
    int g[MAXB];
    for (int st = 0; st < b; st++) {
        g[st] = 0;
        for (int i = 0; i < b; i++) g[st] += d[st * b + i] != 0;
    }
    /* stacks: each run of interchangeable slots, fewest digits first */
    for (int slot = 0; slot < b;) {
        int end = slot;
        while (end + 1 < b && c->sgrp[end + 1] == c->sgrp[slot]) end++;
        if (end == slot) {
            w.sgrp[slot] = (uint8_t)slot;
        } else {
            uint8_t order[MAXB];
            int m = 0;
            for (int count = 0; count <= b; count++)
                for (int x = slot; x <= end; x++)
                    if (g[c->stack_at[x]] == count) order[m++] = c->stack_at[x];
            for (int x = 0; x < m; x++) {
                w.stack_at[slot + x] = order[x];
                w.sgrp[slot + x] = (uint8_t)(g[order[x]] ? slot + x : slot);
            }
            for (int x = 0; x < m;) {
                int y = x;
                while (y + 1 < m && g[order[y + 1]] == g[order[x]]) y++;
                if (g[order[x]] && y > x) {
                    s->dec_kind[s->ndec] = 0;
                    s->dec_stack[s->ndec] = 0;
                    s->dec_lo[s->ndec] = slot + x;
                    s->dec_hi[s->ndec++] = slot + y;
                }
                x = y + 1;
            }
        }
        slot = end + 1;
    }
    /* inside each stack: each group's empty cells, then labelled digits by label, then new ones */
    for (int st = 0; st < b; st++) {
        for (int i = 0; i < b;) {
            int end = i;
            while (end + 1 < b && c->cgrp[st][end + 1] == c->cgrp[st][i]) end++;
            if (end == i) {
                w.cgrp[st][i] = (uint8_t)i;
                i++;
                continue;
            }
            uint8_t cols[MAXB];
            int m = 0, empties = 0;
            for (int x = i; x <= end; x++)
                if (!d[c->inner[st][x]]) cols[m++] = c->inner[st][x];
            empties = m;
            for (int x = i; x <= end; x++) {  /* labelled digits, smallest label first */
                int col = c->inner[st][x], v = d[col];
                if (!v || !c->label[v]) continue;
                int y = m++;
                while (y > empties && c->label[d[cols[y - 1]]] > c->label[v]) {
                    cols[y] = cols[y - 1];
                    y--;
                }
                cols[y] = (uint8_t)col;
            }
            int labelled_end = m;
            for (int x = i; x <= end; x++) {
                int v = d[c->inner[st][x]];
                if (v && !c->label[v]) cols[m++] = c->inner[st][x];
            }
            for (int x = 0; x < m; x++) {
                w.inner[st][i + x] = cols[x];
                w.cgrp[st][i + x] = (uint8_t)(x < empties ? i : i + x);
            }
            if (m - labelled_end >= 2) {
                s->dec_kind[s->ndec] = 1;
                s->dec_stack[s->ndec] = st;
                s->dec_lo[s->ndec] = i + labelled_end;
                s->dec_hi[s->ndec++] = end;
            }
            i = end + 1;
        }
    }
    s->work = w;
    decide(s, 0);
}

static void step(state *s, const cand *c) {
    const int b = s->b;
    if (c->k % b == 0) {
        for (int band = 0; band < b; band++) {
            if (c->bands_used >> band & 1) continue;
            for (int i = 0; i < b; i++) {
                cand d = *c;
                d.band = (uint8_t)band;
                d.band_rows = (uint8_t)(1 << i);
                d.bands_used = (uint8_t)(c->bands_used | 1 << band);
                d.k = c->k;
                try_row(s, &d, band * b + i);
                if (s->failed) return;
            }
        }
    } else {
        for (int i = 0; i < b; i++) {
            if (c->band_rows >> i & 1) continue;
            cand d = *c;
            d.band_rows = (uint8_t)(c->band_rows | 1 << i);
            try_row(s, &d, c->band * b + i);
            if (s->failed) return;
        }
    }
}

/* A repeated digit in a row or column would make ties the refinement cannot break: refused. */
static int valid(int n, const uint8_t *cells) {
    for (int r = 0; r < n; r++) {
        uint32_t row = 0, col = 0;
        for (int i = 0; i < n; i++) {
            int a = cells[r * n + i], c = cells[i * n + r];
            if (a > n || c > n) return 0;
            if (a && (row >> a & 1)) return 0;
            if (c && (col >> c & 1)) return 0;
            if (a) row |= 1u << a;
            if (c) col |= 1u << c;
        }
    }
    return 1;
}

static int canonical(state *s, const uint8_t *cells, uint8_t *out) {
    const int b = s->b, n = s->n;
    if (!valid(n, cells)) return -1;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            s->grid[0][r * n + c] = cells[r * n + c];
            s->grid[1][c * n + r] = cells[r * n + c];
        }
    s->ncur = 0;
    for (int t = 0; t < 2; t++) {
        if (s->ncur == s->cap_cur) {
            int cap = s->cap_cur ? s->cap_cur * 2 : 256;
            cand *grown = realloc(s->cur, sizeof(cand) * (size_t)cap);
            if (!grown) return -2;
            s->cur = grown;
            s->cap_cur = cap;
        }
        cand *c = &s->cur[s->ncur++];
        memset(c, 0, sizeof *c);
        c->t = (uint8_t)t;
        c->next = 1;
        for (int st = 0; st < b; st++) {
            c->stack_at[st] = (uint8_t)st;
            for (int i = 0; i < b; i++) c->inner[st][i] = (uint8_t)(st * b + i);
        }
    }
    for (int k = 0; k < n; k++) {
        s->nnxt = 0;
        s->have_best = 0;
        s->failed = 0;
        for (int i = 0; i < s->ncur; i++) {
            step(s, &s->cur[i]);
            if (s->failed) return -2;
        }
        memcpy(out + k * n, s->best, (size_t)n);
        cand *tmp = s->cur;
        int cap = s->cap_cur;
        s->cur = s->nxt;
        s->cap_cur = s->cap_nxt;
        s->ncur = s->nnxt;
        s->nxt = tmp;
        s->cap_nxt = cap;
    }
    return 0;
}

static state *make_state(int box) {
    if (box < 2 || box > MAXB) return 0;
    state *s = calloc(1, sizeof(state));
    if (!s) return 0;
    s->b = box;
    s->n = box * box;
    return s;
}

static void free_state(state *s) {
    free(s->cur);
    free(s->nxt);
    free(s);
}

int sk_minlex(int box, const uint8_t *cells, uint8_t *out) {
    if (box < 2 || box > MAXB) return -1;
    state *s = make_state(box);
    if (!s) return -2;
    int result = canonical(s, cells, out);
    free_state(s);
    return result;
}

int64_t sk_minlex_many(int box, const uint8_t *cells, int64_t count, uint8_t *out) {
    if (box < 2 || box > MAXB) return 0;
    state *s = make_state(box);
    if (!s) return 0;
    int64_t size = (int64_t)s->n * s->n, done = 0;
    for (; done < count; done++)
        if (canonical(s, cells + done * size, out + done * size) != 0) break;
    free_state(s);
    return done;
}
