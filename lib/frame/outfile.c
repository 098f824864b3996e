/* The files a run writes by name, -o FILE and --trace FILE, and standard
 * output: a regular file (or none yet) is written as a temporary file
 * beside it, which the end of the run renames into place or removes;
 * anything else (a FIFO, a device, a socket) is written straight.  Each
 * is written through a stream of our own (fopencookie) that keeps the
 * errno of the first write that failed: stdio drops its buffer after a
 * failed write, so that the check at the end would otherwise find nothing
 * left to fail and could not say why (a full disk as "Input/output
 * error"). */
#define _GNU_SOURCE                    /* fopencookie: glibc and musl */
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

void sd_hold_standard_fds(void)
{
	for (int fd = 0; fd <= 2; fd++)
		if (fcntl(fd, F_GETFD) < 0 && errno == EBADF) {
			int held = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
			if (held >= 0 && held != fd)
				close(held);
		}
}

/* The stream's writes: all of buf, or the first failure kept in f->err. */
static ssize_t write_all(void *cookie, const char *buf, size_t size)
{
	struct sd_outfile *f = cookie;
	size_t done = 0;

	while (done < size) {
		ssize_t n = write(f->fd, buf + done, size - done);
		if (n > 0) {
			done += (size_t)n;
			continue;
		}
		if (n < 0 && errno == EINTR && !sd_caught())
			continue;
		if (!f->err)
			f->err = n < 0 ? errno : EIO;
		break;
	}
	return done ? (ssize_t)done : -1;
}

static int close_fd(void *cookie)
{
	return close(((struct sd_outfile *)cookie)->fd);
}

/* A stream that writes to f->fd. */
static FILE *stream(struct sd_outfile *f)
{
	static const cookie_io_functions_t io = { .write = write_all, .close = close_fd };

	return fopencookie(f, "w", io);
}

/* The length of target's directory part, slash included (0: none). */
static size_t dir_length(const char *target)
{
	const char *slash = strrchr(target, '/');

	return slash ? (size_t)(slash - target) + 1 : 0;
}

/* target's directory as a path of its own; NULL when out of memory. */
static char *dir_of(const char *target)
{
	size_t len = dir_length(target);

	return len ? strndup(target, len) : strdup(".");
}

/* The temporary file's name beside target, for mkstemp: the start of
 * target's name, cut (between characters) so that with the suffix it
 * fits the longest name the directory takes, then ".tmpXXXXXX".  NULL
 * when out of memory. */
#define TMP_SUFFIX ".tmpXXXXXX"
static char *temporary_name(const char *target)
{
	size_t dir = dir_length(target), keep = strlen(target + dir), suffix = strlen(TMP_SUFFIX);
	char *dir_path = dir_of(target), *name;
	long most = dir_path ? pathconf(dir_path, _PC_NAME_MAX) : -1;

	free(dir_path);
	if (most <= 0)
		most = NAME_MAX;
	if (keep + suffix > (size_t)most) {
		keep = (size_t)most > suffix ? (size_t)most - suffix : 0;
		while (keep > 0 && (target[dir + keep] & 0xC0) == 0x80)
			keep--;
	}
	if ((name = malloc(dir + keep + suffix + 1))) {
		memcpy(name, target, dir + keep);
		memcpy(name + dir + keep, TMP_SUFFIX, suffix + 1);
	}
	return name;
}

/* The temporary file beside f->target, with the old file's mode and,
 * where we may, owner (st, when it exists), else what open(2) would give
 * a new file: its descriptor, or -1 with errno. */
static int open_temporary(struct sd_outfile *f, const struct stat *st)
{
	int fd;

	if (!(f->tmp_path = temporary_name(f->target)))
		return -1;
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

/* Which file f writes (struct sd_outfile): st is the file's, when it is
 * there (standard output's included). */
static void identify(struct sd_outfile *f, const struct stat *st)
{
	struct stat dir_st;
	char *dir;

	if (st && S_ISREG(st->st_mode)) {
		f->known = true;
		f->dev = st->st_dev;
		f->ino = st->st_ino;
	} else if (!st && (dir = dir_of(f->target))) {
		if (stat(dir, &dir_st) == 0) {
			f->known = true;
			f->dev = dir_st.st_dev;
			f->ino = dir_st.st_ino;
			f->base = f->target + dir_length(f->target);
		}
		free(dir);
	}
}

FILE *sd_outfile_open(const struct sd_run *run, struct sd_outfile *f, const char *name)
{
	struct stat st;
	int err;

	*f = (struct sd_outfile){ .name = name, .fd = -1 };
	if (!name) {
		f->fd = STDOUT_FILENO;
		if (fstat(f->fd, &st) == 0)
			identify(f, &st);
	} else if ((f->target = follow_links(name))) {
		f->existed = stat(f->target, &st) == 0;
		if (f->existed && !S_ISREG(st.st_mode))
			f->fd = open(f->target, O_WRONLY | O_CLOEXEC);
		else if ((f->fd = open_temporary(f, f->existed ? &st : NULL)) >= 0)
			identify(f, f->existed ? &st : NULL);
	}
	if (f->fd >= 0 && (f->fp = stream(f)))
		return f->fp;
	err = errno;
	if (!run) {
		/* quiet: the caller (the game's save) says it, from errno */
	} else if (name && f->target && !f->tmp_path && err != ENOENT && err != ENOTDIR &&
		   !(f->existed && !S_ISREG(st.st_mode))) {
		/* what failed is the temporary file, not FILE */
		if (strcmp(name, f->target))
			sd_report(run, name, 0, "cannot create a temporary file beside %s: %s", f->target,
				  strerror(err));
		else
			sd_report(run, name, 0, "cannot create a temporary file beside it: %s",
				  strerror(err));
	} else {
		sd_report_errno(run, name, err);
	}
	if (f->fd >= 0 && name)
		close(f->fd);
	f->fd = -1;
	f->told = true;
	sd_outfile_close(run, f, false);
	errno = err;
	return NULL;
}

bool sd_outfile_same(const struct sd_outfile *a, const struct sd_outfile *b)
{
	return a->fp && b->fp && a->known && b->known && a->dev == b->dev && a->ino == b->ino &&
		!a->base == !b->base && (!a->base || !strcmp(a->base, b->base));
}

/* "prog: NAME: why" once per file (none without a run: its caller says
 * it), why the first write's error if one failed, else err (EIO when the
 * stream could not say); returns 2. */
static int tell(const struct sd_run *run, struct sd_outfile *f, int err)
{
	if (!f->told && run)
		sd_report_errno(run, f->name, f->err ? f->err : err ? err : EIO);
	f->told = true;
	return SD_EXIT_TROUBLE;
}

int sd_outfile_flush(const struct sd_run *run, struct sd_outfile *f)
{
	errno = 0;
	if (!f->fp || (fflush(f->fp) == 0 && !ferror(f->fp)))
		return SD_EXIT_OK;
	return tell(run, f, errno);
}

int sd_outfile_close(const struct sd_run *run, struct sd_outfile *f, bool replace)
{
	int err = 0;

	/* a temporary file is on the disk before it replaces FILE; one that
	 * does not replace it is removed, whatever went wrong with it */
	errno = 0;
	if (f->fp && replace && (fflush(f->fp) != 0 || ferror(f->fp)))
		err = f->err ? f->err : errno ? errno : EIO;
	if (f->tmp_path && f->fp && replace && !err && fsync(f->fd) != 0 && errno != EINVAL)
		err = errno;
	if (f->fp && fclose(f->fp) != 0 && !err && (replace || !f->tmp_path))
		err = f->err ? f->err : errno;
	if (f->tmp_path && sd_temporary_close(f->tmp_path, replace && !err ? f->target : NULL) != 0 &&
	    !err)
		err = errno;
	if (err)
		tell(run, f, err);
	free(f->tmp_path);
	free(f->target);
	*f = (struct sd_outfile){ .fd = -1 };
	errno = err;
	return err ? SD_EXIT_TROUBLE : SD_EXIT_OK;
}

int sd_trace_open(struct sd_run *run, const char *path, FILE **fp)
{
	sd_pack_refuse(run, path, "--trace writes one file");
	*fp = path ? sd_outfile_open(run, &run->trace, path) : NULL;
	return path && !*fp ? SD_EXIT_TROUBLE : SD_EXIT_OK;
}
