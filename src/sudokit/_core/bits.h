/* Bit tricks on candidate masks, shared by the core's C files. */
#ifndef SUDOKIT_BITS_H
#define SUDOKIT_BITS_H

#include "engine.h"

#if defined(__GNUC__) || defined(__clang__)
#define SK_POPCOUNT(x) __builtin_popcountll(x)
#define SK_CTZ(x) __builtin_ctzll(x)
#define SK_LIKELY(x) __builtin_expect(!!(x), 1)
#define SK_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
static inline int sk_popcount_portable(sk_mask x) {
    int n = 0;
    while (x) { x &= x - 1; n++; }
    return n;
}
static inline int sk_ctz_portable(sk_mask x) {
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

/* Régin's filter for all-different over a bipartite graph (engine.c): row i (i < size) may take the
 * columns in cm[i] (ncols <= 64).  Returns 0 when no matching gives every row a column, with the rows
 * of a failing Hall set (more rows than the columns they can take) in *fail_rows when it is not NULL;
 * else writes to allowed[i] the columns some such matching gives row i.  When match_of and reach are
 * not NULL they receive the matching (row -> column) and each row's reach (the rows it can pass its
 * column to, transitively, itself included): a row j whose reach has no free column is a Hall set, the
 * explanation of the removals it causes. */
int sk_hall_filter(const sk_mask *cm, int size, int ncols, sk_mask *allowed, int *match_of, sk_mask *reach,
                   sk_mask *fail_rows);

/* The least and greatest value of coef * value(symbol) over the candidates m (not empty). */
static inline void sk_term_bounds(const sk_layout *L, sk_mask m, int64_t coef, int64_t *low, int64_t *high) {
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (; m; m &= m - 1) {
        int64_t t = coef * L->value[SK_CTZ(m)];
        if (t < lo) lo = t;
        if (t > hi) hi = t;
    }
    *low = lo;
    *high = hi;
}

#endif
