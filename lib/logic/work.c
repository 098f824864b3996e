/* The work a rating spends, and its limits looked at (logic_int.h):
 * below every technique, which all spend it. */
#include <limits.h>
#include "logic/logic_int.h"

void sd_logic_start_work(struct sd_logic *lg)
{
	lg->work = lg->check_at = 0;
	lg->stopped = lg->out_of_memory = false;
}

void sd_logic_stop(struct sd_logic *lg)
{
	lg->stopped = true;
	lg->check_at = LLONG_MIN;
}

void sd_logic_out_of_memory(struct sd_logic *lg)
{
	lg->out_of_memory = true;
	sd_logic_stop(lg);
}

bool sd_logic_check(struct sd_logic *lg)
{
	if (!lg->stopped) {
		long long limit = lg->limits.work;
		lg->stopped = (limit && lg->work >= limit) || sd_out_of_time(&lg->limits);
		lg->check_at = lg->work + SD_LOGIC_CHECK_EVERY;
		if (limit && lg->check_at > limit)
			lg->check_at = limit;
	}
	if (lg->stopped)
		lg->check_at = LLONG_MIN;
	return lg->stopped;
}
