#!/usr/bin/env bats
# The two install routes as a user follows them: the paths the README, the
# crontab and sudoku(7) name are those each route installs (make install,
# and the Debian package: debian/rules' make install, then debian/*.install
# picking the package's files), and the README's commands run as written.

load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# make install into DIR (a DESTDIR) with the default PREFIX, /usr/local
make_install() {
	make -s -C "$ROOT" install DESTDIR="$PWD/$1" > /dev/null
}

# The files of the sudoku-toolkit package, unpacked into DIR, as debhelper
# makes them: the Makefile's install with debian/rules' directories into a
# staging tree, then what debian/sudoku-toolkit.install names, and its links.
debian_install() {
	local dirs line
	command -v dpkg-architecture > /dev/null || skip "no dpkg-architecture (Debian's dpkg-dev)"
	dirs=$(sed -n 's/^INSTALL_DIRS = //p' "$ROOT/debian/rules")
	dirs=${dirs//\$(DEB_HOST_MULTIARCH)/$(dpkg-architecture -qDEB_HOST_MULTIARCH)}
	[ -n "$dirs" ]
	# shellcheck disable=SC2086 # the directories are words
	make -s -C "$ROOT" install DESTDIR="$PWD/staging" $dirs > /dev/null
	mkdir -p "$1"
	while read -r line; do
		(cd staging && cp -a --parents $line "../$1/")
	done < "$ROOT/debian/sudoku-toolkit.install"
	while read -r target link; do
		mkdir -p "$1/$(dirname "$link")"
		ln -s "/$target" "$1/$link"
	done < "$ROOT/debian/sudoku-toolkit.links"
}

# The README's lines that add the installed crontab, as "ROUTE PATH" (ROUTE
# from the comment that ends the line: debian or make).
readme_crontab_lines() {
	sed -n 's/^    (crontab -l 2>\/dev\/null; cat \([^)]*\)) | crontab - *# \(Debian package\|make install\)$/\2 \1/p' \
		"$ROOT/README.md" | sed 's/^Debian package/debian/; s/^make install/make/'
}

# DIR SCRIPTS: every path under SCRIPTS (the route's share/sudoku) that
# SCRIPTS/crontab names, in its command and its comments, is a file under DIR.
route_paths_exist() {
	local path
	for path in $(grep -o "$2/[^ )\"]*" "$1$2/crontab" | sed 's/\.$//' | sort -u); do
		[ -f "$1$path" ] || { echo "$2/crontab names $path, which is not installed there" >&2; return 1; }
	done
}

@test "install routes: the crontab the README adds, and the paths it names, are those each route installs" {
	make_install mk
	debian_install deb
	run -0 readme_crontab_lines
	assert_line --index 0 'debian /usr/share/sudoku/crontab'
	assert_line --index 1 'make /usr/local/share/sudoku/crontab'
	[ "${#lines[@]}" -eq 2 ]
	local route crontab
	while read -r route crontab; do
		case $route in debian) [ -f "deb$crontab" ] ;; make) [ -f "mk$crontab" ] ;; esac
	done <<< "$output"
	[ -f deb/usr/share/sudoku/crontab ] && [ -f mk/usr/local/share/sudoku/crontab ]
	# each installed crontab runs its own route's nightly.sh, and its
	# comments name files of that route only
	grep -q '^30 .* sh /usr/share/sudoku/nightly.sh ' deb/usr/share/sudoku/crontab
	grep -q '^30 .* sh /usr/local/share/sudoku/nightly.sh ' mk/usr/local/share/sudoku/crontab
	route_paths_exist mk /usr/local/share/sudoku
	route_paths_exist deb /usr/share/sudoku
	[ -x deb/usr/share/sudoku/nightly.sh ] && [ -x mk/usr/local/share/sudoku/nightly.sh ]
	# the Debian package's nightly.sh finds its programs in /usr/bin
	grep -q '^PATH=.*/usr/bin' deb/usr/share/sudoku/nightly.sh
	[ -x deb/usr/bin/sudoku-gen ]
	# the examples' link in the package's documentation leads to them
	[ -L deb/usr/share/doc/sudoku-toolkit/examples/scripts ]
}

@test "README: the crontab line adds the nightly batch to a crontab and keeps its other lines" {
	make_install mk
	# crontab(1) standing for cron's: the user's table in a file
	mkdir bin
	cat > bin/crontab <<-END
		#!/bin/sh
		case \$1 in
		-l) [ -f "$PWD/table" ] || { echo "no crontab for \$(id -un)" >&2; exit 1; }; cat "$PWD/table" ;;
		-) cat > "$PWD/table.new" && mv "$PWD/table.new" "$PWD/table" ;;
		*) cp "\$1" "$PWD/table" ;;
		esac
	END
	chmod 755 bin/crontab
	local route crontab cmd
	while read -r route crontab; do
		[ "$route" = make ] || continue
		cmd=$(grep -F "cat $crontab)" "$ROOT/README.md")
		cmd=${cmd/cat \/usr/cat $PWD/mk/usr}
		# with no table yet, then with a table of the user's own
		rm -f table
		PATH=$PWD/bin:$PATH run -0 sh -c "$cmd"
		run -0 grep -c '^30 .*nightly.sh' table
		echo '0 * * * * echo mine' > table
		PATH=$PWD/bin:$PATH run -0 sh -c "$cmd"
		run -0 grep -c '^0 \* \* \* \* echo mine$' table
		run -0 grep -c '^30 .*/usr/local/share/sudoku/nightly.sh' table
	done < <(readme_crontab_lines)
	[ -n "${cmd:-}" ]
}

@test "README: a program built against libsudoku under a PREFIX of its own runs as the README says" {
	command -v pkg-config > /dev/null || skip "no pkg-config"
	local prefix=$PWD/opt/sudoku cmd
	make -s -C "$ROOT" install PREFIX="$prefix" > /dev/null
	ln -s "$ROOT/examples" examples
	cmd=$(sed -n '/^    export PKG_CONFIG_PATH=\/opt\/sudoku/,/-o rate-hint$/p' "$ROOT/README.md" | sed 's/^    //')
	[ -n "$cmd" ]
	grep -q -- '-Wl,-rpath,/opt/sudoku/lib' <<< "$cmd"
	# a sanitizer build links its runtime (CC and LDFLAGS as make check had them)
	[ -z "${LDFLAGS:-}" ] || cmd=$(sed "s|^cc \(.*\) -o rate-hint\$|${CC:-cc} \1 $LDFLAGS -o rate-hint|" <<< "$cmd")
	run -0 sh -c "${cmd//\/opt\/sudoku/$prefix}"
	# with no LD_LIBRARY_PATH, as the README's command line leaves it
	run -0 env -u LD_LIBRARY_PATH ./rate-hint "$WIKI"
	assert_output 'very-easy 1.2 (pearl 1.2, diamond 1.2)
hint: r1c6 must be 8: it is the only place for 8 in box 2'
	# without the library path the README names, it would not run (the
	# dynamic linker's 127)
	run -127 sh -c "PKG_CONFIG_PATH=$prefix/lib/pkgconfig; export PKG_CONFIG_PATH
		${CC:-cc} examples/rate-hint.c \$(pkg-config --cflags --libs sudoku) ${LDFLAGS:-} -o plain && env -u LD_LIBRARY_PATH ./plain '$WIKI'"
	assert_output --partial 'libsudoku.so.0'
}
