/* sudokit search core: conflict-driven search with learning over the core's own propagators (lazy
 * clause generation).
 *
 * The variables are the cell=symbol literals.  The core's propagators (naked and hidden singles, the
 * relations of a solved cell, locked candidates, optionally Hall sets by Régin's filter) run on the candidate
 * masks and explain every removal and placement by the literals that caused it: a single literal, the
 * cell's other symbols or the unit's other places (computed when the analysis asks), or the set a lock
 * or Hall set stood on (kept while its decision level lasts).  A conflict is analysed to its first
 * unique implication point into a learnt clause over the literals, minimised and shrunk (each lower
 * level's literals replaced by its one implication point where that holds); the search backjumps, branches on
 * the most active literal (VSIDS), restarts on the Luby sequence and forgets inactive clauses of high
 * literal block distance.  Counting is exact: each solution is barred by the clause of its decisions.
 *
 * Links (two cells' tables: thermometers, dots, XV, ...) explain a removal by the other cell's symbols
 * that allowed it; automata, cage sums and sums by every symbol their cells lack (recorded when they
 * propagate).  It serves layouts of all-different units, relations, links, automata, cages, sums and
 * cell masks at any size (not connected groups or either-groups); sk_lcg_supports says which.  Same
 * statuses as engine.h.
 */
#ifndef SUDOKIT_LCG_H
#define SUDOKIT_LCG_H

#include <stdint.h>

#include "engine.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sk_lcg sk_lcg;

/* Whether the layout's rules are all ones the learning search propagates and explains. */
int sk_lcg_supports(const sk_layout *layout);

/* NULL when out of memory or the layout is not supported. */
sk_lcg *sk_lcg_new(const sk_layout *layout);
void sk_lcg_free(sk_lcg *search);

/* Bounds on work: conflict_limit <= 0 and time_limit <= 0 mean none. */
void sk_lcg_set_limits(sk_lcg *search, int64_t conflict_limit, double time_limit_seconds);

/* The poll callback of engine.h, called about every SK_POLL_SECONDS with (conflicts, solutions). */
void sk_lcg_set_poll(sk_lcg *search, sk_poll_fn poll, void *context);

/* Load givens (symbol index per cell, -1 for empty) and allowed masks (NULL: every symbol).  With
 * assume == 0 they are facts and the search starts afresh.  With assume != 0 they are assumptions: every
 * clause learnt holds for the layout alone, and is kept for the next start with assume != 0 on this
 * search (the generator's checks of one puzzle after another with fewer givens); counting past the first
 * solution then needs a fresh start.  Returns SK_READY, SK_CONTRADICTION (the givens clash: the facts
 * alone fail) or SK_NO_MEMORY. */
int sk_lcg_start(sk_lcg *search, const int *givens, const sk_mask *allowed, int assume);

/* Advance to the next solution: SK_SOLUTION, SK_EXHAUSTED, SK_NODE_LIMIT (the conflict limit),
 * SK_TIME_LIMIT, SK_INTERRUPTED or SK_NO_MEMORY. */
int sk_lcg_next(sk_lcg *search);

/* Count solutions up to limit (limit <= 0: all) as sk_count does. */
int sk_lcg_count(sk_lcg *search, int64_t limit, int64_t *count, int *first_solution);

/* The current solution (after SK_SOLUTION): symbol index per cell. */
void sk_lcg_solution(const sk_lcg *search, int *out);

int64_t sk_lcg_conflicts(const sk_lcg *search);
int64_t sk_lcg_decisions(const sk_lcg *search);

/* Decide each literal first the way `values` (a symbol per cell) has it, or with NULL, "cell holds
 * symbol" first (the default).  A search for a solution other than a known one starts near it. */
void sk_lcg_set_phases(sk_lcg *search, const int *values);

/* Tuning, for measurement: propagate locked candidates / Hall sets (default 1 / 0), restarts (> 0: the
 * Luby unit in conflicts, default 100; < 0: when recent learnt clauses' block distance rises, at least
 * -restart_base conflicts apart; 0: never). */
void sk_lcg_configure(sk_lcg *search, int use_locks, int use_hall, int restart_base);

#ifdef __cplusplus
}
#endif

#endif
