/* The individual formats, for read.c and write.c, which choose between
 * them, and for each other: not part of the formats' interface. */
#ifndef SD_CODEC_H
#define SD_CODEC_H

#include <csv.h>
#include "format/format.h"

struct csv_state;
struct sd_reader {
	struct sd_input in;
	const struct sd_read_opts *o;
	int format;
	bool skip_to_blank;            /* grid: resynchronise at a blank line */
	struct csv_state *csv;
	struct sd_buf text;            /* json: the object being read */
	char *rest;                    /* json: what follows it on its line */
	size_t restlen;
	struct sd_geom line_box;       /* line: the shape a "# box RxC" line states
					  for the boards of its size that follow */
	json_t *line_rules;            /* line and grid: the rules a "# rules" line
					  states for the records that follow (NULL:
					  the classic ones) */
	long line_rules_bad;           /* the line of a "# rules" line that could not
					  be read, whose records are refused (0: none) */
	struct sd_alphabet standard;   /* json and csv boards: never -A's symbols */
	struct sd_alphabet widened;    /* line: -A's symbols, and the standard ones */
	int widened_n;                 /* where they cannot be mistaken, for this size */
	bool guessed;                  /* the format was detected, not given */
	size_t first_field;            /* the length of the first line's first field */
	char *origin;                  /* pack: the file the last record or error
					  came from (NULL: the pack itself) */
	long long records;             /* read well so far */
	long long objects;             /* json: objects read, well or not */
	char err[256];                 /* a reader's scratch for messages */
	char message[512];             /* the last error, at message_line */
	long message_line;
};

int sd_read_line(struct sd_reader *rd, struct sd_record *rec);
int sd_read_grid(struct sd_reader *rd, struct sd_record *rec);
int sd_read_csv(struct sd_reader *rd, struct sd_record *rec);
/* A record from a JSON object of our keys that starts at line first. */
int sd_json_record(struct sd_reader *rd, struct sd_record *rec, json_t *obj, long first);
int sd_read_pack(struct sd_reader *rd, struct sd_record *rec);
int sd_read_solo(struct sd_reader *rd, struct sd_record *rec);
/* The next JSON object of the input (json and fpuzzles), parsed, and the
 * line it starts on: SD_READ_OK, or SD_READ_EOF, or an error kept. */
int sd_read_json_object(struct sd_reader *rd, json_t **obj, long *at);
/* Whether a JSON object is f-puzzles' (a "grid" of rows, no "puzzle"),
 * and the record it makes, read at line at: SD_READ_OK or SD_READ_BAD. */
bool sd_fpuzzles_object(const json_t *obj);
int sd_fpuzzles_record(struct sd_reader *rd, struct sd_record *rec, const json_t *obj, long at);
/* Whether a line's first field is a Solo game ID ("3x3:...", "9j:...",
 * "3x3xk:..."): what detection asks. */
bool sd_solo_shaped(const char *field, size_t len);
void sd_csv_free(struct csv_state *cs);
/* Keeps the error of a bad record at a line and returns SD_READ_BAD. */
int sd_bad(struct sd_reader *rd, long line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Keeps an I/O error (errno) and returns SD_READ_FAIL. */
int sd_read_failed(struct sd_reader *rd);
/* The next line that is neither blank nor a comment: SD_READ_OK, or
 * SD_READ_EOF, or an error kept as above. */
int sd_content_line(struct sd_reader *rd, char **line, size_t *len);
/* A comment "# box RxC" that states the shape of the line boards of its
 * size that follow: 1 (g set), 0 another comment, -1 a bad shape. */
int sd_box_comment(const char *line, size_t len, struct sd_geom *g);
/* A comment "# rules {...}" states the rules of the line and grid records
 * that follow ("# rules {}": the classic ones): 1 (kept in rd), 0 another
 * comment, or SD_READ_BAD with a message.  sd_stated_rules gives a record
 * read after it those rules: 0, or SD_READ_BAD. */
int sd_rules_comment(struct sd_reader *rd, const char *line, size_t len);
int sd_stated_rules(struct sd_reader *rd, struct sd_record *rec);
/* Checks that v is an object of rules we know, naming one we do not
 * (rules.c): 0, or -1 with a message. */
int sd_rules_check_names(const json_t *v, char *err, size_t errlen);

/* Boards given as a string of symbols or as JSON rows: 0, or -1 with a
 * message in err. */
int sd_board_from_symbols(const char *s, size_t len, const struct sd_alphabet *a,
			  int n, uint8_t *cells, char *err, size_t errlen);
int sd_board_from_json(const json_t *v, const struct sd_alphabet *a,
		       int *n, uint8_t *cells, char *err, size_t errlen);
/* Pencil marks (pencil.c): the size whose candidates take len symbols
 * (N³, N from 4 to 35), else 0; whether s is candidates of size n with at
 * least one in every cell (what detection asks); candidates from symbols
 * (0, or -1 with a message in err), one cell's n places (0 or -1), and
 * candidates written as symbols (symbol[0] for a value that is not one,
 * symbol[v] for v), the board's or one cell's. */
int sd_pencil_size(size_t len);
bool sd_pencil_shaped(const char *s, size_t len, int n, const struct sd_alphabet *a);
int sd_cand_from_symbols(const char *s, size_t len, const struct sd_alphabet *a,
			 int n, uint64_t *cand, char *err, size_t errlen);
int sd_cell_cand_from_symbols(const char *s, const struct sd_alphabet *a, int n, uint64_t *mask);
void sd_put_cand_symbols(struct sd_buf *b, const struct sd_geom *g, const uint64_t *cand,
			 const char *symbol);
void sd_put_cell_cand_symbols(struct sd_buf *b, int n, uint64_t mask, const char *symbol);
/* A record from a JSON object (id, size, box, puzzle, board in the
 * standard symbols; the other keys kept): 0, or -1 with a message in
 * rd->err. */
int sd_record_from_json(struct sd_reader *rd, struct sd_record *rec, json_t *obj);
/* Checks the geometry of a record against -b, fills the default shape and
 * merges the board with the givens; 0, or -1 with a message in err. */
int sd_record_settle(struct sd_record *rec, const struct sd_read_opts *o,
		     const struct sd_geom *stated, char *err, size_t errlen);

/* Writers, each appending one record to a buffer. */
/* A board as symbols: symbol[v] writes the value v (an alphabet's symbol). */
void sd_put_symbols(struct sd_buf *b, const struct sd_geom *g, const uint8_t *v,
		    const char *symbol);
/* A board as a JSON string of the standard symbols up to 35×35, as rows
 * of numbers beyond. */
void sd_put_board_value(struct sd_buf *b, const struct sd_geom *g, const uint8_t *v);
void sd_put_json_string(struct sd_buf *b, const char *s);
/* Writes "# box RxC" first when a reader would not otherwise take the
 * record's shape (stated: the shape the stream last stated, kept); -1
 * when the record's name would not read back as its name (a line break,
 * or a first word a reader takes for a board) and nothing is written.
 * pencil: the puzzle as its candidates (sd_record_candidates), a line of
 * the pencil format. */
int sd_put_line(struct sd_buf *b, const struct sd_record *rec, const struct sd_alphabet *a,
		 struct sd_geom *stated, bool pencil);
/* The end of a line stream that stated a shape other than its size's
 * default: it states the default again, so that a stream after it in a
 * concatenation (cat a.txt b.txt) is read with its own shapes. */
void sd_put_line_end(struct sd_buf *b, struct sd_geom *stated);
void sd_put_grid(struct sd_buf *b, const struct sd_record *rec);
void sd_put_json(struct sd_buf *b, const struct sd_record *rec);
/* Solo's game ID and f-puzzles' JSON: 0, or -1 with why the record cannot
 * be written so in err (a rule the format cannot say, named). */
int sd_put_solo(struct sd_buf *b, const struct sd_record *rec, char *err, size_t errlen);
int sd_put_fpuzzles(struct sd_buf *b, const struct sd_record *rec, char *err, size_t errlen);
/* A pack line: the record, where it came from, and the format to write it
 * in (to), with the csv header of the packer's run when to is csv (else
 * NULL); or a record that could not be read, with the reader's message. */
void sd_put_pack(struct sd_buf *b, const struct sd_record *rec, int to, const json_t *header);
void sd_put_pack_bad(struct sd_buf *b, const char *file, long line, const char *message);
/* The columns a csv writer fixes at its first record, rec: id, box, puzzle
 * and board, the keys the program adds (tool_keys), then the record's own
 * (or the whole header a pack carried, rec->columns_whole). */
json_t *sd_csv_columns(const struct sd_record *rec, const char *const *tool_keys, int ntool);
/* A row under the columns the first record fixed (the header row first,
 * then); -1 when the record has a key without a column (*missing). */
int sd_put_csv(struct sd_buf *b, const struct sd_record *rec, json_t **columns,
	       const char *const *tool_keys, int ntool, const char **missing);
void sd_put_pretty(struct sd_buf *b, const struct sd_record *rec,
		   const struct sd_alphabet *a, int color, bool unicode);
/* The same for a board with a variant's rules (pretty_rules.c). */
void sd_put_pretty_rules(struct sd_buf *b, const struct sd_record *rec,
			 const struct sd_alphabet *a, int color, bool unicode);
void sd_put_svg(struct sd_buf *b, struct sd_record *const *recs, int count,
		const struct sd_alphabet *a);
/* Marks the cells a record's "wrong" key names. */
void sd_wrong_cells(const struct sd_record *rec, bool *wrong);

#endif
