/* sudokit's 9x9 fast path in a plain C loop, the counterpart of tdoku's own benchmark loop
 * (run_benchmark): no Python and no ctypes between the puzzles.  benchmarks/tdoku_loop.py builds and runs
 * it side by side with tdoku's; by hand (from the repository root):
 *   gcc -O3 -march=native -Isrc/sudokit/_core benchmarks/fast9_loop.c src/sudokit/_core/fast9.c \
 *       src/sudokit/_core/generate.c src/sudokit/_core/engine.c src/sudokit/_core/lcg.c -lm -o /tmp/fast9_loop
 *   /tmp/fast9_loop FILE [PASSES [SECONDS [TIMES]]]
 * FILE holds one puzzle per line (81 characters, '.' or '0' for an empty cell; other lines are skipped).
 * Every puzzle is counted to two (the uniqueness check, tdoku's default).  The loop makes at least
 * PASSES passes over the file (default 5) and goes on until SECONDS (default 0) have passed, then prints
 * one line: puzzles, passes, the median pass in CPU seconds (clock()) and in wall seconds (CLOCK_MONOTONIC,
 * tdoku's clock), the fastest pass's CPU seconds, and guesses (nodes of the search) per puzzle.  With TIMES,
 * it also writes there each puzzle's fastest time over the passes (wall nanoseconds, one per line), to
 * compare two builds puzzle by puzzle. */
#include "fast9.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE [REPEAT]\n", argv[0]);
        return 2;
    }
    int repeat = argc > 2 ? atoi(argv[2]) : 5;
    if (repeat < 1) repeat = 1;
    FILE *in = fopen(argv[1], "r");
    if (!in) {
        fprintf(stderr, "%s: cannot open %s\n", argv[0], argv[1]);
        return 2;
    }
    size_t n = 0, cap = 1024;
    int *puzzles = malloc(cap * 81 * sizeof(int));
    char line[1024];
    while (fgets(line, sizeof line, in)) {
        if (strlen(line) < 81) continue;
        int ok = 1, *p;
        if (n == cap) {
            cap *= 2;
            puzzles = realloc(puzzles, cap * 81 * sizeof(int));
        }
        p = puzzles + n * 81;
        for (int c = 0; c < 81 && ok; c++) {
            char ch = line[c];
            if (ch >= '1' && ch <= '9') p[c] = ch - '1';
            else if (ch == '.' || ch == '0') p[c] = -1;
            else ok = 0;
        }
        if (ok) n++;
    }
    fclose(in);
    if (!n) {
        fprintf(stderr, "%s: no puzzle in %s\n", argv[0], argv[1]);
        return 2;
    }
    double seconds = argc > 3 ? atof(argv[3]) : 0;
    size_t cap_passes = (size_t)repeat + 16;
    double *cpu = malloc(cap_passes * sizeof(double)), *wall = malloc(cap_passes * sizeof(double));
    int64_t guesses = 0, unique = 0;
    size_t passes = 0;
    double total = 0;
    f9_result r;
    double *each = argc > 4 ? malloc(n * sizeof(double)) : NULL;
    for (size_t i = 0; each && i < n; i++) each[i] = 1e30;
    while (passes < (size_t)repeat || total < seconds) {
        int64_t g = 0, u = 0;
        struct timespec w0, w1;
        clock_gettime(CLOCK_MONOTONIC, &w0);
        clock_t start = clock();
        for (size_t i = 0; i < n; i++) {
            struct timespec p0, p1;
            if (each) clock_gettime(CLOCK_MONOTONIC, &p0);
            f9_solve(puzzles + i * 81, 2, 0, 0, NULL, NULL, NULL, &r);
            if (each) {
                clock_gettime(CLOCK_MONOTONIC, &p1);
                double ns = 1e9 * (double)(p1.tv_sec - p0.tv_sec) + (double)(p1.tv_nsec - p0.tv_nsec);
                if (ns < each[i]) each[i] = ns;
            }
            g += r.nodes;
            u += r.count == 1;
        }
        clock_t stop = clock();
        clock_gettime(CLOCK_MONOTONIC, &w1);
        if (passes == cap_passes) {
            cap_passes *= 2;
            cpu = realloc(cpu, cap_passes * sizeof(double));
            wall = realloc(wall, cap_passes * sizeof(double));
        }
        cpu[passes] = (double)(stop - start) / CLOCKS_PER_SEC;
        wall[passes] = (double)(w1.tv_sec - w0.tv_sec) + 1e-9 * (double)(w1.tv_nsec - w0.tv_nsec);
        total += wall[passes];
        passes++;
        guesses = g;
        unique = u;
    }
    qsort(cpu, passes, sizeof(double), compare);
    qsort(wall, passes, sizeof(double), compare);
    printf("%s: puzzles %zu unique %lld passes %zu cpu %.6f wall %.6f fastest %.6f guesses %.3f (%s)\n", argv[1], n,
           (long long)unique, passes, cpu[passes / 2], wall[passes / 2], cpu[0], (double)guesses / (double)n,
           f9_instruction_set());
    if (each) {
        FILE *out = fopen(argv[4], "w");
        if (!out) {
            fprintf(stderr, "%s: cannot write %s\n", argv[0], argv[4]);
            return 2;
        }
        for (size_t i = 0; i < n; i++) fprintf(out, "%.0f\n", each[i]);
        fclose(out);
        free(each);
    }
    free(cpu);
    free(wall);
    free(puzzles);
    return 0;
}
