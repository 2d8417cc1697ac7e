/* sudokit's random numbers: xoshiro256** seeded through splitmix64 (Blackman and Vigna).
 *
 * Integer arithmetic only, so a seed gives the same sequence on every machine and compiler: the
 * generator's puzzles depend on nothing but the seed and the options.
 */
#ifndef SUDOKIT_RANDOM_H
#define SUDOKIT_RANDOM_H

#include <stdint.h>

typedef struct {
    uint64_t s[4];
} sk_rng;

static inline uint64_t sk_splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline void sk_rng_seed(sk_rng *rng, uint64_t seed) {
    for (int k = 0; k < 4; k++) rng->s[k] = sk_splitmix64(&seed);
}

static inline uint64_t sk_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t sk_rng_next(sk_rng *rng) {
    uint64_t *s = rng->s;
    uint64_t result = sk_rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = sk_rotl(s[3], 45);
    return result;
}

/* A uniform integer in [0, n), n >= 1 (rejection of the biased top range, so no modulo bias). */
static inline uint32_t sk_rng_below(sk_rng *rng, uint32_t n) {
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do x = sk_rng_next(rng);
    while (x >= limit);
    return (uint32_t)(x % n);
}

/* Shuffle n ints in place (Fisher-Yates). */
static inline void sk_rng_shuffle(sk_rng *rng, int *items, int n) {
    for (int i = n - 1; i > 0; i--) {
        int j = (int)sk_rng_below(rng, (uint32_t)i + 1);
        int t = items[i];
        items[i] = items[j];
        items[j] = t;
    }
}

#endif
