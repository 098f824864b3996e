/* Records and their formats: a reader that turns an operand into records,
 * a writer that turns records into one of the output formats.  Neither
 * prints a message: each keeps its last error for the caller to report. */
#ifndef SD_FORMAT_H
#define SD_FORMAT_H

#include <stdio.h>
#include "format/text.h"

enum sd_format {
	SD_FMT_AUTO,
	SD_FMT_TEXT,                   /* the reporters' lines; first, and the pictures
					  last, so that each -t takes a range of them */
	SD_FMT_LINE, SD_FMT_GRID, SD_FMT_CSV, SD_FMT_JSON,
	SD_FMT_PENCIL,                 /* a line of candidates: a pencil-mark puzzle */
	SD_FMT_SOLO,                   /* Simon Tatham's Solo game IDs */
	SD_FMT_FPUZZLES,               /* the JSON of f-puzzles and SudokuPad */
	SD_FMT_PACK,                   /* the batch scripts' transport (sudoku(5)) */
	SD_FMT_PRETTY, SD_FMT_SVG,
	SD_FMT_PDF, SD_FMT_PNG         /* drawn by a painter (struct sd_write_opts) */
};
extern const char *const sd_format_names[];  /* "auto", "text", "line", ... "png" */

/* ---- records ----------------------------------------------------------- */

/* One board: givens, optional current values, and every other key. */
struct sd_record {
	struct sd_geom g;
	uint8_t puzzle[SD_MAXCELLS];   /* 0 empty, else a given */
	uint8_t board[SD_MAXCELLS];    /* current values, givens included */
	bool has_board;
	/* A pencil-mark puzzle: per cell the values still possible (bit v-1),
	 * instead of or beside the givens; a given's cell holds its value.
	 * NULL for a record of givens: storage of its own (sd_record_new_cand),
	 * which sd_record_reset and sd_record_free free */
	uint64_t *cand;
	bool changes_given;            /* the board replaces a given (only read */
	int changed_cell;              /* under keep_changed_givens): the first */
	/* Rules beyond the classic ones (shared/SPEC.md, "Variants"); NULL for
	 * a classic record.  Storage of its own, set by sd_record_set_rules,
	 * which keeps the "rules" key of keys the same */
	struct sd_rules *rules;
	char *id;                      /* NULL when the record has none */
	json_t *keys;                  /* other keys in order, or NULL */
	json_t *columns;               /* read from csv: its header's keys, which a
					  csv writer keeps as columns; else NULL */
	bool columns_whole;            /* read from a pack meant for csv: columns is
					  the whole header its packer's run fixed,
					  which the csv writer takes as it is */
	const char *file;              /* where the record came from */
	long line;
	int format;                    /* the format it was read in */
	int write_as;                  /* read from a pack: the format the run that
					  packed it would write it in; else SD_FMT_AUTO */
};

void sd_record_init(struct sd_record *rec);
void sd_record_free(struct sd_record *rec);
void sd_record_reset(struct sd_record *rec);
int sd_record_set_id(struct sd_record *rec, const char *id, size_t len);
/* Gives the record rules (taken; NULL or classic: none), and its "rules"
 * key their JSON.  -1 when out of memory. */
int sd_record_set_rules(struct sd_record *rec, struct sd_rules *rules);
/* Rules as JSON, in and out (rules.c): from the value of a "rules" key for
 * a board of size n (*out NULL for the classic rules; -1 with a message
 * for a rule not ours, named, or one that does not fit the board); the
 * JSON of rules, NULL for classic ones. */
int sd_rules_from_json(const json_t *v, int n, struct sd_rules **out, char *err, size_t errlen);
json_t *sd_rules_json(const struct sd_rules *r);
/* Whether a record's rules are all among honoured (a mask of 1 << enum
 * sd_rule): 0, or -1 naming the first that is not. */
int sd_rules_refuse(const struct sd_record *rec, unsigned honoured, char *err, size_t errlen);
/* The record's candidates, every value possible in each of its n×n cells,
 * in place of any it had; NULL when out of memory. */
uint64_t *sd_record_new_cand(struct sd_record *rec, int n);
/* The values to score or show: the board if there is one, else the givens. */
static inline const uint8_t *sd_values(const struct sd_record *rec)
{
	return rec->has_board ? rec->board : rec->puzzle;
}
/* The record's candidates in pencil form (pencil.c): its own, or every
 * value, where a given's cell holds only its value and its peers lose it. */
void sd_record_candidates(const struct sd_record *rec, uint64_t *cand);
/* Whether v fills the record's board and keeps all its rules, the
 * variant's as well as the classic ones. */
bool sd_record_solves(const struct sd_record *rec, const uint8_t *v);
/* Keys added by programs; *_new steals the value. */
void sd_record_set_new(struct sd_record *rec, const char *key, json_t *value);
void sd_record_set_int(struct sd_record *rec, const char *key, long long v);
void sd_record_set_str(struct sd_record *rec, const char *key, const char *s);
json_t *sd_record_get(const struct sd_record *rec, const char *key);
/* A record's seed: from the run's seed and the record itself (id, else
 * puzzle), never from its position in the stream. */
uint64_t sd_record_seed(uint64_t run_seed, const struct sd_record *rec);

/* ---- reading ----------------------------------------------------------- */

/* What readers need to know; shared by every operand of a run. */
struct sd_read_opts {
	int format;                    /* SD_FMT_AUTO to detect per operand */
	struct sd_alphabet alpha;
	bool have_box;                 /* -b given */
	struct sd_geom box;
	const volatile sig_atomic_t *interrupt; /* a signal ends the input */
	bool keep_changed_givens;      /* a board that changes a given is read, for
					  a checker to judge, not refused */
	bool givens_only;              /* a pencil-mark puzzle is a bad record: a
					  solution or a score that ignored its
					  candidates would be no answer to it */
	/* A program's words for its user, which the reader's messages add
	 * to its own (NULL: none, as for the library's callers): how to
	 * name the format when a first record failed in the one detected,
	 * and, in place of "where only givens are read", who reads a
	 * pencil-mark puzzle refused. */
	const char *name_format, *read_candidates;
	/* the variants' rules the program honours (a mask of 1 << enum
	 * sd_rule; 0: the classic ones alone): a record with another is a
	 * bad record, refused by name, never solved or scored by rules it
	 * breaks */
	unsigned rules_honoured;
};

struct sd_reader;
enum { SD_READ_EOF = 0, SD_READ_OK = 1, SD_READ_BAD = -1, SD_READ_FAIL = -2 };
/* Opens a path ("-" is standard input); NULL with errno set if it cannot. */
struct sd_reader *sd_reader_open(const char *path, const struct sd_read_opts *o);
/* Reads a copy of text in memory instead, named name in messages. */
struct sd_reader *sd_reader_open_text(const char *name, const char *text, size_t len,
				      const struct sd_read_opts *o);
/* SD_READ_OK fills rec; SD_READ_BAD found a bad record and skipped it;
 * SD_READ_FAIL is an I/O error; SD_READ_EOF the end.  After the two
 * errors, sd_reader_error tells what and where. */
int sd_reader_next(struct sd_reader *rd, struct sd_record *rec);
const char *sd_reader_error(const struct sd_reader *rd, long *line);
/* The file the last record or error came from: the operand (<stdin> for
 * "-"), or for a pack the file its packer read. */
const char *sd_reader_name(const struct sd_reader *rd);
void sd_reader_close(struct sd_reader *rd);
/* Bytes consumed and the size of the input, when known (-1 otherwise). */
void sd_reader_progress(const struct sd_reader *rd, long long *done, long long *total);

/* ---- writing ----------------------------------------------------------- */

#define SD_MAX_TOOL_KEYS 16
struct sd_write_opts;
/* Draws the records of a whole run as a pdf or png (format) on fp: 0, or
 * -1 with a message in err.  The painter lives above the formats
 * (lib/paint, with cairo), so that only the programs that draw link it:
 * a writer holds the records and hands them over at its end. */
typedef int sd_paint_fn(FILE *fp, int format, struct sd_record *const *recs, int count,
			const struct sd_write_opts *o, char *err, size_t errlen);
enum sd_paper { SD_PAPER_A4, SD_PAPER_LETTER };
struct sd_write_opts {
	int format;                    /* SD_FMT_AUTO: the input's */
	int pack_to;                   /* pack: the format the records are meant for
					  (SD_FMT_AUTO: settled on the first, as above) */
	struct sd_alphabet alpha;
	int color;                     /* 0 never, 1 always */
	bool unicode;
	/* the keys the program may add to a record, in the order of their
	 * csv columns: a csv header has them all whichever record is first */
	const char *keys[SD_MAX_TOOL_KEYS];
	int nkeys;
	sd_paint_fn *paint;            /* pdf and png; NULL: the tool writes neither */
	int per_page;                  /* pdf: puzzles a page (1, 2, 4 or 6) */
	int paper;                     /* pdf: enum sd_paper */
	const char *title;             /* pdf: the book's title, or NULL */
	int size;                      /* png: pixels a side; 0: as the svg draws it */
	/* a signal that ends the run ends the drawing of its document too */
	const volatile sig_atomic_t *interrupt;
};
struct sd_writer;
struct sd_writer *sd_writer_new(FILE *fp, const struct sd_write_opts *o);
/* Writes one record whole; text is a reporter's answer (NULL: none): its
 * line in SD_FMT_TEXT, and in pretty and svg what goes above the board in
 * place of the record's name alone (json and csv carry it as keys).
 * Returns 0, or -1 when the record cannot be written in this format (then
 * sd_writer_error says why, or is empty when that was said before). */
int sd_writer_put(struct sd_writer *w, const struct sd_record *rec, const char *text);
/* A record that could not be read, for a pack to carry to the program
 * that reads it (line 0: the whole file); -1 in any other format. */
int sd_writer_put_bad(struct sd_writer *w, const char *file, long line, const char *message);
/* The end of the output: a document of the whole run (svg, pdf, png) is
 * written here.  0, or -1 with sd_writer_error saying why. */
int sd_writer_finish(struct sd_writer *w);
/* Whether a format writes one document of the whole run (svg, pdf, png):
 * it holds the records until the end, and cannot be cut into blocks. */
bool sd_format_whole_run(int format);
/* Whether a format's output is binary, not for a terminal (pdf, png). */
bool sd_format_binary(int format);
/* Whether a format shows a reporter's answer beside each record: text,
 * pretty and svg write it, json, csv and pack carry its keys; line, grid
 * and pencil hold boards alone. */
bool sd_format_shows_answer(int format);
/* The records written so far (for a whole run's document, held). */
long long sd_writer_count(const struct sd_writer *w);
const char *sd_writer_error(const struct sd_writer *w);
/* The format the record will be written in (the default settles on the
 * first record). */
int sd_writer_resolve(struct sd_writer *w, const struct sd_record *rec);
/* Whether the record's format writes its fields beside its boards (json
 * and csv do): tools skip working out fields nobody will see. */
bool sd_writer_shows_fields(const struct sd_writer *w, const struct sd_record *rec);
void sd_writer_free(struct sd_writer *w);

#endif
