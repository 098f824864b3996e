/* libFuzzer harness for a reader (FUZZ_FORMAT: a format number, 0 detects)
 * and the record loop's writers: every record read is written in every
 * format, and a record written as json must read back. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "format/codec.h"

#ifndef FUZZ_FORMAT
#define FUZZ_FORMAT SD_FMT_AUTO
#endif

static int check(int cond)
{
	if (!cond)
		abort();
	return 0;
}

static int memfd_with(const void *data, size_t size, char *path, size_t len)
{
	int fd = memfd_create("fuzz", 0);

	if (fd < 0 || write(fd, data, size) != (ssize_t)size || lseek(fd, 0, SEEK_SET) != 0)
		abort();
	snprintf(path, len, "/proc/self/fd/%d", fd);
	return fd;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	/* readers report bad records on stderr: send that stream elsewhere but
	 * keep file descriptor 2, where libFuzzer and the sanitizers report */
	FILE *quiet = fopen("/dev/null", "w");
	if (!quiet)
		abort();
	stderr = quiet;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sd_read_opts o = { .format = FUZZ_FORMAT, .rules_honoured = SD_RULES_ALL };
	struct sd_write_opts w = { .format = SD_FMT_AUTO };
	struct sd_record rec, back;
	char path[64], path2[64];
	int fd = memfd_with(data, size, path, sizeof path);
	FILE *sink = fopen("/dev/null", "w");

	sd_alphabet_default(&o.alpha);
	sd_alphabet_default(&w.alpha);
	sd_record_init(&rec);
	sd_record_init(&back);
	struct sd_reader *rd = sd_reader_open(path, &o);
	check(rd != NULL);
	int r, records = 0;
	while ((r = sd_reader_next(rd, &rec)) != SD_READ_EOF && r != SD_READ_FAIL && records < 1000) {
		if (r != SD_READ_OK)
			continue;
		records++;
		/* boxes, or a jigsaw's regions in their place */
		check(rec.g.n >= 4 && rec.g.n <= SD_MAXN && (rec.g.r * rec.g.c == rec.g.n ||
			(!rec.g.r && !rec.g.c && rec.rules && rec.rules->jigsaw)));
		for (int i = 0; i < sd_cells(&rec.g); i++)
			check(rec.puzzle[i] <= rec.g.n && (!rec.has_board || rec.board[i] <= rec.g.n) &&
			      (!rec.has_board || !rec.puzzle[i] || rec.board[i] == rec.puzzle[i]));
		for (int fmt = SD_FMT_TEXT; fmt <= SD_FMT_SVG; fmt++) {
			w.format = fmt;
			struct sd_writer *wr = sd_writer_new(sink, &w);
			sd_writer_put(wr, &rec, "x");
			sd_writer_finish(wr);
			sd_writer_free(wr);
		}
		/* json round trip: the same board comes back */
		struct sd_buf b = { 0 };
		sd_put_json(&b, &rec);
		struct sd_read_opts jo = o;
		jo.format = SD_FMT_JSON;
		jo.have_box = false;
		int fd2 = memfd_with(b.p, b.len, path2, sizeof path2);
		struct sd_reader *rd2 = sd_reader_open(path2, &jo);
		check(rd2 && sd_reader_next(rd2, &back) == SD_READ_OK);
		check(back.g.n == rec.g.n && back.g.r == rec.g.r && back.has_board == rec.has_board);
		check(!memcmp(back.puzzle, rec.puzzle, (size_t)sd_cells(&rec.g)));
		check(sd_rules_equal(back.rules, rec.rules));
		sd_reader_close(rd2);
		close(fd2);
		sd_buf_free(&b);
	}
	sd_reader_close(rd);
	sd_record_free(&rec);
	sd_record_free(&back);
	fclose(sink);
	close(fd);
	return 0;
}
