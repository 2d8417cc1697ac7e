/* Checking answers to classic puzzles in bulk (a model's answers in a training loop, a dataset). */
#include "minlex.h"

#include <string.h>

/* For each of count puzzles of box b (n = b * b, n * n cells, 0 empty): the answer's flags
 * (SK_KEEPS_GIVENS, SK_COMPLETE, SK_FOLLOWS_RULES, SK_SOLVES) and the first unit with a repeated
 * digit (rows 0..n-1, columns n..2n-1, boxes 2n..3n-1; -1 for none).  With solutions, SK_SOLVES
 * says the answer equals the solution; without, that it is complete, keeps the givens and follows
 * the rules (a solution of the puzzle).  -1 for a box size it does not do, else 0. */
int sk_verify_many(int box, const uint8_t *puzzles, const uint8_t *answers, const uint8_t *solutions,
                   int64_t count, uint8_t *flags, int16_t *broken) {
    if (box < 2 || box > 4) return -1;
    const int n = box * box, size = n * n;
    for (int64_t k = 0; k < count; k++) {
        const uint8_t *p = puzzles + k * size, *a = answers + k * size;
        int keeps = 1, complete = 1, first = -1;
        for (int c = 0; c < size; c++) {
            if (p[c] && a[c] != p[c]) keeps = 0;
            if (!a[c] || a[c] > n) complete = 0;
        }
        for (int u = 0; u < 3 * n && first < 0; u++) {
            uint32_t seen = 0;
            for (int i = 0; i < n; i++) {
                int c;
                if (u < n) c = u * n + i;
                else if (u < 2 * n) c = i * n + (u - n);
                else {
                    int bx = u - 2 * n;
                    c = (bx / box * box + i / box) * n + bx % box * box + i % box;
                }
                int v = a[c];
                if (!v || v > n) continue;
                if (seen >> v & 1) {
                    first = u;
                    break;
                }
                seen |= 1u << v;
            }
        }
        int solves;
        if (solutions) solves = memcmp(a, solutions + k * size, (size_t)size) == 0;
        else solves = keeps && complete && first < 0;
        flags[k] = (uint8_t)(keeps * SK_KEEPS_GIVENS | complete * SK_COMPLETE | (first < 0) * SK_FOLLOWS_RULES |
                             solves * SK_SOLVES);
        broken[k] = (int16_t)first;
    }
    return 0;
}
