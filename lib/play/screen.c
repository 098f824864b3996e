/* The game on a terminal: curses draws the board from the game's state
 * where play/layout.h puts it and turns keys and clicks into the game's
 * moves; first, when there are any, the saved games to resume. */
#include <curses.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "explain/explain.h"
#include "frame/signals.h"
#include "play/layout.h"
#include "play/screen.h"

enum { INK_GIVEN = 1, INK_WRONG, INK_MARKED, INK_HINT };
enum { CTRL_R = 'R' & 0x1f, ESCAPE = 27 };
#define MAX_SPANS 512

struct screen {
	struct sd_game *gm;
	const struct sd_play_opts *o;
	struct sd_layout at;
	int cursor;
	bool pencil, checking, help, hint_shown;
	int marked;                    /* the digit m highlights, 0 none */
	int hint_kind;
	struct sd_step hint;
	struct sd_buf message;
	struct sd_buf why;             /* the steps of the hint shown, for e */
	int reading;                   /* e: the first line of its page; -1 not reading */
	int choosing;                  /* the saved game under the cursor; -1 playing */
	bool wrong[SD_MAXCELLS];
	bool color;
	int asking;                    /* a question's key: 'Q', 'N' or 'S', 0 none */
	char symbols[80];              /* the symbols a key types: "1-9 A-G" */
	struct sd_buf status, keys;    /* the status and key lines as drawn */
	struct sd_span spans[MAX_SPANS];
};

/* "1-9 A-G": the board's symbols as runs. */
static void name_symbols(struct screen *s)
{
	const char *sym = s->o->alpha->symbol;
	int n = s->gm->g.n, len = 0;

	for (int d = 1; d <= n && len < (int)sizeof s->symbols - 8; d++) {
		int last = d;
		while (last < n && sym[last + 1] == sym[last] + 1)
			last++;
		len += snprintf(s->symbols + len, sizeof s->symbols - (size_t)len,
				last > d ? "%s%c-%c" : "%s%c", len ? " " : "", sym[d], sym[last]);
		d = last;
	}
}

/* How a wrong entry looks, in words. */
static const char *wrong_look(const struct screen *s)
{
	return s->color ? "in red" : s->at.cw >= 3 ? "underlined, with a !" : "underlined";
}

/* Whether the mistakes show: never while they would give an entry away
 * (--check-as-you-go shows the entries themselves). */
static bool mistakes_shown(const struct screen *s)
{
	return s->o->check_as_you_go || sd_game_solved(s->gm);
}

static void format_time(char *buf, size_t size, double seconds)
{
	long t = (long)seconds;

	if (t >= 3600)
		snprintf(buf, size, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
	else
		snprintf(buf, size, "%02ld:%02ld", t / 60, t % 60);
}

/* The status (level and rating, time, hints, mistakes once they give
 * nothing away) and the keys, as items two spaces apart. */
static void make_lines(struct screen *s)
{
	const struct sd_game *gm = s->gm;
	char clock[32];

	format_time(clock, sizeof clock, sd_game_elapsed(gm));
	sd_buf_free(&s->status);
	sd_buf_printf(&s->status, "%s%s", gm->solution_shown && sd_game_solved(gm) ? "solution shown: " :
		      sd_game_solved(gm) ? "solved: " : "", sd_level_names[gm->level]);
	if (gm->level < SD_LEVEL_SEARCH)
		sd_buf_printf(&s->status, " %.1f", gm->score);
	sd_buf_printf(&s->status, "  %s  hints %d", clock, gm->hints);
	if (mistakes_shown(s))
		sd_buf_printf(&s->status, "  mistakes %d", gm->mistakes);
	if (s->pencil)
		sd_buf_puts(&s->status, "  pencil");
	sd_buf_free(&s->keys);
	sd_buf_printf(&s->keys, "hjkl move  %s enter  x clear  p pencil  u undo  ^R redo  H hint%s  "
		      "c check  S solution  s save  Q quit  ? keys", s->symbols,
		      s->why.len ? "  e why" : "");
}

/* The lines the words need at a width (play/layout.h). */
static int text_lines(int width, bool small_cells, void *arg)
{
	struct screen *s = arg;

	return sd_wrap(s->status.p, width, true, s->spans, 0) +
		sd_wrap(s->keys.p, width, true, s->spans, 0) + small_cells;
}

/* text wrapped into lines from y to y + room - 1 at column x, its last
 * line ending in "..." when it is cut: the lines drawn. */
static int draw_words(struct screen *s, const char *text, int y, int x, int width, int room, bool items)
{
	int count = sd_wrap(text, width, items, s->spans, MAX_SPANS);

	if (count > MAX_SPANS)
		count = MAX_SPANS;
	for (int i = 0; i < count && i < room; i++) {
		struct sd_span sp = s->spans[i];
		bool cut = i == room - 1 && count > room;
		if (cut && sp.len > width - 3)
			sp.len = width - 3;
		mvaddnstr(y + i, x, text + sp.at, sp.len);
		if (cut)
			addstr("...");
	}
	return count < room ? count : room;
}

static int cell_y(const struct screen *s, int row)
{
	return sd_layout_cell_y(&s->at, &s->gm->g, row);
}

static int cell_x(const struct screen *s, int col)
{
	return sd_layout_cell_x(&s->at, &s->gm->g, col);
}

static chtype symbol_of(const struct screen *s, int d)
{
	return d ? (chtype)(unsigned char)s->o->alpha->symbol[d] : '.';
}

/* The corner, tee or cross where lines meet, by the arms it has. */
static chtype joint(bool up, bool down, bool left, bool right)
{
	if (up && down)
		return left && right ? ACS_PLUS : right ? ACS_LTEE : ACS_RTEE;
	if (down)
		return left && right ? ACS_TTEE : right ? ACS_ULCORNER : ACS_URCORNER;
	return left && right ? ACS_BTEE : right ? ACS_LLCORNER : ACS_LRCORNER;
}

/* The lines between boxes, and between cells when cells are big (dim,
 * under the boxes' lines), with their corners, tees and crosses. */
static void draw_lines(const struct screen *s)
{
	const struct sd_geom *g = &s->gm->g;
	bool box, box_across;

	for (int pass = 0; pass < 2; pass++)
		for (int k = 0; k <= g->n; k++) {
			if (sd_layout_line(&s->at, g, k, true, &box) && box == pass) {
				attrset(box ? A_NORMAL : A_DIM);
				mvhline(cell_y(s, k) - 1, 1, ACS_HLINE, s->at.width);
			}
			if (sd_layout_line(&s->at, g, k, false, &box) && box == pass) {
				attrset(box ? A_NORMAL : A_DIM);
				mvvline(0, cell_x(s, k) - 1, ACS_VLINE, s->at.height);
			}
		}
	for (int k = 0; k <= g->n; k++)
		for (int j = 0; j <= g->n; j++)
			if (sd_layout_line(&s->at, g, k, true, &box_across) &&
			    sd_layout_line(&s->at, g, j, false, &box)) {
				attrset(box || box_across ? A_NORMAL : A_DIM);
				mvaddch(cell_y(s, k) - 1, cell_x(s, j) - 1,
					joint(k > 0, k < g->n, j > 0, j < g->n));
			}
	attrset(A_NORMAL);
}

/* The look of a cell: givens bold (green), wrong entries red, the digit
 * m marks and a hint's cell on a background; without colour, underlined
 * and with a '!' beside a wrong entry.  Pencil marks are dim. */
static attr_t cell_attr(const struct screen *s, int cell)
{
	const struct sd_game *gm = s->gm;
	attr_t a = A_NORMAL;
	bool hinted = s->hint_shown && cell == s->hint.cell;

	if (gm->puzzle[cell])
		a |= A_BOLD | (s->color ? COLOR_PAIR(INK_GIVEN) : 0);
	else if (s->wrong[cell])
		a |= s->color ? COLOR_PAIR(INK_WRONG) | A_BOLD : A_UNDERLINE;
	else if (!gm->board[cell] && gm->marks[cell])
		a |= A_DIM;
	if (hinted)
		a = (a & ~A_COLOR) | (s->color ? COLOR_PAIR(INK_HINT) : A_UNDERLINE);
	else if (s->marked && gm->board[cell] == s->marked)
		a = (a & ~A_COLOR) | (s->color ? COLOR_PAIR(INK_MARKED) : A_UNDERLINE);
	if (cell == s->cursor)
		a |= A_REVERSE;
	return a;
}

/* One line of a cell of pencil marks: big cells a box of them, each
 * mark in its place (digit k+1 at row k / c, column k % c) and a dot
 * where a mark is not; small ones as many as fit, a '+' for the rest,
 * then dots.  A mark never stands where an entry would, alone. */
static void pencil_line(const struct screen *s, uint64_t marks, int row, chtype *text)
{
	const struct sd_geom *g = &s->gm->g;
	int cw = s->at.cw, shown = 0;

	if (s->at.ch > 1) {
		for (int k = row * g->c; k < (row + 1) * g->c; k++)
			text[2 * (k % g->c)] = marks >> k & 1 ? symbol_of(s, k + 1) : ACS_BULLET;
		return;
	}
	for (int k = 0; k < g->n && shown < cw; k++)
		if (marks >> k & 1) {
			text[shown] = shown == cw - 1 && sd_popcount(marks >> k) > 1 ? '+' :
				symbol_of(s, k + 1);
			shown++;
		}
	while (shown < cw)
		text[shown++] = ACS_BULLET;
}

static void draw_cell(const struct screen *s, int cell)
{
	const struct sd_game *gm = s->gm;
	int n = gm->g.n, y = cell_y(s, cell / n), x = cell_x(s, cell % n);
	int d = gm->board[cell], cw = s->at.cw, ch = s->at.ch;
	bool pencil = !d && gm->marks[cell];
	attr_t a = cell_attr(s, cell);
	chtype text[2 * SD_MAXN];

	for (int row = 0; row < ch; row++) {
		for (int i = 0; i < cw; i++)
			text[i] = ' ';
		if (d && row == ch / 2)
			text[cw / 2] = symbol_of(s, d);
		else if (pencil)
			pencil_line(s, gm->marks[cell], row, text);
		if (cell == s->cursor && cw >= 3 && ch == 1 && !pencil) {
			text[0] = '[';
			text[cw - 1] = ']';
		} else if (!s->color && s->wrong[cell] && cw >= 3 && d && row == ch / 2) {
			text[cw - 1] = '!';
		}
		move(y + row, x);
		for (int i = 0; i < cw; i++)
			addch(text[i] | a);
	}
}

/* Below the board, or beside it: the message from the top, the marks of
 * the cell under the cursor (small cells), the status, the keys last. */
static void draw_text(struct screen *s)
{
	const struct sd_game *gm = s->gm;
	int x = s->at.text_x, w = s->at.text_w, top = s->at.text_y;
	int bottom = s->at.text_y + s->at.text_h;
	int keys = sd_wrap(s->keys.p, w, true, s->spans, 0);
	int status = sd_wrap(s->status.p, w, true, s->spans, 0);

	draw_words(s, s->keys.p, bottom - keys, x, w, keys, true);
	attrset(A_BOLD);
	draw_words(s, s->status.p, bottom - keys - status, x, w, status, true);
	attrset(A_NORMAL);
	bottom -= keys + status;
	if (s->at.ch == 1) {
		bottom--;
		if (gm->marks[s->cursor] && !gm->board[s->cursor]) {
			struct sd_buf line = { 0 };
			char name[32];
			sd_cell_name(&gm->g, s->cursor, name);
			sd_buf_printf(&line, "marks %s:", name);
			for (int k = 0; k < gm->g.n; k++)
				if (gm->marks[s->cursor] >> k & 1)
					sd_buf_printf(&line, " %c", s->o->alpha->symbol[k + 1]);
			draw_words(s, line.p, bottom, x, w, 1, false);
			sd_buf_free(&line);
		}
	}
	if (s->message.p)
		draw_words(s, s->message.p, top, x, w, bottom - top, false);
}

static const char *const keys_help[] = {
	"arrows, hjkl   move (a click selects a cell)",
	"%s%*s enter a symbol (letters as capitals)",
	"x, 0, ., Del   clear the cell (Backspace too)",
	"p              pencil mode: a symbol toggles a mark",
	"u, Ctrl-R      undo, redo",
	"H (!)          hint: what it gives, the technique; again: take it",
	"e              why: every step of the hint shown",
	"c              check: wrong entries %s",
	"m              highlight the symbol under the cursor",
	"S              show the solution (asks first)",
	"N (+)          new puzzle at the same level",
	"s              save",
	"r              redraw",
	"Q              quit (asks when unsaved)",
	"?              these keys",
};

static void draw_help(struct screen *s)
{
	struct sd_buf line = { 0 };
	int width = (int)strlen(s->symbols);

	for (size_t i = 0; i < sizeof keys_help / sizeof *keys_help && (int)i < LINES - 1; i++) {
		sd_buf_free(&line);
		if (i == 1)
			sd_buf_printf(&line, keys_help[i], s->symbols, width < 14 ? 14 - width : 0, "");
		else if (strstr(keys_help[i], "%s"))
			sd_buf_printf(&line, keys_help[i], wrong_look(s));
		else
			sd_buf_puts(&line, keys_help[i]);
		mvaddnstr((int)i, 1, line.p, COLS - 2);
	}
	sd_buf_free(&line);
	mvaddnstr(LINES - 1, 1, "any key: back to the game", COLS - 2);
}

/* e: the hint's line, then its steps, a page at a time. */
static void draw_why(struct screen *s)
{
	struct sd_buf page = { 0 };
	int room = LINES - 2, at = 1;
	const char *step = s->why.p;

	sd_buf_printf(&page, "%s\n", s->message.p ? s->message.p : "");
	for (int i = 1; step && *step; i++) {
		size_t len = strcspn(step, "\n");
		sd_buf_printf(&page, "\n%d. %.*s", i, (int)len, step);
		step += len + (step[len] == '\n');
	}
	/* however long, every line of it: none is cut */
	int count = sd_wrap(page.p, COLS - 2, false, NULL, 0);
	struct sd_span *spans = malloc((size_t)(count + 1) * sizeof *spans);
	if (!spans)
		abort();
	sd_wrap(page.p, COLS - 2, false, spans, count);
	if (s->reading > count - room)
		s->reading = count - room > 0 ? count - room : 0;
	for (int i = s->reading; i < count && at <= room; i++, at++)
		mvaddnstr(at - 1, 1, page.p + spans[i].at, spans[i].len);
	mvaddnstr(LINES - 1, 1, count - s->reading > room ? "space: more  k: back a page  any other "
		  "key: the game" : "any key: back to the game", COLS - 2);
	free(spans);
	sd_buf_free(&page);
}

/* At the start: the saved games not finished, to resume one. */
static void draw_offers(struct screen *s)
{
	const struct sd_saved *sv = s->o->offers;
	int rows = LINES - 6, first = s->choosing >= rows ? s->choosing - rows + 1 : 0;
	struct sd_buf line = { 0 };

	mvaddnstr(0, 1, "Games saved, not finished (the one saved last first):", COLS - 2);
	for (int i = first; i < s->o->noffers && i - first < rows; i++) {
		char clock[32] = "", when[32] = "";
		struct tm tm;
		if (sv[i].elapsed >= 0)
			format_time(clock, sizeof clock, (double)sv[i].elapsed);
		if (localtime_r(&sv[i].saved, &tm))
			strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
		sd_buf_free(&line);
		sd_buf_printf(&line, "%c %c  ", i == s->choosing ? '>' : ' ', i < 9 ? '1' + i : ' ');
		if (sv[i].n != 9)
			sd_buf_printf(&line, "%dx%d ", sv[i].n, sv[i].n);
		sd_buf_puts(&line, sv[i].level ? sv[i].level : "");
		if (sv[i].er > 0)
			sd_buf_printf(&line, " %.1f", sv[i].er);
		sd_buf_printf(&line, "  %s  %d of %d filled  saved %s  ", clock, sv[i].filled, sv[i].cells,
			      when);
		sd_buf_put_shown(&line, sv[i].name ? sv[i].name : sv[i].path);
		if (i == s->choosing)
			attrset(A_REVERSE);
		mvaddnstr(2 + i - first, 1, line.p, COLS - 2);
		attrset(A_NORMAL);
	}
	sd_buf_free(&line);
	draw_words(s, "Enter or 1-9 resumes a game  j k move  n a new game  Q quits", LINES - 3, 1,
		   COLS - 2, 1, true);
	if (s->message.p)
		draw_words(s, s->message.p, LINES - 2, 1, COLS - 2, 2, false);
}

static void draw(struct screen *s)
{
	const struct sd_game *gm = s->gm;

	erase();
	if (s->choosing >= 0) {
		draw_offers(s);
		refresh();
		return;
	}
	make_lines(s);
	sd_lay_out(&gm->g, COLS, LINES, text_lines, s, &s->at);
	if (!s->at.fits) {
		char why[200];
		snprintf(why, sizeof why, "a %dx%d board needs a terminal of at least %dx%d, or %dx%d; "
			 "this one is %dx%d: enlarge it, or Q to quit", gm->g.n, gm->g.n,
			 s->at.below_cols, s->at.below_lines, s->at.beside_cols, s->at.beside_lines,
			 COLS, LINES);
		draw_words(s, why, 0, 1, COLS - 2, LINES, false);
	} else if (s->help) {
		draw_help(s);
	} else if (s->reading >= 0) {
		draw_why(s);
	} else {
		if (s->checking || s->o->check_as_you_go)
			sd_game_wrong(gm, s->wrong);
		else
			memset(s->wrong, 0, sizeof s->wrong);
		draw_lines(s);
		for (int c = 0; c < sd_cells(&gm->g); c++)
			draw_cell(s, c);
		draw_text(s);
	}
	refresh();
}

static void say(struct screen *s, const char *fmt, const char *arg)
{
	sd_buf_free(&s->message);
	sd_buf_printf(&s->message, fmt, arg);
}

/* After a change of the board: a check, a hint and a question no longer
 * hold; a solved board is saved where the game was, and said. */
static void changed(struct screen *s)
{
	struct sd_game *gm = s->gm;
	char clock[32], rating[32] = "";

	s->checking = false;
	s->hint_shown = false;
	sd_buf_free(&s->why);
	sd_buf_free(&s->message);
	if (!sd_game_solved(gm))
		return;
	format_time(clock, sizeof clock, sd_game_elapsed(gm));
	if (gm->level < SD_LEVEL_SEARCH)
		snprintf(rating, sizeof rating, " %.1f", gm->score);
	if (gm->solution_shown)
		sd_buf_printf(&s->message, "The solution, shown after %s with %d hint%s and %d mistake%s: "
			      "not counted as solved (u takes it back).", clock, gm->hints,
			      sd_plural(gm->hints), gm->mistakes, sd_plural(gm->mistakes));
	else
		sd_buf_printf(&s->message, "Solved in %s with %d hint%s and %d mistake%s: %s%s.",
			      clock, gm->hints, sd_plural(gm->hints), gm->mistakes,
			      sd_plural(gm->mistakes), sd_level_names[gm->level], rating);
	const char *said = s->o->save(s->o->arg, gm, true);
	if (said && gm->changed)
		sd_buf_printf(&s->message, " Not saved: %s", said);
}

static int first_empty(const struct sd_game *gm)
{
	for (int c = 0; c < sd_cells(&gm->g); c++)
		if (!gm->board[c])
			return c;
	return 0;
}

static void move_cursor(struct screen *s, int drow, int dcol)
{
	int n = s->gm->g.n, row = s->cursor / n + drow, col = s->cursor % n + dcol;

	if (row >= 0 && row < n && col >= 0 && col < n)
		s->cursor = row * n + col;
}

/* H: the hint in a line and its cell lit, its steps kept for e; pressed
 * again, the hint is taken. */
static void hint(struct screen *s)
{
	if (s->hint_shown) {
		struct sd_step st = s->hint;
		int kind = s->hint_kind;
		if (sd_game_apply_hint(s->gm, kind, &st)) {
			s->cursor = st.cell;
			changed(s);
		}
		return;
	}
	sd_buf_free(&s->message);
	sd_buf_free(&s->why);
	sd_buf_puts(&s->message, "hint: ");
	s->hint_kind = sd_game_hint(s->gm, s->o->alpha, &s->message, &s->why, &s->hint);
	if (s->hint_kind == SD_HINT_PLACE)
		sd_buf_puts(&s->message, " (H again fills it, e says why)");
	else if (s->hint_kind == SD_HINT_WRONG)
		sd_buf_puts(&s->message, " (H again clears it)");
	else if (s->hint_kind == SD_HINT_LIMIT)
		sd_buf_puts(&s->message, "limit reached before the hint was found");
	else if (s->hint_kind == SD_HINT_SEARCH && strchr(s->why.p ? s->why.p : "", '\n'))
		sd_buf_puts(&s->message, " (e: the steps)");
	if (s->hint_kind == SD_HINT_WRONG || s->hint_kind == SD_HINT_LIMIT ||
	    s->hint_kind == SD_HINT_SOLVED)
		sd_buf_free(&s->why);
	s->hint_shown = s->hint_kind == SD_HINT_PLACE || s->hint_kind == SD_HINT_WRONG;
	if (s->hint_shown)
		s->cursor = s->hint.cell;
}

static void save(struct screen *s)
{
	const char *said = s->o->save(s->o->arg, s->gm, false);

	say(s, s->gm->changed ? "not saved: %s" : "%s", said ? said : "");
}

/* The symbol a key enters: digits, and letters in upper case (lower case
 * keys are commands); -1 when none.  0 clears. */
static int symbol_key(const struct screen *s, int key)
{
	if (key == 'x' || key == '0' || key == '.' || key == KEY_BACKSPACE || key == KEY_DC ||
	    key == 127 || key == 8)
		return 0;
	if (key < 0 || key > 255 || (key >= 'a' && key <= 'z'))
		return -1;
	int d = s->o->alpha->value[key];
	return d > 0 && d <= s->gm->g.n ? d : -1;
}

static void click(struct screen *s)
{
	MEVENT ev;
	const struct sd_geom *g = &s->gm->g;

	if (getmouse(&ev) != OK || !(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
		return;
	for (int row = 0; row < g->n; row++)
		for (int col = 0; col < g->n; col++)
			if (ev.y >= cell_y(s, row) && ev.y < cell_y(s, row) + s->at.ch &&
			    ev.x >= cell_x(s, col) && ev.x < cell_x(s, col) + s->at.cw)
				s->cursor = row * g->n + col;
}

/* A game begins on the screen: gm holds it. */
static void begin(struct screen *s)
{
	s->choosing = -1;
	s->cursor = first_empty(s->gm);
	s->marked = 0;
	s->pencil = s->checking = s->hint_shown = false;
	sd_buf_free(&s->why);
	sd_buf_free(&s->message);
	name_symbols(s);
	sd_game_clock(s->gm, !sd_game_solved(s->gm));
}

static void new_game(struct screen *s)
{
	const char *why;

	if (!s->o->new_game)
		return;
	if ((why = s->o->new_game(s->o->arg, s->gm))) {
		say(s, "no new puzzle: %s", why);
		return;
	}
	begin(s);
}

/* What Q (false: the game ends), N (a new game) or S (the solution)
 * does once answered. */
static bool do_asked(struct screen *s, int key)
{
	if (key == 'Q')
		return false;
	if (key == 'S') {
		sd_game_solve(s->gm);
		changed(s);
	} else {
		new_game(s);
	}
	return true;
}

/* Q, N or S: false when the game ends.  Q and N ask first when the game
 * is unsaved, S always. */
static bool ask(struct screen *s, int key)
{
	if (key == 'S' && !sd_game_solved(s->gm)) {
		s->asking = key;
		say(s, "%s", "S shows the solution, and the game is then not counted as solved: "
		    "y shows it, any other key goes on");
		return true;
	}
	if (key != 'S' && s->gm->changed && !sd_game_solved(s->gm)) {
		s->asking = key;
		sd_buf_free(&s->message);
		sd_buf_printf(&s->message, "the game is not saved: s saves and %s, y %s without saving, "
			      "any other key goes on", key == 'Q' ? "quits" : "starts a new one",
			      key == 'Q' ? "quits" : "starts one");
		return true;
	}
	return key == 'S' || do_asked(s, key);
}

/* The answer to ask's question. */
static bool answer(struct screen *s, int key)
{
	int asked = s->asking;

	s->asking = 0;
	sd_buf_free(&s->message);
	if (asked == 'S')
		return key == 'y' || key == 'S' ? do_asked(s, asked) : true;
	if (key == 's')
		save(s);
	if (key != 'y' && (key != 's' || s->gm->changed))
		return true;
	return do_asked(s, asked);
}

/* A key at the start, among the saved games: false when the game ends. */
static bool choose(struct screen *s, int key)
{
	const char *why = NULL;
	int which = -1;

	switch (key) {
	case KEY_UP: case 'k': s->choosing -= s->choosing > 0; return true;
	case KEY_DOWN: case 'j': s->choosing += s->choosing < s->o->noffers - 1; return true;
	case '\n': case '\r': case KEY_ENTER: which = s->choosing; break;
	case 'n': case 'N':
		if ((why = s->o->new_game(s->o->arg, s->gm)))
			say(s, "no new puzzle: %s", why);
		else
			begin(s);
		return true;
	case 'Q': case 'q': return false;
	default:
		if (key >= '1' && key <= '9' && key - '1' < s->o->noffers)
			which = key - '1';
	}
	if (which < 0)
		return true;
	if ((why = s->o->resume(s->o->arg, which, s->gm)))
		say(s, "not resumed: %s", why);
	else
		begin(s);
	return true;
}

/* A key: false when the game ends. */
static bool take_key(struct screen *s, int key)
{
	struct sd_game *gm = s->gm;
	int d;

	if (key == KEY_RESIZE)
		return true;
	if (s->choosing >= 0)
		return choose(s, key);
	if (s->asking)
		return answer(s, key);
	if (s->help) {
		s->help = false;
		return true;
	}
	if (s->reading >= 0) {
		if (key == ' ' || key == 'j' || key == KEY_DOWN || key == KEY_NPAGE)
			s->reading += LINES - 2;
		else if (key == 'k' || key == KEY_UP || key == KEY_PPAGE)
			s->reading = s->reading > LINES - 2 ? s->reading - (LINES - 2) : 0;
		else
			s->reading = -1;
		return true;
	}
	switch (key) {
	case KEY_LEFT: case 'h': move_cursor(s, 0, -1); return true;
	case KEY_RIGHT: case 'l': move_cursor(s, 0, 1); return true;
	case KEY_UP: case 'k': move_cursor(s, -1, 0); return true;
	case KEY_DOWN: case 'j': move_cursor(s, 1, 0); return true;
	case KEY_MOUSE: click(s); return true;
	case 'r': clearok(curscr, TRUE); return true;
	case '?': s->help = true; return true;
	case 'p': s->pencil = !s->pencil; return true;
	case 'm': s->marked = s->marked == gm->board[s->cursor] ? 0 : gm->board[s->cursor]; return true;
	case 'e':
		if (s->why.len)
			s->reading = 0;
		else
			say(s, "%s", "e says why a hint holds: H gives one first");
		return true;
	case 'c':
		s->checking = true;
		d = sd_game_wrong(gm, s->wrong);
		sd_buf_free(&s->message);
		sd_buf_printf(&s->message, d ? "%d wrong entr%s %s" : "no wrong entry", d,
			      d == 1 ? "y" : "ies", wrong_look(s));
		return true;
	case 'u': case CTRL_R:
		/* the cursor goes where the change is */
		if ((d = key == 'u' ? sd_game_undo(gm) : sd_game_redo(gm)) >= 0) {
			s->cursor = d;
			changed(s);
		}
		return true;
	case 'H': case '!': hint(s); return true;
	case 's': save(s); return true;
	case 'Q': case 'N': case 'S': return ask(s, key);
	case '+': return ask(s, 'N');
	}
	if ((d = symbol_key(s, key)) < 0)
		return true;
	if (s->pencil && d ? sd_game_toggle_mark(gm, s->cursor, d) : sd_game_enter(gm, s->cursor, d))
		changed(s);
	return true;
}

static void start_colors(struct screen *s)
{
	s->color = s->o->color && has_colors();
	if (!s->color)
		return;
	start_color();
	use_default_colors();
	init_pair(INK_GIVEN, COLOR_GREEN, -1);
	init_pair(INK_WRONG, COLOR_RED, -1);
	init_pair(INK_MARKED, COLOR_BLACK, COLOR_YELLOW);
	init_pair(INK_HINT, COLOR_BLACK, COLOR_CYAN);
}

int sd_play(struct sd_game *gm, const struct sd_play_opts *o)
{
	struct screen *s = calloc(1, sizeof *s);
	SCREEN *term;
	int key, sig;

	if (!s)
		abort();
	/* the signals that end the game set the frame's flag, so that the
	 * loop saves the game and gives the terminal back before it dies by
	 * them */
	sd_catch_signals();
	/* the terminal's characters (line drawing), never its numbers */
	setlocale(LC_CTYPE, "");
	term = newterm(NULL, stdout, o->in);
	if (!term) {
		free(s);
		return -1;
	}
	set_term(term);
	cbreak();
	noecho();
	keypad(stdscr, TRUE);
	curs_set(0);
	mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED, NULL);
	mouseinterval(0);
	/* the clock on the status line ticks */
	timeout(250);
	*s = (struct screen){ .gm = gm, .o = o, .reading = -1, .choosing = o->noffers > 0 ? 0 : -1 };
	start_colors(s);
	if (s->choosing < 0)
		begin(s);
	do {
		draw(s);
		key = getch();
	} while (!sd_caught() && (key == ERR || take_key(s, key)));
	/* the flag taken, the save can rename its file into place */
	sig = sd_caught_take();
	if (sig && s->choosing < 0 && gm->changed)
		o->save(o->arg, gm, false);
	endwin();
	delscreen(term);
	sd_buf_free(&s->message);
	sd_buf_free(&s->why);
	sd_buf_free(&s->status);
	sd_buf_free(&s->keys);
	free(s);
	return sig;
}
