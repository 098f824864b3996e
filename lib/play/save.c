/* A game saved as one record, by the frame's one way of replacing a file
 * (frame/outfile.h), and the folder of games: each new game a file of
 * its own, game, game-2, ..., unfinished ones never replaced. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "frame/outfile.h"
#include "play/save.h"

int sd_game_save(const struct sd_game *gm, const char *path, const struct sd_write_opts *wo)
{
	struct sd_outfile f;
	struct sd_record rec;
	struct sd_writer *w;
	int err = 0;

	if (!sd_outfile_open(NULL, &f, path))
		return errno ? errno : EIO;
	sd_record_init(&rec);
	sd_game_record(gm, &rec);
	if (!(w = sd_writer_new(f.fp, wo)))
		err = ENOMEM;
	/* the writer builds the record whole, then writes it at once */
	else if (sd_writer_put(w, &rec, NULL) != 0 || sd_writer_finish(w) != 0)
		err = EIO;
	sd_writer_free(w);
	sd_record_free(&rec);
	errno = 0;
	if (!err && (fflush(f.fp) != 0 || ferror(f.fp)))
		err = errno ? errno : EIO;
	if (sd_outfile_close(NULL, &f, !err) != SD_EXIT_OK && !err)
		err = errno ? errno : EIO;
	return err;
}

/* A board full that breaks no rule: the puzzle's one solution when it
 * has one (its givens are the board's). */
static bool finished(const struct sd_record *rec)
{
	return sd_record_solves(rec, rec->board);
}

int sd_place_of(const char *path, const struct sd_read_opts *in, struct sd_record *out)
{
	struct sd_record rec;
	struct sd_reader *rd;
	struct stat st;
	int place;

	if (stat(path, &st) != 0)
		return errno == ENOENT ? SD_PLACE_FREE : SD_PLACE_OTHER;
	/* a FIFO or a device is no game, and reading it could block */
	if (!S_ISREG(st.st_mode) || !(rd = sd_reader_open(path, in)))
		return SD_PLACE_OTHER;
	sd_record_init(&rec);
	if (sd_reader_next(rd, &rec) != SD_READ_OK || !rec.has_board)
		place = SD_PLACE_OTHER;
	else
		place = finished(&rec) ? SD_PLACE_FINISHED : SD_PLACE_UNFINISHED;
	/* a collection is no game saved, whatever its first record */
	if (place != SD_PLACE_OTHER) {
		struct sd_record next;
		sd_record_init(&next);
		if (sd_reader_next(rd, &next) != SD_READ_EOF)
			place = SD_PLACE_OTHER;
		sd_record_free(&next);
	}
	sd_reader_close(rd);
	if (out && place != SD_PLACE_OTHER) {
		sd_record_free(out);
		*out = rec;
	} else {
		sd_record_free(&rec);
	}
	return place;
}

/* The k-th name of the folder's games (from 1): game, game-2, ... */
static char *game_path(const char *folder, int k)
{
	struct sd_buf path = { 0 };

	sd_buf_printf(&path, k > 1 ? "%s/game-%d" : "%s/game", folder, k);
	if (path.failed)
		sd_buf_free(&path);
	return path.p;
}

/* Whether a folder's entry is one of its games' names. */
static bool is_game_name(const char *name)
{
	if (strncmp(name, "game", 4))
		return false;
	if (!name[4])
		return true;
	if (name[4] != '-' || name[5] < '2' || name[5] > '9')
		return false;
	return strspn(name + 5, "0123456789") == strlen(name + 5) && strlen(name + 5) < 9;
}

/* The summary of an unfinished game read into rec. */
static bool summarize(struct sd_saved *s, const char *path, const struct sd_record *rec)
{
	json_t *er = sd_record_get(rec, "er"), *elapsed = sd_record_get(rec, "elapsed");
	json_t *level = sd_record_get(rec, "level");
	struct stat st;

	*s = (struct sd_saved){ .path = strdup(path), .n = rec->g.n, .cells = sd_cells(&rec->g),
				.elapsed = -1 };
	if (rec->id)
		s->name = strdup(rec->id);
	for (int l = 0; json_is_string(level) && l < SD_LEVEL_COUNT; l++)
		if (!strcmp(json_string_value(level), sd_level_names[l]))
			s->level = sd_level_names[l];
	if (json_is_number(er) && json_number_value(er) > 0 && json_number_value(er) < 100)
		s->er = json_number_value(er);
	if (json_is_integer(elapsed) && json_integer_value(elapsed) >= 0)
		s->elapsed = json_integer_value(elapsed);
	for (int c = 0; c < s->cells; c++)
		s->filled += rec->board[c] != 0;
	if (stat(path, &st) == 0) {
		s->saved = st.st_mtim.tv_sec;
		s->saved_ns = st.st_mtim.tv_nsec;
	}
	return s->path && (!rec->id || s->name);
}

static int by_time_saved(const void *a, const void *b)
{
	const struct sd_saved *x = a, *y = b;

	if (x->saved != y->saved)
		return (x->saved < y->saved) - (x->saved > y->saved);
	if (x->saved_ns != y->saved_ns)
		return (x->saved_ns < y->saved_ns) - (x->saved_ns > y->saved_ns);
	return strcmp(x->path, y->path);
}

int sd_saved_games(const char *folder, const struct sd_read_opts *in, struct sd_saved **list)
{
	DIR *dir = opendir(folder);
	struct dirent *e;
	struct sd_record rec;
	int count = 0, cap = 0;

	*list = NULL;
	if (!dir)
		return 0;
	sd_record_init(&rec);
	while ((e = readdir(dir))) {
		struct sd_buf path = { 0 };
		if (!is_game_name(e->d_name))
			continue;
		sd_buf_printf(&path, "%s/%s", folder, e->d_name);
		if (!path.failed && sd_place_of(path.p, in, &rec) == SD_PLACE_UNFINISHED) {
			if (count == cap) {
				struct sd_saved *grown = realloc(*list, (size_t)(cap = 2 * cap + 8) * sizeof *grown);
				if (!grown)
					abort();
				*list = grown;
			}
			if (!summarize(&(*list)[count++], path.p, &rec))
				abort();
		}
		sd_buf_free(&path);
	}
	closedir(dir);
	sd_record_free(&rec);
	if (count)
		qsort(*list, (size_t)count, sizeof **list, by_time_saved);
	return count;
}

void sd_saved_free(struct sd_saved *list, int count)
{
	for (int i = 0; i < count; i++) {
		free(list[i].path);
		free(list[i].name);
	}
	free(list);
}

/* The folder and its parents, made where missing (mkdir -p). */
static int make_folders(const char *folder)
{
	char *copy = strdup(folder);
	int status = 0;

	if (!copy)
		return -1;
	for (char *at = copy + 1; !status; at++) {
		char was = *at;
		if (was && was != '/')
			continue;
		*at = '\0';
		if (mkdir(copy, 0700) != 0 && errno != EEXIST)
			status = -1;
		*at = was;
		if (!was)
			break;
	}
	free(copy);
	return status;
}

/* A game's name that is taken but may be given to a new game: its file
 * empty (claimed by a game that never came to save) or its game finished. */
static bool reusable(const char *path, const struct sd_read_opts *in)
{
	struct stat st;

	return (stat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 0) ||
		sd_place_of(path, in, NULL) == SD_PLACE_FINISHED;
}

char *sd_saved_claim(const char *folder, const struct sd_read_opts *in)
{
	if (make_folders(folder) != 0)
		return NULL;
	for (int k = 1; k < 100000; k++) {
		char *path = game_path(folder, k);
		int fd;
		if (!path)
			return NULL;
		/* O_EXCL: of two games started at once, one gets the name */
		if ((fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666)) >= 0) {
			close(fd);
			return path;
		}
		if (errno != EEXIST) {
			int err = errno;
			free(path);
			errno = err;
			return NULL;
		}
		if (reusable(path, in))
			return path;
		free(path);
	}
	errno = EEXIST;
	return NULL;
}
