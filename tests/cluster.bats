#!/usr/bin/env bats
# examples/cluster.sh over real ssh: an OpenSSH server on a free port of
# 127.0.0.1 with throwaway keys stands for two remote machines, the toolkit
# installed on them at a prefix off their PATH.  Their PATH is this
# machine's without the tree's bin/: what is installed here (a Debian
# package's /usr/bin/sudoku-bt) is installed there, and no test may take
# it for the tree's programs.

load helper
. "$BATS_TEST_DIRNAME/sshd.sh"

# bats 1.8.2 cannot skip from setup_file: the reason goes to every test
setup_file() {
	if [ "$(id -u)" != 0 ]; then
		export NO_SSHD="sshd here needs root"
	elif [ ! -x /usr/sbin/sshd ]; then
		export NO_SSHD="no sshd (Debian package openssh-server)"
	elif ! command -v parallel > /dev/null; then
		export NO_SSHD="no GNU parallel (Debian package parallel)"
	fi
	[ -z "${NO_SSHD:-}" ] || return 0
	local dir=$BATS_FILE_TMPDIR
	# the toolkit where make install PREFIX=$dir/prefix puts it
	mkdir -p "$dir/prefix/bin"
	cp "$ROOT"/bin/sudoku-* "$dir/prefix/bin/"
	SSHD_PATH=$(installed_path)
	export SSHD_PATH
	sshd_start "$BATS_FILE_TMPDIR"
}

# this machine's PATH without the tree's bin/ (which helper.bash put first)
installed_path() {
	echo "$PATH" | tr ':' '\n' | grep -vxF "$ROOT/bin" | paste -sd:
}

teardown_file() {
	sshd_stop "$BATS_FILE_TMPDIR"
}

setup() {
	[ -z "${NO_SSHD:-}" ] || skip "$NO_SSHD"
	cd "$BATS_TEST_TMPDIR"
	if [ -d "$DATA" ]; then
		sample 17_clue.txt 240 > in.txt
	else
		sudoku-gen -n 240 -s 4 > in.txt
	fi
	# how ssh reaches node1 and node2, as ~/.ssh/config would say it
	export PARALLEL_SSH="ssh -F $BATS_FILE_TMPDIR/ssh_config"
	PREFIX=$BATS_FILE_TMPDIR/prefix
}

@test "the machines are reached by ssh, with what is installed here, not the tree's programs, on their PATH" {
	run -0 $PARALLEL_SSH node1 'echo "$PATH"'
	assert_output "$(installed_path)"
	run $PARALLEL_SSH node1 "command -v sudoku-bt"
	refute_output "$ROOT/bin/sudoku-bt"
	run -0 $PARALLEL_SSH node1 "$PREFIX/bin/sudoku-bt -V"
	assert_output --partial sudoku-bt
}

@test "cluster.sh over ssh equals one serial run byte for byte: exact and seeded tools" {
	logins=1/node1,1/node2,1/:
	run -0 --separate-stderr sh "$EX/cluster.sh" -p "$PREFIX" -b 4k "$logins" in.txt sudoku-bt -u
	assert_equal "$output" "$(sudoku-bt -u in.txt)"
	head -n 60 in.txt > few.txt
	run -0 --separate-stderr sh "$EX/cluster.sh" -p "$PREFIX" -b 1k -d run "$logins" few.txt \
		sudoku-anneal -s 3 -I 300000 -t json
	assert_equal "$output" "$(sudoku-anneal -s 3 -I 300000 -t json few.txt)"
	# each login took some of the blocks
	for host in node1 node2 :; do
		cut -f2 run/joblog | grep -q "$host"
	done
}

@test "cluster.sh: a program missing on a host is said once, before any block runs" {
	# here (on this machine's PATH, for the ':' login), on no machine's else
	mkdir -p here/bin
	ln -s "$ROOT/bin/sudoku-bt" here/bin/sudoku-only-here
	PATH=$PWD/here/bin:$PATH run -2 --separate-stderr sh "$EX/cluster.sh" node1,: in.txt sudoku-only-here
	assert_stderr "sudoku-only-here not found on: node1"
	[ -z "$output" ]
	# and a prefix that a host lacks
	run -2 --separate-stderr sh "$EX/cluster.sh" -p "$PWD/nowhere" node1 in.txt sudoku-bt
	assert_stderr "$PWD/nowhere/bin/sudoku-bt not found on: node1"
}

@test "a program missing on a host past the check: named with the host, nothing left behind" {
	# on this machine's PATH, not on node1's, which parallel.sh alone does not check
	mkdir -p here/bin tmp
	ln -s "$ROOT/bin/sudoku-bt" here/bin/sudoku-only-here
	PATH=$PWD/here/bin:$PATH TMPDIR=$PWD/tmp run -3 --separate-stderr \
		sh "$EX/parallel.sh" -S 1/node1 in.txt sudoku-only-here -u
	assert_stderr "parallel.sh: sudoku-only-here: not found on node1"
	[ -z "$output" ]
	[ -z "$(ls -A tmp)" ]
}

# A program standing for a slow job: it says where it runs (on.HOST.BLOCK),
# then the first job runs at once and the others wait for the test's word,
# so that machines can be lost mid-run while jobs are on them.  Reading
# the file here (--pack) is no job: it runs at once.
gated() {
	cat > "$PREFIX/bin/gated" <<-END
		#!/bin/sh
		case " \$* " in *" --pack "*) exec "$PREFIX/bin/sudoku-bt" "\$@" ;; esac
		touch "$PWD/on.\${PARALLEL_SSHHOST:-here}.\$PARALLEL_SEQ"
		mkdir "$PWD/first" 2> /dev/null || while [ ! -e "$PWD/go" ]; do sleep 0.05; done
		exec "$PREFIX/bin/sudoku-bt" "\$@"
	END
	chmod 755 "$PREFIX/bin/gated"
}

# waits until the job log in DIR has N finished jobs
wait_jobs() {
	local waited=0
	until [ -f "$1/joblog" ] && [ "$(($(wc -l < "$1/joblog") - 1))" -ge "$2" ]; do
		sleep 0.05
		waited=$((waited + 1))
		[ $waited -lt 1200 ] || return 1
	done
}

@test "machines lost mid-run: exit 3, nothing printed, then a re-run finishes only what is missing" {
	gated
	logins=1/node1,1/node2
	sh "$EX/cluster.sh" -p "$PREFIX" -b 4k -d run "$logins" in.txt gated -u > out 2> err &
	local run=$!
	wait_jobs run 1
	sshd_stop "$BATS_FILE_TMPDIR"
	local status=0
	wait "$run" || status=$?
	[ "$status" -eq 3 ]
	[ ! -s out ]
	grep -q "did not finish" err
	grep -q -- "-d run" err
	local blocks ran
	blocks=$(grep -o 'did not finish (blocks[0-9 ]*' err | cut -d'(' -f2 | wc -w)
	blocks=$((blocks - 1))
	ran=$(wc -l < run/joblog)
	sshd_start "$BATS_FILE_TMPDIR"
	touch go
	run -0 --separate-stderr sh "$EX/cluster.sh" -p "$PREFIX" -b 4k -d run "$logins" in.txt gated -u
	assert_equal "$output" "$(sudoku-bt -u in.txt)"
	# the second run ran the missing blocks and no others
	[ "$(tail -n +"$((ran + 1))" run/joblog | wc -l)" -eq "$blocks" ]
}

@test "a machine lost mid-run: its blocks are tried again on another login" {
	gated
	mkdir first
	sh "$EX/cluster.sh" -p "$PREFIX" -b 4k -d run 1/node1,1/: in.txt gated -u > out 2> err &
	local run=$!
	local waited=0
	until ls on.node1.* > /dev/null 2>&1; do
		sleep 0.05
		waited=$((waited + 1))
		[ $waited -lt 1200 ]
	done
	local block
	block=$(ls on.node1.* | head -n 1 | cut -d. -f3)
	sshd_stop "$BATS_FILE_TMPDIR"
	touch go
	local status=0
	wait "$run" || status=$?
	sshd_start "$BATS_FILE_TMPDIR"
	[ "$status" -eq 0 ]
	assert_equal "$(cat out)" "$(sudoku-bt -u in.txt)"
	# the block that was on node1 finished here
	awk -F '\t' -v b="$block" '$1 == b && $2 == ":" && $7 == 0' run/joblog | grep -q .
}
