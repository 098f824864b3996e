/* xoshiro256** seeded through splitmix64, and seeds made from data. */
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "board/board.h"

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static inline uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

void sd_rng_seed(struct sd_rng *rng, uint64_t seed)
{
	for (int i = 0; i < 4; i++)
		rng->s[i] = splitmix64(&seed);
}

uint64_t sd_rng_next(struct sd_rng *rng)
{
	uint64_t *s = rng->s, result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

uint32_t sd_rng_below(struct sd_rng *rng, uint32_t bound)
{
	/* Lemire's multiply-and-reject: no modulo bias */
	uint64_t m = (sd_rng_next(rng) >> 32) * bound;
	uint32_t low = (uint32_t)m;

	if (low < bound) {
		uint32_t threshold = -bound % bound;
		while (low < threshold) {
			m = (sd_rng_next(rng) >> 32) * bound;
			low = (uint32_t)m;
		}
	}
	return (uint32_t)(m >> 32);
}

double sd_rng_unit(struct sd_rng *rng)
{
	return (double)(sd_rng_next(rng) >> 11) * 0x1.0p-53;
}

void sd_rng_shuffle(struct sd_rng *rng, uint8_t *a, int n)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)sd_rng_below(rng, (uint32_t)i + 1);
		uint8_t t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}

static uint64_t fnv1a(uint64_t h, const void *data, size_t len)
{
	const unsigned char *p = data;

	for (size_t i = 0; i < len; i++)
		h = (h ^ p[i]) * 0x100000001b3ULL;
	return h;
}

uint64_t sd_seed_mix(uint64_t run_seed, const void *data, size_t len)
{
	uint64_t h = fnv1a(0xcbf29ce484222325ULL, data, len) ^ run_seed;

	return splitmix64(&h);
}

uint64_t sd_seed_from_clock(void)
{
	struct timespec ts;
	uint64_t x;

	clock_gettime(CLOCK_REALTIME, &ts);
	x = (uint64_t)ts.tv_sec * 1000000007ULL ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32);
	/* small enough to type back in as -s */
	return splitmix64(&x) >> 20;
}
