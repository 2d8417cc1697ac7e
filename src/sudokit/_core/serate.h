/* Sudoku Explainer's rules before the unique loops, compiled: the first hint SE takes, or none.
 *
 * The same rules, in the same order and with the same orders inside each rule, as
 * sudokit/se/rules.py (hidden singles to XYZ-wings); the Python rater asks this first at every step
 * and goes on with its own rules (unique loops, big subsets, BUG, aligned exclusion, chains) only
 * when it finds nothing.  Cells are row * 9 + column; candidates have bit v set for value v (1-9).
 */
#ifndef SUDOKIT_SERATE_H
#define SUDOKIT_SERATE_H

#include <stdint.h>

typedef struct {
    int name;           /* index into SE_NAMES */
    double difficulty;
    int cell;           /* the cell a direct hint or single fills, -1 for none */
    int value;
    int nremovals;
    int removal_cell[81];
    int removal_mask[81];
    /* what the Python side needs to find the hint's parents inside a dynamic chain */
    int regions[8][2];  /* (kind, index) pairs: locking and fish, region 1 then 2, base then cover */
    int nregions;
    int set_values;     /* hidden set: the values (mask); naked set: the values (mask) */
    int set_cells[4];
    int nset;
} se_hint;

enum {
    SE_HIDDEN_SINGLE, SE_NAKED_SINGLE, SE_DIRECT_POINTING, SE_DIRECT_CLAIMING,
    SE_DIRECT_HIDDEN_PAIR, SE_DIRECT_HIDDEN_TRIPLET, SE_POINTING, SE_CLAIMING,
    SE_NAKED_PAIR, SE_NAKED_TRIPLET, SE_HIDDEN_PAIR, SE_HIDDEN_TRIPLET,
    SE_X_WING, SE_SWORDFISH, SE_XY_WING, SE_XYZ_WING, SE_NAKED_QUAD, SE_JELLYFISH, SE_HIDDEN_QUAD
};

/* The first hint of SE's rules from hidden singles to XYZ-wings on the grid; 1 when found. */
int se_basic_hint(const int *values, const int *cand, se_hint *out);

/* The first unique loop hint (types 1-4, SE's order: easiest, then by type); 1 when found, -1 when
 * the loops outgrew the core's tables (the caller asks the Python rule). name: the type (5: type 3
 * with a hidden set). */
int se_loop_hint(const int *values, const int *cand, se_hint *out);

/* The first naked quad, jellyfish or hidden quad (SE's rules after the unique loops); 1 when found. */
int se_quad_hint(const int *values, const int *cand, se_hint *out);

/* Take SE's steps from hidden singles to XYZ-wings while there are some (at most max_steps),
 * changing the grid: each step's name, difficulty and whether it placed a value; the count. */
int se_basic_run(int *values, int *cand, int max_steps, int *names, double *difficulties, int *placed);

/* The first aligned pair (degree 2, 6.2) or triplet (3, 7.5) exclusion; 1 when found. */
int se_aligned_hint(const int *values, const int *cand, int degree, se_hint *out);

/* Asked about every 50 ms of a long chain search (with a running count of the work done); a
 * non-zero answer stops the search.  The core's sk_poll_fn has the same shape. */
typedef int (*se_chain_poll)(void *context, int64_t work, int64_t unused);

/* The first hint of one of SE's chaining rules (sechain.c): mode 0 cycles and forcing X/Y chains,
 * 1 Nishio, 2 multiple, 3 dynamic forcing chains, 3 + n dynamic forcing chains of nesting level n
 * (1: "(+)", 2-5: nested forcing chains).  1 when found (name indexes the chain names, set_values
 * holds the complexity), 0 when none, -1 when the search outgrew its memory, -2 when poll (which
 * may be NULL) stopped it. */
int se_chain_hint(const int *values, const int *cand, int mode, se_chain_poll poll, void *context, se_hint *out);

#endif
