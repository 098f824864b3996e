/* The stop clock. */
#include <time.h>
#include "board/board.h"

double sd_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

long long sd_luby(long long i)
{
	long long size = 1, seq = 0;

	while (size < i + 1) {
		seq++;
		size = 2 * size + 1;
	}
	while (size - 1 != i) {
		size = (size - 1) >> 1;
		seq--;
		i %= size;
	}
	return 1LL << seq;
}
