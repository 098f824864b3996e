/* The record loop: the output file, signals, progress and exit status. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "frame/outfile.h"
#include "frame/signals.h"

static void die_by_signal(struct sd_run *run)
{
	fflush(run->out_fp);
	sd_die_by_signal();
}

/* The one rule for the files a run replaces, -o FILE and --trace FILE: a
 * run that exits 2, or that writes no record (none went out through the
 * writer and the tool's summary stands for none), leaves them as they
 * were; a signal too (sd_temporary_close). */
static bool replaces_files(const struct sd_run *run)
{
	return run->status < SD_EXIT_TROUBLE &&
		(sd_writer_count(run->writer) > 0 || run->summed > 0);
}

/* Flushes, then replaces or leaves every file the run writes; a file left
 * after a run that went well is said, as the user may wait for it. */
static void close_files(struct sd_run *run, bool ended)
{
	struct sd_outfile *files[] = { &run->out_file, &run->trace };
	bool replace;

	for (int i = 0; i < 2 && ended; i++)
		run->status = sd_worst(run->status, sd_outfile_flush(run, files[i]));
	replace = ended && replaces_files(run);
	for (int i = 0; i < 2; i++) {
		if (ended && !replace && files[i]->tmp_path && run->status < SD_EXIT_TROUBLE &&
		    !run->quiet && !sd_caught())
			sd_report(run, files[i]->name, 0, "no record written: %s",
				  files[i]->existed ? "left as it was" : "not created");
		run->status = sd_worst(run->status, sd_outfile_close(run, files[i], replace));
	}
}

/* -P: on a terminal one line redrawn a few times a second; elsewhere (a
 * log file) a plain line every few seconds.  The time left comes from the
 * rate of the last half minute or so, not the whole run's, so that it
 * follows a change of pace without jumping at each record: of the bytes
 * of an input whose size is known, or of the records a maker was asked
 * for (sudoku-gen -n), which are then counted out of their number. */
#define PROGRESS_TTY_EVERY 0.25
#define PROGRESS_LOG_EVERY 5.0
#define PROGRESS_RATE_SPAN 30.0
static void show_progress(struct sd_run *run, bool last)
{
	double now = sd_now(), elapsed = now - run->started, since = now - run->last_progress;
	bool tty = isatty(2);
	long long done = 0, total = -1;

	if (!last && since < (tty ? PROGRESS_TTY_EVERY : PROGRESS_LOG_EVERY))
		return;
	/* a log's last line only when the one before it is out of date */
	if (last && !tty && run->records == run->progress_logged)
		return;
	if (!tty)
		run->progress_logged = run->records;
	if (run->reader)
		sd_reader_progress(run->reader, &done, &total);
	else if (run->making > 0)
		done = run->records, total = run->making;
	if (done < run->progress_done)          /* the next operand began */
		run->progress_done = 0, run->progress_rate = 0;
	if (since > 0) {
		double rate = (double)(done - run->progress_done) / since;
		double weight = run->progress_rate > 0 ? 1 - exp(-since / PROGRESS_RATE_SPAN) : 1;
		run->progress_rate += weight * (rate - run->progress_rate);
	}
	run->progress_done = done;
	run->last_progress = now;
	fprintf(stderr, "%s%s: %lld", tty ? "\r" : "", run->tool->name, run->records);
	if (!run->reader && run->making > 0)
		fprintf(stderr, " of %lld", run->making);
	fprintf(stderr, " record%s, %.0f/s", sd_plural(run->making > 0 ? run->making : run->records),
		elapsed > 0 ? run->records / elapsed : 0.0);
	if (total > 0 && done < total && run->progress_rate > 0 && !last)
		fprintf(stderr, ", %.0f s left", (double)(total - done) / run->progress_rate);
	fputs(tty ? "\033[K" : "", stderr);
	if (last || !tty)
		fputc('\n', stderr);
}

/* -o FILE, or NULL for standard output (no -o, or -o -). */
static const char *output_file(const struct sd_run *run)
{
	return run->output && strcmp(run->output, "-") ? run->output : NULL;
}

/* Opens the output and sets up signals: what every loop does first. */
static int run_begin(struct sd_run *run, char *outbuf)
{
	/* as any tool that writes binary data: never to a terminal */
	if (sd_format_binary(run->out.format) && !output_file(run) && isatty(STDOUT_FILENO)) {
		sd_report(run, NULL, 0, "-t %s writes binary data, not for a terminal: "
			  "give -o FILE or a pipe", sd_format_names[run->out.format]);
		close_files(run, false);
		return -1;
	}
	sd_catch_signals();
	run->out.interrupt = sd_interrupt_flag();
	run->out_fp = sd_outfile_open(run, &run->out_file, output_file(run));
	if (!run->out_fp) {
		close_files(run, false);
		return -1;
	}
	if (sd_outfile_same(&run->trace, &run->out_file)) {
		sd_report(run, NULL, 0, "--trace %s and %s%s are the same file: give each its own",
			  run->trace.name, run->out_file.name ? "-o " : "standard output",
			  run->out_file.name ? run->out_file.name : "");
		close_files(run, false);
		return -1;
	}
	/* a terminal sees each line as it comes, as stdout's would */
	if (isatty(run->out_file.fd))
		setvbuf(run->out_fp, NULL, _IOLBF, 0);
	else
		setvbuf(run->out_fp, outbuf, _IOFBF, 1 << 16);
	run->writer = sd_writer_new(run->out_fp, &run->out);
	if (!run->writer) {
		sd_report(run, NULL, 0, "out of memory");
		close_files(run, false);
		return -1;
	}
	run->started = run->last_flush = run->last_progress = sd_now();
	run->progress_logged = -1;
	if (run->verbose && !run->quiet && (run->have_seed || run->tool->seeding == SD_SEED_CLOCK))
		sd_report(run, NULL, 0, "seed %llu", (unsigned long long)run->seed);
	return 0;
}

/* After a record: false when the loop must stop (write error, signal). */
static bool run_after_record(struct sd_run *run, int status)
{
	run->status = sd_worst(run->status, status);
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
	return !sd_caught();
}

static int run_end(struct sd_run *run, struct sd_record *rec, char *outbuf, void *arg)
{
	if (sd_caught())
		die_by_signal(run);
	/* the tool's end may still write (a summary) before the output closes */
	if (run->tool->end)
		run->status = sd_worst(run->status, run->tool->end(run, arg));
	if (sd_writer_finish(run->writer) < 0 && !sd_caught()) {
		sd_report(run, NULL, 0, "%s", sd_writer_error(run->writer));
		run->status = SD_EXIT_TROUBLE;
	}
	sd_record_free(rec);
	free(rec);
	if (run->progress)
		show_progress(run, true);
	if (run->verbose && !run->quiet)
		sd_report(run, NULL, 0, "%lld record%s, %lld bad, %.3f s", run->records,
			  sd_plural(run->records), run->bad, sd_now() - run->started);
	close_files(run, true);
	sd_writer_free(run->writer);
	free(outbuf);
	if (sd_caught())
		sd_die_by_signal();     /* it came as the files closed: they stay as they were */
	return run->status;
}

/* Input that could not be read: reported, with exit status 2; under
 * --pack carried in the pack instead, for the program that reads it to
 * report at its place in the stream. */
static void bad_input(struct sd_run *run, const char *file, long line, const char *why)
{
	if (run->pack && sd_writer_put_bad(run->writer, file, line, why) == 0)
		return;
	sd_report(run, file, line, "%s", why);
	run->status = SD_EXIT_TROUBLE;
}

int sd_run_loop(struct sd_run *run, char **operands, int count,
		sd_record_fn *fn, void *arg)
{
	static char *stdin_only[] = { "-" };
	struct sd_record *rec = calloc(1, sizeof *rec);
	char *outbuf = malloc(1 << 16);
	bool stop = false;

	if (!rec || !outbuf) {
		sd_report(run, NULL, 0, "out of memory");
		close_files(run, false);
		return SD_EXIT_TROUBLE;
	}
	if (count == 0) {
		operands = stdin_only;
		count = 1;
	}
	if (run_begin(run, outbuf) < 0) {
		free(rec);
		free(outbuf);
		return SD_EXIT_TROUBLE;
	}
	run->in.interrupt = sd_interrupt_flag();
	for (int i = 0; i < count && !sd_caught() && !stop; i++) {
		run->reader = sd_reader_open(operands[i], &run->in);
		if (!run->reader) {
			bad_input(run, sd_input_name(operands[i]), 0, strerror(errno));
			continue;
		}
		for (;;) {
			int r = sd_reader_next(run->reader, rec);
			long line;
			if (sd_caught() || r == SD_READ_EOF)
				break;
			if (r == SD_READ_FAIL || r == SD_READ_BAD) {
				const char *why = sd_reader_error(run->reader, &line);
				bad_input(run, sd_reader_name(run->reader), line, why);
			}
			if (r == SD_READ_FAIL)
				break;
			if (r == SD_READ_BAD) {
				run->bad++;
				continue;
			}
			if ((stop = !run_after_record(run, fn(run, rec, arg))))
				break;
		}
		sd_reader_close(run->reader);
		run->reader = NULL;
	}
	return run_end(run, rec, outbuf, arg);
}

int sd_run_make(struct sd_run *run, long long count, sd_make_fn *fn, void *arg)
{
	struct sd_record *rec = calloc(1, sizeof *rec);
	char *outbuf = malloc(1 << 16);

	if (!rec || !outbuf) {
		sd_report(run, NULL, 0, "out of memory");
		close_files(run, false);
		return SD_EXIT_TROUBLE;
	}
	if (run_begin(run, outbuf) < 0) {
		free(rec);
		free(outbuf);
		return SD_EXIT_TROUBLE;
	}
	run->making = count;
	for (long long i = 0; (count == 0 || i < count) && !sd_caught(); i++) {
		sd_record_reset(rec);
		if (!run_after_record(run, fn(run, i, rec, arg)))
			break;
	}
	return run_end(run, rec, outbuf, arg);
}

static int pack_record(struct sd_run *run, struct sd_record *rec, void *ctx)
{
	(void)ctx;
	return sd_emit(run, rec, NULL);
}

/* --pack: the records as this run reads them go out as a pack, meant for
 * the format this run would write, which a block of them read with -f
 * pack writes as this run would.  The tool's start has run, to set how it
 * reads and to refuse its own options that blocks cannot follow. */
static sd_record_fn *pack_instead(struct sd_run *run)
{
	sd_pack_refuse(run, output_file(run), "-o writes one file");
	char what[64];
	snprintf(what, sizeof what, "-t %s makes one document", sd_format_names[run->out.format]);
	sd_pack_refuse(run, sd_format_whole_run(run->out.format), what);
	run->out.pack_to = run->out.format;
	run->out.format = SD_FMT_PACK;
	/* a pencil-mark puzzle the tool refuses goes out as the reader's
	 * message, so that the first record packed is the run's first written
	 * (its csv header) */
	run->verbose = run->progress = 0;
	return pack_record;
}

int sd_main(const struct sd_tool *tool, int argc, char **argv, void *ctx)
{
	struct sd_run run;
	int first = sd_run_options(&run, tool, argc, argv, ctx);
	int status = tool->start ? tool->start(&run, ctx) : SD_EXIT_OK;

	if (status > SD_EXIT_OK) {
		close_files(&run, false);
		return status;
	}
	return sd_run_loop(&run, argv + first, argc - first,
			   run.pack ? pack_instead(&run) : tool->record, ctx);
}
