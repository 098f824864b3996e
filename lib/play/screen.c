/* The game on a terminal: curses draws the board from the game's state
 * and turns keys and clicks into the game's moves. */
#include <curses.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include "explain/explain.h"
#include "frame/signals.h"
#include "play/screen.h"

enum { INK_GIVEN = 1, INK_WRONG, INK_MARKED, INK_HINT };
enum { CTRL_R = 'R' & 0x1f, ESCAPE = 27 };

/* Where things are on the screen: cells of cw columns and ch rows, a
 * line between boxes; big cells (ch > 1) show the pencil marks as a box
 * of them, small ones as many as fit. */
struct layout { int cw, ch, width, height; bool fits; };

struct screen {
	struct sd_game *gm;
	const struct sd_play_opts *o;
	struct layout at;
	int cursor;
	bool pencil, checking, help, hint_shown;
	int marked;                    /* the digit m highlights, 0 none */
	int hint_kind;
	struct sd_step hint;
	struct sd_buf message;
	bool wrong[SD_MAXCELLS];
	bool color;
	int asking;                    /* a question's key: 'Q' or 'N', 0 none */
};

static struct layout lay_out(const struct sd_geom *g)
{
	struct layout l = { 0 };
	int n = g->n;

	/* the biggest cells that fit, leaving three lines below */
	static const int tries[][2] = { { -1, -1 }, { 3, 1 }, { 2, 1 } };
	for (size_t t = 0; t < sizeof tries / sizeof *tries; t++) {
		l.cw = tries[t][0] < 0 ? 2 * g->c + 1 : tries[t][0];
		l.ch = tries[t][1] < 0 ? g->r : tries[t][1];
		l.width = n * l.cw + g->r + 1;
		l.height = n * l.ch + g->c + 1;
		l.fits = l.width + 1 <= COLS && l.height + 3 <= LINES;
		if (l.fits)
			break;
	}
	return l;
}

/* Screen position of the top left of a cell. */
static int cell_y(const struct screen *s, int row)
{
	return 1 + row * s->at.ch + row / s->gm->g.r;
}
static int cell_x(const struct screen *s, int col)
{
	return 2 + col * s->at.cw + col / s->gm->g.c;
}

static char symbol_of(const struct screen *s, int d)
{
	return d ? s->o->alpha->symbol[d] : '.';
}

static void draw_lines(const struct screen *s)
{
	const struct sd_geom *g = &s->gm->g;
	int top = 0, left = 1;

	for (int b = 0; b <= g->c; b++) {
		int y = b == g->c ? top + s->at.height - 1 : cell_y(s, b * g->r) - 1;
		mvhline(y, left, ACS_HLINE, s->at.width);
	}
	for (int b = 0; b <= g->r; b++) {
		int x = b == g->r ? left + s->at.width - 1 : cell_x(s, b * g->c) - 1;
		mvvline(top, x, ACS_VLINE, s->at.height);
		for (int k = 0; k <= g->c; k++) {
			int y = k == g->c ? top + s->at.height - 1 : cell_y(s, k * g->r) - 1;
			mvaddch(y, x, ACS_PLUS);
		}
	}
}

/* The look of a cell: givens bold (green), wrong entries red, the digit
 * m marks and a hint's cell on a background; without colour, underlined
 * and with a '!' beside a wrong entry. */
static attr_t cell_attr(const struct screen *s, int cell)
{
	const struct sd_game *gm = s->gm;
	attr_t a = A_NORMAL;
	bool hinted = s->hint_shown && cell == s->hint.cell;

	if (gm->puzzle[cell])
		a |= A_BOLD | (s->color ? COLOR_PAIR(INK_GIVEN) : 0);
	else if (s->wrong[cell])
		a |= s->color ? COLOR_PAIR(INK_WRONG) | A_BOLD : A_UNDERLINE;
	if (hinted)
		a = (a & ~A_COLOR) | (s->color ? COLOR_PAIR(INK_HINT) : A_UNDERLINE);
	else if (s->marked && gm->board[cell] == s->marked)
		a = (a & ~A_COLOR) | (s->color ? COLOR_PAIR(INK_MARKED) : A_UNDERLINE);
	if (cell == s->cursor)
		a |= A_REVERSE;
	return a;
}

static void draw_cell(const struct screen *s, int cell)
{
	const struct sd_game *gm = s->gm;
	int n = gm->g.n, y = cell_y(s, cell / n), x = cell_x(s, cell % n);
	int d = gm->board[cell], cw = s->at.cw, ch = s->at.ch;
	uint64_t marks = gm->marks[cell];
	char text[SD_MAXN + 2];

	attrset(cell_attr(s, cell));
	for (int row = 0; row < ch; row++) {
		memset(text, ' ', (size_t)cw);
		text[cw] = '\0';
		if (d && row == ch / 2) {
			text[cw / 2] = symbol_of(s, d);
		} else if (!d && ch > 1) {
			/* a box of marks: digit k+1 at row k / c, column k % c */
			for (int k = row * gm->g.c; k < (row + 1) * gm->g.c; k++)
				if (marks >> k & 1)
					text[1 + 2 * (k % gm->g.c)] = symbol_of(s, k + 1);
		} else if (!d) {
			/* as many marks as fit (inside the cursor's brackets), a
			 * '+' for the rest */
			bool brackets = cell == s->cursor && cw >= 3;
			int shown = brackets, room = cw - 2 * brackets;
			for (int k = 0; k < n && marks; k++)
				if (marks >> k & 1) {
					if (shown - brackets == room - 1 && sd_popcount(marks >> k) > 1) {
						text[shown++] = '+';
						break;
					}
					text[shown++] = symbol_of(s, k + 1);
				}
		}
		if (cell == s->cursor && cw >= 3 && ch == 1) {
			text[0] = '[';
			text[cw - 1] = ']';
		} else if (!s->color && s->wrong[cell] && cw >= 3 && d) {
			text[cw - 1] = '!';
		}
		mvaddstr(y + row, x, text);
	}
	attrset(A_NORMAL);
}

static void format_time(char *buf, size_t size, double seconds)
{
	long t = (long)seconds;

	if (t >= 3600)
		snprintf(buf, size, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
	else
		snprintf(buf, size, "%02ld:%02ld", t / 60, t % 60);
}

/* The level and rating, the time, hints and mistakes. */
static void draw_status(const struct screen *s)
{
	const struct sd_game *gm = s->gm;
	char clock[32], rating[32] = "";

	format_time(clock, sizeof clock, sd_game_elapsed(gm));
	if (gm->level < SD_LEVEL_SEARCH)
		snprintf(rating, sizeof rating, " %.1f", gm->score);
	move(LINES - 2, 0);
	clrtoeol();
	attrset(A_BOLD);
	printw("%s%s%s  %s  hints %d  mistakes %d%s", sd_game_solved(gm) ? "solved: " : "",
	       sd_level_names[gm->level], rating, clock, gm->hints, gm->mistakes,
	       s->pencil ? "  pencil" : "");
	attrset(A_NORMAL);
	mvaddnstr(LINES - 1, 0, "hjkl move  1-9 enter  x clear  p pencil  u undo  ^R redo  H hint  "
		  "c check  S solve  Q quit  ? keys", COLS);
	clrtoeol();
}

/* Words wrapped into the lines from row top up to the status line. */
static void draw_words(const char *text, int top)
{
	int width = COLS - 2, row = top;
	size_t len = strlen(text);

	for (size_t at = 0; at < len && row < LINES - 2; row++) {
		size_t take = len - at;
		if ((int)take > width) {
			take = (size_t)width;
			while (take > 0 && text[at + take] != ' ')
				take--;
			if (!take)
				take = (size_t)width;
		}
		mvaddnstr(row, 1, text + at, (int)take);
		at += take;
		while (at < len && text[at] == ' ')
			at++;
	}
}

static const char *const keys_help[] = {
	"arrows, hjkl   move (a click selects a cell)",
	"1-9, A-Z       enter a digit or a letter symbol",
	"x, 0, ., Del   clear the cell (Backspace too)",
	"p              pencil mode: a digit toggles a mark",
	"u, Ctrl-R      undo, redo",
	"H (!)          hint; pressed again, take it",
	"c              check: wrong entries in red",
	"m              highlight the digit under the cursor",
	"S              solve",
	"N (+)          new puzzle at the same level",
	"s              save",
	"r              redraw",
	"Q              quit (asks when unsaved)",
	"?              these keys",
};

static void draw(struct screen *s)
{
	const struct sd_game *gm = s->gm;

	erase();
	s->at = lay_out(&gm->g);
	if (!s->at.fits) {
		char why[160];
		struct layout small = s->at;
		snprintf(why, sizeof why, "a %dx%d board needs a terminal of at least %dx%d; this one "
			 "is %dx%d: enlarge it, or Q to quit", gm->g.n, gm->g.n, small.width + 1,
			 small.height + 3, COLS, LINES);
		draw_words(why, 0);
		refresh();
		return;
	}
	if (s->help) {
		for (size_t i = 0; i < sizeof keys_help / sizeof *keys_help && (int)i < LINES - 1; i++)
			mvaddnstr((int)i, 1, keys_help[i], COLS - 2);
		mvaddnstr(LINES - 1, 1, "any key: back to the game", COLS - 2);
		refresh();
		return;
	}
	if (s->checking || s->o->check_as_you_go)
		sd_game_wrong(gm, s->wrong);
	else
		memset(s->wrong, 0, sizeof s->wrong);
	draw_lines(s);
	for (int c = 0; c < sd_cells(&gm->g); c++)
		draw_cell(s, c);
	draw_words(s->message.p ? s->message.p : "", s->at.height + 1);
	if (s->at.ch == 1 && gm->marks[s->cursor] && !gm->board[s->cursor]) {
		struct sd_buf line = { 0 };
		char name[32];
		sd_cell_name(&gm->g, s->cursor, name);
		sd_buf_printf(&line, "marks %s:", name);
		for (int k = 0; k < gm->g.n; k++)
			if (gm->marks[s->cursor] >> k & 1)
				sd_buf_printf(&line, " %c", symbol_of(s, k + 1));
		mvaddnstr(LINES - 3, 1, line.p, COLS - 2);
		sd_buf_free(&line);
	}
	draw_status(s);
	refresh();
}

static void say(struct screen *s, const char *fmt, const char *arg)
{
	sd_buf_free(&s->message);
	sd_buf_printf(&s->message, fmt, arg);
}

/* After a change of the board: a check, a hint and a question no longer
 * hold; a solved board stops the clock. */
static void changed(struct screen *s)
{
	s->checking = false;
	s->hint_shown = false;
	sd_buf_free(&s->message);
	if (sd_game_solved(s->gm)) {
		char clock[32], rating[32] = "";
		sd_game_clock(s->gm, false);
		format_time(clock, sizeof clock, sd_game_elapsed(s->gm));
		if (s->gm->level < SD_LEVEL_SEARCH)
			snprintf(rating, sizeof rating, " %.1f", s->gm->score);
		sd_buf_printf(&s->message, "Solved in %s with %d hint%s and %d mistake%s: %s%s.",
			      clock, s->gm->hints, sd_plural(s->gm->hints), s->gm->mistakes,
			      sd_plural(s->gm->mistakes), sd_level_names[s->gm->level], rating);
	}
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

/* H: the hint on the status lines and its cell lit; pressed again, the
 * hint is taken. */
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
	sd_buf_puts(&s->message, "hint: ");
	s->hint_kind = sd_game_hint(s->gm, s->o->alpha, &s->message, &s->hint);
	if (s->hint_kind == SD_HINT_PLACE)
		sd_buf_printf(&s->message, " (%s %.1f; H again fills it)", sd_tech_name(s->hint.tech),
			      s->hint.score);
	else if (s->hint_kind == SD_HINT_WRONG)
		sd_buf_puts(&s->message, " (H again clears it)");
	else if (s->hint_kind == SD_HINT_LIMIT)
		sd_buf_puts(&s->message, "limit reached before the hint was found");
	s->hint_shown = s->hint_kind == SD_HINT_PLACE || s->hint_kind == SD_HINT_WRONG;
	if (s->hint_shown)
		s->cursor = s->hint.cell;
}

static void save(struct screen *s)
{
	const char *why = s->o->save(s->o->arg, s->gm);

	if (why)
		say(s, "not saved: %s", why);
	else
		say(s, "%s", "saved");
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

static void new_game(struct screen *s)
{
	const char *why;

	if (!s->o->new_game)
		return;
	if ((why = s->o->new_game(s->o->arg, s->gm))) {
		say(s, "no new puzzle: %s", why);
		return;
	}
	s->cursor = first_empty(s->gm);
	s->marked = 0;
	changed(s);
	sd_game_clock(s->gm, true);
}

/* What Q (false: the game ends) or N (a new game) does once answered. */
static bool quit_or_new(struct screen *s, int key)
{
	if (key == 'Q')
		return false;
	new_game(s);
	return true;
}

/* Q or N: false when the game ends.  An unsaved game asks first. */
static bool leave(struct screen *s, int key)
{
	if (s->gm->changed && !sd_game_solved(s->gm)) {
		s->asking = key;
		sd_buf_free(&s->message);
		sd_buf_printf(&s->message, "the game is not saved: s saves and %s, y %s without saving, "
			      "any other key goes on", key == 'Q' ? "quits" : "starts a new one",
			      key == 'Q' ? "quits" : "starts one");
		return true;
	}
	return quit_or_new(s, key);
}

/* The answer to leave's question. */
static bool answer(struct screen *s, int key)
{
	int asked = s->asking;

	s->asking = 0;
	sd_buf_free(&s->message);
	if (key == 's')
		save(s);
	if (key != 'y' && (key != 's' || s->gm->changed))
		return true;
	return quit_or_new(s, asked);
}

/* A key: false when the game ends. */
static bool take_key(struct screen *s, int key)
{
	struct sd_game *gm = s->gm;
	int d;

	if (s->asking)
		return answer(s, key);
	if (s->help) {
		s->help = false;
		return true;
	}
	switch (key) {
	case KEY_LEFT: case 'h': move_cursor(s, 0, -1); return true;
	case KEY_RIGHT: case 'l': move_cursor(s, 0, 1); return true;
	case KEY_UP: case 'k': move_cursor(s, -1, 0); return true;
	case KEY_DOWN: case 'j': move_cursor(s, 1, 0); return true;
	case KEY_MOUSE: click(s); return true;
	case KEY_RESIZE: return true;
	case 'r': clearok(curscr, TRUE); return true;
	case '?': s->help = true; return true;
	case 'p': s->pencil = !s->pencil; return true;
	case 'm': s->marked = s->marked == gm->board[s->cursor] ? 0 : gm->board[s->cursor]; return true;
	case 'c':
		s->checking = true;
		d = sd_game_wrong(gm, s->wrong);
		sd_buf_free(&s->message);
		sd_buf_printf(&s->message, d ? "%d wrong entr%s in red" : "no wrong entry", d,
			      d == 1 ? "y" : "ies");
		return true;
	case 'u': case CTRL_R:
		/* the cursor goes where the change is */
		if ((d = key == 'u' ? sd_game_undo(gm) : sd_game_redo(gm)) >= 0) {
			s->cursor = d;
			changed(s);
		}
		return true;
	case 'H': case '!': hint(s); return true;
	case 'S': sd_game_solve(gm); changed(s); return true;
	case 's': save(s); return true;
	case 'Q': case 'N': return leave(s, key);
	case '+': return leave(s, 'N');
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
	*s = (struct screen){ .gm = gm, .o = o, .cursor = first_empty(gm) };
	start_colors(s);
	sd_game_clock(gm, !sd_game_solved(gm));
	do {
		draw(s);
		key = getch();
	} while (!sd_caught() && (key == ERR || take_key(s, key)));
	sig = sd_caught();
	if (sig && gm->changed)
		o->save(o->arg, gm);
	endwin();
	delscreen(term);
	sd_buf_free(&s->message);
	free(s);
	return sig;
}
