# The sudoku toolkit.  make; make check; make lint; make bench; make install
# the one place of the version is lib/board/board.h
VERSION := $(shell sed -n 's/^\#define SD_VERSION "\(.*\)"/\1/p' lib/board/board.h)
PREFIX ?= /usr/local
MANPREFIX ?= $(PREFIX)/share/man
CC ?= cc
CFLAGS ?= -O3 -g
# pkg-config asked when a flag is first needed, not when the Makefile is read,
# so that `make deps all` builds with what deps has just installed
lazy = $(eval $1 := $$(shell $2))$($1)
JANSSON_CFLAGS = $(call lazy,JANSSON_CFLAGS,pkg-config --cflags jansson 2>/dev/null)
# what the code needs, kept apart so that CFLAGS on the command line adds to it
ALL_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Wall -Wextra -Ilib $(CPPFLAGS) \
	$(JANSSON_CFLAGS) $(CFLAGS)
# each object's header dependencies, written by the compiler
DEPFLAGS = -MMD -MP
JANSSON_LIBS = $(call lazy,JANSSON_LIBS,pkg-config --libs jansson 2>/dev/null || echo -ljansson)
LDLIBS = $(JANSSON_LIBS) -lcsv -lm
# cairo (and fontconfig, its fonts), for the pictures of lib/paint alone: only the
# programs that draw (PAINTERS) and the tests' PNG reader link them; libsudoku.a
# needs neither
CAIRO_CFLAGS = $(call lazy,CAIRO_CFLAGS,pkg-config --cflags cairo fontconfig 2>/dev/null)
CAIRO_LIBS = $(call lazy,CAIRO_LIBS,pkg-config --libs cairo fontconfig 2>/dev/null || echo -lcairo -lfontconfig)
# curses: only the game's screen (lib/play) and sudoku-play
NCURSES_CFLAGS = $(call lazy,NCURSES_CFLAGS,pkg-config --cflags ncursesw 2>/dev/null)
NCURSES_LIBS = $(call lazy,NCURSES_LIBS,pkg-config --libs ncursesw 2>/dev/null || echo -lncursesw)

PROGS = sudoku-print sudoku-cost sudoku-fill sudoku-bt sudoku-anneal sudoku-vns sudoku-rate sudoku-gen sudoku-play
PAINTERS = sudoku-print
# the layers of lib/, from the ground up (lib/README.md), in libsudoku.a; paint
# and play are archives of their own, for the programs that draw or play
LAYERS = board format exact local logic gen portfolio explain frame api
LIBSRC = $(foreach l,$(LAYERS),$(wildcard lib/$(l)/*.c))
LIBOBJ = $(LIBSRC:%.c=build/%.o)
LIBA = build/libsudoku.a
PAINTOBJ = $(patsubst %.c,build/%.o,$(wildcard lib/paint/*.c))
PAINTA = build/libsudoku-paint.a
PLAYOBJ = $(patsubst %.c,build/%.o,$(wildcard lib/play/*.c))
PLAYA = build/libsudoku-play.a
BINS = $(PROGS:%=bin/%)
UNIT = bin/unit-tests
# reads a PNG's size and colours for tests/book.bats
PNGPIXEL = bin/png-pixel

all: $(BINS)

# Installs the Debian packages the build and the tests need, when run as root.
DEBS = build-essential pkg-config libcsv-dev libjansson-dev bats bats-support bats-assert mandoc time \
	parallel valgrind libxml2-utils gnuplot-nox libcairo2-dev poppler-utils libncurses-dev tmux \
	debhelper lintian jq sgt-puzzles cadical
deps:
	@missing=$$(for p in $(DEBS); do dpkg -s $$p > /dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
		else \
			echo "missing Debian packages:" $$missing "(run as root to install them)" >&2; exit 1; \
		fi; \
	fi

# the scripts make install puts in $(PREFIX)/share/sudoku, their default paths
# (/usr/local/bin, /usr/local/share/sudoku) made the installed ones
EXAMPLES = examples/parallel.sh examples/cluster.sh examples/slurm.sh examples/records.sh \
	examples/nightly.sh examples/crontab \
	examples/plot-trace.sh

build/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(LIBA): $(LIBOBJ)
	@rm -f $@
	$(AR) rcs $@ $(LIBOBJ)

build/lib/paint/%.o build/tests/png-pixel.o: ALL_CFLAGS += $(CAIRO_CFLAGS)
$(PAINTA): $(PAINTOBJ)
	@rm -f $@
	$(AR) rcs $@ $(PAINTOBJ)
build/lib/play/screen.o: ALL_CFLAGS += $(NCURSES_CFLAGS)
$(PLAYA): $(PLAYOBJ)
	@rm -f $@
	$(AR) rcs $@ $(PLAYOBJ)

bin/%: build/cmd/%.o $(LIBA)
	@mkdir -p bin
	$(CC) $(LDFLAGS) -o $@ $< $(LIBA) $(LDLIBS)

$(PAINTERS:%=bin/%): bin/%: build/cmd/%.o $(PAINTA) $(LIBA)
	@mkdir -p bin
	$(CC) $(LDFLAGS) -o $@ $< $(PAINTA) $(LIBA) $(CAIRO_LIBS) $(LDLIBS)

bin/sudoku-play: build/cmd/sudoku-play.o $(PLAYA) $(LIBA)
	@mkdir -p bin
	$(CC) $(LDFLAGS) -o $@ $< $(PLAYA) $(LIBA) $(NCURSES_LIBS) $(LDLIBS)

$(PNGPIXEL): build/tests/png-pixel.o
	@mkdir -p bin
	$(CC) $(LDFLAGS) -o $@ $< $(CAIRO_LIBS)

$(UNIT): build/tests/unit/unit.o $(PLAYA) $(LIBA)
	@mkdir -p bin
	$(CC) $(LDFLAGS) -o $@ $< $(PLAYA) $(LIBA) $(LDLIBS)

# ---- libsudoku: lib/api/sudoku.h as a shared library (libsudoku(3)) ----
# The shared library holds the layers below the frame and the API, built
# -fPIC; a version script made from the abi file (the sorted public
# names) exports those alone.  The programs link build/libsudoku.a.
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
SONAME = libsudoku.so.0
SOLIB = build/libsudoku.so.$(VERSION)
SOLAYERS = board format exact local logic gen explain api
SOOBJ = $(foreach l,$(SOLAYERS),$(patsubst %.c,build/pic/%.o,$(wildcard lib/$(l)/*.c)))
# the static library beside the shared one, of the same objects
SOA = build/pic/libsudoku.a
ABI = lib/api/abi
APITEST = bin/api-test

all: $(SOLIB)

build/pic/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -fPIC $(DEPFLAGS) -c -o $@ $<

build/sudoku.map: $(ABI)
	@mkdir -p $(@D)
	{ echo 'SUDOKU_0 {'; echo 'global:'; sed 's/.*/	&;/' $(ABI); echo 'local: *;'; echo '};'; } > $@

$(SOLIB): $(SOOBJ) build/sudoku.map
	$(CC) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=build/sudoku.map $(LDFLAGS) \
		-o $@ $(SOOBJ) $(LDLIBS)
	ln -sf libsudoku.so.$(VERSION) build/$(SONAME)
	ln -sf $(SONAME) build/libsudoku.so

$(SOA): $(SOOBJ)
	@rm -f $@
	$(AR) rcs $@ $(SOOBJ)

# the API's test sees the installed header alone, and links the shared
# library, found beside bin/ in build/
build/tests/api/api-test.o: ALL_CFLAGS = -std=c99 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -pedantic \
	-Ilib/api $(CFLAGS)
$(APITEST): build/tests/api/api-test.o $(SOLIB)
	@mkdir -p bin
	$(CC) $(LDFLAGS) -o $@ $< -Lbuild -lsudoku -Wl,-rpath,'$$ORIGIN/../build' -lpthread

check: $(APITEST)

install-lib: $(SOLIB) $(SOA)
	mkdir -p $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(MANPREFIX)/man3
	cp -f lib/api/sudoku.h $(DESTDIR)$(INCLUDEDIR)/sudoku.h
	cp -f $(SOLIB) $(SOA) $(DESTDIR)$(LIBDIR)/
	ln -sf libsudoku.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libsudoku.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' \
		-e 's|@VERSION@|$(VERSION)|' lib/api/sudoku.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/sudoku.pc
	cp -f man/*.3 $(DESTDIR)$(MANPREFIX)/man3/

uninstall-lib:
	rm -f $(DESTDIR)$(INCLUDEDIR)/sudoku.h $(DESTDIR)$(LIBDIR)/pkgconfig/sudoku.pc \
		$(DESTDIR)$(LIBDIR)/libsudoku.a $(DESTDIR)$(LIBDIR)/libsudoku.so*
	cd $(DESTDIR)$(MANPREFIX)/man3 && rm -f $(patsubst man/%,%,$(wildcard man/*.3))

-include $(shell find build -name '*.d' 2>/dev/null)

# libFuzzer harnesses for the readers and writers, and for the library's
# parser and the calls a caller makes next: make fuzz [FUZZ_SECONDS=600]
FUZZ_SECONDS ?= 600
FUZZ_FLAGS = -g -O1 -fsanitize=fuzzer,address,undefined
FUZZERS = auto:0 line:1 grid:2 csv:3 json:4 pack:5 api:0
fuzz:
	@mkdir -p bin tests/fuzz/work
	@for f in $(FUZZERS); do \
		name=$${f%%:*}; fmt=$${f#*:}; harness=tests/fuzz/fuzz_reader.c; \
		[ $$name != api ] || harness=tests/fuzz/fuzz_api.c; \
		clang -std=c11 -D_DEFAULT_SOURCE -Ilib $(JANSSON_CFLAGS) $(FUZZ_FLAGS) -DFUZZ_FORMAT=$$fmt \
			-o bin/fuzz-$$name $$harness $(LIBSRC) $(LDLIBS) || exit 1; \
	done
	@for f in $(FUZZERS); do \
		name=$${f%%:*}; mkdir -p tests/fuzz/work/$$name; \
		echo "fuzz-$$name: $(FUZZ_SECONDS) s"; \
		bin/fuzz-$$name -max_total_time=$(FUZZ_SECONDS) -max_len=20000 -timeout=10 \
			-artifact_prefix=tests/fuzz/regressions/$$name- \
			tests/fuzz/work/$$name tests/fuzz/corpus > tests/fuzz/work/$$name.log 2>&1 || \
			{ tail -n 30 tests/fuzz/work/$$name.log; exit 1; }; \
		tail -n 1 tests/fuzz/work/$$name.log; \
	done

check: all $(UNIT) $(PNGPIXEL) lint
	prove -f -o -e bats tests/*.bats

lint:
	mandoc -Tlint -Wwarning man/*

bench: all
	sh bench/formats.sh
	sh bench/bt.sh
	sh bench/local.sh sudoku-anneal
	sh bench/local.sh sudoku-vns
	sh bench/curve.sh
	sh bench/big.sh
	sh bench/exact_big.sh
	sh bench/memory.sh
	sh bench/parallel.sh
	sh bench/gen.sh
	sh bench/gen_rating.sh
	sh bench/gen_windows.sh
	sh bench/se_agreement.sh
	sh bench/skfr.sh

install: all install-lib
	mkdir -p $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANPREFIX)/man1 \
		$(DESTDIR)$(MANPREFIX)/man5 $(DESTDIR)$(MANPREFIX)/man7 $(DESTDIR)$(PREFIX)/share/sudoku
	cp -f $(BINS) $(DESTDIR)$(PREFIX)/bin/
	for f in $(EXAMPLES); do \
		sed -e 's|/usr/local/bin|$(PREFIX)/bin|g' -e 's|/usr/local/share/sudoku|$(PREFIX)/share/sudoku|g' \
			$$f > $(DESTDIR)$(PREFIX)/share/sudoku/$${f##*/} || exit 1; \
	done
	# the scripts run are executable; records.sh, which they source, is not
	for f in $(DESTDIR)$(PREFIX)/share/sudoku/*.sh; do \
		if [ "$$(head -c 2 "$$f")" = '#!' ]; then chmod 755 "$$f"; else chmod 644 "$$f"; fi; \
	done
	cp -f man/*.1 $(DESTDIR)$(MANPREFIX)/man1/
	cp -f man/*.5 $(DESTDIR)$(MANPREFIX)/man5/
	cp -f man/*.7 $(DESTDIR)$(MANPREFIX)/man7/

uninstall: uninstall-lib
	cd $(DESTDIR)$(PREFIX)/bin && rm -f $(PROGS)
	cd $(DESTDIR)$(MANPREFIX) && rm -f $(PROGS:%=man1/%.1) man5/sudoku.5 man7/sudoku.7
	rm -rf $(DESTDIR)$(PREFIX)/share/sudoku

clean:
	rm -rf bin build tests/fuzz/work

# objects stay, so that a second make does nothing
.SECONDARY:

.PHONY: all deps fuzz check lint bench install install-lib uninstall uninstall-lib clean
