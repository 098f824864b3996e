# The sudoku toolkit.  make; make check; make lint; make bench; make install
VERSION = 0.1.0
PREFIX ?= /usr/local
MANPREFIX ?= $(PREFIX)/share/man
CC ?= cc
CFLAGS ?= -O2 -g
CFLAGS += -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Wall -Wextra -Ilib
JANSSON_CFLAGS := $(shell pkg-config --cflags jansson 2>/dev/null)
JANSSON_LIBS := $(shell pkg-config --libs jansson 2>/dev/null || echo -ljansson)
LDLIBS = $(JANSSON_LIBS) -lcsv -lm

PROGS = sudoku-print sudoku-cost sudoku-fill
LIBSRC = $(wildcard lib/*.c)
LIBOBJ = $(LIBSRC:.c=.o)
BINS = $(PROGS:%=bin/%)
UNIT = bin/unit-tests

all: $(BINS)

lib/%.o: lib/%.c lib/sudoku.h lib/internal.h
	$(CC) $(CFLAGS) $(JANSSON_CFLAGS) -c -o $@ $<

lib/libsudoku.a: $(LIBOBJ)
	$(AR) rcs $@ $(LIBOBJ)

bin/%: cmd/%.c lib/libsudoku.a lib/sudoku.h
	@mkdir -p bin
	$(CC) $(CFLAGS) $(JANSSON_CFLAGS) $(LDFLAGS) -o $@ $< lib/libsudoku.a $(LDLIBS)

$(UNIT): tests/unit/unit.c lib/libsudoku.a lib/sudoku.h
	@mkdir -p bin
	$(CC) $(CFLAGS) $(JANSSON_CFLAGS) $(LDFLAGS) -o $@ $< lib/libsudoku.a $(LDLIBS)

check: all $(UNIT) lint
	prove -f -e bats tests/*.bats

lint:
	mandoc -Tlint -Wwarning man/*

bench: all
	sh bench/run.sh

install: all
	mkdir -p $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANPREFIX)/man1 \
		$(DESTDIR)$(MANPREFIX)/man5 $(DESTDIR)$(MANPREFIX)/man7
	cp -f $(BINS) $(DESTDIR)$(PREFIX)/bin/
	cp -f man/*.1 $(DESTDIR)$(MANPREFIX)/man1/
	cp -f man/*.5 $(DESTDIR)$(MANPREFIX)/man5/
	cp -f man/*.7 $(DESTDIR)$(MANPREFIX)/man7/

uninstall:
	cd $(DESTDIR)$(PREFIX)/bin && rm -f $(PROGS)
	cd $(DESTDIR)$(MANPREFIX) && rm -f $(PROGS:%=man1/%.1) man5/sudoku.5 man7/sudoku.7

clean:
	rm -rf bin lib/*.o lib/libsudoku.a

.PHONY: all check lint bench install uninstall clean
