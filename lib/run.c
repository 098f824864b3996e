/* Shared options, the record loop, signals, progress and exit status. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "internal.h"

static volatile sig_atomic_t caught;

static void on_signal(int sig)
{
	caught = sig;
}

bool sd_interrupted(void)
{
	return caught != 0;
}

double sd_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

struct shared_option {
	char letter;
	const char *name, *arg, *help;
};

static const struct shared_option shared_options[] = {
	{ 'f', "from", "FORMAT", "input format: line, grid, csv, json (default: detected)" },
	{ 't', "to", "FORMAT", "output format: line, grid, csv, json, pretty, svg" },
	{ 'A', "alphabet", "SYMBOLS", "symbols of the line format (default 1-9 then A-Z)" },
	{ 'b', "box", "RxC", "box shape of records that do not state one" },
	{ 'm', "metric", "NAME", "cost function: missing (default) or dup" },
	{ 's', "seed", "N", "random seed" },
	{ 'T', "time-limit", "SECONDS", "time limit per record" },
	{ 'I', "iterations", "N", "iteration limit per record" },
	{ 'o', "output", "FILE", "write to FILE, atomically" },
	{ 'v', "verbose", NULL, "statistics on standard error" },
	{ 'q', "quiet", NULL, "no messages but errors" },
	{ 'P', "progress", NULL, "progress on standard error" },
	{ 'h', "help", NULL, "show this help and exit" },
	{ 'V', "version", NULL, "show the version and exit" },
};
#define NSHARED (int)(sizeof shared_options / sizeof *shared_options)

static void usage(const struct sd_tool *tool, FILE *fp)
{
	fprintf(fp, "usage: %s\n", tool->usage);
	for (int i = 0; i < NSHARED; i++) {
		const struct shared_option *so = &shared_options[i];
		char left[64];
		if (!strchr(tool->shared, so->letter))
			continue;
		snprintf(left, sizeof left, "-%c, --%s%s%s", so->letter, so->name,
			 so->arg ? " " : "", so->arg ? so->arg : "");
		fprintf(fp, "  %-26s %s\n", left, so->help);
	}
}

static void usage_error(const struct sd_tool *tool, const char *msg, const char *arg)
{
	if (msg)
		sd_error("%s%s%s", msg, arg ? ": " : "", arg ? arg : "");
	fprintf(stderr, "Try '%s --help' for more information.\n", tool->name);
	exit(2);
}

static double parse_number(const struct sd_tool *tool, const char *what, const char *arg,
			   double min, double max)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (errno || end == arg || *end || v < min || v > max)
		usage_error(tool, what, arg);
	return v;
}

int sd_run_options(struct sd_run *run, const struct sd_tool *tool, int argc,
		   char **argv, void *ctx)
{
	struct option longopts[NSHARED + 32];
	char shortopts[128];
	int nlong = 0, opt;
	size_t ns = 0;
	bool have_time = false;

	memset(run, 0, sizeof *run);
	run->tool = tool;
	sd_progname = tool->name;
	sd_alphabet_default(&run->in.alpha);
	sd_alphabet_default(&run->out.alpha);
	run->out.format = tool->default_output;
	run->metric = SD_MISSING;
	shortopts[ns++] = '+';
	for (int i = 0; i < NSHARED; i++) {
		const struct shared_option *so = &shared_options[i];
		if (!strchr(tool->shared, so->letter))
			continue;
		longopts[nlong++] = (struct option){ so->name, so->arg ? required_argument : no_argument,
						     NULL, so->letter };
		shortopts[ns++] = so->letter;
		if (so->arg)
			shortopts[ns++] = ':';
	}
	for (const struct option *o = tool->longopts; o && o->name; o++)
		longopts[nlong++] = *o;
	longopts[nlong] = (struct option){ 0, 0, 0, 0 };
	snprintf(shortopts + ns, sizeof shortopts - ns, "%s", tool->shortopts ? tool->shortopts : "");

	while ((opt = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		switch (opt) {
		case 'f':
			run->in.format = sd_format_parse(optarg);
			if (run->in.format < SD_FMT_LINE || run->in.format > SD_FMT_JSON)
				usage_error(tool, "unknown input format", optarg);
			break;
		case 't':
			run->out.format = sd_format_parse(optarg);
			if (run->out.format < SD_FMT_LINE ||
			    (run->out.format == SD_FMT_TEXT && tool->default_output != SD_FMT_TEXT))
				usage_error(tool, "unknown output format", optarg);
			break;
		case 'A':
			if (sd_alphabet_set(&run->in.alpha, optarg) < 0)
				usage_error(tool, "bad alphabet (1 to 35 distinct symbols, no '.')", optarg);
			run->out.alpha = run->in.alpha;
			break;
		case 'b':
			if (sd_geom_parse(optarg, &run->in.box) < 0)
				usage_error(tool, "bad box shape (RxC, R and C at least 2, R*C at most 64)", optarg);
			run->in.have_box = true;
			break;
		case 'm':
			if ((run->metric = sd_metric_parse(optarg)) < 0)
				usage_error(tool, "unknown metric (missing or dup)", optarg);
			break;
		case 's':
			run->seed = (uint64_t)parse_number(tool, "bad seed", optarg, 0, 9007199254740992.0);
			run->have_seed = true;
			break;
		case 'T':
			run->time_limit = parse_number(tool, "bad time limit", optarg, 0, 1e9);
			have_time = true;
			break;
		case 'I':
			run->iterations = (long long)parse_number(tool, "bad iteration count", optarg, 1, 9e18);
			break;
		case 'o': run->output = optarg; break;
		case 'v': run->verbose++; break;
		case 'q': run->quiet++; break;
		case 'P': run->progress++; break;
		case 'h':
			usage(tool, stdout);
			exit(fflush(stdout) || ferror(stdout) ? 2 : 0);
		case 'V':
			printf("%s %s\n", tool->name, SD_VERSION);
			exit(fflush(stdout) || ferror(stdout) ? 2 : 0);
		case '?':
			usage_error(tool, NULL, NULL);
			break;
		default:
			if (!tool->option || tool->option(opt, optarg, ctx) < 0)
				usage_error(tool, NULL, NULL);
		}
	}
	if (!run->have_seed)
		run->seed = sd_seed_from_clock();
	/* a search never runs unbounded unless asked: -T 0, or -I alone */
	if (tool->searches && !have_time && !run->iterations)
		run->time_limit = SD_DEFAULT_TIME_LIMIT;
	return optind;
}

static void catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	/* no SA_RESTART: a blocked read returns so the loop can stop */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

static void die_by_signal(struct sd_run *run)
{
	int sig = caught;

	fflush(run->out_fp);
	if (run->tmp_path)
		unlink(run->tmp_path);
	signal(sig, SIG_DFL);
	raise(sig);
	_exit(128 + sig);
}

static FILE *open_output(struct sd_run *run)
{
	size_t len;
	int fd;

	if (!run->output || !strcmp(run->output, "-"))
		return stdout;
	/* a temporary file beside the target, renamed into place at the end */
	len = strlen(run->output) + 16;
	run->tmp_path = malloc(len);
	if (!run->tmp_path)
		return NULL;
	snprintf(run->tmp_path, len, "%s.tmpXXXXXX", run->output);
	fd = mkstemp(run->tmp_path);
	if (fd < 0) {
		sd_error("%s: %s", run->output, strerror(errno));
		free(run->tmp_path);
		run->tmp_path = NULL;
		return NULL;
	}
	/* mkstemp makes it 0600; the target gets what open(2) would give it */
	mode_t mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	return fdopen(fd, "w");
}

static void show_progress(struct sd_run *run, bool last)
{
	double now = sd_now(), elapsed = now - run->started;
	long long done = 0, total = -1;

	if (!last && now - run->last_progress < 0.25)
		return;
	run->last_progress = now;
	if (run->reader)
		sd_reader_progress(run->reader, &done, &total);
	fprintf(stderr, "\r%s: %lld records, %.0f/s", run->tool->name, run->records,
		elapsed > 0 ? run->records / elapsed : 0.0);
	if (total > 0 && done > 0 && !last)
		fprintf(stderr, ", %.0f s left   ", elapsed * (double)(total - done) / (double)done);
	else
		fputs("            ", stderr);
	if (last)
		fputc('\n', stderr);
}

int sd_emit(struct sd_run *run, const struct sd_record *rec, const char *text)
{
	return sd_writer_put(run->writer, rec, text) < 0 ? 2 : 0;
}

int sd_emit_solver(struct sd_run *run, struct sd_record *rec, bool solved)
{
	int fmt = sd_writer_resolve(run->writer, rec);
	bool had = rec->has_board;
	int status;

	if (!solved && (fmt == SD_FMT_LINE || fmt == SD_FMT_GRID))
		rec->has_board = false;
	status = sd_emit(run, rec, NULL);
	rec->has_board = had;
	return status > (solved ? 0 : 1) ? status : solved ? 0 : 1;
}

int sd_emit_local(struct sd_run *run, struct sd_record *rec, const struct sd_local_outcome *out)
{
	static const char *const words[] = { "solved", "unsolved", "nosolution" };
	double rate = out->seconds > 0 ? out->moves / out->seconds : 0.0;
	bool solved = out->status == 0;
	const char *key;
	json_t *v;

	if (!run->quiet && !solved)
		sd_error_at(rec->file, rec->line, out->status == 2 ? "no solution" :
			    "unsolved: best cost %d after %lld moves", out->best_cost, out->moves);
	if (run->verbose && !run->quiet) {
		fprintf(stderr, "%s: %s:%ld: %s, cost %d, %lld moves", sd_progname, rec->file, rec->line,
			words[out->status], out->best_cost, out->moves);
		json_object_foreach(out->stats, key, v)
			if (strcmp(key, "moves"))
				fprintf(stderr, ", %g %s", json_number_value(v), key);
		fprintf(stderr, ", %.3f s, %.0f moves/s\n", out->seconds, rate);
	}
	rec->has_board = out->status != 2;
	if (rec->has_board)
		memcpy(rec->board, out->best, (size_t)sd_cells(&rec->g));
	sd_record_set_str(rec, "status", words[out->status]);
	if (rec->has_board) {
		sd_record_set_int(rec, "cost", sd_cost(&rec->g, out->best, run->metric));
		sd_record_set_str(rec, "metric", sd_metric_name(run->metric));
	}
	sd_record_set_int(rec, "seed", (long long)run->seed);
	if (run->verbose) {
		json_object_set_new(out->stats, "seconds", json_real(out->seconds));
		json_object_set_new(out->stats, "moves_per_second", json_real(rate));
	}
	sd_record_set_new(rec, "stats", out->stats);
	return sd_emit_solver(run, rec, solved);
}

int sd_run_local(struct sd_run *run, struct sd_record *rec, sd_local_fn *search, void *ctx)
{
	double start = sd_now();
	struct sd_limits lim = {
		sd_record_seed(run->seed, rec), run->iterations,
		run->time_limit > 0 ? start + run->time_limit : 0,
	};
	struct sd_local_outcome out = { 0 };

	if (!search(rec, &lim, ctx, &out)) {
		json_decref(out.stats);
		return 0;               /* the loop dies by the signal; drop the record */
	}
	out.seconds = sd_now() - start;
	return sd_emit_local(run, rec, &out);
}

int sd_trace_open(const char *path, FILE **fp)
{
	*fp = NULL;
	if (path && !(*fp = fopen(path, "w"))) {
		sd_error("%s: %s", path, strerror(errno));
		return 2;
	}
	return 0;
}

int sd_trace_close(const char *path, FILE *fp)
{
	if (fp && fclose(fp) != 0) {
		sd_error("%s: write error", path);
		return 2;
	}
	return 0;
}

static int max(int a, int b)
{
	return a > b ? a : b;
}

/* 0, or 2 after a message when the output could not be written. */
static int close_output(struct sd_run *run)
{
	const char *name = run->tmp_path ? run->output : "standard output";
	int failed = fflush(run->out_fp) != 0 || ferror(run->out_fp);

	if (run->tmp_path) {
		failed |= fsync(fileno(run->out_fp)) != 0 && errno != EINVAL;
		failed |= fclose(run->out_fp) != 0;
		if (!failed && rename(run->tmp_path, run->output) != 0)
			failed = 1;
		if (failed)
			unlink(run->tmp_path);
	} else {
		failed |= fclose(stdout) != 0;
	}
	if (failed) {
		sd_error("%s: %s", name, strerror(errno));
		return 2;
	}
	return 0;
}

/* Opens the output and sets up signals: what every loop does first. */
static int run_begin(struct sd_run *run, char *outbuf)
{
	catch_signals();
	run->out_fp = open_output(run);
	if (!run->out_fp)
		return -1;
	if (!isatty(fileno(run->out_fp)))
		setvbuf(run->out_fp, outbuf, _IOFBF, 1 << 16);
	run->writer = sd_writer_new(run->out_fp, &run->out);
	run->started = run->last_flush = sd_now();
	if (run->verbose && !run->quiet && strchr(run->tool->shared, 's'))
		fprintf(stderr, "%s: seed %llu\n", run->tool->name, (unsigned long long)run->seed);
	return 0;
}

/* After a record: false when the loop must stop (write error, signal). */
static bool run_after_record(struct sd_run *run, int status)
{
	run->status = max(run->status, status);
	run->records++;
	if (ferror(run->out_fp))
		return false;
	double now = sd_now();
	/* a record that took long to make goes out at once */
	if (now - run->last_flush > 0.1) {
		fflush(run->out_fp);
		run->last_flush = now;
	}
	if (run->progress)
		show_progress(run, false);
	return !caught;
}

static int run_end(struct sd_run *run, struct sd_record *rec, char *outbuf)
{
	if (caught)
		die_by_signal(run);
	sd_writer_finish(run->writer);
	sd_writer_free(run->writer);
	sd_record_free(rec);
	free(rec);
	if (run->progress)
		show_progress(run, true);
	if (run->verbose && !run->quiet)
		fprintf(stderr, "%s: %lld records, %lld bad, %.3f s\n", run->tool->name,
			run->records, run->bad, sd_now() - run->started);
	run->status = max(run->status, close_output(run));
	free(outbuf);
	free(run->tmp_path);
	return run->status;
}

int sd_run_loop(struct sd_run *run, char **operands, int count,
		sd_record_fn *fn, void *arg)
{
	static char *stdin_only[] = { "-" };
	struct sd_record *rec = calloc(1, sizeof *rec);
	char *outbuf = malloc(1 << 16);
	bool stop = false;

	if (!rec || !outbuf) {
		sd_error("out of memory");
		return 2;
	}
	if (count == 0) {
		operands = stdin_only;
		count = 1;
	}
	if (run_begin(run, outbuf) < 0) {
		free(rec);
		free(outbuf);
		return 2;
	}
	for (int i = 0; i < count && !caught && !stop; i++) {
		run->reader = sd_reader_open(operands[i], &run->in);
		if (!run->reader) {
			run->status = 2;
			continue;
		}
		for (;;) {
			int r = sd_reader_next(run->reader, rec);
			if (caught || r == SD_READ_EOF)
				break;
			if (r == SD_READ_FAIL) {
				run->status = 2;
				break;
			}
			if (r == SD_READ_BAD) {
				run->status = 2;
				run->bad++;
				continue;
			}
			if ((stop = !run_after_record(run, fn(run, rec, arg))))
				break;
		}
		sd_reader_close(run->reader);
		run->reader = NULL;
	}
	return run_end(run, rec, outbuf);
}

int sd_run_make(struct sd_run *run, long long count, sd_make_fn *fn, void *arg)
{
	struct sd_record *rec = calloc(1, sizeof *rec);
	char *outbuf = malloc(1 << 16);

	if (!rec || !outbuf) {
		sd_error("out of memory");
		return 2;
	}
	if (run_begin(run, outbuf) < 0) {
		free(rec);
		free(outbuf);
		return 2;
	}
	for (long long i = 0; (count == 0 || i < count) && !caught; i++) {
		sd_record_reset(rec);
		if (!run_after_record(run, fn(run, i, rec, arg)))
			break;
	}
	return run_end(run, rec, outbuf);
}
