# cython: language_level=3, boundscheck=False, wraparound=False
"""Cython binding of the compiled search core (``_core/engine.c``).

Two objects: ``Layout`` (cells, symbols and units compiled once, shared by every search on that grid)
and ``Search`` (one run over givens and allowed symbols).  The hot loops run in C with the GIL released.
"""

from libc.stdint cimport int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset
from cpython.exc cimport PyErr_CheckSignals
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM

cdef extern from "_core/engine.h" nogil:
    ctypedef uint64_t sk_mask
    int SK_MAX_SYMBOLS
    int SK_READY, SK_SOLUTION, SK_EXHAUSTED, SK_NODE_LIMIT, SK_TIME_LIMIT, SK_CONTRADICTION, SK_NO_MEMORY
    int SK_INTERRUPTED
    ctypedef int (*sk_poll_fn)(void *context, int64_t nodes, int64_t solutions) noexcept nogil
    int SK_CONFLICT_NONE, SK_CONFLICT_DUPLICATE, SK_CONFLICT_NOT_ALLOWED
    int SK_CONFLICT_EMPTY_CELL, SK_CONFLICT_NO_PLACE, SK_CONFLICT_UNIT, SK_CONFLICT_CLASH, SK_CONFLICT_NO_CANDIDATE
    int SK_CONFLICT_RELATION, SK_CONFLICT_CAGE, SK_CONFLICT_LINK, SK_CONFLICT_SUM, SK_CONFLICT_AUTOMATON
    int SK_CONFLICT_CONNECTED, SK_CONFLICT_EITHER

    ctypedef struct sk_conflict:
        int kind
        int cell
        int other_cell
        int unit
        int symbol

    ctypedef struct sk_layout:
        int ncells
        int nsymbols
        int nunits
        int nlocks
        int use_locks
        int use_hall
        int hall_after
        int branch_on_places
        int branch_refute
        int sum_terms
        int branch_weighted

    ctypedef struct sk_search:
        pass

    sk_layout *sk_layout_new(int ncells, int nsymbols, int nunits, const int *unit_sizes,
                             const int *unit_cells, const char **error)
    void sk_layout_free(sk_layout *layout)
    int sk_layout_add_relations(sk_layout *layout, int n, const int *a, const int *b, const sk_mask *distances,
                                const char **error)
    int sk_layout_add_cages(sk_layout *layout, int n, const int *units, const int64_t *targets,
                            const int64_t *values, int *failed, const char **error)
    int sk_layout_add_links(sk_layout *layout, int n, const int *a, const int *b, const sk_mask *tables,
                            const char **error)
    int sk_layout_add_sums(sk_layout *layout, int n, const int *sizes, const int *cells,
                           const int64_t *coefficients, const int64_t *totals, const int64_t *values,
                           const char **error)
    int sk_layout_add_automata(sk_layout *layout, int n, const int *lengths, const int *cells,
                               const int *layer_sizes, const int32_t *next, const char **error)
    int sk_layout_add_connected(sk_layout *layout, int n, const int *sizes, const int *cells, const int *degrees,
                                const int *adjacency, const sk_mask *members, const char **error)
    int sk_layout_add_either(sk_layout *layout, int n, const int *branches, const int *sizes, const int *automata,
                             const char **error)
    int sk_layout_add_masks(sk_layout *layout, const sk_mask *masks, const char **error)
    int sk_layout_set_required(sk_layout *layout, const sk_mask *required, const char **error)
    sk_search *sk_search_new(const sk_layout *layout)
    void sk_search_free(sk_search *search)
    void sk_set_limits(sk_search *search, int64_t node_limit, double time_limit_seconds)
    void sk_set_poll(sk_search *search, sk_poll_fn poll, void *context)
    int64_t sk_solutions(const sk_search *search)
    int sk_start(sk_search *search, const int *givens, const sk_mask *allowed, sk_conflict *conflict) nogil
    int sk_next(sk_search *search) nogil
    int sk_count(sk_search *search, int64_t limit, int64_t *count, int *first_solution) nogil
    void sk_solution(const sk_search *search, int *out)
    int64_t sk_nodes(const sk_search *search)
    const sk_mask *sk_root_candidates(const sk_search *search)

cdef extern from "_core/lcg.h" nogil:
    ctypedef struct sk_lcg:
        pass
    int sk_lcg_supports(const sk_layout *layout)
    sk_lcg *sk_lcg_new(const sk_layout *layout)
    void sk_lcg_free(sk_lcg *search)
    void sk_lcg_set_limits(sk_lcg *search, int64_t conflict_limit, double time_limit_seconds)
    void sk_lcg_set_poll(sk_lcg *search, sk_poll_fn poll, void *context)
    int sk_lcg_start(sk_lcg *search, const int *givens, const sk_mask *allowed, int assume) nogil
    int sk_lcg_next(sk_lcg *search) nogil
    int sk_lcg_count(sk_lcg *search, int64_t limit, int64_t *count, int *first_solution) nogil
    void sk_lcg_solution(const sk_lcg *search, int *out)
    int64_t sk_lcg_conflicts(const sk_lcg *search)
    int64_t sk_lcg_decisions(const sk_lcg *search)
    void sk_lcg_configure(sk_lcg *search, int use_locks, int use_hall, int restart_base)

cdef extern from "_core/fast9.h" nogil:
    ctypedef struct f9_result:
        int64_t count
        int64_t nodes
        int status
    int F9_DONE, F9_NODE_LIMIT, F9_TIME_LIMIT, F9_INTERRUPTED
    ctypedef int (*f9_poll_fn)(void *context, int64_t nodes, int64_t solutions) noexcept nogil
    void f9_solve(const int *givens, int64_t limit, int64_t node_limit, double time_limit, f9_poll_fn poll,
                  void *poll_context, int *solution, f9_result *result) nogil
    const char *f9_instruction_set()
    int f9_use_instruction_set(const char *name)

cdef extern from "_core/minlex.h" nogil:
    int sk_minlex(int box, const uint8_t *cells, uint8_t *out)
    int64_t sk_minlex_many(int box, const uint8_t *cells, int64_t count, uint8_t *out)
    int sk_verify_many(int box, const uint8_t *puzzles, const uint8_t *answers, const uint8_t *solutions,
                       int64_t count, uint8_t *flags, int16_t *broken)
    int SK_KEEPS_GIVENS, SK_COMPLETE, SK_FOLLOWS_RULES, SK_SOLVES

cdef extern from "_core/serate.h" nogil:
    ctypedef struct se_hint:
        int name
        double difficulty
        int cell
        int value
        int nremovals
        int removal_cell[81]
        int removal_mask[81]
        int regions[8][2]
        int nregions
        int set_values
        int set_cells[4]
        int nset
    int c_se_basic_hint "se_basic_hint"(const int *values, const int *cand, se_hint *out)
    int c_se_chain_hint "se_chain_hint"(const int *values, const int *cand, int mode, sk_poll_fn poll,
                                        void *context, se_hint *out)
    int c_se_loop_hint "se_loop_hint"(const int *values, const int *cand, se_hint *out)
    int c_se_quad_hint "se_quad_hint"(const int *values, const int *cand, se_hint *out)
    int c_se_aligned_hint "se_aligned_hint"(const int *values, const int *cand, int degree, se_hint *out)
    int c_se_basic_run "se_basic_run"(int *values, int *cand, int max_steps, int *names, double *difficulties,
                                      int *placed)

cdef extern from "_core/generate.h" nogil:
    ctypedef struct sk_rng:
        pass
    void sk_rng_seed(sk_rng *rng, uint64_t seed)
    int SK_GEN_DONE, SK_GEN_NONE, SK_GEN_NOT_UNIQUE, SK_GEN_NODE_LIMIT, SK_GEN_TIME_LIMIT, SK_GEN_INTERRUPTED
    int SK_GEN_NO_MEMORY, SK_MAX_ORBIT
    ctypedef struct sk_reduce_options:
        int norbits
        const int *orbit_start
        const int *orbit_cells
        int min_givens
        int64_t check_nodes
        double time_limit
    ctypedef struct sk_reduce_result:
        int status
        int givens
        int minimal
        int64_t nodes
        int64_t checks
    int sk_random_solution(sk_search *search, const int *givens, const sk_mask *allowed, sk_rng *rng,
                           int64_t node_limit, double time_limit, int *out, int64_t *nodes)
    void sk_reduce(sk_search *search, sk_lcg *learner, const int *solution, const sk_mask *allowed, int *givens,
                   const sk_reduce_options *o, sk_rng *rng, sk_poll_fn poll, void *poll_context,
                   sk_reduce_result *result)
    int sk_build_givens(sk_search *search, const int *solution, const sk_mask *allowed, const sk_reduce_options *o,
                        int samples, int target, sk_rng *rng, sk_poll_fn poll, void *poll_context, int *givens,
                        int64_t *checks)
    void f9_random_solution(sk_rng *rng, int *solution)
    void f9_reduce(const int *solution, int *givens, const sk_reduce_options *o, sk_rng *rng, sk_poll_fn poll,
                   void *poll_context, sk_reduce_result *result)
    void sk_shuffle_grid(int *grid, int n, int box_rows, int box_cols, int relabel, int permute, sk_rng *rng)

MAX_SYMBOLS = SK_MAX_SYMBOLS
READY = SK_READY
SOLUTION = SK_SOLUTION
EXHAUSTED = SK_EXHAUSTED
NODE_LIMIT = SK_NODE_LIMIT
TIME_LIMIT = SK_TIME_LIMIT
CONTRADICTION = SK_CONTRADICTION
INTERRUPTED = SK_INTERRUPTED
CONFLICT_NONE = SK_CONFLICT_NONE
CONFLICT_DUPLICATE = SK_CONFLICT_DUPLICATE
CONFLICT_NOT_ALLOWED = SK_CONFLICT_NOT_ALLOWED
CONFLICT_EMPTY_CELL = SK_CONFLICT_EMPTY_CELL
CONFLICT_NO_PLACE = SK_CONFLICT_NO_PLACE
CONFLICT_UNIT = SK_CONFLICT_UNIT
CONFLICT_CLASH = SK_CONFLICT_CLASH
CONFLICT_NO_CANDIDATE = SK_CONFLICT_NO_CANDIDATE
CONFLICT_RELATION = SK_CONFLICT_RELATION
CONFLICT_CAGE = SK_CONFLICT_CAGE
CONFLICT_LINK = SK_CONFLICT_LINK
CONFLICT_SUM = SK_CONFLICT_SUM
CONFLICT_AUTOMATON = SK_CONFLICT_AUTOMATON
CONFLICT_CONNECTED = SK_CONFLICT_CONNECTED
CONFLICT_EITHER = SK_CONFLICT_EITHER


class CageError(ValueError):
    """A cage the core cannot take; ``index`` says which (in the order given)."""

    def __init__(self, message, index):
        super().__init__(message)
        self.index = index


cdef class Poll:
    """What the core calls back about every 50 ms of search: a check for Ctrl-C (in the main thread)
    and an optional ``progress(nodes, solutions)`` callable, which may raise to stop the search.

    The exception that stopped a search is kept in ``error`` for the caller to raise.
    """

    cdef public object progress
    cdef public object error

    def __init__(self, progress=None):
        self.progress = progress
        self.error = None

    cdef int check(self, int64_t nodes, int64_t solutions) noexcept:
        try:
            PyErr_CheckSignals()
            if self.progress is not None:
                self.progress(nodes, solutions)
        except BaseException as exc:
            self.error = exc
            return 1
        return 0


cdef int _poll(void *context, int64_t nodes, int64_t solutions) noexcept nogil:
    with gil:
        return (<Poll>context).check(nodes, solutions)


cdef class Layout:
    """Cells, symbols and all-different units, compiled for the core."""

    cdef sk_layout *ptr
    cdef readonly int ncells
    cdef readonly int nsymbols
    cdef readonly int visible
    """The cells a caller's givens name: the grid's; the layout's cells after them are unknowns of its
    own rules (shading, roles), unknown at the start of every search."""

    def __cinit__(self, int ncells, int nsymbols, units, int visible=-1):
        cdef int nunits = len(units)
        cdef int total = 0
        cdef int u, k, pos = 0
        cdef const char *error = NULL
        for unit in units:
            total += len(unit)
        cdef int *sizes = <int *>malloc((nunits + 1) * sizeof(int))
        cdef int *cells = <int *>malloc((total + 1) * sizeof(int))
        if sizes == NULL or cells == NULL:
            free(sizes)
            free(cells)
            raise MemoryError()
        try:
            for u in range(nunits):
                unit = units[u]
                sizes[u] = len(unit)
                for k in range(sizes[u]):
                    cells[pos] = unit[k]
                    pos += 1
            self.ptr = sk_layout_new(ncells, nsymbols, nunits, sizes, cells, &error)
        finally:
            free(sizes)
            free(cells)
        if self.ptr == NULL:
            raise ValueError((<bytes>error).decode() if error != NULL else "cannot build layout")
        self.ncells = ncells
        self.visible = ncells if visible < 0 or visible > ncells else visible
        self.nsymbols = nsymbols

    @property
    def locked_candidates(self):
        """Whether propagation includes locked candidates (pointing and claiming)."""
        return bool(self.ptr.use_locks)

    @locked_candidates.setter
    def locked_candidates(self, bint value):
        self.ptr.use_locks = value

    @property
    def hall_sets(self):
        """Whether propagation includes Hall sets (naked and hidden subsets) in complete units."""
        return bool(self.ptr.use_hall)

    @hall_sets.setter
    def hall_sets(self, bint value):
        self.ptr.use_hall = value

    @property
    def branch_on_places(self):
        """Whether search may branch on a symbol's two places in a unit as well as on cells."""
        return bool(self.ptr.branch_on_places)

    @branch_on_places.setter
    def branch_on_places(self, bint value):
        self.ptr.branch_on_places = value

    @property
    def branch_refute(self):
        """Whether an alternative tried and done is removed from its level and propagated (two-way
        branching: x = v, then x != v with what that implies) before the next choice."""
        return bool(self.ptr.branch_refute)

    @branch_refute.setter
    def branch_refute(self, bint value):
        self.ptr.branch_refute = value

    @property
    def sum_terms(self):
        """Sums of at most this many terms are checked combination by combination (0: bounds only)."""
        return self.ptr.sum_terms

    @sum_terms.setter
    def sum_terms(self, int value):
        self.ptr.sum_terms = value

    @property
    def branch_weighted(self):
        """Whether search picks cells by fewest candidates per failure weight (dom/wdeg)."""
        return bool(self.ptr.branch_weighted)

    @branch_weighted.setter
    def branch_weighted(self, bint value):
        self.ptr.branch_weighted = value

    @property
    def hall_after(self):
        """Failed branches after which a search adds Hall sets to its propagation (0: always)."""
        return self.ptr.hall_after

    @hall_after.setter
    def hall_after(self, int value):
        self.ptr.hall_after = value

    def add_relations(self, relations):
        """Add pairwise relations, (cell a, cell b, forbidden distances as a bitmask) each; once."""
        cdef int n = len(relations), i
        cdef const char *error = NULL
        cdef int *a = <int *>malloc((n + 1) * sizeof(int))
        cdef int *b = <int *>malloc((n + 1) * sizeof(int))
        cdef sk_mask *d = <sk_mask *>malloc((n + 1) * sizeof(sk_mask))
        cdef int ok
        try:
            if a == NULL or b == NULL or d == NULL:
                raise MemoryError()
            for i in range(n):
                a[i], b[i], d[i] = relations[i]
            ok = sk_layout_add_relations(self.ptr, n, a, b, d, &error)
        finally:
            free(a)
            free(b)
            free(d)
        if not ok:
            raise ValueError((<bytes>error).decode() if error != NULL else "cannot add relations")

    def add_cages(self, cages, values):
        """Make units sum cages: (unit index, target) each, with a value per symbol; once.

        Raises CageError naming the cage when no set of distinct symbols reaches its sum.
        """
        cdef int n = len(cages), i, failed = -1, ok
        cdef const char *error = NULL
        cdef int *units = <int *>malloc((n + 1) * sizeof(int))
        cdef int64_t *targets = <int64_t *>malloc((n + 1) * sizeof(int64_t))
        cdef int64_t *vals = <int64_t *>malloc((self.nsymbols + 1) * sizeof(int64_t))
        try:
            if units == NULL or targets == NULL or vals == NULL:
                raise MemoryError()
            if len(values) != self.nsymbols:
                raise ValueError("one value per symbol is needed")
            for i in range(self.nsymbols):
                vals[i] = values[i]
            for i in range(n):
                units[i], targets[i] = cages[i]
            ok = sk_layout_add_cages(self.ptr, n, units, targets, vals, &failed, &error)
        finally:
            free(units)
            free(targets)
            free(vals)
        if not ok:
            raise CageError((<bytes>error).decode() if error != NULL else "cannot add cages", failed)

    def add_masks(self, masks):
        """Limit every cell to some symbols in every search (one mask per cell); once."""
        cdef int n = self.ncells, c
        cdef const char *error = NULL
        cdef int ok
        if len(masks) != n:
            raise ValueError("one mask per cell")
        cdef sk_mask *buffer = <sk_mask *>malloc((n + 1) * sizeof(sk_mask))
        if buffer == NULL:
            raise MemoryError()
        try:
            for c in range(n):
                buffer[c] = masks[c]
            ok = sk_layout_add_masks(self.ptr, buffer, &error)
        finally:
            free(buffer)
        if not ok:
            raise ValueError((<bytes>error).decode() if error != NULL else "cannot add masks")

    def set_required(self, masks):
        """The symbols each unit must hold (one mask per unit; units as long as the alphabet hold all):
        hidden singles and locked candidates then apply to those symbols of shorter units too."""
        cdef int n = self.ptr.nunits, u
        cdef const char *error = NULL
        cdef int ok
        if len(masks) != n:
            raise ValueError("one mask per unit")
        cdef sk_mask *buffer = <sk_mask *>malloc((n + 1) * sizeof(sk_mask))
        if buffer == NULL:
            raise MemoryError()
        try:
            for u in range(n):
                buffer[u] = masks[u]
            ok = sk_layout_set_required(self.ptr, buffer, &error)
        finally:
            free(buffer)
        if not ok:
            raise ValueError((<bytes>error).decode() if error != NULL else "cannot set the required symbols")

    def add_links(self, links):
        """Add links: (cell a, cell b, table) each, where table[x] is the mask of the symbols b may hold
        beside symbol x in a (one row per symbol); once."""
        cdef int n = len(links), i, x, m = self.nsymbols
        cdef const char *error = NULL
        cdef int ok
        cdef int *a = <int *>malloc((n + 1) * sizeof(int))
        cdef int *b = <int *>malloc((n + 1) * sizeof(int))
        cdef sk_mask *tables = <sk_mask *>malloc((n * m + 1) * sizeof(sk_mask))
        try:
            if a == NULL or b == NULL or tables == NULL:
                raise MemoryError()
            for i in range(n):
                a[i], b[i], table = links[i]
                if len(table) != m:
                    raise ValueError("a link's table has one row per symbol")
                for x in range(m):
                    tables[i * m + x] = table[x]
            ok = sk_layout_add_links(self.ptr, n, a, b, tables, &error)
        finally:
            free(a)
            free(b)
            free(tables)
        if not ok:
            raise ValueError((<bytes>error).decode() if error != NULL else "cannot add links")

    def add_sums(self, sums, values):
        """Add sums: (cells, coefficients, total) each, with a value per symbol; once.  The terms'
        values times their coefficients add up to the total; cells may repeat symbols."""
        cdef int n = len(sums), k, i, pos = 0, total = 0
        cdef const char *error = NULL
        cdef int ok
        for item in sums:
            total += len(item[0])
        cdef int *sizes = <int *>malloc((n + 1) * sizeof(int))
        cdef int *cells = <int *>malloc((total + 1) * sizeof(int))
        cdef int64_t *coefs = <int64_t *>malloc((total + 1) * sizeof(int64_t))
        cdef int64_t *totals = <int64_t *>malloc((n + 1) * sizeof(int64_t))
        cdef int64_t *vals = <int64_t *>malloc((self.nsymbols + 1) * sizeof(int64_t))
        try:
            if sizes == NULL or cells == NULL or coefs == NULL or totals == NULL or vals == NULL:
                raise MemoryError()
            if len(values) != self.nsymbols:
                raise ValueError("one value per symbol is needed")
            for i in range(self.nsymbols):
                vals[i] = values[i]
            for k in range(n):
                members, coefficients, target = sums[k]
                if len(coefficients) != len(members):
                    raise ValueError("a sum has one coefficient per cell")
                sizes[k] = len(members)
                totals[k] = target
                for i in range(sizes[k]):
                    cells[pos] = members[i]
                    coefs[pos] = coefficients[i]
                    pos += 1
            ok = sk_layout_add_sums(self.ptr, n, sizes, cells, coefs, totals, vals, &error)
        finally:
            free(sizes)
            free(cells)
            free(coefs)
            free(totals)
            free(vals)
        if not ok:
            raise ValueError((<bytes>error).decode() if error != NULL else "cannot add sums")

    def add_automata(self, automata):
        """Add automata: (cells, layer sizes, next) each, where next lists nsymbols target states (or -1)
        per state, layer by layer (see sk_layout_add_automata); once."""
        cdef int n = len(automata), k, i
        cdef Py_ssize_t ncell = 0, nlayer = 0, nnext = 0, pos
        cdef const char *error = NULL
        cdef int ok
        for item in automata:
            ncell += len(item[0])
            nlayer += len(item[1])
            nnext += len(item[2])
            if len(item[1]) != len(item[0]) + 1:
                raise ValueError("an automaton has one layer more than it has cells")
            if len(item[2]) != sum(item[1]) * self.nsymbols:
                raise ValueError("an automaton lists one target per state and symbol")
        cdef int *lengths = <int *>malloc((n + 1) * sizeof(int))
        cdef int *cells = <int *>malloc((ncell + 1) * sizeof(int))
        cdef int *layers = <int *>malloc((nlayer + 1) * sizeof(int))
        cdef int32_t *nexts = <int32_t *>malloc((nnext + 1) * sizeof(int32_t))
        try:
            if lengths == NULL or cells == NULL or layers == NULL or nexts == NULL:
                raise MemoryError()
            ncell = nlayer = nnext = 0
            for k in range(n):
                members, sizes, table = automata[k]
                lengths[k] = len(members)
                for pos in range(len(members)):
                    cells[ncell + pos] = members[pos]
                for pos in range(len(sizes)):
                    layers[nlayer + pos] = sizes[pos]
                for pos in range(len(table)):
                    nexts[nnext + pos] = table[pos]
                ncell += len(members)
                nlayer += len(sizes)
                nnext += len(table)
            ok = sk_layout_add_automata(self.ptr, n, lengths, cells, layers, nexts, &error)
        finally:
            free(lengths)
            free(cells)
            free(layers)
            free(nexts)
        if not ok:
            raise ValueError((<bytes>error).decode() if error != NULL else "cannot add automata")

    def add_either(self, groups):
        """Make automata conditional: each group is a list of branches, each branch a list of automaton
        indexes (as added by ``add_automata``) that hold together; some branch of each group holds
        (see sk_layout_add_either); once, after the automata."""
        cdef int n = len(groups), g
        cdef Py_ssize_t nbranch = sum(len(group) for group in groups), pos = 0, apos = 0
        cdef Py_ssize_t nauto = sum(len(branch) for group in groups for branch in group)
        cdef const char *error = NULL
        cdef int ok
        cdef int *branches = <int *>malloc((n + 1) * sizeof(int))
        cdef int *sizes = <int *>malloc((nbranch + 1) * sizeof(int))
        cdef int *autos = <int *>malloc((nauto + 1) * sizeof(int))
        try:
            if branches == NULL or sizes == NULL or autos == NULL:
                raise MemoryError()
            for g in range(n):
                branches[g] = len(groups[g])
                for branch in groups[g]:
                    sizes[pos] = len(branch)
                    pos += 1
                    for k in branch:
                        autos[apos] = k
                        apos += 1
            ok = sk_layout_add_either(self.ptr, n, branches, sizes, autos, &error)
        finally:
            free(branches)
            free(sizes)
            free(autos)
        if not ok:
            raise ValueError((<bytes>error).decode() if error != NULL else "cannot add either groups")

    def add_connected(self, groups):
        """Add connected groups: (cells, neighbours, members) each, where neighbours lists, per cell of
        the group, the local indexes of its neighbours, and members is the mask of member symbols
        (see sk_layout_add_connected); once."""
        cdef int n = len(groups), k
        cdef Py_ssize_t ncell = 0, nadj = 0, pos = 0, apos = 0
        cdef const char *error = NULL
        cdef int ok
        for item in groups:
            if len(item[1]) != len(item[0]):
                raise ValueError("a connected group lists the neighbours of each of its cells")
            ncell += len(item[0])
            nadj += sum(len(near) for near in item[1])
        cdef int *sizes = <int *>malloc((n + 1) * sizeof(int))
        cdef int *cells = <int *>malloc((ncell + 1) * sizeof(int))
        cdef int *degrees = <int *>malloc((ncell + 1) * sizeof(int))
        cdef int *adjacency = <int *>malloc((nadj + 1) * sizeof(int))
        cdef sk_mask *members = <sk_mask *>malloc((n + 1) * sizeof(sk_mask))
        try:
            if sizes == NULL or cells == NULL or degrees == NULL or adjacency == NULL or members == NULL:
                raise MemoryError()
            for k in range(n):
                group, neighbours, member = groups[k]
                sizes[k] = len(group)
                members[k] = member
                for i in range(len(group)):
                    cells[pos] = group[i]
                    degrees[pos] = len(neighbours[i])
                    pos += 1
                    for j in neighbours[i]:
                        adjacency[apos] = j
                        apos += 1
            ok = sk_layout_add_connected(self.ptr, n, sizes, cells, degrees, adjacency, members, &error)
        finally:
            free(sizes)
            free(cells)
            free(degrees)
            free(adjacency)
            free(members)
        if not ok:
            raise ValueError((<bytes>error).decode() if error != NULL else "cannot add connected groups")

    @property
    def lock_pairs(self):
        """Unit pairs that locked candidates examine."""
        return self.ptr.nlocks

    def __dealloc__(self):
        sk_layout_free(self.ptr)


cdef const sk_mask *_copy_allowed(allowed, sk_mask *out, int ncells, int visible=-1) except? NULL:
    """Copy allowed masks into out: out, or NULL (every symbol allowed) when allowed is None.

    Masks for the ``visible`` cells alone leave the rest (the layout's unknowns) every symbol.
    """
    cdef int c, given = len(allowed) if allowed is not None else 0
    if allowed is None:
        return NULL
    if given != ncells and given != visible:
        raise ValueError(f"expected {ncells} allowed masks, got {given}")
    for c in range(ncells):
        out[c] = allowed[c] if c < given else <sk_mask>-1
    return out


cdef class _Cells:
    """What both searches keep beside their C object: the layout, the poll, and per-cell buffers that
    take the givens and allowed masks in and the solutions out."""

    cdef readonly Layout layout
    cdef readonly Poll poll
    cdef int *buffer
    cdef sk_mask *allowed
    cdef int ncells

    def __cinit__(self, Layout layout not None, Poll poll=None):
        self.layout = layout
        self.ncells = layout.ncells
        self.poll = poll if poll is not None else Poll()
        self.buffer = <int *>malloc((layout.ncells + 1) * sizeof(int))
        self.allowed = <sk_mask *>malloc((layout.ncells + 1) * sizeof(sk_mask))
        if self.buffer == NULL or self.allowed == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.buffer)
        free(self.allowed)

    cdef const sk_mask *_load(self, givens, allowed) except *:
        """Copy givens into the buffer and allowed masks (None: NULL, every symbol) into theirs."""
        cdef int c, given = len(givens)
        if given != self.ncells and given != self.layout.visible:
            raise ValueError(f"expected {self.ncells} givens, got {given}")
        for c in range(self.ncells):
            self.buffer[c] = givens[c] if c < given else -1
        return _copy_allowed(allowed, self.allowed, self.ncells, self.layout.visible)

    cdef tuple _values(self):
        """The buffer (a solution) as a tuple of symbol indexes."""
        cdef int c
        return tuple([self.buffer[c] for c in range(self.ncells)])


cdef class Search(_Cells):
    """One search over a layout: load givens with ``start``, then ``next`` or ``count``."""

    cdef sk_search *ptr

    def __cinit__(self, Layout layout not None, Poll poll=None):
        self.ptr = sk_search_new(layout.ptr)
        if self.ptr == NULL:
            raise MemoryError()
        sk_set_poll(self.ptr, _poll, <void *>self.poll)

    def __dealloc__(self):
        sk_search_free(self.ptr)

    def start(self, givens, allowed=None, long long node_limit=0, double time_limit=0.0):
        """Load givens (symbol index or -1 per cell) and allowed masks; return (status, conflict).

        conflict is None or (kind, cell, other_cell, unit, symbol) with -1 where not known.
        """
        cdef int status
        cdef sk_conflict conflict
        cdef const sk_mask *allowed_ptr = self._load(givens, allowed)
        sk_set_limits(self.ptr, node_limit, time_limit)
        with nogil:
            status = sk_start(self.ptr, self.buffer, allowed_ptr, &conflict)
        if status == SK_NO_MEMORY:
            raise MemoryError()
        if status == SK_CONTRADICTION:
            return status, (conflict.kind, conflict.cell, conflict.other_cell, conflict.unit, conflict.symbol)
        return status, None

    def next(self):
        """Advance to the next solution; return the status (SOLUTION, EXHAUSTED, NODE_LIMIT, TIME_LIMIT,
        or INTERRUPTED when the poll stopped it: its ``error`` says why)."""
        cdef int status
        with nogil:
            status = sk_next(self.ptr)
        if status == SK_NO_MEMORY:
            raise MemoryError()
        return status

    def root_candidates(self):
        """Every cell's candidate mask after the propagation of ``start`` (call it right after start)."""
        cdef const sk_mask *cand = sk_root_candidates(self.ptr)
        if cand == NULL:
            raise ValueError("no search was started")
        return tuple(cand[c] for c in range(self.ncells))

    def solution(self):
        """The current solution as a tuple of symbol indexes, one per cell."""
        sk_solution(self.ptr, self.buffer)
        return self._values()

    def count(self, long long limit=0):
        """Count solutions up to limit (0: all); return (status, count, first solution or None).

        INTERRUPTED (the poll stopped it) comes with the count so far.
        """
        cdef int status
        cdef int64_t found = 0
        with nogil:
            status = sk_count(self.ptr, limit, &found, self.buffer)
        if status == SK_NO_MEMORY:
            raise MemoryError()
        return status, found, self._values() if found > 0 else None

    @property
    def nodes(self):
        """Branching guesses made so far."""
        return sk_nodes(self.ptr)

    @property
    def solutions(self):
        """Solutions found since start."""
        return sk_solutions(self.ptr)


cdef class LearningSearch(_Cells):
    """The learning search over a layout (``_core/lcg.c``): conflict analysis over the core's propagators.

    Same use as :class:`Search`: ``start``, then ``next`` or ``count``.  ``start(..., assume=True)`` keeps
    what was learnt for the next such start on this object (the generator's checks).
    """

    cdef sk_lcg *ptr

    def __cinit__(self, Layout layout not None, Poll poll=None):
        if not sk_lcg_supports(layout.ptr):
            raise ValueError("the learning search does not cover this layout's rules")
        self.ptr = sk_lcg_new(layout.ptr)
        if self.ptr == NULL:
            raise MemoryError()
        sk_lcg_set_poll(self.ptr, _poll, <void *>self.poll)

    def __dealloc__(self):
        sk_lcg_free(self.ptr)

    def configure(self, bint locks=True, bint hall=False, int restart_base=100):
        """Tuning for measurements: locked candidates, Hall sets, the Luby restart unit (0: none)."""
        sk_lcg_configure(self.ptr, locks, hall, restart_base)

    def start(self, givens, allowed=None, long long conflict_limit=0, double time_limit=0.0, bint assume=False):
        """Load givens and allowed masks; return READY or CONTRADICTION (the givens clash)."""
        cdef int status, flag = assume
        cdef const sk_mask *allowed_ptr = self._load(givens, allowed)
        sk_lcg_set_limits(self.ptr, conflict_limit, time_limit)
        with nogil:
            status = sk_lcg_start(self.ptr, self.buffer, allowed_ptr, flag)
        if status == SK_NO_MEMORY:
            raise MemoryError()
        return status

    def next(self):
        """Advance to the next solution; the status as :meth:`Search.next`."""
        cdef int status
        with nogil:
            status = sk_lcg_next(self.ptr)
        if status == SK_NO_MEMORY:
            raise MemoryError()
        return status

    def solution(self):
        """The current solution as a tuple of symbol indexes, one per cell."""
        sk_lcg_solution(self.ptr, self.buffer)
        return self._values()

    def count(self, long long limit=0):
        """Count solutions up to limit (0: all); (status, count, first solution or None) as Search.count."""
        cdef int status
        cdef int64_t found = 0
        with nogil:
            status = sk_lcg_count(self.ptr, limit, &found, self.buffer)
        if status == SK_NO_MEMORY:
            raise MemoryError()
        return status, found, self._values() if found > 0 else None

    @property
    def nodes(self):
        """Conflicts so far (the learning search's unit of work, as nodes are the core's)."""
        return sk_lcg_conflicts(self.ptr)

    @property
    def decisions(self):
        """Branching decisions so far."""
        return sk_lcg_decisions(self.ptr)


def learning_supports(Layout layout not None):
    """Whether the learning search covers every rule of the layout."""
    return bool(sk_lcg_supports(layout.ptr))


cdef int _stopped9(int status) noexcept nogil:
    if status == F9_DONE:
        return 0
    if status == F9_NODE_LIMIT:
        return SK_NODE_LIMIT
    if status == F9_TIME_LIMIT:
        return SK_TIME_LIMIT
    return SK_INTERRUPTED


def fast9_instruction_set():
    """The instruction set the 9x9 fast path runs with: "avx2" or "baseline" (chosen from the CPU)."""
    return f9_instruction_set().decode("ascii")


def use_fast9_instruction_set(str name):
    """Run the 9x9 fast path with name ("avx2" or "baseline"); False when this build or CPU lacks it.

    Both copies give the same answers and node counts; tests use this to check that they do.
    """
    return bool(f9_use_instruction_set(name.encode("ascii")))


def solve9(givens, long long limit=0, long long node_limit=0, double time_limit=0.0, Poll poll=None):
    """The classic 9x9 fast path: (stopped, count, nodes, first solution or None).

    stopped is 0 when the search finished or reached the limit, NODE_LIMIT or TIME_LIMIT otherwise,
    or INTERRUPTED when ``poll`` stopped it (its ``error`` says why; count is then the count so far).
    """
    cdef int g[81]
    cdef int sol[81]
    cdef f9_result r
    cdef int c
    if len(givens) != 81:
        raise ValueError(f"expected 81 givens, got {len(givens)}")
    for c in range(81):
        g[c] = givens[c]
    if poll is None:
        poll = Poll()
    with nogil:
        f9_solve(g, limit, node_limit, time_limit, _poll, <void *>poll, sol, &r)
    stopped = _stopped9(r.status)
    first = tuple([sol[c] for c in range(81)]) if r.count > 0 else None
    return stopped, r.count, r.nodes, first


# per-line outcomes of solve_lines
cdef enum:
    _LINE_SOLVED = 0       # exactly one solution found (within the limit)
    _LINE_MULTIPLE = 1     # two or more solutions
    _LINE_NONE = 2         # searched to the end: no solution
    _LINE_UNREAD = 3       # not a line this reader takes (length, characters): read it the slow way
    _LINE_NODE_LIMIT = 4   # stopped by the node limit
    _LINE_TIME_LIMIT = 5   # stopped by the time limit

LINE_SOLVED = _LINE_SOLVED
LINE_MULTIPLE = _LINE_MULTIPLE
LINE_NONE = _LINE_NONE
LINE_UNREAD = _LINE_UNREAD
LINE_NODE_LIMIT = _LINE_NODE_LIMIT
LINE_TIME_LIMIT = _LINE_TIME_LIMIT
LINE_END = 255
"""The byte that ends each solution row in solve_lines' output."""


cdef inline bint _space(unsigned char ch) noexcept nogil:
    return ch == 32 or ch == 9 or ch == 13 or ch == 11 or ch == 12


def solve_lines(const unsigned char[:] data, const signed char[:] table, int ncells, long long limit,
                long long node_limit=0, double time_limit=0.0, Layout layout=None, Poll poll=None):
    """Solve every puzzle line of a buffer in one call, without the GIL.

    A puzzle line is a line that is not blank and does not start with '#'; it is read here when it
    is one word of ncells bytes (then only blanks or a '#' comment), else it is left UNREAD.
    ``table`` maps each byte to a symbol index, -1 for a blank, or -2 for a byte that is neither.
    With ``layout`` None the classic 9x9 fast path solves (ncells must be 81), else the generic core.
    Returns (line_numbers, kinds, counts, nodes, solutions): one entry per puzzle line (kinds are the
    LINE_* codes), and the first solution of each as ncells symbol indexes and a LINE_END byte, in
    one bytearray (zero indexes where no solution was found).
    ``poll`` is called back during long searches (Ctrl-C, progress, cancelling): when it stops one, the
    exception it caught is raised and the block's results are dropped.
    """
    from array import array
    cdef Py_ssize_t n = data.shape[0], i, start, end, k, word
    cdef int nlines = 0, line_no = 0, c, v, status
    cdef bint at_start = True
    if table.shape[0] != 256:
        raise ValueError("table must have 256 entries")
    if layout is None and ncells != 81:
        raise ValueError("the fast path solves 9x9 grids only")
    if layout is not None and layout.ncells != ncells:
        raise ValueError("layout and ncells disagree")
    # first pass: how many puzzle lines
    i = 0
    while i < n:
        start = i
        while i < n and data[i] != 10:
            i += 1
        k = start
        while k < i and _space(data[k]):
            k += 1
        if k < i and data[k] != 35:
            nlines += 1
        i += 1
    numbers = array("i", bytes(4 * nlines))
    outcomes = bytearray(nlines)
    counts = array("q", bytes(8 * nlines))
    nodes = array("q", bytes(8 * nlines))
    solutions = bytearray(nlines * (ncells + 1))
    cdef int[:] numbers_v = numbers
    cdef unsigned char[:] outcomes_v = outcomes
    cdef long long[:] counts_v = counts
    cdef long long[:] nodes_v = nodes
    cdef unsigned char[:] solutions_v = solutions
    cdef int *givens = <int *>malloc((ncells + 1) * sizeof(int))
    cdef int *solution = <int *>malloc((ncells + 1) * sizeof(int))
    cdef sk_search *search = NULL
    cdef sk_conflict conflict
    cdef f9_result r
    cdef int64_t found
    cdef bint interrupted = False
    if poll is None:
        poll = Poll()
    if givens == NULL or solution == NULL:
        free(givens)
        free(solution)
        raise MemoryError()
    if layout is not None:
        search = sk_search_new(layout.ptr)
        if search == NULL:
            free(givens)
            free(solution)
            raise MemoryError()
        sk_set_poll(search, _poll, <void *>poll)
    cdef int index = 0
    try:
        with nogil:
            i = 0
            while i < n:
                start = i
                line_no += 1
                while i < n and data[i] != 10:
                    i += 1
                end = i
                i += 1
                k = start
                while k < end and _space(data[k]):
                    k += 1
                if k == end or data[k] == 35:
                    continue
                start = k
                while k < end and not _space(data[k]):
                    k += 1
                numbers_v[index] = line_no
                outcomes_v[index] = _LINE_UNREAD
                solutions_v[index * (ncells + 1) + ncells] = 255
                word = k - start
                while k < end and _space(data[k]):
                    k += 1
                if word == ncells and (k == end or data[k] == 35):
                    status = 0
                    for c in range(ncells):
                        v = table[data[start + c]]
                        if v == -2:
                            status = 1
                            break
                        givens[c] = v
                    if status == 0:
                        if search == NULL:
                            f9_solve(givens, limit, node_limit, time_limit, _poll, <void *>poll, solution, &r)
                            found = r.count
                            nodes_v[index] = r.nodes
                            if r.status == F9_INTERRUPTED:
                                interrupted = True
                                break
                            status = (0 if r.status == F9_DONE else
                                      (_LINE_NODE_LIMIT if r.status == F9_NODE_LIMIT else _LINE_TIME_LIMIT))
                        else:
                            sk_set_limits(search, node_limit, time_limit)
                            found = 0
                            status = sk_start(search, givens, NULL, &conflict)
                            if status == SK_READY:
                                status = sk_count(search, limit, &found, solution)
                            if status == SK_INTERRUPTED:
                                interrupted = True
                                break
                            nodes_v[index] = sk_nodes(search)
                            status = (_LINE_NODE_LIMIT if status == SK_NODE_LIMIT else
                                      (_LINE_TIME_LIMIT if status == SK_TIME_LIMIT else
                                       (_LINE_UNREAD if status == SK_NO_MEMORY else 0)))
                        counts_v[index] = found
                        if status == 0:
                            status = _LINE_NONE if found == 0 else (_LINE_SOLVED if found == 1 else _LINE_MULTIPLE)
                        outcomes_v[index] = status
                        if found > 0:
                            for c in range(ncells):
                                solutions_v[index * (ncells + 1) + c] = <unsigned char>solution[c]
                index += 1
    finally:
        free(givens)
        free(solution)
        sk_search_free(search)
    if interrupted:
        raise poll.error
    return numbers, outcomes, counts, nodes, solutions


_SMALL_INTS = tuple(range(-1, 256))


def read_line(str line, const signed char[:] table):
    """The givens of a one-line puzzle, each character mapped by a byte table (symbol index, -1 for a
    blank, -2 for neither); None when a character is not in the table.  The hot path of parsing."""
    cdef Py_ssize_t i, n = len(line)
    cdef Py_UCS4 ch
    cdef signed char v
    givens = PyTuple_New(n)
    for i in range(n):
        ch = line[i]
        v = table[ch] if ch < 256 else -2
        if v == -2:
            return None
        value = _SMALL_INTS[v + 1]
        Py_INCREF(value)
        PyTuple_SET_ITEM(givens, i, value)
    return givens


GEN_DONE = SK_GEN_DONE
GEN_NONE = SK_GEN_NONE
GEN_NOT_UNIQUE = SK_GEN_NOT_UNIQUE
GEN_NODE_LIMIT = SK_GEN_NODE_LIMIT
GEN_TIME_LIMIT = SK_GEN_TIME_LIMIT
GEN_INTERRUPTED = SK_GEN_INTERRUPTED
MAX_ORBIT = SK_MAX_ORBIT


cdef class Generator:
    """Makes puzzles on one layout (None: the classic 9x9 fast path), removing givens in ``orbits``
    (groups of cells that go together, such as the images of a cell under a symmetry).

    Every call takes a 64-bit seed and depends on nothing else, so a seed gives the same puzzle on
    every machine.  ``shuffle`` = (n, box_rows, box_cols, relabel, permute) applies random symmetries
    of a classic grid to each filled grid (see ``sk_shuffle_grid``); None applies none.  ``learning``
    makes the removal's uniqueness checks with the learning search (``_core/lcg.c``), which keeps what
    it learns from one check to the next (big grids).
    """

    cdef readonly Layout layout
    cdef readonly Poll poll
    cdef sk_search *search
    cdef sk_lcg *learner
    cdef int ncells
    cdef int *orbit_start
    cdef int *orbit_cells
    cdef sk_reduce_options options
    cdef int *solution
    cdef int *givens
    cdef sk_mask *allowed
    cdef int shuffle_n, shuffle_rows, shuffle_cols, shuffle_relabel, shuffle_permute

    def __cinit__(self, Layout layout, int ncells, orbits, int min_givens=0, long long check_nodes=0,
                  shuffle=None, Poll poll=None, bint learning=False):
        cdef int k, pos = 0, total = 0
        self.layout = layout
        self.poll = poll if poll is not None else Poll()
        if layout is None and ncells != 81:
            raise ValueError("the fast path makes 9x9 grids only")
        if layout is not None and layout.ncells != ncells:
            raise ValueError("layout and ncells disagree")
        self.ncells = ncells
        for orbit in orbits:
            if not 1 <= len(orbit) <= SK_MAX_ORBIT:
                raise ValueError(f"a group of cells has 1 to {SK_MAX_ORBIT} cells, not {len(orbit)}")
            total += len(orbit)
        self.orbit_start = <int *>malloc((len(orbits) + 1) * sizeof(int))
        self.orbit_cells = <int *>malloc((total + 1) * sizeof(int))
        self.solution = <int *>malloc((ncells + 1) * sizeof(int))
        self.givens = <int *>malloc((ncells + 1) * sizeof(int))
        self.allowed = <sk_mask *>malloc((ncells + 1) * sizeof(sk_mask))
        if (self.orbit_start == NULL or self.orbit_cells == NULL or self.solution == NULL
                or self.givens == NULL or self.allowed == NULL):
            raise MemoryError()
        for k in range(len(orbits)):
            self.orbit_start[k] = pos
            for cell in orbits[k]:
                if not 0 <= cell < ncells:
                    raise ValueError(f"cell {cell} is not in the grid")
                self.orbit_cells[pos] = cell
                pos += 1
        self.orbit_start[len(orbits)] = pos
        self.options.norbits = len(orbits)
        self.options.orbit_start = self.orbit_start
        self.options.orbit_cells = self.orbit_cells
        self.options.min_givens = min_givens
        self.options.check_nodes = check_nodes
        self.options.time_limit = 0.0
        if shuffle is not None:
            self.shuffle_n, self.shuffle_rows, self.shuffle_cols, self.shuffle_relabel, self.shuffle_permute = shuffle
            if self.shuffle_n * self.shuffle_n != ncells:
                raise ValueError("shuffling needs an n x n grid")
        if layout is not None:
            self.search = sk_search_new(layout.ptr)
            if learning and sk_lcg_supports(layout.ptr):
                self.learner = sk_lcg_new(layout.ptr)
                if self.learner == NULL:
                    raise MemoryError()
            if self.search == NULL:
                raise MemoryError()
            sk_set_poll(self.search, _poll, <void *>self.poll)

    def __dealloc__(self):
        sk_search_free(self.search)
        sk_lcg_free(self.learner)
        free(self.orbit_start)
        free(self.orbit_cells)
        free(self.solution)
        free(self.givens)
        free(self.allowed)

    def fill(self, unsigned long long seed, givens=None, allowed=None, long long node_limit=0,
             double time_limit=0.0):
        """A random solution keeping ``givens`` and ``allowed``: (status, solution or None, nodes)."""
        cdef sk_rng rng
        cdef int c, status
        cdef int64_t nodes = 0
        cdef const sk_mask *allowed_ptr = _copy_allowed(allowed, self.allowed, self.ncells)
        sk_rng_seed(&rng, seed)
        for c in range(self.ncells):
            self.givens[c] = -1 if givens is None else givens[c]
        if self.layout is None and givens is None and allowed is None:
            with nogil:
                f9_random_solution(&rng, self.solution)
            status = SK_GEN_DONE
        else:
            if self.search == NULL:
                raise ValueError("the fast path fills empty grids only")
            with nogil:
                status = sk_random_solution(self.search, self.givens, allowed_ptr, &rng, node_limit, time_limit,
                                            self.solution, &nodes)
        if status == SK_GEN_NO_MEMORY:
            raise MemoryError()
        if status == SK_GEN_INTERRUPTED:
            raise self.poll.error
        if status != SK_GEN_DONE:
            return status, None, nodes
        if self.shuffle_n:
            with nogil:
                sk_shuffle_grid(self.solution, self.shuffle_n, self.shuffle_rows, self.shuffle_cols,
                                self.shuffle_relabel, self.shuffle_permute, &rng)
        return status, tuple([self.solution[c] for c in range(self.ncells)]), nodes

    def build(self, unsigned long long seed, solution, allowed=None, int target=0, int samples=0,
              double time_limit=0.0):
        """Givens built up from an empty grid until propagation alone fills it (see ``sk_build_givens``);
        a local search then works them down towards ``target`` within ``time_limit`` seconds.  Each step
        of the first fill weighs ``samples`` random groups (0: every open group, lazily).

        Returns (status, givens, checks).  The givens determine ``solution`` whatever the status (the
        whole solution when the time ran out before the first fill ended).
        """
        cdef sk_rng rng
        cdef int c, status
        cdef int64_t checks = 0
        cdef const sk_mask *allowed_ptr = _copy_allowed(allowed, self.allowed, self.ncells)
        if self.search == NULL:
            raise ValueError("the fast path does not build givens")
        if len(solution) != self.ncells:
            raise ValueError(f"expected {self.ncells} cells")
        sk_rng_seed(&rng, seed)
        for c in range(self.ncells):
            self.solution[c] = solution[c]
        self.options.time_limit = time_limit
        with nogil:
            status = sk_build_givens(self.search, self.solution, allowed_ptr, &self.options, samples, target, &rng,
                                     _poll, <void *>self.poll, self.givens, &checks)
        if status == SK_GEN_NO_MEMORY:
            raise MemoryError()
        if status == SK_GEN_INTERRUPTED:
            raise self.poll.error
        if status == SK_GEN_NOT_UNIQUE:
            raise ValueError("the groups of cells do not cover the grid")
        return status, tuple([self.givens[c] for c in range(self.ncells)]), checks

    def reduce(self, unsigned long long seed, solution, givens=None, allowed=None, double time_limit=0.0):
        """Remove givens (all of ``solution`` when None) while the puzzle keeps that one solution.

        Returns (status, givens, minimal, nodes, checks); the givens are what is left when the status is
        GEN_DONE or GEN_TIME_LIMIT (still unique then, but not known to be minimal).
        """
        cdef sk_rng rng
        cdef int c
        cdef sk_reduce_result result
        cdef const sk_mask *allowed_ptr = _copy_allowed(allowed, self.allowed, self.ncells)
        if len(solution) != self.ncells or (givens is not None and len(givens) != self.ncells):
            raise ValueError(f"expected {self.ncells} cells")
        sk_rng_seed(&rng, seed)
        for c in range(self.ncells):
            self.solution[c] = solution[c]
            self.givens[c] = solution[c] if givens is None else givens[c]
        self.options.time_limit = time_limit
        if self.layout is None:
            if allowed is not None:
                raise ValueError("the fast path takes no allowed masks")
            with nogil:
                f9_reduce(self.solution, self.givens, &self.options, &rng, _poll, <void *>self.poll, &result)
        else:
            with nogil:
                sk_reduce(self.search, self.learner, self.solution, allowed_ptr, self.givens, &self.options, &rng,
                          _poll, <void *>self.poll, &result)
        if result.status == SK_GEN_NO_MEMORY:
            raise MemoryError()
        if result.status == SK_GEN_INTERRUPTED:
            raise self.poll.error
        left = tuple([self.givens[c] for c in range(self.ncells)])
        return result.status, left, bool(result.minimal), result.nodes, result.checks



cdef int _load_grid(values, cand, int *v, int *c) except -1:
    """Copy a Sudoku Explainer grid (81 values, 81 candidate masks) into the core's arrays."""
    cdef int k
    if len(values) != 81 or len(cand) != 81:
        raise ValueError("expected 81 cells")
    for k in range(81):
        v[k] = values[k]
        c[k] = cand[k]
    return 0


cdef list _removals(se_hint *hint):
    """A hint's removals as (cell, mask) pairs."""
    return [(hint.removal_cell[k], hint.removal_mask[k]) for k in range(hint.nremovals)]

def se_basic_hint(values, cand):
    """Sudoku Explainer's first hint among its rules from hidden singles to XYZ-wings, or None.

    ``values`` and ``cand`` are the 81 cells' values (0 empty) and candidate masks (bit v for value
    v).  Returns (name, difficulty, cell, value, removals, regions, set_values, set_cells): name
    indexes sudokit.se's table of the compiled rules' names, cell is -1 when nothing is placed,
    removals are (cell, mask) pairs, and the last three say what the hint's parents are read from.
    """
    cdef int v[81]
    cdef int c[81]
    cdef se_hint hint
    cdef int k
    cdef int found
    _load_grid(values, cand, v, c)
    with nogil:
        found = c_se_basic_hint(v, c, &hint)
    if not found:
        return None
    removals = _removals(&hint)
    regions = [(hint.regions[k][0], hint.regions[k][1]) for k in range(hint.nregions)]
    cells = [hint.set_cells[k] for k in range(hint.nset)]
    return hint.name, hint.difficulty, hint.cell, hint.value, removals, regions, hint.set_values, cells


def se_chain_hint(values, cand, int mode, Poll poll=None):
    """Sudoku Explainer's first hint of one chaining rule, or None.

    mode 0: cycles and forcing X/Y chains, 1: Nishio, 2: multiple, 3: dynamic forcing chains,
    3 + n: dynamic forcing chains nested to level n (1-5).  Returns (name, difficulty, complexity,
    removals), name indexing sudokit.se's table of chain names, or -1 when the search outgrew the
    core's memory.  ``poll`` is asked about every 50 ms (Ctrl-C, a time limit); the exception it
    stopped the search with is raised here.
    """
    cdef int v[81]
    cdef int c[81]
    cdef se_hint hint
    cdef int k
    cdef int found
    if poll is None:
        poll = Poll()
    _load_grid(values, cand, v, c)
    with nogil:
        found = c_se_chain_hint(v, c, mode, _poll, <void *>poll, &hint)
    if found == -2:
        raise poll.error
    if found < 0:
        return -1
    if not found:
        return None
    removals = _removals(&hint)
    return hint.name, hint.difficulty, hint.set_values, removals


def se_aligned_hint(values, cand, int degree):
    """Sudoku Explainer's first aligned pair (degree 2) or triplet (3) exclusion: its removals, or None."""
    cdef int v[81]
    cdef int c[81]
    cdef se_hint hint
    cdef int k
    cdef int found
    if degree not in (2, 3):
        raise ValueError("expected degree 2 or 3")
    _load_grid(values, cand, v, c)
    with nogil:
        found = c_se_aligned_hint(v, c, degree, &hint)
    if not found:
        return None
    return _removals(&hint)


def se_candidates(values):
    """The candidate masks (bit v for value v) of 81 cells of values (0 empty), as SE rebuilds them."""
    cdef int used[3][9]
    cdef int v[81]
    cdef int k, b
    memset(used, 0, sizeof(used))
    if len(values) != 81:
        raise ValueError("expected 81 values")
    for k in range(81):
        v[k] = values[k]
        if v[k] < 0 or v[k] > 9:
            raise ValueError(f"value {v[k]} at cell {k} is not 0-9")
        if v[k]:
            b = (k // 27) * 3 + (k % 9) // 3
            used[0][b] |= 1 << v[k]
            used[1][k // 9] |= 1 << v[k]
            used[2][k % 9] |= 1 << v[k]
    out = [0] * 81
    for k in range(81):
        if not v[k]:
            b = (k // 27) * 3 + (k % 9) // 3
            out[k] = 0x3fe & ~(used[0][b] | used[1][k // 9] | used[2][k % 9])
    return out


def se_basic_run(list values, list cand):
    """Take Sudoku Explainer's steps from hidden singles to XYZ-wings while there are some.

    ``values`` and ``cand`` (81 ints each) are changed in place; returns the steps taken as
    (name, difficulty, placed) tuples, name indexing sudokit.se's table of the compiled rules' names.
    """
    cdef int v[81]
    cdef int c[81]
    cdef int names[81 * 10]
    cdef double difficulties[81 * 10]
    cdef int placed[81 * 10]
    cdef int k, n
    _load_grid(values, cand, v, c)
    with nogil:
        n = c_se_basic_run(v, c, 81 * 10, names, difficulties, placed)
    for k in range(81):
        values[k] = v[k]
        cand[k] = c[k]
    return [(names[k], difficulties[k], bool(placed[k])) for k in range(n)]


def se_quad_hint(values, cand):
    """Sudoku Explainer's first naked quad, jellyfish or hidden quad: (name, difficulty, removals), or None."""
    cdef int v[81]
    cdef int c[81]
    cdef se_hint hint
    cdef int k
    cdef int found
    _load_grid(values, cand, v, c)
    with nogil:
        found = c_se_quad_hint(v, c, &hint)
    if not found:
        return None
    return hint.name, hint.difficulty, _removals(&hint)


def se_loop_hint(values, cand):
    """Sudoku Explainer's first unique loop hint: (type, difficulty, removals), None, or -1 (too many loops)."""
    cdef int v[81]
    cdef int c[81]
    cdef se_hint hint
    cdef int k
    cdef int found
    _load_grid(values, cand, v, c)
    with nogil:
        found = c_se_loop_hint(v, c, &hint)
    if found < 0:
        return -1
    if not found:
        return None
    return hint.name, hint.difficulty, _removals(&hint)


def minlex_many(int box, const unsigned char[::1] cells, unsigned char[::1] out):
    """Canonical forms (minlex) of the puzzles in ``cells`` (box * box squared bytes each, 0 empty)
    into ``out``, without the GIL; the number done (fewer than given at a puzzle with a repeated
    digit in a row or column, or out of memory)."""
    cdef int n = box * box
    cdef int64_t size = n * n
    cdef int64_t count
    cdef int64_t done
    if box < 2 or box > 4:
        raise ValueError("canonical forms are made for boxes of 2x2 to 4x4")
    if cells.shape[0] % size or out.shape[0] < cells.shape[0]:
        raise ValueError(f"expected whole puzzles of {size} cells, and room for their forms")
    count = cells.shape[0] // size
    with nogil:
        done = sk_minlex_many(box, &cells[0] if count else NULL, count, &out[0] if count else NULL)
    return done


KEEPS_GIVENS = SK_KEEPS_GIVENS
COMPLETE = SK_COMPLETE
FOLLOWS_RULES = SK_FOLLOWS_RULES
SOLVES = SK_SOLVES


def verify_many(int box, const unsigned char[::1] puzzles, const unsigned char[::1] answers, solutions,
                unsigned char[::1] flags, short[::1] broken):
    """Check answers against puzzles (and solutions, or None) in bulk, without the GIL: each one's
    flags (KEEPS_GIVENS | COMPLETE | FOLLOWS_RULES | SOLVES) and first unit with a repeated digit
    (rows, then columns, then boxes; -1 for none)."""
    cdef int n = box * box
    cdef int64_t size = n * n
    cdef int64_t count
    cdef const unsigned char[::1] sol
    cdef const uint8_t *sol_ptr = NULL
    if box < 2 or box > 4:
        raise ValueError("answers are checked for boxes of 2x2 to 4x4")
    if puzzles.shape[0] % size or answers.shape[0] != puzzles.shape[0]:
        raise ValueError(f"expected as many answers as puzzles, {size} cells each")
    count = puzzles.shape[0] // size
    if flags.shape[0] < count or broken.shape[0] < count:
        raise ValueError("no room for every answer's verdict")
    if solutions is not None:
        sol = solutions
        if sol.shape[0] != puzzles.shape[0]:
            raise ValueError("expected one solution per puzzle")
        if count:
            sol_ptr = &sol[0]
    if not count:
        return
    with nogil:
        sk_verify_many(box, &puzzles[0], &answers[0], sol_ptr, count, &flags[0], <int16_t *>&broken[0])
