/* sudokit search core: conflict-driven search with learning; see lcg.h for the contract. */
#include "lcg.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bits.h"

/* A variable is cell * 64 + symbol (a shift, not a division); literal 2v says "cell holds symbol",
 * 2v + 1 "cell does not hold symbol". */
#define LCG_VAR(c, s) (((c) << 6) | (s))
#define LCG_CELL(v) ((v) >> 6)
#define LCG_SYM(v) ((v) & 63)
#define LCG_POS(c, s) (LCG_VAR(c, s) << 1)
#define LCG_NEG(c, s) ((LCG_VAR(c, s) << 1) | 1)
#define LCG_UNSET 2
/* Activity decay: 0.99 kept the search focused longest on the Gecode 25x25 set (0.95 and 0.999 took
 * 1.3x-1.4x as long in all; benchmarks/README.md). */
#define LCG_VAR_DECAY 0.99

/* Why a literal holds. */
enum { R_NONE = 0, R_LIT, R_CELL, R_HIDDEN, R_ARENA, R_CLAUSE, R_LINK };

typedef struct {
    int size;
    int lbd;
    float activity;
    unsigned char learnt; /* 1: learnt, may be forgotten; 0: bars a solution (kept until the next start) */
    int lits[];           /* lits[0], lits[1] are watched; a clause that implies a literal has it first */
} lcg_clause;

typedef struct {
    int clause;
    int blocker; /* a literal of the clause: when it is true the clause need not be looked at */
} lcg_watch;

typedef struct {
    lcg_watch *w;
    int n, cap;
} lcg_watches;

struct sk_lcg {
    const sk_layout *L;
    int n, S, nvars;
    sk_mask *cand;         /* per cell: the symbols not yet false */
    int *value;            /* per cell: its true symbol or -1 */
    int nassigned;
    unsigned char *val;    /* per variable: 0 false, 1 true, LCG_UNSET */
    int *lev;              /* per variable: its decision level */
    unsigned char *rkind;  /* per variable: why it holds (R_*) */
    int *rdata;            /* ... the literal, unit, arena offset or clause */
    int *trail, ntrail, qhead;
    int nlevels;           /* the current decision level */
    int *level_trail;      /* per level k >= 1 at [k]: the trail size before it */
    int *level_arena;      /* ... the arena size before it */
    int *level_decision;   /* ... its decision literal, or -1 (an assumption already true) */
    int *arena, atop, acap;   /* explanations of locks and Hall sets: count, then true literals */
    sk_mask *required;     /* per unit: the symbols it must hold (0 for a unit that is not complete) */
    int *places;           /* per (unit, symbol), unit * 64 + symbol: its cells where it is not false */
    unsigned char *dirty;  /* per unit: changed since its locks were looked at */
    int *dirty_list, ndirty;
    unsigned char *hall_dirty; /* per unit: changed since its Hall sets were looked at */
    int *hall_list, nhall;
    lcg_clause **clauses;
    int nclauses, ccap, nlearnt;
    int *free_slots, nfree;
    lcg_watches *watches;  /* per literal: the clauses watching it, woken when it becomes false */
    double *activity, var_inc;
    float clause_inc;
    int *heap, heap_n, *heap_pos;
    unsigned char *phase;  /* per variable: its last value (1 true), the polarity to decide it with */
    unsigned char *seen;
    int *confl, nconfl;    /* the conflict: true literals that cannot all hold */
    int *ante, ante_cap;   /* scratch: the antecedents of one literal */
    int *learnt, nlearnt_lits;
    int *stack, *clear, nclear; /* scratch of the minimisation */
    unsigned char *mark;        /* scratch of the shrinking */
    int64_t *keys;
    int use_shrink;
    int *level_stamp;      /* per level: scratch for block distances */
    int stamp;
    int *assumptions, nassumptions;
    int assume_mode;       /* the last start's givens are assumptions */
    int has_blocking;      /* some clause bars a solution: learnt clauses may depend on it */
    int have_solution, done;
    int *solution;
    int64_t conflicts, decisions, solutions, restart_conflicts;
    int64_t learnt_conflicts, next_reduce, reductions; /* over every start that kept its clauses */
    int64_t conflict_limit;
    double time_limit, started, next_poll;
    int luby_index;

    double lbd_fast, lbd_slow;  /* moving averages of learnt block distances (restart_base < 0) */
    unsigned steps;
    sk_poll_fn poll;
    void *poll_context;
    int use_locks, use_hall, restart_base;
    int *link_start;       /* per cell: its links in link_list, each (link << 1) | (1 when the cell is b) */
    int *link_list;
    /* Rules over many cells (automata, then cage sums, then sums), whose removals are explained by
     * the symbols their cells lack */
    int nrules;
    int *rule_start;       /* nrules + 1 offsets into rule_cell */
    int *rule_cell;        /* each rule's cells (an automaton's or a sum's in its order, repeats kept) */
    int *rule_of_start;    /* per cell: the rules reading it in rule_of */
    int *rule_of;
    unsigned char *rule_dirty; /* per rule: a cell of it lost a symbol since it was looked at */
    int *rule_queue, nrule_queue;
    void *auto_mark;           /* scratch of sk_automaton_support */
    sk_mask *rule_sup;
    /* Hall-set scratch */
    int hall_match[SK_MAX_SYMBOLS];
    sk_mask hall_reach[SK_MAX_SYMBOLS];
};

static double lcg_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int sk_lcg_supports(const sk_layout *L) {
    return L->nconnected == 0 &&
           L->neither == 0 && L->nsymbols <= 64;
}

/* ------------------------------------------------------------------------------------ activity heap */

static inline int heap_better(const sk_lcg *g, int a, int b) {
    return g->activity[a] > g->activity[b] || (g->activity[a] == g->activity[b] && a < b);
}

static void heap_up(sk_lcg *g, int i) {
    int v = g->heap[i];
    while (i > 0) {
        int p = (i - 1) >> 1;
        if (!heap_better(g, v, g->heap[p])) break;
        g->heap[i] = g->heap[p];
        g->heap_pos[g->heap[i]] = i;
        i = p;
    }
    g->heap[i] = v;
    g->heap_pos[v] = i;
}

static void heap_down(sk_lcg *g, int i) {
    int v = g->heap[i];
    for (;;) {
        int c = 2 * i + 1;
        if (c >= g->heap_n) break;
        if (c + 1 < g->heap_n && heap_better(g, g->heap[c + 1], g->heap[c])) c++;
        if (!heap_better(g, g->heap[c], v)) break;
        g->heap[i] = g->heap[c];
        g->heap_pos[g->heap[i]] = i;
        i = c;
    }
    g->heap[i] = v;
    g->heap_pos[v] = i;
}

static inline void heap_insert(sk_lcg *g, int v) {
    if (g->heap_pos[v] >= 0) return;
    g->heap[g->heap_n] = v;
    g->heap_pos[v] = g->heap_n++;
    heap_up(g, g->heap_n - 1);
}

static int heap_pop(sk_lcg *g) {
    int v = g->heap[0];
    g->heap_pos[v] = -1;
    if (--g->heap_n > 0) {
        g->heap[0] = g->heap[g->heap_n];
        heap_down(g, 0);
    }
    return v;
}

static inline void bump_var(sk_lcg *g, int v) {
    if ((g->activity[v] += g->var_inc) > 1e100) {
        for (int i = 0; i < g->nvars; i++) g->activity[i] *= 1e-100;
        g->var_inc *= 1e-100;
    }
    if (g->heap_pos[v] >= 0) heap_up(g, g->heap_pos[v]);
}

static inline void bump_clause(sk_lcg *g, lcg_clause *cl) {
    if ((cl->activity += g->clause_inc) > 1e20f) {
        for (int i = 0; i < g->nclauses; i++)
            if (g->clauses[i]) g->clauses[i]->activity *= 1e-20f;
        g->clause_inc *= 1e-20f;
    }
}

/* ------------------------------------------------------------------------------------------ set-up */

void sk_lcg_free(sk_lcg *g) {
    if (!g) return;
    for (int i = 0; i < g->nclauses; i++) free(g->clauses[i]);
    if (g->watches)
        for (int l = 0; l < 2 * g->nvars; l++) free(g->watches[l].w);
    free(g->clauses); free(g->free_slots); free(g->watches);
    free(g->cand); free(g->value); free(g->val); free(g->lev); free(g->rkind); free(g->rdata);
    free(g->trail); free(g->level_trail); free(g->level_arena); free(g->level_decision); free(g->arena);
    free(g->required); free(g->places); free(g->dirty); free(g->dirty_list);
    free(g->hall_dirty); free(g->hall_list);
    free(g->activity); free(g->heap); free(g->heap_pos); free(g->phase); free(g->seen);
    free(g->confl); free(g->ante); free(g->learnt); free(g->stack); free(g->clear); free(g->mark); free(g->keys); free(g->level_stamp); free(g->assumptions);
    free(g->solution);
    free(g->link_start); free(g->link_list);
    free(g->rule_of_start); free(g->rule_of); free(g->rule_dirty); free(g->rule_queue); free(g->auto_mark);
    free(g->rule_sup); free(g->rule_start); free(g->rule_cell);
    free(g);
}

sk_lcg *sk_lcg_new(const sk_layout *L) {
    if (!sk_lcg_supports(L)) return NULL;
    sk_lcg *g = calloc(1, sizeof(sk_lcg));
    if (!g) return NULL;
    g->L = L;
    g->n = L->ncells;
    g->S = L->nsymbols;
    g->nvars = g->n * 64;
    size_t nv = (size_t)g->nvars, n = (size_t)g->n, nu = (size_t)L->nunits;
    int max_unit = 1;
    for (int u = 0; u < L->nunits; u++)
        if (L->unit_start[u + 1] - L->unit_start[u] > max_unit) max_unit = L->unit_start[u + 1] - L->unit_start[u];
    g->cand = malloc(n * sizeof(sk_mask));
    g->value = malloc(n * sizeof(int));
    g->val = malloc(nv);
    g->lev = malloc(nv * sizeof(int));
    g->rkind = malloc(nv);
    g->rdata = malloc(nv * sizeof(int));
    g->trail = malloc(nv * sizeof(int));
    g->level_trail = malloc((nv + 2) * sizeof(int));
    g->level_arena = malloc((nv + 2) * sizeof(int));
    g->level_decision = malloc((nv + 2) * sizeof(int));
    g->acap = 1 << 16;
    g->arena = malloc((size_t)g->acap * sizeof(int));
    g->required = calloc(nu + 1, sizeof(sk_mask));
    g->places = malloc((nu * 64 + 1) * sizeof(int));
    g->dirty = calloc(nu + 1, 1);
    g->dirty_list = malloc((nu + 1) * sizeof(int));
    g->hall_dirty = calloc(nu + 1, 1);
    g->hall_list = malloc((nu + 1) * sizeof(int));
    g->ccap = 1024;
    g->clauses = malloc((size_t)g->ccap * sizeof(lcg_clause *));
    g->free_slots = malloc((size_t)g->ccap * sizeof(int));
    g->watches = calloc(2 * nv, sizeof(lcg_watches));
    g->activity = calloc(nv, sizeof(double));
    g->heap = malloc(nv * sizeof(int));
    g->heap_pos = malloc(nv * sizeof(int));
    g->phase = malloc(nv);
    g->seen = calloc(nv, 1);
    g->ante_cap = max_unit * 64 + 128;
    g->ante = malloc((size_t)g->ante_cap * sizeof(int));
    g->confl = malloc((size_t)g->ante_cap * sizeof(int));
    g->learnt = malloc((nv + 1) * sizeof(int));
    g->stack = malloc((nv + 1) * sizeof(int));
    g->mark = calloc(nv + 1, 1);
    g->keys = malloc((nv + 1) * sizeof(int64_t));
    g->clear = malloc((nv + 1) * sizeof(int));
    g->level_stamp = calloc(nv + 2, sizeof(int));
    g->assumptions = malloc((nv + 1) * sizeof(int));
    g->solution = malloc(n * sizeof(int));
    if (!g->cand || !g->value || !g->val || !g->lev || !g->rkind || !g->rdata || !g->trail || !g->level_trail ||
        !g->level_arena || !g->level_decision || !g->arena || !g->required || !g->places || !g->dirty ||
        !g->dirty_list || !g->hall_dirty || !g->hall_list || !g->clauses || !g->free_slots || !g->watches || !g->activity || !g->heap ||
        !g->heap_pos || !g->phase || !g->seen || !g->ante || !g->confl || !g->learnt || !g->stack || !g->clear || !g->mark || !g->keys || !g->level_stamp ||
        !g->assumptions || !g->solution) {
        sk_lcg_free(g);
        return NULL;
    }
    if (L->nlinks) { /* each cell's links, for the arc consistency of a removal */
        g->link_start = calloc(n + 1, sizeof(int));
        g->link_list = malloc((size_t)(2 * L->nlinks + 1) * sizeof(int));
        if (!g->link_start || !g->link_list) {
            sk_lcg_free(g);
            return NULL;
        }
        for (int k = 0; k < L->nlinks; k++) {
            g->link_start[L->link_a[k] + 1]++;
            g->link_start[L->link_b[k] + 1]++;
        }
        for (int c = 0; c < g->n; c++) g->link_start[c + 1] += g->link_start[c];
        int *fill = malloc(n * sizeof(int));
        if (!fill) {
            sk_lcg_free(g);
            return NULL;
        }
        memcpy(fill, g->link_start, n * sizeof(int));
        for (int k = 0; k < L->nlinks; k++) {
            g->link_list[fill[L->link_a[k]]++] = k << 1;
            g->link_list[fill[L->link_b[k]]++] = (k << 1) | 1;
        }
        free(fill);
    }
    g->nrules = L->nautomata + L->ncages + L->nsums;
    if (g->nrules) { /* each rule's cells, and each cell's rules, to look at again when it loses a symbol */
        int nr = g->nrules, total = 0, longest = 1;
        for (int k = 0; k < L->nautomata; k++) total += L->auto_start[k + 1] - L->auto_start[k];
        for (int k = 0; k < L->ncages; k++) {
            int u = L->cage_unit[k];
            total += L->unit_start[u + 1] - L->unit_start[u];
        }
        for (int k = 0; k < L->nsums; k++) total += L->sum_start[k + 1] - L->sum_start[k];
        g->rule_start = malloc((size_t)(nr + 1) * sizeof(int));
        g->rule_cell = malloc((size_t)(total + 1) * sizeof(int));
        g->rule_of_start = calloc(n + 1, sizeof(int));
        g->rule_of = malloc((size_t)(total + 1) * sizeof(int));
        g->rule_dirty = calloc((size_t)nr, 1);
        g->rule_queue = malloc((size_t)nr * sizeof(int));
        g->auto_mark = malloc(sk_automaton_scratch(L));
        int *fill = malloc(n * sizeof(int));
        if (!g->rule_start || !g->rule_cell || !g->rule_of_start || !g->rule_of || !g->rule_dirty || !g->rule_queue ||
            !g->auto_mark || !fill) {
            free(fill);
            sk_lcg_free(g);
            return NULL;
        }
        int r = 0, at = 0;
        for (int k = 0; k < L->nautomata; k++, r++) {
            g->rule_start[r] = at;
            for (int i = L->auto_start[k]; i < L->auto_start[k + 1]; i++) g->rule_cell[at++] = L->auto_cell[i];
        }
        for (int k = 0; k < L->ncages; k++, r++) {
            int u = L->cage_unit[k];
            g->rule_start[r] = at;
            for (int i = L->unit_start[u]; i < L->unit_start[u + 1]; i++) g->rule_cell[at++] = L->unit_cells[i];
        }
        for (int k = 0; k < L->nsums; k++, r++) {
            g->rule_start[r] = at;
            for (int i = L->sum_start[k]; i < L->sum_start[k + 1]; i++) g->rule_cell[at++] = L->sum_cell[i];
        }
        g->rule_start[nr] = at;
        for (int q = 0; q < nr; q++)
            if (g->rule_start[q + 1] - g->rule_start[q] > longest) longest = g->rule_start[q + 1] - g->rule_start[q];
        g->rule_sup = malloc((size_t)longest * sizeof(sk_mask));
        if (!g->rule_sup) {
            free(fill);
            sk_lcg_free(g);
            return NULL;
        }
        for (int i = 0; i < at; i++) g->rule_of_start[g->rule_cell[i] + 1]++;
        for (int c = 0; c < g->n; c++) g->rule_of_start[c + 1] += g->rule_of_start[c];
        memcpy(fill, g->rule_of_start, n * sizeof(int));
        for (int q = 0; q < nr; q++) /* a cell read twice by one rule is listed twice: harmless */
            for (int i = g->rule_start[q]; i < g->rule_start[q + 1]; i++) g->rule_of[fill[g->rule_cell[i]]++] = q;
        free(fill);
    }
    for (int k = 0; k < L->ncomplete; k++) g->required[L->complete_units[k]] = L->unit_required[L->complete_units[k]];
    memset(g->phase, 1, nv);
    g->var_inc = 1.0;
    g->clause_inc = 1.0f;
    g->use_locks = 1;
    g->use_hall = 0; /* on big grids it halves the conflicts but doubles their cost (benchmarks/README.md) */
    g->restart_base = 100;
    g->use_shrink = 1;
    return g;
}

void sk_lcg_set_limits(sk_lcg *g, int64_t conflict_limit, double time_limit) {
    g->conflict_limit = conflict_limit;
    g->time_limit = time_limit;
}

void sk_lcg_set_poll(sk_lcg *g, sk_poll_fn poll, void *context) {
    g->poll = poll;
    g->poll_context = context;
}

void sk_lcg_configure(sk_lcg *g, int use_locks, int use_hall, int restart_base) {
    g->use_locks = use_locks;
    g->use_hall = use_hall;
    g->restart_base = restart_base;
}

int64_t sk_lcg_conflicts(const sk_lcg *g) { return g->conflicts; }
int64_t sk_lcg_decisions(const sk_lcg *g) { return g->decisions; }

void sk_lcg_set_phases(sk_lcg *g, const int *values) {
    for (int c = 0; c < g->n; c++)
        for (int s = 0; s < g->S; s++) g->phase[LCG_VAR(c, s)] = values ? (unsigned char)(values[c] == s) : 1;
}

void sk_lcg_solution(const sk_lcg *g, int *out) { memcpy(out, g->solution, (size_t)g->n * sizeof(int)); }

/* ------------------------------------------------------------------------------------- assignments */

static inline int lit_value(const sk_lcg *g, int l) {
    unsigned char x = g->val[l >> 1];
    return x == LCG_UNSET ? LCG_UNSET : (x ^ (l & 1));
}

/* Make literal l true for (kind, data).  Returns 1, or 0 when l is false already (a conflict the
 * caller builds from l's reason and its negation). */
static inline int lcg_assign(sk_lcg *g, int l, int kind, int data) {
    int v = l >> 1;
    unsigned char x = g->val[v];
    if (x != LCG_UNSET) return (x ^ (l & 1)) == 1;
    g->val[v] = (unsigned char)((l & 1) ^ 1);
    g->lev[v] = g->nlevels;
    g->rkind[v] = (unsigned char)kind;
    g->rdata[v] = data;
    g->trail[g->ntrail++] = l;
    int c = LCG_CELL(v), s = LCG_SYM(v);
    if (l & 1) {
        const sk_layout *L = g->L;
        g->cand[c] &= ~((sk_mask)1 << s);
        for (int k = L->cell_unit_start[c], e = L->cell_unit_start[c + 1]; k < e; k++) {
            int u = L->cell_units[k];
            g->places[u * 64 + s]--;
            if (!g->dirty[u] && g->required[u]) {
                g->dirty[u] = 1;
                g->dirty_list[g->ndirty++] = u;
            }
            if (!g->hall_dirty[u] && g->required[u]) {
                g->hall_dirty[u] = 1;
                g->hall_list[g->nhall++] = u;
            }
        }
    } else {
        g->value[c] = s;
        g->nassigned++;
    }
    return 1;
}

static void lcg_backtrack(sk_lcg *g, int level) {
    if (g->nlevels <= level) return;
    const sk_layout *L = g->L;
    int stop = g->level_trail[level + 1];
    for (int i = g->ntrail - 1; i >= stop; i--) {
        int l = g->trail[i], v = l >> 1, c = LCG_CELL(v), s = LCG_SYM(v);
        if (l & 1) {
            g->cand[c] |= (sk_mask)1 << s;
            for (int k = L->cell_unit_start[c], e = L->cell_unit_start[c + 1]; k < e; k++)
                g->places[L->cell_units[k] * 64 + s]++;
        } else {
            g->value[c] = -1;
            g->nassigned--;
        }
        g->phase[v] = (unsigned char)((l & 1) ^ 1);
        g->val[v] = LCG_UNSET;
        heap_insert(g, v);
    }
    g->ntrail = stop;
    g->qhead = stop;
    g->atop = g->level_arena[level + 1];
    g->nlevels = level;
    for (int i = 0; i < g->ndirty; i++) g->dirty[g->dirty_list[i]] = 0;
    g->ndirty = 0;
    for (int i = 0; i < g->nhall; i++) g->hall_dirty[g->hall_list[i]] = 0;
    g->nhall = 0;
    for (int i = 0; i < g->nrule_queue; i++) g->rule_dirty[g->rule_queue[i]] = 0;
    g->nrule_queue = 0;
}

/* Room for k more ints in the explanation arena; 0 when out of memory. */
static int arena_reserve(sk_lcg *g, int k) {
    if (g->atop + k <= g->acap) return 1;
    int cap = g->acap;
    while (cap < g->atop + k) cap *= 2;
    int *a = realloc(g->arena, (size_t)cap * sizeof(int));
    if (!a) return 0;
    g->arena = a;
    g->acap = cap;
    return 1;
}

/* Room for k literals in the conflict buffer and in the antecedents' scratch buffer: the two grow
 * together (ante_cap is the size of both), since a conflict is made of one literal's antecedents. */
static int confl_reserve(sk_lcg *g, int k) {
    if (k <= g->ante_cap) return 1;
    int cap = 2 * k;
    int *a = realloc(g->confl, (size_t)cap * sizeof(int));
    if (!a) return 0;
    g->confl = a;
    int *b = realloc(g->ante, (size_t)cap * sizeof(int));
    if (!b) return 0;
    g->ante = b;
    g->ante_cap = cap;
    return 1;
}

/* The antecedents (true literals) of literal l, which holds for (kind, data), into g->ante. */
static int lcg_explain(sk_lcg *g, int l, int kind, int data) {
    const sk_layout *L = g->L;
    int v = l >> 1, c = LCG_CELL(v), s = LCG_SYM(v), k = 0;
    int *out = g->ante;
    switch (kind) {
    case R_LIT:
        out[k++] = data;
        break;
    case R_CELL: /* every other symbol of the cell is false */
        for (int w = 0; w < g->S; w++)
            if (w != s) out[k++] = LCG_NEG(c, w);
        break;
    case R_HIDDEN: /* every other cell of the unit lacks the symbol */
        for (int i = L->unit_start[data], e = L->unit_start[data + 1]; i < e; i++)
            if (L->unit_cells[i] != c) out[k++] = LCG_NEG(L->unit_cells[i], s);
        break;
    case R_ARENA: {
        int count = g->arena[data];
        if (!confl_reserve(g, count)) return -1;
        out = g->ante;
        memcpy(out, g->arena + data + 1, (size_t)count * sizeof(int));
        k = count;
        break;
    }
    case R_LINK: { /* every symbol of the link's other cell that allowed this one is false */
        int lk = data >> 1;
        size_t row = (size_t)lk * (size_t)g->S + (size_t)s;
        int other = (data & 1) ? L->link_b[lk] : L->link_a[lk];
        sk_mask support = (data & 1) ? L->link_table[row] : L->link_reverse[row];
        for (sk_mask m = support; m; m &= m - 1) out[k++] = LCG_NEG(other, SK_CTZ(m));
        break;
    }
    case R_CLAUSE: {
        lcg_clause *cl = g->clauses[data];
        if (!confl_reserve(g, cl->size)) return -1;
        out = g->ante;
        for (int i = 0; i < cl->size; i++)
            if (cl->lits[i] != l) out[k++] = cl->lits[i] ^ 1;
        break;
    }
    default:
        break;
    }
    return k;
}

/* The conflict of assigning l (false already) for (kind, data): its antecedents and not-l. */
static int conflict_assign(sk_lcg *g, int l, int kind, int data) {
    int k = lcg_explain(g, l, kind, data);
    if (k < 0 || !confl_reserve(g, k + 1)) return -1;
    memcpy(g->confl, g->ante, (size_t)k * sizeof(int));
    g->confl[k++] = l ^ 1;
    g->nconfl = k;
    return 0;
}

/* Assign, or build the conflict: 1 ok, 0 conflict, -1 out of memory. */
static inline int lcg_imply(sk_lcg *g, int l, int kind, int data) {
    if (SK_LIKELY(lcg_assign(g, l, kind, data))) return 1;
    return conflict_assign(g, l, kind, data) < 0 ? -1 : 0;
}

/* ------------------------------------------------------------------------------------- propagation */

/* A cell=symbol literal became true: the cell's other symbols, its peers' symbol and the symbols its
 * relations forbid become false. */
static int propagate_place(sk_lcg *g, int p) {
    const sk_layout *L = g->L;
    int v = p >> 1, c = LCG_CELL(v), s = LCG_SYM(v);
    sk_mask bit = (sk_mask)1 << s;
    for (sk_mask m = g->cand[c] & ~bit; m; m &= m - 1) {
        int r = lcg_imply(g, LCG_NEG(c, SK_CTZ(m)), R_LIT, p);
        if (r <= 0) return r;
    }
    for (int i = L->peer_start[c], e = L->peer_start[c + 1]; i < e; i++) {
        int q = L->peers[i];
        if (g->cand[q] & bit) {
            int r = lcg_imply(g, LCG_NEG(q, s), R_LIT, p);
            if (r <= 0) return r;
        }
    }
    if (L->rel_start) {
        for (int i = L->rel_start[c], e = L->rel_start[c + 1]; i < e; i++) {
            int q = L->rel_other[i];
            sk_mask forbid = 0;
            for (sk_mask d = L->rel_distances[i]; d; d &= d - 1) {
                int k = SK_CTZ(d);
                forbid |= (bit << k) | (bit >> k);
            }
            for (sk_mask m = g->cand[q] & forbid; m; m &= m - 1) {
                int r = lcg_imply(g, LCG_NEG(q, SK_CTZ(m)), R_LIT, p);
                if (r <= 0) return r;
            }
        }
    }
    return 1;
}

/* A cell=symbol literal became false: a cell left with one symbol takes it, a unit left with one place
 * for a symbol it needs puts it there, and none is a conflict. */
static int propagate_removal(sk_lcg *g, int p) {
    const sk_layout *L = g->L;
    int v = p >> 1, c = LCG_CELL(v), s = LCG_SYM(v);
    sk_mask m = g->cand[c];
    if (SK_UNLIKELY(m == 0)) {
        if (!confl_reserve(g, g->S)) return -1;
        for (int w = 0; w < g->S; w++) g->confl[w] = LCG_NEG(c, w);
        g->nconfl = g->S;
        return 0;
    }
    if (SK_SINGLE(m) && g->value[c] < 0) {
        int r = lcg_imply(g, LCG_POS(c, SK_CTZ(m)), R_CELL, 0);
        if (r <= 0) return r;
    }
    if (g->rule_of_start) /* the rules reading the cell look again once the queue is empty */
        for (int i = g->rule_of_start[c], e = g->rule_of_start[c + 1]; i < e; i++) {
            int k = g->rule_of[i];
            if (!g->rule_dirty[k]) {
                g->rule_dirty[k] = 1;
                g->rule_queue[g->nrule_queue++] = k;
            }
        }
    if (g->link_start) { /* links: a symbol of the other cell that s alone supported goes */
        const size_t S = (size_t)g->S;
        for (int i = g->link_start[c], e = g->link_start[c + 1]; i < e; i++) {
            int lk = g->link_list[i] >> 1, c_is_b = g->link_list[i] & 1;
            int other = c_is_b ? L->link_a[lk] : L->link_b[lk];
            const sk_mask *from_c = c_is_b ? L->link_reverse : L->link_table; /* c's symbol -> other's */
            const sk_mask *to_c = c_is_b ? L->link_table : L->link_reverse;   /* other's symbol -> c's */
            for (sk_mask lost = g->cand[other] & from_c[(size_t)lk * S + (size_t)s]; lost; lost &= lost - 1) {
                int y = SK_CTZ(lost);
                if (to_c[(size_t)lk * S + (size_t)y] & g->cand[c]) continue;
                /* the implied literal is in `other`: in a when c is b (data bit 1 names b as the support) */
                int r = lcg_imply(g, LCG_NEG(other, y), R_LINK, (lk << 1) | (c_is_b ? 1 : 0));
                if (r <= 0) return r;
            }
        }
    }
    sk_mask bit = (sk_mask)1 << s;
    for (int k = L->cell_unit_start[c], e = L->cell_unit_start[c + 1]; k < e; k++) {
        int u = L->cell_units[k];
        if (!(g->required[u] & bit)) continue;
        int left = g->places[u * 64 + s];
        if (left > 1) continue;
        const int *uc = L->unit_cells + L->unit_start[u];
        int size = L->unit_start[u + 1] - L->unit_start[u];
        if (left == 0) {
            if (!confl_reserve(g, size)) return -1;
            for (int i = 0; i < size; i++) g->confl[i] = LCG_NEG(uc[i], s);
            g->nconfl = size;
            return 0;
        }
        int i = 0;
        while (!(g->cand[uc[i]] & bit)) i++;
        if (g->value[uc[i]] != s) {
            int r = lcg_imply(g, LCG_POS(uc[i], s), R_HIDDEN, u);
            if (r <= 0) return r;
        }
    }
    return 1;
}

/* Add a watch to a list; 0 when out of memory. */
static inline int watch_push(lcg_watches *ws, lcg_watch watch) {
    if (ws->n == ws->cap) {
        int cap = ws->cap ? 2 * ws->cap : 4;
        lcg_watch *a = realloc(ws->w, (size_t)cap * sizeof(lcg_watch));
        if (!a) return 0;
        ws->w = a;
        ws->cap = cap;
    }
    ws->w[ws->n++] = watch;
    return 1;
}

/* The learnt clauses watching the literal that literal p made false. */
static int propagate_clauses(sk_lcg *g, int p) {
    int f = p ^ 1;
    lcg_watches *ws = &g->watches[f];
    lcg_watch *w = ws->w;
    int i = 0, j = 0, n = ws->n;
    while (i < n) {
        lcg_watch cur = w[i++];
        if (lit_value(g, cur.blocker) == 1) { w[j++] = cur; continue; }
        lcg_clause *cl = g->clauses[cur.clause];
        int *lits = cl->lits;
        if (lits[0] == f) { lits[0] = lits[1]; lits[1] = f; }
        int first = lits[0];
        if (first != cur.blocker && lit_value(g, first) == 1) {
            cur.blocker = first;
            w[j++] = cur;
            continue;
        }
        int moved = 0;
        for (int k = 2; k < cl->size; k++) {
            if (lit_value(g, lits[k]) != 0) {
                lits[1] = lits[k];
                lits[k] = f;
                if (!watch_push(&g->watches[lits[1]], (lcg_watch){cur.clause, first})) return -1;
                moved = 1;
                break;
            }
        }
        if (moved) continue;
        cur.blocker = first;
        w[j++] = cur;
        if (lit_value(g, first) == 0) { /* every literal false: a conflict */
            while (i < n) w[j++] = w[i++];
            ws->n = j;
            if (!confl_reserve(g, cl->size)) return -1;
            for (int k = 0; k < cl->size; k++) g->confl[k] = lits[k] ^ 1;
            g->nconfl = cl->size;
            bump_clause(g, cl);
            return 0;
        }
        lcg_assign(g, first, R_CLAUSE, cur.clause);
    }
    ws->n = j;
    return 1;
}

/* Locked candidates of complete unit u: a symbol u needs that only its cells shared with another unit
 * v can take leaves v's other cells.  Explained by the symbol's absence from u's cells outside v. */
static int propagate_locks(sk_lcg *g, int u, int *changed) {
    const sk_layout *L = g->L;
    sk_mask inside[SK_MAX_SYMBOLS], only[SK_MAX_SYMBOLS];
    /* first: where the run of pairs holding pair k starts (-1: k is in none), end: where it ends */
    for (int k = L->unit_lock_start[2 * u], e = L->unit_lock_start[2 * u + 1], first = -1, end = 0; k < e; k++) {
        const int *seg = L->lock_seg + 4 * k;
        if (k >= end) { /* the next pair, or the next run of pairs (one pass over u for all of them) */
            end = L->lock_run[k];
            first = end >= 0 ? k : -1;
            if (first >= 0) sk_lock_run_masks(L, g->cand, k, end, inside, NULL, only);
            else end = k + 1;
        }
        sk_mask u_only = 0, outside = 0;
        if (first >= 0) {
            u_only = only[k - first];
        } else {
            for (int i = seg[1]; i < seg[2]; i++) u_only |= g->cand[L->lock_cells[i]];
        }
        sk_mask lock = g->required[u] & ~u_only;
        if (!lock) continue;
        for (int i = seg[2]; i < seg[3]; i++) outside |= g->cand[L->lock_cells[i]];
        lock &= outside;
        while (lock) {
            int s = SK_CTZ(lock);
            lock &= lock - 1;
            int count = seg[2] - seg[1];
            if (!arena_reserve(g, count + 1)) return -1;
            int off = g->atop;
            g->arena[off] = count;
            for (int i = 0; i < count; i++) g->arena[off + 1 + i] = LCG_NEG(L->lock_cells[seg[1] + i], s);
            g->atop += count + 1;
            sk_mask bit = (sk_mask)1 << s;
            for (int i = seg[2]; i < seg[3]; i++) {
                int c = L->lock_cells[i];
                if (!(g->cand[c] & bit)) continue;
                int r = lcg_imply(g, LCG_NEG(c, s), R_ARENA, off);
                if (r <= 0) return r;
                (*changed)++;
            }
        }
    }
    return 1;
}

/* Hall sets of complete unit u by Régin's filter.  A removal is explained by the Hall set behind it:
 * its cells lack every symbol outside the set's symbols. */
static int propagate_hall(sk_lcg *g, int u, int *changed) {
    const sk_layout *L = g->L;
    const int *cells = L->unit_cells + L->unit_start[u];
    const int size = L->unit_start[u + 1] - L->unit_start[u];
    /* the open cells only: a placed cell's symbol is gone from the others already */
    sk_mask cm[SK_MAX_SYMBOLS], allowed[SK_MAX_SYMBOLS];
    int uc[SK_MAX_SYMBOLS];
    int nopen = 0, histogram[SK_MAX_SYMBOLS + 1] = {0};
    for (int i = 0; i < size; i++) {
        int c = cells[i];
        if (g->value[c] >= 0) continue;
        cm[nopen] = g->cand[c];
        uc[nopen++] = c;
        histogram[SK_POPCOUNT(g->cand[c])]++;
    }
    if (nopen < 3) return 1;
    int at_most = 0, possible = 0;
    for (int k = 1; k < nopen; k++) {
        at_most += histogram[k];
        if (at_most >= k) { possible = 1; break; }
    }
    if (!possible) return 1;
    sk_mask fail = 0;
    const sk_mask full = L->full;
    if (!sk_hall_filter(cm, nopen, g->S, allowed, g->hall_match, g->hall_reach, &fail)) {
        sk_mask vals = 0;
        for (sk_mask r = fail; r; r &= r - 1) vals |= cm[SK_CTZ(r)];
        int k = 0;
        if (!confl_reserve(g, SK_POPCOUNT(fail) * g->S)) return -1;
        for (sk_mask r = fail; r; r &= r - 1)
            for (sk_mask w = full & ~vals; w; w &= w - 1) g->confl[k++] = LCG_NEG(uc[SK_CTZ(r)], SK_CTZ(w));
        g->nconfl = k;
        return 0;
    }
    int owner[SK_MAX_SYMBOLS];
    for (int i = 0; i < nopen; i++) owner[g->hall_match[i]] = i;
    sk_mask last_set = 0;
    int last_off = -1;
    for (int i = 0; i < nopen; i++) {
        sk_mask removed = cm[i] & ~allowed[i];
        while (removed) {
            int s = SK_CTZ(removed);
            removed &= removed - 1;
            sk_mask set = g->hall_reach[owner[s]];
            if (set != last_set || last_off < 0) {
                sk_mask vals = 0;
                for (sk_mask r = set; r; r &= r - 1) vals |= cm[SK_CTZ(r)];
                int count = SK_POPCOUNT(set) * SK_POPCOUNT(full & ~vals);
                if (!arena_reserve(g, count + 1)) return -1;
                int off = g->atop, k = 0;
                for (sk_mask r = set; r; r &= r - 1)
                    for (sk_mask w = full & ~vals; w; w &= w - 1)
                        g->arena[off + 1 + k++] = LCG_NEG(uc[SK_CTZ(r)], SK_CTZ(w));
                g->arena[off] = k;
                g->atop += k + 1;
                last_set = set;
                last_off = off;
            }
            int r = lcg_imply(g, LCG_NEG(uc[i], s), R_ARENA, last_off);
            if (r <= 0) return r;
            (*changed)++;
        }
    }
    return 1;
}

/* The true literals "cell lacks symbol" over rule k's cells: why its supports are what they are
 * (every path, value set or sum it rules out uses a symbol some cell lacks).  Into the arena at *off (count first), or
 * into the conflict when off is NULL. */
static int rule_reason(sk_lcg *g, int k, int *off) {
    const sk_layout *L = g->L;
    int start = g->rule_start[k], end = g->rule_start[k + 1];
    const int *cells = g->rule_cell;
    int count = 0;
    for (int i = start; i < end; i++) count += g->S - SK_POPCOUNT(g->cand[cells[i]] & L->full);
    int *out;
    if (off) {
        if (!arena_reserve(g, count + 1)) return -1;
        *off = g->atop;
        out = g->arena + g->atop + 1;
    } else {
        if (!confl_reserve(g, count)) return -1;
        out = g->confl;
    }
    int got = 0;
    for (int i = start; i < end; i++) {
        int c = cells[i], before = 0; /* a cell read twice gives its literals once */
        for (int j = start; j < i; j++)
            if (cells[j] == c) { before = 1; break; }
        if (before) continue;
        for (sk_mask m = L->full & ~g->cand[c]; m; m &= m - 1) out[got++] = LCG_NEG(c, SK_CTZ(m));
    }
    if (off) {
        g->arena[*off] = got;
        g->atop += got + 1;
    } else {
        g->nconfl = got;
    }
    return 0;
}

/* Sum k's supports: each term's symbols within what the other terms' bounds leave (to a fixpoint),
 * and for a short sum only those of some whole combination; a cell in two terms keeps what both
 * leave.  -1 when some term keeps nothing. */
static int sum_support(sk_lcg *g, int k, sk_mask *sup) {
    const sk_layout *L = g->L;
    int start = L->sum_start[k], size = L->sum_start[k + 1] - start;
    int64_t total = L->sum_total[k];
    for (int i = 0; i < size; i++) {
        sup[i] = g->cand[L->sum_cell[start + i]];
        if (!sup[i]) return -1;
    }
    for (int again = 1; again;) {
        again = 0;
        int64_t low = 0, high = 0;
        for (int i = 0; i < size; i++) {
            int64_t lo, hi;
            sk_term_bounds(L, sup[i], L->sum_coef[start + i], &lo, &hi);
            low += lo;
            high += hi;
        }
        if (low > total || high < total) return -1;
        for (int i = 0; i < size; i++) {
            int64_t lo, hi;
            sk_term_bounds(L, sup[i], L->sum_coef[start + i], &lo, &hi);
            sk_mask keep = 0;
            for (sk_mask m = sup[i]; m; m &= m - 1) {
                int64_t term = L->sum_coef[start + i] * L->value[SK_CTZ(m)];
                if (term + low - lo <= total && term + high - hi >= total) keep |= m & (~m + 1);
            }
            if (!keep) return -1;
            if (keep != sup[i]) {
                sup[i] = keep;
                again = 1;
                break; /* the bounds changed */
            }
        }
    }
    if (L->sum_short[k] && size <= L->sum_terms && size <= SK_SUM_SHORT_MAX) {
        sk_mask combos[SK_SUM_SHORT_MAX];
        if (sk_sum_supports(L, g->cand, k, combos))
            for (int i = 0; i < size; i++)
                if (!(sup[i] &= combos[i])) return -1;
    }
    for (int i = 0; i < size; i++) /* one cell, one symbol, whatever term it stands in */
        for (int j = 0; j < i; j++)
            if (L->sum_cell[start + j] == L->sum_cell[start + i]) {
                sup[i] &= sup[j];
                sup[j] = sup[i];
                if (!sup[i]) return -1;
            }
    return 0;
}

/* Cage k's supports: the symbols of the value sets that still fit its cells.  -1 when none fits. */
static int cage_support(sk_lcg *g, int k, sk_mask *sup) {
    const sk_layout *L = g->L;
    int u = L->cage_unit[k];
    const int *uc = L->unit_cells + L->unit_start[u];
    int size = L->unit_start[u + 1] - L->unit_start[u];
    sk_mask must, support = sk_cage_fit(L, g->cand, k, &must);
    for (int i = 0; i < size; i++)
        if (!(sup[i] = g->cand[uc[i]] & support)) return -1;
    return 0;
}

/* Rule k (an automaton, a cage sum or a sum), whose cells lost symbols: the symbols it no longer
 * supports go, each explained by the symbols its cells lack; none left is a conflict of those. */
static int propagate_rule(sk_lcg *g, int k, int *changed) {
    const sk_layout *L = g->L;
    int dead = -1, failed;
    if (k < L->nautomata) failed = sk_automaton_support(L, g->cand, k, g->auto_mark, g->rule_sup, &dead) < 0;
    else if (k < L->nautomata + L->ncages) failed = cage_support(g, k - L->nautomata, g->rule_sup) < 0;
    else failed = sum_support(g, k - L->nautomata - L->ncages, g->rule_sup) < 0;
    if (failed) return rule_reason(g, k, NULL) < 0 ? -1 : 0;
    int start = g->rule_start[k], len = g->rule_start[k + 1] - start;
    int off = -1;
    for (int i = 0; i < len; i++) {
        int c = g->rule_cell[start + i];
        sk_mask gone = g->cand[c] & ~g->rule_sup[i];
        if (!gone) continue;
        if (off < 0 && rule_reason(g, k, &off) < 0) return -1;
        for (; gone; gone &= gone - 1) {
            int x = SK_CTZ(gone);
            if (!(g->cand[c] & ((sk_mask)1 << x))) continue; /* gone already (a cell read twice) */
            int r = lcg_imply(g, LCG_NEG(c, x), R_ARENA, off);
            if (r <= 0) return r;
            (*changed)++;
        }
    }
    return 1;
}

/* Propagate to a fixpoint: 1, 0 on a conflict (in g->confl), -1 when out of memory. */
static int lcg_propagate(sk_lcg *g) {
    for (;;) {
        while (g->qhead < g->ntrail) {
            int p = g->trail[g->qhead++];
            int r = (p & 1) ? propagate_removal(g, p) : propagate_place(g, p);
            if (r <= 0) return r;
            if (g->nclauses && g->watches[p ^ 1].n) {
                r = propagate_clauses(g, p);
                if (r <= 0) return r;
            }
        }
        /* rules whose cells changed, then locked candidates on every changed unit (cheap), then
         * Hall sets */
        int changed = 0;
        while (g->nrule_queue > 0 && !changed) {
            int k = g->rule_queue[--g->nrule_queue];
            g->rule_dirty[k] = 0;
            int r = propagate_rule(g, k, &changed);
            if (r <= 0) return r;
        }
        if (changed) continue;
        while (g->ndirty > 0 && !changed) {
            int u = g->dirty_list[--g->ndirty];
            g->dirty[u] = 0;
            if (!g->use_locks) continue;
            int r = propagate_locks(g, u, &changed);
            if (r <= 0) return r;
        }
        if (changed) continue;
        while (g->nhall > 0 && !changed) {
            int u = g->hall_list[--g->nhall];
            g->hall_dirty[u] = 0;
            if (!g->use_hall) continue;
            int r = propagate_hall(g, u, &changed);
            if (r <= 0) return r;
        }
        if (!changed) return 1;
    }
}

/* ---------------------------------------------------------------------------------------- clauses */

static int clause_add(sk_lcg *g, const int *lits, int size, int learnt, int lbd) {
    lcg_clause *cl = malloc(sizeof(lcg_clause) + (size_t)size * sizeof(int));
    if (!cl) return -1;
    cl->size = size;
    cl->lbd = lbd;
    cl->activity = 0.0f;
    cl->learnt = (unsigned char)learnt;
    memcpy(cl->lits, lits, (size_t)size * sizeof(int));
    int slot;
    if (g->nfree > 0) {
        slot = g->free_slots[--g->nfree];
    } else {
        if (g->nclauses == g->ccap) {
            int cap = 2 * g->ccap;
            lcg_clause **a = realloc(g->clauses, (size_t)cap * sizeof(lcg_clause *));
            if (!a) { free(cl); return -1; }
            g->clauses = a;
            int *b = realloc(g->free_slots, (size_t)cap * sizeof(int));
            if (!b) { free(cl); return -1; }
            g->free_slots = b;
            g->ccap = cap;
        }
        slot = g->nclauses++;
    }
    g->clauses[slot] = cl;
    for (int k = 0; k < 2; k++)
        if (!watch_push(&g->watches[lits[k]], (lcg_watch){slot, lits[1 - k]})) return -1;
    if (learnt) g->nlearnt++;
    return slot;
}

/* Drop clause slots marked NULL from every watch list. */
static void purge_watches(sk_lcg *g) {
    for (int l = 0; l < 2 * g->nvars; l++) {
        lcg_watches *ws = &g->watches[l];
        int j = 0;
        for (int i = 0; i < ws->n; i++)
            if (g->clauses[ws->w[i].clause]) ws->w[j++] = ws->w[i];
        ws->n = j;
    }
}

static int by_usefulness(const void *a, const void *b) {
    const lcg_clause *x = *(lcg_clause *const *)a, *y = *(lcg_clause *const *)b;
    if (x->lbd != y->lbd) return x->lbd > y->lbd ? -1 : 1; /* worst first */
    return x->activity < y->activity ? -1 : x->activity > y->activity;
}

/* Forget the less useful half of the learnt clauses (not those of block distance 2 or less, nor
 * those that are the reason of a literal now). */
static void reduce_clauses(sk_lcg *g) {
    lcg_clause **list = malloc((size_t)(g->nlearnt + 1) * sizeof(lcg_clause *));
    if (!list) return;
    int n = 0;
    for (int i = 0; i < g->nclauses; i++) {
        lcg_clause *cl = g->clauses[i];
        if (!cl || !cl->learnt || cl->lbd <= 2) continue;
        int v = cl->lits[0] >> 1;
        if (g->val[v] != LCG_UNSET && g->rkind[v] == R_CLAUSE && g->rdata[v] == i) continue;
        list[n++] = cl;
    }
    qsort(list, (size_t)n, sizeof(lcg_clause *), by_usefulness);
    int drop = n / 2;
    /* mark by pointer: find their slots */
    for (int k = 0; k < drop; k++) list[k]->learnt = 2;
    for (int i = 0; i < g->nclauses; i++) {
        lcg_clause *cl = g->clauses[i];
        if (cl && cl->learnt == 2) {
            free(cl);
            g->clauses[i] = NULL;
            g->free_slots[g->nfree++] = i;
            g->nlearnt--;
        }
    }
    free(list);
    purge_watches(g);
    g->reductions++;
}

/* Forget every clause (a fresh start), or only the ones barring solutions and what was learnt after
 * them (keep_learnt: a start with assumptions after one that kept only layout-implied clauses). */
static void clear_clauses(sk_lcg *g) {
    for (int i = 0; i < g->nclauses; i++) free(g->clauses[i]);
    g->nclauses = 0;
    g->nfree = 0;
    g->nlearnt = 0;
    for (int l = 0; l < 2 * g->nvars; l++) g->watches[l].n = 0;
}

/* --------------------------------------------------------------------------------------- analysis */

/* Whether literal q (an antecedent in the learnt clause) follows from the clause's other literals:
 * every path back through the reasons from q ends in a seen literal or at level 0 (MiniSat's recursive
 * minimisation; literals shown redundant stay seen, listed in g->clear, until the analysis ends). */
static int redundant(sk_lcg *g, int q) {
    int v = q >> 1;
    if (g->rkind[v] == R_NONE) return 0;
    int nstack = 0, top = g->nclear;
    g->stack[nstack++] = q;
    while (nstack > 0) {
        int p = g->stack[--nstack], w = p >> 1;
        int k = lcg_explain(g, p, g->rkind[w], g->rdata[w]);
        for (int i = 0; i < k; i++) {
            int a = g->ante[i], x = a >> 1;
            if (g->seen[x] || g->lev[x] == 0) continue;
            if (g->rkind[x] != R_NONE && (g->level_stamp[g->lev[x]] == g->stamp)) {
                g->seen[x] = 1;
                g->stack[nstack++] = a;
                g->clear[g->nclear++] = x;
            } else {
                for (int j = top; j < g->nclear; j++) g->seen[g->clear[j]] = 0;
                g->nclear = top;
                return 0;
            }
        }
    }
    return 1;
}

static int by_level_desc(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? 1 : x > y ? -1 : 0;
}

/* Shrink the learnt clause (after Fleury and Biere): the literals of one lower level are replaced by
 * that level's single implication point when resolving them back within the level meets only literals
 * of the clause, of the level, or of level 0.  Many literals a decision's placement implied become its
 * one literal.  Returns 1, or -1 when out of memory. */
static int shrink(sk_lcg *g) {
    int n = g->nlearnt_lits;
    int64_t *keys = g->keys;
    for (int i = 1; i < n; i++) {
        int q = g->learnt[i];
        keys[i - 1] = ((int64_t)g->lev[q >> 1] << 32) | (uint32_t)q;
        g->seen[q >> 1] = 1;
    }
    qsort(keys, (size_t)(n - 1), sizeof(int64_t), by_level_desc);
    int out = 1, i = 0;
    while (i < n - 1) {
        int level = (int)(keys[i] >> 32), k = i;
        while (k < n - 1 && (int)(keys[k] >> 32) == level) k++;
        if (k - i == 1) { g->learnt[out++] = (int)(uint32_t)keys[i]; i = k; continue; }
        int nmarked = 0, count = k - i, ok = 1, uip = -1;
        for (int j = i; j < k; j++) {
            int x = (int)(uint32_t)keys[j] >> 1;
            g->mark[x] = 1;
            g->clear[nmarked++] = x;
        }
        int t = g->level_trail[level + 1] - 1;
        for (;;) {
            while (!g->mark[g->trail[t] >> 1]) t--;
            int p = g->trail[t--], x = p >> 1;
            if (count == 1) { uip = p; break; }
            count--;
            if (g->rkind[x] == R_NONE) { ok = 0; break; }
            int na = lcg_explain(g, p, g->rkind[x], g->rdata[x]);
            if (na < 0) return -1;
            for (int a = 0; a < na && ok; a++) {
                int y = g->ante[a] >> 1;
                if (g->lev[y] == 0 || g->mark[y]) continue;
                if (g->lev[y] == level) {
                    g->mark[y] = 1;
                    g->clear[nmarked++] = y;
                    count++;
                } else if (!g->seen[y]) {
                    ok = 0;
                }
            }
            if (!ok) break;
        }
        for (int j = 0; j < nmarked; j++) g->mark[g->clear[j]] = 0;
        if (ok) {
            g->learnt[out++] = uip ^ 1;
        } else {
            for (int j = i; j < k; j++) g->learnt[out++] = (int)(uint32_t)keys[j];
        }
        i = k;
    }
    for (int j = 0; j < n - 1; j++) g->seen[(int)(uint32_t)keys[j] >> 1] = 0;
    g->nlearnt_lits = out;
    return 1;
}

/* Analyse the conflict in g->confl (every literal at levels <= the current one, some at it) into a
 * learnt clause in g->learnt (the asserting literal first); returns the level to backjump to, or -1
 * when out of memory. */
static int analyse(sk_lcg *g) {
    int path = 0, index = g->ntrail - 1, n = 1, p = -1;
    const int level = g->nlevels;
    const int *ante = g->confl;
    int count = g->nconfl;
    for (;;) {
        for (int i = 0; i < count; i++) {
            int q = ante[i], v = q >> 1;
            if (g->seen[v] || g->lev[v] == 0) continue;
            g->seen[v] = 1;
            bump_var(g, v);
            if (g->lev[v] >= level) path++;
            else g->learnt[n++] = q ^ 1;
        }
        while (!g->seen[g->trail[index] >> 1]) index--;
        p = g->trail[index--];
        int v = p >> 1;
        g->seen[v] = 0;
        if (--path == 0) break;
        if (g->rkind[v] == R_CLAUSE) bump_clause(g, g->clauses[g->rdata[v]]);
        count = lcg_explain(g, p, g->rkind[v], g->rdata[v]);
        if (count < 0) return -1;
        ante = g->ante;
    }
    g->learnt[0] = p ^ 1;
    /* drop literals implied by others of the clause (marked by complementing them first, so that every
     * seen flag can be cleared after); only literals of the clause's levels can be on such a path */
    g->stamp++;
    for (int i = 1; i < n; i++) g->level_stamp[g->lev[g->learnt[i] >> 1]] = g->stamp;
    g->nclear = 0;
    for (int i = 1; i < n; i++)
        if (redundant(g, g->learnt[i] ^ 1)) g->learnt[i] = ~g->learnt[i];
    int j = 1;
    for (int i = 1; i < n; i++) {
        int q = g->learnt[i];
        g->seen[(q < 0 ? ~q : q) >> 1] = 0;
        if (q >= 0) g->learnt[j++] = q;
    }
    for (int i = 0; i < g->nclear; i++) g->seen[g->clear[i]] = 0;
    g->nclear = 0;
    n = j;
    g->nlearnt_lits = n;
    if (g->use_shrink && n > 2) {
        int r = shrink(g);
        if (r < 0) return -1;
        n = g->nlearnt_lits;
    }
    int back = 0;
    if (n > 1) {
        int best = 1;
        for (int i = 2; i < n; i++)
            if (g->lev[g->learnt[i] >> 1] > g->lev[g->learnt[best] >> 1]) best = i;
        int t = g->learnt[1];
        g->learnt[1] = g->learnt[best];
        g->learnt[best] = t;
        back = g->lev[g->learnt[1] >> 1];
    }
    return back;
}

/* The number of distinct levels among the learnt clause's literals. */
static int block_distance(sk_lcg *g) {
    g->stamp++;
    int lbd = 0;
    for (int i = 0; i < g->nlearnt_lits; i++) {
        int lv = g->lev[g->learnt[i] >> 1];
        if (g->level_stamp[lv] != g->stamp) {
            g->level_stamp[lv] = g->stamp;
            lbd++;
        }
    }
    return lbd;
}

/* ------------------------------------------------------------------------------------------ search */

static void new_level(sk_lcg *g, int decision) {
    g->nlevels++;
    g->level_trail[g->nlevels] = g->ntrail;
    g->level_arena[g->nlevels] = g->atop;
    g->level_decision[g->nlevels] = decision;
}

int sk_lcg_start(sk_lcg *g, const int *givens, const sk_mask *allowed, int assume) {
    const sk_layout *L = g->L;
    lcg_backtrack(g, 0);
    int keep = assume && g->assume_mode && !g->has_blocking;
    if (!keep) {
        clear_clauses(g);
        for (int v = 0; v < g->nvars; v++) g->activity[v] = 0.0;
        g->var_inc = 1.0;
    }
    g->has_blocking = 0;
    g->assume_mode = assume != 0;
    g->nlevels = 0;
    g->ntrail = g->qhead = g->atop = 0;
    g->ndirty = g->nhall = 0;
    g->nconfl = 0;
    g->have_solution = g->done = 0;
    g->conflicts = g->decisions = g->solutions = g->restart_conflicts = 0;
    g->luby_index = 0;
    g->lbd_fast = g->lbd_slow = 0.0;
    if (!keep) {
        g->learnt_conflicts = g->reductions = 0;
        g->next_reduce = 2000;
    }
    g->started = lcg_now();
    g->next_poll = g->started + SK_POLL_SECONDS;
    g->level_trail[0] = g->level_arena[0] = 0;
    g->level_decision[0] = -1;
    memset(g->val, LCG_UNSET, (size_t)g->nvars);
    g->heap_n = 0;
    for (int v = 0; v < g->nvars; v++) g->heap_pos[v] = -1;
    for (int c = 0; c < g->n; c++) {
        g->cand[c] = L->full;
        g->value[c] = -1;
        for (int s = 0; s < g->S; s++) heap_insert(g, LCG_VAR(c, s));
    }
    for (int c = 0; c < g->n; c++) {
        for (int s = g->S; s < 64; s++) {
            g->val[LCG_VAR(c, s)] = 0;
            g->lev[LCG_VAR(c, s)] = 0;
        }
    }
    g->nassigned = 0;
    for (int u = 0; u < L->nunits; u++) {
        int size = L->unit_start[u + 1] - L->unit_start[u];
        for (int s = 0; s < 64; s++) g->places[u * 64 + s] = s < g->S ? size : 0;
        g->dirty[u] = g->hall_dirty[u] = 0;
    }
    g->nrule_queue = 0;
    for (int k = 0; k < g->nrules; k++) { /* each rule once at the root */
        g->rule_dirty[k] = 1;
        g->rule_queue[g->nrule_queue++] = k;
    }
    for (int u = 0; u < L->nunits; u++)
        if (g->required[u]) {
            g->dirty[u] = g->hall_dirty[u] = 1;
            g->dirty_list[g->ndirty++] = u;
            g->hall_list[g->nhall++] = u;
        }
    /* the layout's own cell masks are facts, and so are the symbols a link never allows */
    int ok = 1;
    for (int k = 0; k < L->nlinks && ok; k++) {
        const size_t row = (size_t)k * (size_t)g->S;
        for (int x = 0; x < g->S && ok; x++) {
            if (!(L->link_table[row + (size_t)x] & L->full)) ok = lcg_assign(g, LCG_NEG(L->link_a[k], x), R_NONE, 0);
            if (ok && !(L->link_reverse[row + (size_t)x] & L->full))
                ok = lcg_assign(g, LCG_NEG(L->link_b[k], x), R_NONE, 0);
        }
    }
    if (L->cell_mask)
        for (int c = 0; c < g->n && ok; c++)
            for (sk_mask m = L->full & ~L->cell_mask[c]; m && ok; m &= m - 1)
                ok = lcg_assign(g, LCG_NEG(c, SK_CTZ(m)), R_NONE, 0);
    g->nassumptions = 0;
    for (int c = 0; c < g->n && ok; c++) {
        if (allowed)
            for (sk_mask m = L->full & ~allowed[c]; m && ok; m &= m - 1) {
                int l = LCG_NEG(c, SK_CTZ(m));
                if (assume) g->assumptions[g->nassumptions++] = l;
                else ok = lcg_assign(g, l, R_NONE, 0);
            }
        if (givens[c] >= 0 && ok) {
            if (givens[c] >= g->S) { ok = 0; break; }
            int l = LCG_POS(c, givens[c]);
            if (assume) g->assumptions[g->nassumptions++] = l;
            else ok = lcg_assign(g, l, R_NONE, 0);
        }
    }
    if (ok) {
        int r = lcg_propagate(g);
        if (r < 0) return SK_NO_MEMORY;
        ok = r;
    }
    if (!ok) {
        g->done = 1;
        return SK_CONTRADICTION;
    }
    return SK_READY;
}

/* The Luby sequence 1 1 2 1 1 2 4 1 1 2 ... at index i. */
static int64_t luby(int i) {
    int64_t size = 1, seq = 0;
    while (size < i + 1) { seq++; size = 2 * size + 1; }
    while (size - 1 != i) {
        size = (size - 1) >> 1;
        seq--;
        i = (int)(i % size);
    }
    return (int64_t)1 << seq;
}

/* Learn from the conflict in g->confl and backjump: 1 searched on, 0 no solution is left, -1 memory. */
static int resolve_conflict(sk_lcg *g) {
    g->conflicts++;
    g->learnt_conflicts++;
    g->restart_conflicts++;
    int top = 0;
    for (int i = 0; i < g->nconfl; i++) {
        int lv = g->lev[g->confl[i] >> 1];
        if (lv > top) top = lv;
    }
    if (top == 0) return 0;
    if (top < g->nlevels) lcg_backtrack(g, top);
    int back = analyse(g);
    if (back < 0) return -1;
    lcg_backtrack(g, back);
    if (g->nlearnt_lits == 1) {
        lcg_assign(g, g->learnt[0], R_NONE, 0);
    } else {
        int lbd = block_distance(g);
        g->lbd_fast += (lbd - g->lbd_fast) * (1.0 / 32);
        g->lbd_slow += (lbd - g->lbd_slow) * (1.0 / 4096);
        int slot = clause_add(g, g->learnt, g->nlearnt_lits, 1, lbd);
        if (slot < 0) return -1;
        lcg_assign(g, g->learnt[0], R_CLAUSE, slot);
    }
    g->var_inc *= 1.0 / LCG_VAR_DECAY;
    g->clause_inc *= 1.0f / 0.999f;
    return 1;
}

/* Bar the solution just found by the clause of its decisions and search on from there: 1, 0 when
 * that was the last, -1 memory. */
static int bar_solution(sk_lcg *g) {
    int n = 0;
    for (int k = g->nlevels; k >= 1; k--)
        if (g->level_decision[k] >= 0) g->learnt[n++] = g->level_decision[k] ^ 1;
    if (n == 0) return 0;
    g->has_blocking = 1;
    if (n == 1) {
        lcg_backtrack(g, 0);
        return lcg_assign(g, g->learnt[0], R_NONE, 0) ? 1 : 0;
    }
    int back = g->lev[g->learnt[1] >> 1];
    lcg_backtrack(g, back);
    int slot = clause_add(g, g->learnt, n, 0, n);
    if (slot < 0) return -1;
    lcg_assign(g, g->learnt[0], R_CLAUSE, slot);
    return 1;
}

/* The time limit and the poll, asked every so many conflicts and decisions: 0 to go on, else the
 * status that ends the search. */
static int lcg_clock(sk_lcg *g) {
    double now = lcg_now();
    if (g->time_limit > 0 && now - g->started >= g->time_limit) {
        g->done = 1;
        return SK_TIME_LIMIT;
    }
    if (g->poll && now >= g->next_poll) {
        g->next_poll = now + SK_POLL_SECONDS;
        if (g->poll(g->poll_context, g->conflicts, g->solutions)) {
            g->done = 1;
            return SK_INTERRUPTED;
        }
    }
    return 0;
}

int sk_lcg_next(sk_lcg *g) {
    if (g->done) return SK_EXHAUSTED;
    if (g->have_solution) {
        g->have_solution = 0;
        int r = bar_solution(g);
        if (r < 0) return SK_NO_MEMORY;
        if (r == 0) { g->done = 1; return SK_EXHAUSTED; }
    }
    for (;;) {
        int r = lcg_propagate(g);
        if (r < 0) return SK_NO_MEMORY;
        if (r == 0) {
            r = resolve_conflict(g);
            if (r < 0) return SK_NO_MEMORY;
            if (r == 0) { g->done = 1; return SK_EXHAUSTED; }
            if (g->conflict_limit > 0 && g->conflicts >= g->conflict_limit) { g->done = 1; return SK_NODE_LIMIT; }
            if ((g->conflicts & 63) == 0 && (r = lcg_clock(g)) != 0) return r;
            continue;
        }
        if (g->nassigned == g->n) {
            /* the grid is full before every assumption was decided: each must hold in it */
            for (int k = g->nlevels; k < g->nassumptions; k++)
                if (lit_value(g, g->assumptions[k]) != 1) { g->done = 1; return SK_EXHAUSTED; }
            for (int c = 0; c < g->n; c++) g->solution[c] = g->value[c];
            g->solutions++;
            g->have_solution = 1;
            return SK_SOLUTION;
        }
        if ((g->restart_base > 0 && g->restart_conflicts >= g->restart_base * luby(g->luby_index)) ||
            (g->restart_base < 0 && g->restart_conflicts >= -g->restart_base &&
             g->lbd_fast > 1.15 * g->lbd_slow)) {
            g->restart_conflicts = 0;
            g->luby_index++;
            lcg_backtrack(g, 0);
            continue;
        }
        if (g->learnt_conflicts >= g->next_reduce) {
            g->next_reduce = g->learnt_conflicts + 2000 + 300 * (g->reductions + 1);
            reduce_clauses(g);
        }
        if ((++g->steps & 1023) == 0 && (r = lcg_clock(g)) != 0) return r;
        /* the next assumption, else the most active unset literal */
        int decision = -1;
        while (g->nlevels < g->nassumptions) {
            int a = g->assumptions[g->nlevels];
            int x = lit_value(g, a);
            if (x == 1) { new_level(g, -1); continue; }
            if (x == 0) { g->done = 1; return SK_EXHAUSTED; } /* the assumptions fail */
            decision = a;
            break;
        }
        if (decision < 0) {
            int v = -1;
            while (g->heap_n > 0) {
                v = heap_pop(g);
                if (g->val[v] == LCG_UNSET) break;
                v = -1;
            }
            if (v < 0) { /* every variable set, yet not every cell: cannot happen; treat as exhausted */
                g->done = 1;
                return SK_EXHAUSTED;
            }
            decision = (v << 1) | (g->phase[v] ? 0 : 1);
            g->decisions++;
        }
        new_level(g, decision);
        lcg_assign(g, decision, R_NONE, 0);
    }
}

int sk_lcg_count(sk_lcg *g, int64_t limit, int64_t *count, int *first_solution) {
    *count = 0;
    for (;;) {
        int status = sk_lcg_next(g);
        if (status != SK_SOLUTION) return status;
        if (*count == 0 && first_solution) sk_lcg_solution(g, first_solution);
        (*count)++;
        if (limit > 0 && *count >= limit) return SK_SOLUTION;
    }
}
