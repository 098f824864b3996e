/* The files a run writes by name, -o FILE and --trace FILE: a regular
 * file (or none yet) is written as a temporary file beside it, which the
 * end of the run renames into place or removes; anything else (a FIFO,
 * a device, a socket) is written straight. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "frame/outfile.h"
#include "frame/signals.h"

/* path with its symbolic links followed to what they name, which need not
 * exist yet (a dangling link makes its target); NULL when out of memory
 * or the links loop. */
static char *follow_links(const char *path)
{
	char *at = strdup(path);
	struct stat st;

	for (int hops = 0; at && lstat(at, &st) == 0 && S_ISLNK(st.st_mode); hops++) {
		char link[PATH_MAX], *next;
		ssize_t n = readlink(at, link, sizeof link - 1);
		if (n < 0 || hops == 40) {
			free(at);
			errno = n < 0 ? errno : ELOOP;
			return NULL;
		}
		link[n] = '\0';
		const char *slash = strrchr(at, '/');
		int dir = link[0] == '/' || !slash ? 0 : (int)(slash - at) + 1;
		next = malloc((size_t)dir + (size_t)n + 1);
		if (next) {
			memcpy(next, at, (size_t)dir);
			memcpy(next + dir, link, (size_t)n + 1);
		}
		free(at);
		at = next;
	}
	return at;
}

/* The temporary file beside f->target, with the old file's mode and,
 * where we may, owner (st, when it exists), else what open(2) would give
 * a new file: its descriptor, or -1 with errno. */
static int open_temporary(struct sd_outfile *f, const struct stat *st)
{
	size_t len = strlen(f->target) + 16;
	int fd;

	if (!(f->tmp_path = malloc(len)))
		return -1;
	snprintf(f->tmp_path, len, "%s.tmpXXXXXX", f->target);
	if ((fd = sd_temporary_open(f->tmp_path)) < 0) {
		int err = errno;
		free(f->tmp_path);
		f->tmp_path = NULL;
		errno = err;
		return -1;
	}
	if (st) {
		mode_t mode = st->st_mode & 07777;
		/* the owner first: a change of owner clears set-id bits */
		if (fchown(fd, st->st_uid, st->st_gid) != 0 && fchown(fd, (uid_t)-1, st->st_gid) != 0)
			mode &= ~(mode_t)(S_ISUID | S_ISGID);
		fchmod(fd, mode);
	} else {
		/* mkstemp makes it 0600 */
		mode_t mask = umask(0);
		umask(mask);
		fchmod(fd, 0666 & ~mask);
	}
	return fd;
}

FILE *sd_outfile_open(const struct sd_run *run, struct sd_outfile *f, const char *name)
{
	struct stat st;
	int fd = -1, err;

	*f = (struct sd_outfile){ .name = name };
	if (!name)
		return f->fp = stdout;
	if ((f->target = follow_links(name))) {
		f->existed = stat(f->target, &st) == 0;
		if (f->existed && !S_ISREG(st.st_mode))
			fd = open(f->target, O_WRONLY | O_CLOEXEC);
		else
			fd = open_temporary(f, f->existed ? &st : NULL);
	}
	if (fd >= 0 && (f->fp = fdopen(fd, "w")))
		return f->fp;
	err = errno;
	if (fd >= 0)
		close(fd);
	if (run)
		sd_report_errno(run, name, err);
	sd_outfile_close(run, f, false);
	errno = err;
	return NULL;
}

int sd_outfile_flush(const struct sd_run *run, struct sd_outfile *f)
{
	return f->fp ? sd_check_written(run, f->fp, f->name) : SD_EXIT_OK;
}

int sd_outfile_close(const struct sd_run *run, struct sd_outfile *f, bool replace)
{
	int err = 0;

	/* a temporary file is on the disk before it replaces FILE; one that
	 * does not replace it is removed, whatever went wrong with it */
	if (f->tmp_path && f->fp && replace && fsync(fileno(f->fp)) != 0 && errno != EINVAL)
		err = errno;
	if (f->fp && fclose(f->fp) != 0 && !err && (replace || !f->tmp_path))
		err = errno;
	if (f->tmp_path && sd_temporary_close(f->tmp_path, replace && !err ? f->target : NULL) != 0 &&
	    !err)
		err = errno;
	if (err && run)
		sd_report_errno(run, f->name, err);
	free(f->tmp_path);
	free(f->target);
	*f = (struct sd_outfile){ 0 };
	errno = err;
	return err ? SD_EXIT_TROUBLE : SD_EXIT_OK;
}

int sd_trace_open(struct sd_run *run, const char *path, FILE **fp)
{
	sd_pack_refuse(run, path, "--trace writes one file");
	*fp = path ? sd_outfile_open(run, &run->trace, path) : NULL;
	return path && !*fp ? SD_EXIT_TROUBLE : SD_EXIT_OK;
}
