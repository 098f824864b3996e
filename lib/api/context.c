/* The context: limits, working memory and the last error's words. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include "api/api_int.h"

_Static_assert((int)SUDOKU_SEARCH == (int)SD_LEVEL_SEARCH && (int)SUDOKU_EXTREME == (int)SD_LEVEL_EXTREME,
	       "the public levels are the rater's");

const char *sd_version(void)
{
	return SD_VERSION;
}

sd_context *sd_context_new(void)
{
	/* zeroed: the families' working memory starts empty */
	return calloc(1, sizeof(sd_context));
}

void sd_context_free(sd_context *ctx)
{
	if (!ctx)
		return;
	sd_solve_result_free(&ctx->res);
	sd_gen_free(&ctx->gen);
	sd_local_result_free(&ctx->local);
	free(ctx);
}

int sd_context_limit(sd_context *ctx, long long work, double seconds)
{
	if (!ctx)
		return SUDOKU_EINVAL;
	if (work < 0 || !(seconds >= 0 && seconds <= 1e9))
		return sd_api_fail(ctx, SUDOKU_EINVAL, "limits are work >= 0 and 0 <= seconds <= 1e9");
	ctx->work = work;
	ctx->seconds = seconds;
	return SUDOKU_OK;
}

const char *sd_context_message(const sd_context *ctx)
{
	return ctx ? ctx->message : sd_strerror(SUDOKU_EINVAL);
}

const char *sd_strerror(int code)
{
	static const char *const words[] = {
		[SUDOKU_OK] = "done",
		[SUDOKU_ENOSOLUTION] = "no solution",
		[SUDOKU_EMULTIPLE] = "more than one solution",
		[SUDOKU_ELIMIT] = "limit reached",
		[SUDOKU_EEXHAUSTED] = "no puzzle met the conditions",
		[SUDOKU_EPARSE] = "the text holds no board",
		[SUDOKU_EINVAL] = "invalid argument",
		[SUDOKU_ENOMEM] = "out of memory",
	};

	if (code < 0 || code >= (int)(sizeof words / sizeof *words))
		return "unknown error";
	return words[code];
}

const char *sd_level_name(int level)
{
	if (level < 0 || level > SUDOKU_SEARCH)
		return NULL;
	return sd_level_names[level];
}

int sd_api_fail(sd_context *ctx, int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ctx->message, sizeof ctx->message, fmt, ap);
	va_end(ap);
	return code;
}

struct sd_limits sd_api_limits(const sd_context *ctx, long long default_work)
{
	return (struct sd_limits){
		.work = ctx->work ? ctx->work : default_work,
		.deadline = ctx->seconds > 0 ? sd_now() + ctx->seconds : 0,
	};
}
