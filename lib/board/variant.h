/* Variants: a record's rules beyond the classic ones (shared/SPEC.md,
 * "Variants"), as data, and what they compile to: units that hold 1..N
 * once, pairs of cells that must differ or must not be consecutive,
 * cages with sums, and each cell's allowed digits.  An engine iterates
 * those lists; none asks which variant a record is.  Included by
 * board.h. */
#ifndef SD_VARIANT_H
#define SD_VARIANT_H

/* A rule as messages name it (sd_rule_names): the unit kinds first. */
enum sd_rule {
	SD_RULE_ROW, SD_RULE_COLUMN, SD_RULE_BOX, SD_RULE_REGION, SD_RULE_DIAGONAL,
	SD_RULE_EXTRA, SD_RULE_ANTI_KNIGHT, SD_RULE_ANTI_KING, SD_RULE_NON_CONSECUTIVE,
	SD_RULE_CAGE, SD_RULE_PARITY, SD_RULE_COUNT
};
extern const char *const sd_rule_names[];  /* "row", ..., "extra region", "anti-knight", ... */

enum { SD_DIAGONAL_MAIN = 1, SD_DIAGONAL_ANTI = 2 };
/* The extra regions: none, a board of them, or a named set. */
enum sd_extra_set {
	SD_EXTRA_NONE, SD_EXTRA_BOARD, SD_EXTRA_WINDOKU, SD_EXTRA_DISJOINT,
	SD_EXTRA_CENTRE_DOT, SD_EXTRA_ASTERISK, SD_EXTRA_GIRANDOLA
};
extern const char *const sd_extra_names[]; /* indexed by the set; "windoku", ... */
enum { SD_ODD = 1, SD_EVEN = 2 };

/* Cells cell[first .. first+count) of struct sd_rules; sum 0: none. */
struct sd_cage { int first, count, sum; };

/* The rules of a record, as read (a record without them has none: NULL).
 * Large (about 70 KiB): allocated, one per record that has rules. */
struct sd_rules {
	int n;
	bool jigsaw;                   /* region[] replaces the boxes */
	uint8_t region[SD_MAXCELLS];   /* 0..n-1 */
	int diagonals;                 /* SD_DIAGONAL_MAIN | SD_DIAGONAL_ANTI */
	int extra_set;                 /* enum sd_extra_set */
	uint8_t extra[SD_MAXCELLS];    /* the board's: 0 outside, else 1..nextra */
	int nextra;
	bool anti_knight, anti_king, non_consecutive;
	bool has_parity;
	uint8_t parity[SD_MAXCELLS];   /* 0, SD_ODD or SD_EVEN */
	int ncages;
	struct sd_cage cage[SD_MAXCELLS];
	uint16_t cage_cell[SD_MAXCELLS];
};

struct sd_rules *sd_rules_new(int n);          /* none yet; NULL when out of memory */
struct sd_rules *sd_rules_copy(const struct sd_rules *r);
void sd_rules_free(struct sd_rules *r);
/* Whether r holds no rule beyond the classic ones (NULL holds none). */
bool sd_rules_classic(const struct sd_rules *r);
bool sd_rules_equal(const struct sd_rules *a, const struct sd_rules *b);
/* Adds a cage of count cells (sum 0: none): 0, or -1 with a message. */
int sd_rules_add_cage(struct sd_rules *r, const int *cells, int count, int sum,
		      char *err, size_t errlen);
/* The rules a record's rules use, as a mask of 1 << enum sd_rule: what a
 * program checks against those it honours. */
unsigned sd_rules_used(const struct sd_rules *r);
/* The rules that are ours to honour beyond the classic ones: every one. */
#define SD_RULES_ALL (((1u << SD_RULE_COUNT) - 1) & ~((1u << SD_RULE_ROW) | (1u << SD_RULE_COLUMN) | (1u << SD_RULE_BOX)))

/* ---- compiled -------------------------------------------------------- */

#define SD_MAX_UNITS (4 * SD_MAXN + 2)
#define SD_MAX_CELL_UNITS 6            /* row, column, box or region, two diagonals, an extra */

/* The rules as every engine walks them.  Units: rows, columns, boxes or
 * regions, diagonals, extra regions, each of n cells holding 1..n once.
 * Each cell's peers: every other cell that must differ from it (its units',
 * a knight's or king's move away, its cage's), without repeats; its
 * neighbours that must not hold a consecutive digit; its cage; its allowed
 * digits (parity).  Allocated by sd_ruleset_new with room for its lists. */
struct sd_ruleset {
	int n, ncells;
	uint64_t all;
	int nunits;
	uint16_t unit[SD_MAX_UNITS][SD_MAXN];
	uint8_t unit_rule[SD_MAX_UNITS];          /* enum sd_rule */
	uint8_t nunits_of[SD_MAXCELLS];
	uint16_t units_of[SD_MAXCELLS][SD_MAX_CELL_UNITS];
	int *peer_start;                          /* cell's peers: peer[peer_start[cell]..peer_start[cell+1]) */
	uint16_t *peer;
	int *apart_start;                         /* cell's orthogonal neighbours (non-consecutive) */
	uint16_t *apart;
	int16_t cage_of[SD_MAXCELLS];             /* -1 none */
	uint64_t allowed[SD_MAXCELLS];            /* digits parity allows */
	const struct sd_rules *rules;             /* the rules compiled (not owned); NULL classic */
	struct sd_geom g;
};
/* Compiles the classic rules of g with r (NULL: none beyond them): the
 * ruleset, or NULL with a message (rules that make no board of g, or out
 * of memory).  g's boxes are ignored under jigsaw. */
struct sd_ruleset *sd_ruleset_new(const struct sd_geom *g, const struct sd_rules *r,
				  char *err, size_t errlen);
void sd_ruleset_free(struct sd_ruleset *rs);

/* A rule a board breaks: which, where (a unit's index, a cage's, or a
 * cell), and the cells involved. */
struct sd_broken { int rule, index, cell, other; };
/* Calls found for each rule the values v break (0 empty: only digits
 * placed are judged, and a cage's sum only once it is full); returns how
 * many, stopping when found returns false. */
int sd_rules_broken(const struct sd_ruleset *rs, const uint8_t *v,
		    bool (*found)(void *arg, const struct sd_broken *b), void *arg);
/* Whether v fills the board and keeps every rule. */
bool sd_ruleset_solved(const struct sd_ruleset *rs, const uint8_t *v);
/* The rule broken as words ("two 5s in box 3", "r1c1 and r2c3 a knight's
 * move apart hold 5", "cage at r1c1 adds up to 12, not 14"). */
void sd_broken_text(const struct sd_ruleset *rs, const uint8_t *v, const struct sd_broken *b,
		    char *buf, size_t len);
/* The cost of a board under the rules: metric's count over the units (as
 * sd_cost over rows, columns and boxes), plus one per pair of cells that
 * breaks a pair rule, per cell parity forbids, and per cage its repeats and
 * its distance from its sum once full. */
int sd_ruleset_cost(const struct sd_ruleset *rs, const uint8_t *v, int metric);

/* The smallest and largest sums of count distinct digits of 1..n. */
static inline int sd_min_sum(int count) { return count * (count + 1) / 2; }
static inline int sd_max_sum(int n, int count) { return count * (2 * n - count + 1) / 2; }

#endif
