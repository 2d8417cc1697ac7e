/* Classic puzzles in bulk: canonical forms (minlex.c) and checked answers (verify.c), for datasets.
 *
 * Canonical forms (minlex) of Sudoku puzzles and grids of box b x b (n = b * b cells a side, b 2-4).
 *
 * Two puzzles are equivalent when one becomes the other by the layout symmetries (transposing,
 * permuting the bands, the rows inside a band, the stacks, the columns inside a stack: 3,359,232 of
 * them for 9x9) and relabelling the digits.  The canonical form of a puzzle is the least of the
 * strings of all its equivalents, read row by row with 0 for an empty cell (so empty cells come as
 * early as they can, and digits are labelled 1, 2, ... in the order they first appear): equivalent
 * puzzles, and only they, have the same form.
 */
#ifndef SUDOKIT_MINLEX_H
#define SUDOKIT_MINLEX_H

#include <stdint.h>

/* The canonical form of one puzzle (n * n cells, 0 empty, 1..n digits) into out; 0 on success, -1
 * for a box size it does not do or a cell out of range, -2 when out of memory. */
int sk_minlex(int box, const uint8_t *cells, uint8_t *out);

/* The same for count puzzles one after the other; the number done (less than count on an error). */
int64_t sk_minlex_many(int box, const uint8_t *cells, int64_t count, uint8_t *out);

/* sk_verify_many's flags: the answer keeps every given, fills every cell, repeats no digit in a
 * row, column or box, and is the puzzle's solution. */
enum { SK_KEEPS_GIVENS = 1, SK_COMPLETE = 2, SK_FOLLOWS_RULES = 4, SK_SOLVES = 8 };

/* Check count answers against their puzzles (and solutions, which may be NULL): see verify.c. */
int sk_verify_many(int box, const uint8_t *puzzles, const uint8_t *answers, const uint8_t *solutions,
                   int64_t count, uint8_t *flags, int16_t *broken);

#endif
