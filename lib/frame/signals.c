/* The one flag a signal sets, the limits that carry it to a search, and
 * the temporary files no signal may leave behind. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "frame/signals.h"

static volatile sig_atomic_t caught;

static void on_signal(int sig)
{
	caught = sig;
}

void sd_catch_signal(int sig)
{
	struct sigaction sa, old;

	/* a signal the caller ignores (nohup, a script's job) stays ignored */
	if (sigaction(sig, NULL, &old) != 0 || old.sa_handler == SIG_IGN)
		return;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	/* no SA_RESTART: a blocked read returns so the loop can stop */
	sigaction(sig, &sa, NULL);
}

/* The signals that ask a process to end, and the limits that run out
 * (CPU time, a timer): each ends the run through the loop, the record in
 * hand dropped, never half of it written. */
static const int ending[] = {
	SIGINT, SIGTERM, SIGHUP, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGVTALRM, SIGPROF,
};

void sd_catch_signals(void)
{
	for (size_t i = 0; i < sizeof ending / sizeof *ending; i++)
		sd_catch_signal(ending[i]);
}

int sd_caught(void)
{
	return caught;
}

int sd_caught_take(void)
{
	int sig = caught;

	caught = 0;
	return sig;
}

const volatile sig_atomic_t *sd_interrupt_flag(void)
{
	return &caught;
}

bool sd_run_interrupted(void)
{
	return caught != 0;
}

struct sd_limits sd_run_limits(const struct sd_run *run)
{
	return (struct sd_limits){
		sd_run_work(run, run->tool->work.iterations),
		run->time_limit > 0 ? sd_now() + run->time_limit : 0, &caught,
	};
}

/* The temporary files of a run (-o FILE and --trace FILE), which a signal
 * that ends it must remove.  The signals of ending[] end it through the
 * loop; the others that kill a process by default (a core wanted, or a
 * write that failed already) do it at once, so their handler removes the
 * files itself and dies by the signal as it would have.  A signal the
 * caller ignores (nohup) stays ignored. */
#define MAX_TEMPORARIES 4
static char *volatile temporaries[MAX_TEMPORARIES];
static const int deadly[] = { SIGQUIT, SIGPIPE, SIGXFSZ };
#define NDEADLY (int)(sizeof deadly / sizeof *deadly)

static void remove_temporaries(void)
{
	for (int i = 0; i < MAX_TEMPORARIES; i++)
		if (temporaries[i])
			unlink(temporaries[i]);
}

static void on_deadly_signal(int sig)
{
	remove_temporaries();
	/* SA_RESETHAND made the action the default again: the signal kills
	 * the process, now or as this handler returns */
	raise(sig);
}

static void catch_deadly_signals(void)
{
	static bool done;
	struct sigaction sa, old;

	if (done)
		return;
	done = true;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_deadly_signal;
	sa.sa_flags = SA_RESETHAND;
	sigfillset(&sa.sa_mask);
	for (int i = 0; i < NDEADLY; i++)
		if (sigaction(deadly[i], NULL, &old) == 0 && old.sa_handler == SIG_DFL)
			sigaction(deadly[i], &sa, NULL);
}

/* Holds (or lets through again) every signal that would end the run, so
 * that a temporary file and its entry in the table come and go together. */
static void hold_signals(bool hold, sigset_t *saved)
{
	sigset_t set;

	if (!hold) {
		sigprocmask(SIG_SETMASK, saved, NULL);
		return;
	}
	sigemptyset(&set);
	for (size_t i = 0; i < sizeof ending / sizeof *ending; i++)
		sigaddset(&set, ending[i]);
	for (int i = 0; i < NDEADLY; i++)
		sigaddset(&set, deadly[i]);
	sigprocmask(SIG_BLOCK, &set, saved);
}

int sd_temporary_open(char *template)
{
	sigset_t saved;
	int fd, slot = 0;

	sd_catch_signals();
	catch_deadly_signals();
	while (slot < MAX_TEMPORARIES && temporaries[slot])
		slot++;
	if (slot == MAX_TEMPORARIES) {
		errno = EMFILE;
		return -1;
	}
	hold_signals(true, &saved);
	fd = mkstemp(template);
	if (fd >= 0)
		temporaries[slot] = template;
	hold_signals(false, &saved);
	return fd;
}

int sd_temporary_close(const char *path, const char *target)
{
	sigset_t saved;
	int failed = 0, err = 0;

	hold_signals(true, &saved);
	if (target && !caught && rename(path, target) != 0)
		failed = -1, err = errno;
	if (!target || caught || failed)
		unlink(path);
	for (int i = 0; i < MAX_TEMPORARIES; i++)
		if (temporaries[i] == path)
			temporaries[i] = NULL;
	hold_signals(false, &saved);
	errno = err;
	return failed;
}

void sd_die_by_signal(void)
{
	int sig = caught;

	remove_temporaries();
	signal(sig, SIG_DFL);
	raise(sig);
	_exit(128 + sig);
}
