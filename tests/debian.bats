#!/usr/bin/env bats
# The Debian packages (debian/): the symbols of libsudoku0 are the API's
# names; the source builds with dpkg-buildpackage, leaving nothing that
# .gitignore does not ignore, lintian finds no error or warning, and the
# packages, unpacked, hold the crontab the README adds and pass
# debian/tests/smoke (the README's pipeline, pkg-config and the C example
# against the library).

load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
}

@test "debian: libsudoku0's symbols are the names of lib/api/abi, of version node SUDOKU_0" {
	sed -n 's/^ \(sd_[a-z_0-9]*\)@SUDOKU_0 .*/\1/p' "$ROOT/debian/libsudoku0.symbols" > symbols
	run diff "$ROOT/lib/api/abi" symbols
	assert_success
	grep -q '^libsudoku.so.0 libsudoku0 ' "$ROOT/debian/libsudoku0.symbols"
	# the same soname and version node as the Makefile's link
	grep -q '^SONAME = libsudoku.so.0$' "$ROOT/Makefile"
	grep -q "SUDOKU_0 {" "$ROOT/Makefile"
}

@test "debian: the package's version is the toolkit's" {
	version=$(sed -n 's/^#define SD_VERSION "\(.*\)"/\1/p' "$ROOT/lib/board/board.h")
	run -0 dpkg-parsechangelog -l "$ROOT/debian/changelog" -S Version
	assert_output "$version"
}

@test "debian: dpkg-buildpackage builds, lintian is clean, the unpacked packages pass debian/tests/smoke" {
	command -v dpkg-buildpackage > /dev/null && [ -f /usr/share/perl5/Debian/Debhelper/Dh_Lib.pm ] ||
		skip "no dpkg-buildpackage or debhelper (make deps installs them)"
	command -v lintian > /dev/null || skip "no lintian (make deps installs it)"
	command -v git > /dev/null && git -C "$ROOT" rev-parse 2> /dev/null || skip "not a git checkout"
	# built with Debian's flags, not a sanitizer's: the sanitizer run of make check skips it
	case " ${CFLAGS:-} ${LDFLAGS:-} " in *-fsanitize*) skip "built with Debian's flags; tested in the plain run" ;; esac
	# the tracked files as they are now, without build/ and bin/, in a
	# repository of their own
	mkdir src
	(cd "$ROOT" && git ls-files -z | tar --null -T - -cf -) | tar -x -C src
	cd src
	git init -q
	git add -A
	git -c user.name=test -c user.email=test@localhost commit -q -m tree
	run env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u CC -u CFLAGS -u LDFLAGS -u CPPFLAGS \
		dpkg-buildpackage -us -uc -b
	[ "$status" = 0 ] || { echo "$output" | tail -n 40; false; }
	# what the build leaves in the tree, .gitignore ignores
	run -0 git status --porcelain --untracked-files=all
	assert_output ''
	cd ..
	for p in sudoku-toolkit libsudoku0 libsudoku-dev; do
		[ -f "$(ls ${p}_*.deb)" ]
	done
	run lintian --fail-on error,warning ./*.changes
	[ "$status" = 0 ] || { echo "$output"; false; }
	refute_output --regexp '^[EW]: '
	# the library's files where Debian puts them
	multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
	run -0 dpkg-deb -c libsudoku0_*.deb
	assert_output --partial "./usr/lib/$multiarch/libsudoku.so.0"
	run -0 dpkg-deb -c libsudoku-dev_*.deb
	assert_output --partial "./usr/include/sudoku.h"
	assert_output --partial "./usr/lib/$multiarch/pkgconfig/sudoku.pc"
	run -0 dpkg-deb -I libsudoku-dev_*.deb
	assert_output --partial 'Depends: libsudoku0 (= '
	for deb in sudoku-toolkit_*.deb libsudoku0_*.deb libsudoku-dev_*.deb; do
		dpkg -x "$deb" root
	done
	root=$PWD/root
	# the crontab the README adds is the package's, and runs its nightly.sh
	grep -qF '(crontab -l 2>/dev/null; cat /usr/share/sudoku/crontab) | crontab -' "$ROOT/README.md"
	grep -q '^30 .* sh /usr/share/sudoku/nightly.sh ' root/usr/share/sudoku/crontab
	[ -x root/usr/share/sudoku/nightly.sh ] && [ -f root/usr/share/sudoku/records.sh ]
	run env PATH="$root/usr/bin:$PATH" SUDOKU_ROOT="$root" AUTOPKGTEST_TMP="$PWD/smoke" \
		LD_LIBRARY_PATH="$root/usr/lib/$multiarch" PKG_CONFIG_SYSROOT_DIR="$root" \
		PKG_CONFIG_PATH="$root/usr/lib/$multiarch/pkgconfig" \
		sh -c 'mkdir -p "$AUTOPKGTEST_TMP" && sh src/debian/tests/smoke'
	[ "$status" = 0 ] || { echo "$output"; false; }
	assert_output --partial 'smoke: ok'
}
