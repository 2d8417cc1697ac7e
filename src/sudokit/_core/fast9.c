/* sudokit's 9x9 fast path; see fast9.h.
 *
 * Representation: for each digit, its possible cells as three 27-bit words, one per band of three
 * rows (bit 9*r + c of band b is row 3*b + r, column c), held side by side in one vector register
 * (fast9_impl.h).  A band word shows at once how the digit sits in the band's three rows and three
 * boxes; the three words side by side show its columns.
 *
 * Propagation, to a fixpoint:
 *  - naked singles, counted bit-parallel over the nine digit vectors (all bands at once);
 *  - for each digit and band, the 3x3 pattern "row r has candidates in box k" must contain a
 *    permutation (the digit is once in each row and once in each box): a table keeps just the cells of
 *    patterns that some permutation uses, which is exactly pointing and claiming inside the band, and
 *    finds a row or box without a place;
 *  - the same for each digit and stack with "band j has candidates in column c";
 *  - hidden singles in rows, boxes and columns (all bands at once);
 *  - once the search has made two guesses, at each fixpoint with many cells open, triads (tdoku's
 *    idea): the three cells of a box row or box column hold three different digits, so at least three
 *    digits must be able to go there, three that can must, and three that must leave no room for others.
 * Search: a cell with two candidates if there is one, else the cell with the fewest; once the puzzle has
 * taken 32 guesses, while many cells are open, a digit's configuration in a band or stack (which box each
 * of its rows takes) instead, in the band or stack with the fewest configurations.
 *
 * The propagation and search are compiled twice: a baseline copy for the build's target (SSE2 on
 * any x86-64; GCC's vector extensions lower to NEON or to scalars elsewhere) and, on x86-64, a copy
 * for AVX2 with BMI (three-operand vector forms, tzcnt); the first call picks the copy the CPU runs,
 * so a wheel built on one x86-64 machine runs on any other.  Both copies make the same deductions in
 * the same order: every answer and node count is the same.
 */
#include "fast9.h"
#include "generate.h"

#include <string.h>
#include <time.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define F9_BAND 0x7FFFFFFu

/* Three band words and a spare lane. */
typedef uint32_t f9_vec __attribute__((vector_size(16)));
/* The three band words rotated: lane b takes lane b+1's (F9_ROTATE1) or b+2's (F9_ROTATE2) word, mod 3. */
#if defined(__clang__)
#define F9_ROTATE1(v) __builtin_shufflevector((v), (v), 1, 2, 0, 3)
#define F9_ROTATE2(v) __builtin_shufflevector((v), (v), 2, 0, 1, 3)
#else
typedef int32_t f9_lane_order __attribute__((vector_size(16)));
#define F9_ROTATE1(v) __builtin_shuffle((v), (f9_lane_order){1, 2, 0, 3})
#define F9_ROTATE2(v) __builtin_shuffle((v), (f9_lane_order){2, 0, 1, 3})
#endif

/* Tables, computed once by f9_tables() (called on first use, and before any thread runs). */
static f9_vec f9_peers[81];        /* the other cells of a cell's row, column and box */
static f9_vec f9_cell[81];         /* the cell itself */
static f9_vec f9_units[6];         /* rows 0-2 and boxes 0-2 of every band */
static uint16_t f9_keep[512];      /* 3x3 pattern -> cells of it used by some permutation (0: none) */
static uint8_t f9_nperm[512];      /* 3x3 pattern -> how many permutations it contains */
static uint16_t f9_perm[6];        /* the six permutations as 3x3 patterns */
static uint32_t f9_expand[512];    /* 3x3 row-box pattern -> the band cells it covers */
static uint8_t f9_rowbox[512];     /* 9 cells of a row -> which of its three boxes are occupied */
static uint32_t f9_column[9];      /* the three cells of column c within a band */
static int f9_ready;

static void f9_tables(void) {
    if (f9_ready) return;
    for (int c = 0; c < 81; c++) {
        int r = c / 9, col = c % 9;
        f9_vec peers = {0, 0, 0, 0}, cell = {0, 0, 0, 0};
        for (int p = 0; p < 81; p++) {
            if (p == c) continue;
            int pr = p / 9, pc = p % 9;
            if (pr == r || pc == col || (pr / 3 == r / 3 && pc / 3 == col / 3))
                peers[pr / 3] |= 1u << ((pr % 3) * 9 + pc);
        }
        cell[r / 3] = 1u << ((r % 3) * 9 + col);
        f9_peers[c] = peers;
        f9_cell[c] = cell;
    }
    for (int u = 0; u < 3; u++) {
        uint32_t row = 0x1FFu << (9 * u), box = 0x1C0E07u << (3 * u);
        f9_units[u] = (f9_vec){row, row, row, 0};
        f9_units[3 + u] = (f9_vec){box, box, box, 0};
    }
    static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int p = 0; p < 512; p++) {
        uint16_t keep = 0;
        for (int k = 0; k < 6; k++) {
            uint16_t m = (uint16_t)((1u << perms[k][0]) | (1u << (3 + perms[k][1])) | (1u << (6 + perms[k][2])));
            if ((p & m) == m) { keep |= m; f9_nperm[p]++; }
            f9_perm[k] = m;
        }
        f9_keep[p] = keep;
        uint32_t cells = 0;
        for (int r = 0; r < 3; r++)
            for (int k = 0; k < 3; k++)
                if (p >> (3 * r + k) & 1) cells |= 7u << (9 * r + 3 * k);
        f9_expand[p] = cells;
        uint8_t boxes = 0;
        for (int k = 0; k < 3; k++)
            if (p >> (3 * k) & 7) boxes |= (uint8_t)(1u << k);
        f9_rowbox[p] = boxes;
    }
    for (int c = 0; c < 9; c++) f9_column[c] = (1u << c) | (1u << (9 + c)) | (1u << (18 + c));
    f9_ready = 1;
}

/* When the search brings in its stronger tools (measured on top1465, the 17-clue and the Serg sets:
 * benchmarks/README.md, issue 26).  A puzzle solved within a couple of guesses keeps the plain search's
 * path (triads there change which cell it picks, and an easy puzzle could take 30 times the guesses);
 * after that, triads, and after F9_BAND_AFTER_NODES guesses branching on band configurations.  Below
 * F9_..._MIN_OPEN open cells neither pays: the triad rule costs more than it saves, and a cell is the
 * cheaper branch. */
#define F9_TRIADS_AFTER_NODES 2
#define F9_BAND_AFTER_NODES 32
#define F9_TRIAD_MIN_OPEN 40
#define F9_BAND_BRANCH_MIN_OPEN 40

static inline int f9_ctz(uint32_t x) { return __builtin_ctz(x); }
static inline int f9_open_cells(f9_vec open) {
    return __builtin_popcount(open[0]) + __builtin_popcount(open[1]) + __builtin_popcount(open[2]);
}

/* Bit b set when lane b of v is not zero (lanes 0-2). */
static inline unsigned f9_lanes(f9_vec v) {
#if defined(__SSE2__)
    __m128i zero = _mm_cmpeq_epi32((__m128i)v, _mm_setzero_si128());
    return ~(unsigned)_mm_movemask_ps(_mm_castsi128_ps(zero)) & 7u;
#else
    return (unsigned)(v[0] != 0) | (unsigned)(v[1] != 0) << 1 | (unsigned)(v[2] != 0) << 2;
#endif
}

/* Row-box pattern of a band word: bit 3*r + k when row r has candidates in box k. */
static inline unsigned f9_pattern(uint32_t w) {
    return (unsigned)f9_rowbox[w & 0x1FF] | (unsigned)f9_rowbox[(w >> 9) & 0x1FF] << 3 |
           (unsigned)f9_rowbox[w >> 18] << 6;
}

typedef struct {
    int64_t limit, node_limit, nodes, count;
    uint32_t weight[81];     /* failures below a branch on this cell: busy cells are branched on first */
    double time_limit;
    struct timespec started;
    int status;
    int *solution;
    f9_poll_fn poll;
    void *poll_context;
    double next_poll;        /* seconds since started at which poll is due */
    sk_rng *rng;             /* NULL: digits in increasing order; else in random order (filling grids) */
} f9_run;


static double f9_elapsed(const f9_run *run) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - run->started.tv_sec) + (double)(now.tv_nsec - run->started.tv_nsec) * 1e-9;
}

/* Before each guess: 1 (and the status set) when a node limit, the time limit or the poll says stop. */
static inline int f9_should_stop(f9_run *run) {
    if (run->node_limit > 0 && run->nodes >= run->node_limit) { run->status = F9_NODE_LIMIT; return 1; }
    if ((run->nodes & 255) == 0 && (run->time_limit > 0 || run->poll)) {
        double elapsed = f9_elapsed(run);
        if (run->time_limit > 0 && elapsed > run->time_limit) { run->status = F9_TIME_LIMIT; return 1; }
        if (run->poll && elapsed >= run->next_poll) {
            run->next_poll = elapsed + F9_POLL_SECONDS;
            if (run->poll(run->poll_context, run->nodes, run->count)) { run->status = F9_INTERRUPTED; return 1; }
        }
    }
    return 0;
}

/* A solution found: count it, and keep the first. */
static void f9_record(f9_run *run, const f9_vec *cand) {
    if (run->count == 0 && run->solution) {
        for (int c = 0; c < 81; c++) {
            int b = c / 27, i = c % 27;
            int d = 0;
            while (d < 9 && !(cand[d][b] >> i & 1)) d++;
            run->solution[c] = d;
        }
    }
    run->count++;
}

#define F9_NAME(name) f9_##name##_baseline
#include "fast9_impl.h"
#undef F9_NAME

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define F9_HAVE_AVX2 1
#pragma GCC push_options
#pragma GCC target("avx2,bmi,bmi2,popcnt,lzcnt")
#define F9_NAME(name) f9_##name##_avx2
#include "fast9_impl.h"
#undef F9_NAME
#pragma GCC pop_options
#endif

/* The search copy this CPU runs, chosen on first use. */
typedef void (*f9_run_fn)(f9_run *run, const int *givens, int forbid_cell, int forbid_digit);
static f9_run_fn f9_runner;

#ifdef F9_HAVE_AVX2
/* Whether this CPU runs the AVX2 copy (it also uses BMI1/2 and popcnt). */
static int f9_cpu_has_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
           __builtin_cpu_supports("popcnt");
}
#endif

static void f9_setup(void) {
    if (f9_runner) return;
    f9_tables();
    f9_run_fn chosen = f9_run_baseline;
#ifdef F9_HAVE_AVX2
    if (f9_cpu_has_avx2()) chosen = f9_run_avx2;
#endif
    f9_runner = chosen;
}

const char *f9_instruction_set(void) {
    f9_setup();
#ifdef F9_HAVE_AVX2
    if (f9_runner == f9_run_avx2) return "avx2";
#endif
    return "baseline";
}

int f9_use_instruction_set(const char *name) {
    f9_setup();
    if (!strcmp(name, "baseline")) { f9_runner = f9_run_baseline; return 1; }
#ifdef F9_HAVE_AVX2
    if (!strcmp(name, "avx2") && f9_cpu_has_avx2()) {
        f9_runner = f9_run_avx2;
        return 1;
    }
#endif
    return 0;
}

void f9_solve(const int *givens, int64_t limit, int64_t node_limit, double time_limit, f9_poll_fn poll,
              void *poll_context, int *solution, f9_result *result) {
    f9_setup();
    f9_run run = {limit, node_limit, 0, 0, {0}, time_limit, {0, 0}, F9_DONE, solution, poll, poll_context,
                  F9_POLL_SECONDS, NULL};
    if (time_limit > 0 || poll) clock_gettime(CLOCK_MONOTONIC, &run.started);
    f9_runner(&run, givens, -1, 0);
    result->count = run.count;
    result->nodes = run.nodes;
    result->status = run.status;
}

void f9_random_solution(sk_rng *rng, int *solution) {
    f9_setup();
    f9_run run = {1, 0, 0, 0, {0}, 0, {0, 0}, F9_DONE, solution, NULL, NULL, 0, rng};
    int empty[81];
    for (int c = 0; c < 81; c++) empty[c] = -1;
    f9_runner(&run, empty, -1, 0); /* the empty grid has solutions, and a search finds one at once */
}

/* The fast path's check (an sk_other_fn; context: an f9_run whose solution field holds the known one). */
static int f9_other(void *context, const int *givens, int cell, int64_t node_limit, double seconds,
                    int64_t *nodes) {
    f9_run *run = context;
    const int *known = run->solution;
    (void)seconds; /* a 9x9 check takes microseconds; the reduction watches the clock between them */
    run->count = 0;
    run->nodes = 0;
    run->status = F9_DONE;
    run->node_limit = node_limit;
    run->solution = NULL;
    f9_runner(run, givens, cell, known[cell]);
    int found = run->count > 0 ? 1 : (run->status == F9_DONE ? 0 : -1);
    run->solution = (int *)known;
    *nodes += run->nodes;
    return found;
}

void f9_reduce(const int *solution, int *givens, const sk_reduce_options *o, sk_rng *rng, sk_poll_fn poll,
               void *poll_context, sk_reduce_result *result) {
    f9_setup();
    sk_reduce_begin(result, givens, 81);
    /* the starting givens must determine the solution */
    if (result->givens < 81) {
        f9_result r;
        f9_solve(givens, 2, o->check_nodes, 0, NULL, NULL, NULL, &r);
        result->nodes += r.nodes;
        if (r.status != F9_DONE) { result->status = SK_GEN_NODE_LIMIT; return; }
        if (r.count != 1) { result->status = r.count ? SK_GEN_NOT_UNIQUE : SK_GEN_NONE; return; }
    }
    f9_run run = {1, 0, 0, 0, {0}, 0, {0, 0}, F9_DONE, (int *)solution, NULL, NULL, 0, NULL};
    sk_reduce_groups(o, rng, poll, poll_context, givens, solution, f9_other, &run, result);
}
