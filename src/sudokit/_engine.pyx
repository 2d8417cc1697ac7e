# cython: language_level=3, boundscheck=False, wraparound=False
"""Cython binding of the compiled search core (``_core/engine.c``).

Two objects: ``Layout`` (cells, symbols and units compiled once, shared by every search on that grid)
and ``Search`` (one run over givens and allowed symbols).  The hot loops run in C with the GIL released.
"""

from libc.stdint cimport int64_t, uint64_t
from libc.stdlib cimport free, malloc

cdef extern from "_core/engine.h":
    ctypedef uint64_t sk_mask
    int SK_MAX_SYMBOLS
    int SK_READY, SK_SOLUTION, SK_EXHAUSTED, SK_NODE_LIMIT, SK_TIME_LIMIT, SK_CONTRADICTION, SK_NO_MEMORY
    int SK_CONFLICT_NONE, SK_CONFLICT_DUPLICATE, SK_CONFLICT_NOT_ALLOWED
    int SK_CONFLICT_EMPTY_CELL, SK_CONFLICT_NO_PLACE, SK_CONFLICT_UNIT, SK_CONFLICT_CLASH, SK_CONFLICT_NO_CANDIDATE

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
        int branch_weighted

    ctypedef struct sk_search:
        pass

    sk_layout *sk_layout_new(int ncells, int nsymbols, int nunits, const int *unit_sizes,
                             const int *unit_cells, const char **error)
    void sk_layout_free(sk_layout *layout)
    sk_search *sk_search_new(const sk_layout *layout)
    void sk_search_free(sk_search *search)
    void sk_set_limits(sk_search *search, int64_t node_limit, double time_limit_seconds)
    int sk_start(sk_search *search, const int *givens, const sk_mask *allowed, sk_conflict *conflict) nogil
    int sk_next(sk_search *search) nogil
    int sk_count(sk_search *search, int64_t limit, int64_t *count, int *first_solution) nogil
    void sk_solution(const sk_search *search, int *out)
    int64_t sk_nodes(const sk_search *search)

MAX_SYMBOLS = SK_MAX_SYMBOLS
READY = SK_READY
SOLUTION = SK_SOLUTION
EXHAUSTED = SK_EXHAUSTED
NODE_LIMIT = SK_NODE_LIMIT
TIME_LIMIT = SK_TIME_LIMIT
CONTRADICTION = SK_CONTRADICTION
CONFLICT_NONE = SK_CONFLICT_NONE
CONFLICT_DUPLICATE = SK_CONFLICT_DUPLICATE
CONFLICT_NOT_ALLOWED = SK_CONFLICT_NOT_ALLOWED
CONFLICT_EMPTY_CELL = SK_CONFLICT_EMPTY_CELL
CONFLICT_NO_PLACE = SK_CONFLICT_NO_PLACE
CONFLICT_UNIT = SK_CONFLICT_UNIT
CONFLICT_CLASH = SK_CONFLICT_CLASH
CONFLICT_NO_CANDIDATE = SK_CONFLICT_NO_CANDIDATE


cdef class Layout:
    """Cells, symbols and all-different units, compiled for the core."""

    cdef sk_layout *ptr
    cdef readonly int ncells
    cdef readonly int nsymbols

    def __cinit__(self, int ncells, int nsymbols, units):
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

    @property
    def lock_pairs(self):
        """Unit pairs that locked candidates examine."""
        return self.ptr.nlocks

    def __dealloc__(self):
        sk_layout_free(self.ptr)


cdef class Search:
    """One search over a layout: load givens with ``start``, then ``next`` or ``count``."""

    cdef sk_search *ptr
    cdef readonly Layout layout
    cdef int *buffer
    cdef sk_mask *allowed
    cdef int ncells

    def __cinit__(self, Layout layout not None):
        self.layout = layout
        self.ncells = layout.ncells
        self.ptr = sk_search_new(layout.ptr)
        self.buffer = <int *>malloc((layout.ncells + 1) * sizeof(int))
        self.allowed = <sk_mask *>malloc((layout.ncells + 1) * sizeof(sk_mask))
        if self.ptr == NULL or self.buffer == NULL or self.allowed == NULL:
            raise MemoryError()

    def __dealloc__(self):
        sk_search_free(self.ptr)
        free(self.buffer)
        free(self.allowed)

    def start(self, givens, allowed=None, long long node_limit=0, double time_limit=0.0):
        """Load givens (symbol index or -1 per cell) and allowed masks; return (status, conflict).

        conflict is None or (kind, cell, other_cell, unit, symbol) with -1 where not known.
        """
        cdef int c, status
        cdef sk_conflict conflict
        cdef const sk_mask *allowed_ptr = NULL
        if len(givens) != self.ncells:
            raise ValueError(f"expected {self.ncells} givens, got {len(givens)}")
        for c in range(self.ncells):
            self.buffer[c] = givens[c]
        if allowed is not None:
            if len(allowed) != self.ncells:
                raise ValueError(f"expected {self.ncells} allowed masks, got {len(allowed)}")
            for c in range(self.ncells):
                self.allowed[c] = allowed[c]
            allowed_ptr = self.allowed
        sk_set_limits(self.ptr, node_limit, time_limit)
        with nogil:
            status = sk_start(self.ptr, self.buffer, allowed_ptr, &conflict)
        if status == SK_NO_MEMORY:
            raise MemoryError()
        if status == SK_CONTRADICTION:
            return status, (conflict.kind, conflict.cell, conflict.other_cell, conflict.unit, conflict.symbol)
        return status, None

    def next(self):
        """Advance to the next solution; return the status (SOLUTION, EXHAUSTED, NODE_LIMIT, TIME_LIMIT)."""
        cdef int status
        with nogil:
            status = sk_next(self.ptr)
        if status == SK_NO_MEMORY:
            raise MemoryError()
        return status

    def solution(self):
        """The current solution as a tuple of symbol indexes, one per cell."""
        cdef int c
        sk_solution(self.ptr, self.buffer)
        return tuple([self.buffer[c] for c in range(self.ncells)])

    def count(self, long long limit=0):
        """Count solutions up to limit (0: all); return (status, count, first solution or None)."""
        cdef int status
        cdef int64_t found = 0
        cdef int c
        with nogil:
            status = sk_count(self.ptr, limit, &found, self.buffer)
        if status == SK_NO_MEMORY:
            raise MemoryError()
        first = tuple([self.buffer[c] for c in range(self.ncells)]) if found > 0 else None
        return status, found, first

    @property
    def nodes(self):
        """Branching guesses made so far."""
        return sk_nodes(self.ptr)
