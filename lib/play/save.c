/* A game saved: one record, written whole beside its file and renamed
 * into place, so that a save cut short leaves the last one. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "play/save.h"

/* The folders of path that are missing, made (mkdir -p). */
static int make_folders(const char *path)
{
	char *copy = strdup(path);
	int status = 0;

	if (!copy)
		return -1;
	for (char *slash = strchr(copy + 1, '/'); slash && !status; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		if (mkdir(copy, 0700) != 0 && errno != EEXIST)
			status = -1;
		*slash = '/';
	}
	free(copy);
	return status;
}

const char *sd_game_save(const struct sd_game *gm, const char *path, const struct sd_write_opts *wo)
{
	struct sd_record rec;
	struct sd_writer *w = NULL;
	size_t len = strlen(path);
	char *tmp = malloc(len + 8);
	FILE *fp = NULL;
	int fd = -1, err = 0;

	errno = 0;
	if (!tmp || make_folders(path) != 0)
		return free(tmp), strerror(errno);
	memcpy(tmp, path, len);
	memcpy(tmp + len, ".XXXXXX", 8);
	sd_record_init(&rec);
	sd_game_record(gm, &rec);
	if ((fd = mkstemp(tmp)) < 0 || !(fp = fdopen(fd, "w")) || !(w = sd_writer_new(fp, wo)))
		err = errno ? errno : ENOMEM;
	if (!err && (sd_writer_put(w, &rec, NULL) != 0 || sd_writer_finish(w) != 0))
		err = EINVAL;
	if (!err && (fflush(fp) != 0 || fsync(fileno(fp)) != 0))
		err = errno;
	sd_writer_free(w);
	if (fp ? fclose(fp) != 0 : fd >= 0 && close(fd) != 0)
		err = err ? err : errno;
	if (!err && rename(tmp, path) != 0)
		err = errno;
	if (err && fd >= 0)
		unlink(tmp);
	sd_record_free(&rec);
	free(tmp);
	return err ? strerror(err) : NULL;
}
