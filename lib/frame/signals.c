/* The one flag a signal sets, and the limits that carry it to a search. */
#include <string.h>
#include "frame/signals.h"

static volatile sig_atomic_t caught;

static void on_signal(int sig)
{
	caught = sig;
}

void sd_catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	/* no SA_RESTART: a blocked read returns so the loop can stop */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

int sd_caught(void)
{
	return caught;
}

const volatile sig_atomic_t *sd_interrupt_flag(void)
{
	return &caught;
}

bool sd_run_interrupted(void)
{
	return caught != 0;
}

struct sd_limits sd_run_limits(const struct sd_run *run)
{
	return (struct sd_limits){
		sd_run_work(run, run->tool->work.iterations),
		run->time_limit > 0 ? sd_now() + run->time_limit : 0, &caught,
	};
}
