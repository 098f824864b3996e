#!/usr/bin/env bats
# examples/slurm.sh on a real Slurm: a one-node cluster on this machine
# (munged, slurmctld, slurmd on free ports, all in a throwaway directory),
# job arrays submitted with sbatch, joined answers equal to a serial run.

load helper

# bats 1.8.2 cannot skip from setup_file: the reason goes to every test
setup_file() {
	[ "$(id -u)" = 0 ] || export NO_SLURM="a Slurm of its own here needs root"
	for daemon in munged mungekey slurmctld slurmd sbatch; do
		command -v "$daemon" > /dev/null ||
			export NO_SLURM="${NO_SLURM:-no $daemon (Debian packages slurm-wlm, munge)}"
	done
	[ -z "${NO_SLURM:-}" ] || return 0
	local dir=$BATS_FILE_TMPDIR
	mkdir -p "$dir/state" "$dir/spool"
	mungekey -c -k "$dir/munge.key"
	munged --force --socket="$dir/munge.sock" --key-file="$dir/munge.key" \
		--pid-file="$dir/munged.pid" --log-file="$dir/munged.log" --seed-file="$dir/munge.seed"
	local host ports
	host=$(hostname -s)
	ports=$(free_ports)
	cat > "$dir/slurm.conf" <<-END
		ClusterName=sudokutest
		SlurmctldHost=$host
		SlurmUser=root
		SlurmdUser=root
		SlurmctldPort=${ports% *}
		SlurmdPort=${ports#* }
		AuthType=auth/munge
		AuthInfo=socket=$dir/munge.sock
		CredType=cred/munge
		StateSaveLocation=$dir/state
		SlurmdSpoolDir=$dir/spool
		SlurmctldPidFile=$dir/slurmctld.pid
		SlurmdPidFile=$dir/slurmd.pid
		SlurmctldLogFile=$dir/slurmctld.log
		SlurmdLogFile=$dir/slurmd.log
		ProctrackType=proctrack/linuxproc
		TaskPlugin=task/none
		SelectType=select/cons_tres
		SelectTypeParameters=CR_Core
		JobCompType=jobcomp/none
		AccountingStorageType=accounting_storage/none
		JobAcctGatherType=jobacct_gather/none
		MpiDefault=none
		ReturnToService=2
		SchedulerType=sched/builtin
		SchedulerParameters=sched_interval=1
		NodeName=$host CPUs=$(nproc) State=UNKNOWN
		PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
	END
	export SLURM_CONF=$dir/slurm.conf
	# in subshells, so that their ends are no jobs of this shell's to report
	(slurmctld -D -i > "$dir/slurmctld.out" 2>&1 3>&- & echo $! > "$dir/ctld.pid")
	(slurmd -D > "$dir/slurmd.out" 2>&1 3>&- & echo $! > "$dir/d.pid")
	local waited=0
	until sinfo -h -o %T 2> /dev/null | grep -q idle; do
		sleep 0.2
		waited=$((waited + 1))
		[ $waited -lt 150 ] || { cat "$dir"/*.log >&2; return 1; }
	done
}

# stops every daemon it started, by its pid, and waits for its end, so
# that nothing writes into the directory bats is removing
teardown_file() {
	local dir=$BATS_FILE_TMPDIR file pid waited
	for file in d.pid ctld.pid munged.pid; do
		[ -f "$dir/$file" ] || continue
		pid=$(cat "$dir/$file")
		kill "$pid" 2> /dev/null || continue
		waited=0
		while kill -0 "$pid" 2> /dev/null && [ $waited -lt 100 ]; do
			sleep 0.1
			waited=$((waited + 1))
		done
	done
}

# two ports nothing listens on
free_ports() {
	local port found=
	while [ "$(echo $found | wc -w)" -lt 2 ]; do
		port=$(( 20000 + RANDOM % 30000 ))
		(exec 3<> "/dev/tcp/127.0.0.1/$port") 2> /dev/null || found="$found $port"
	done
	echo $found
}

setup() {
	[ -z "${NO_SLURM:-}" ] || skip "$NO_SLURM"
	cd "$BATS_TEST_TMPDIR"
	export SLURM_CONF=$BATS_FILE_TMPDIR/slurm.conf
	if [ -d "$DATA" ]; then
		sample 17_clue.txt 200 > in.txt
	else
		sudoku-gen -n 200 -s 4 > in.txt
	fi
}

@test "a job array of 4 tasks and a join equal one serial run byte for byte" {
	run -0 --separate-stderr sh "$EX/slurm.sh" -n 4 -w -d run in.txt sudoku-bt -u
	assert_equal "$output" "$(sudoku-bt -u in.txt)"
	# four shares, each answered by its own task
	for k in 0 1 2 3; do
		[ "$(sed '$d' "run/out/$k" | wc -l)" -eq 50 ]
	done
	# stochastic, with per-record seeds; CSV in and out keeps one header row
	head -n 40 in.txt > few.txt
	{ echo 'quizzes,solutions'; sed 's/$/,/' few.txt; } > few.csv
	run -0 --separate-stderr sh "$EX/slurm.sh" -n 5 -w few.csv sudoku-anneal -s 3 -I 300000 -t csv
	assert_equal "$output" "$(sudoku-anneal -s 3 -I 300000 -t csv few.csv)"
}

@test "without -w: the run's directory is printed, the answers follow there" {
	sudoku-print -t grid in.txt > in.grid
	run -0 --separate-stderr sh "$EX/slurm.sh" -n 4 -d run in.grid sudoku-rate
	assert_output "$PWD/run"
	local waited=0
	until [ -f run/status ]; do
		sleep 0.2
		waited=$((waited + 1))
		[ $waited -lt 600 ]
	done
	assert_equal "$(cat run/output)" "$(sudoku-rate in.grid)"
	[ "$(cat run/status)" -eq 0 ]
}

@test "a task killed mid-run: exit 3, the task named, then a re-run submits only it" {
	mkdir -p prefix/bin
	cat > prefix/bin/flaky <<-END
		#!/bin/sh
		# reading the file on the submitting machine (--pack) is no task
		case " \$* " in *" --pack "*) exec "$ROOT/bin/sudoku-bt" "\$@" ;; esac
		echo "\$SLURM_ARRAY_TASK_ID" >> "$PWD/ran"
		[ ! -e "$PWD/fail" ] || [ "\$SLURM_ARRAY_TASK_ID" != 2 ] || kill -KILL \$\$
		exec "$ROOT/bin/sudoku-bt" "\$@"
	END
	chmod 755 prefix/bin/flaky
	touch fail
	run -3 --separate-stderr sh "$EX/slurm.sh" -n 4 -w -p "$PWD/prefix" -d run in.txt flaky
	assert_output ""
	assert_stderr "tasks 2 did not finish"
	[ ! -e run/output ]
	rm fail
	run -0 --separate-stderr sh "$EX/slurm.sh" -n 4 -w -p "$PWD/prefix" -d run in.txt flaky
	assert_equal "$output" "$(sudoku-bt in.txt)"
	assert_equal "$(sort ran | tr '\n' ' ')" "0 1 2 2 3 "
}

@test "slurm.sh: the worst exit status and the program's messages come back" {
	{ head -n 100 in.txt; echo 12x; echo "$NONE"; tail -n 50 in.txt; } > mixed.txt
	run -2 --separate-stderr sh "$EX/slurm.sh" -n 4 -w mixed.txt sudoku-bt
	assert_stderr "sudoku-bt: mixed.txt:101: puzzle has 3 symbols"
	[ "${#lines[@]}" -eq 151 ]
	assert_equal "$output" "$(sudoku-bt mixed.txt 2> /dev/null)"
	run -2 --separate-stderr sh "$EX/slurm.sh" -n 0 in.txt sudoku-bt
	assert_stderr "count of tasks"
}

@test "slurm.sh: names holding header words and box shapes changing part-way give one run's answers" {
	head -n 30 in.txt | awk '{ print $0 " puzzle-" NR }' > named.txt
	sudoku-gen -b 3x2 -n 10 -s 1 >> named.txt
	head -n 5 in.txt >> named.txt
	sudoku-gen -b 3x2 -n 10 -s 2 >> named.txt
	run -0 --separate-stderr sh "$EX/slurm.sh" -n 7 -w named.txt sudoku-bt
	assert_equal "$output" "$(sudoku-bt named.txt)"
	run -0 --separate-stderr sh "$EX/slurm.sh" -n 3 -w named.txt sudoku-print -t line
	assert_equal "$output" "$(sudoku-print -t line named.txt)"
}

@test "slurm.sh: a program missing on the nodes is named" {
	mkdir -p here/bin
	ln -s "$ROOT/bin/sudoku-bt" here/bin/sudoku-bt
	run -3 --separate-stderr sh "$EX/slurm.sh" -n 2 -w -p "$PWD/nowhere" in.txt sudoku-bt
	assert_stderr "slurm.sh: $PWD/nowhere/bin/sudoku-bt: not found"
	assert_output ""
}

# FILE TASKS PROGRAM [OPTION ...]: slurm.sh -w over FILE equals one run of
# the program: output, its messages, exit status.
same_on_slurm() {
	local file=$1 tasks=$2
	shift 2
	run --separate-stderr "$@" -- "$file"
	local serial=$output serial_status=$status messages=$stderr
	run --separate-stderr sh "$EX/slurm.sh" -n "$tasks" -w -- "$file" "$@"
	assert_equal "$output" "$serial"
	assert_equal "$stderr" "$messages"
	assert_equal "$status" "$serial_status"
	[ -n "$output" ]
}

@test "slurm.sh: several lines or answers a record, and csv with a quoted line break, as one run" {
	head -n 12 in.txt > few.txt
	# lines a record (the old count of answers took them for records)
	same_on_slurm few.txt 3 sudoku-rate --explain
	same_on_slurm few.txt 4 sudoku-bt --all -c 3
	printf '%s\n' "$WIKI" '1234.6789........................................................................' > many.txt
	same_on_slurm many.txt 2 sudoku-bt --all -c 3
	{
		printf 'puzzle,"the\nnote"\n'
		awk '{ printf "%s,\"line one\nline %d\"\n", $0, NR }' few.txt
	} > breaks.csv
	same_on_slurm breaks.csv 5 sudoku-bt
	same_on_slurm breaks.csv 3 sudoku-rate -t csv
}

@test "slurm.sh: csv out of JSON records with keys of their own, pencil with other shapes, as one run" {
	for k in 1 2 3 4 5 6; do
		case $k in
		3) echo "{\"puzzle\":\"$WIKI\",\"id\":\"n$k\",\"note\":\"own key\"}" ;;
		*) echo "{\"puzzle\":\"$WIKI\",\"id\":\"n$k\",\"source\":\"book\"}" ;;
		esac
	done > keys.json
	same_on_slurm keys.json 3 sudoku-bt -t csv
	assert_equal "$status" 2
	{ sudoku-gen -b 4x2 -n 6 -s 3; head -n 2 in.txt; sudoku-gen -b 3x2 -n 5 -s 1; } > shapes.txt
	same_on_slurm shapes.txt 4 sudoku-print -t pencil
	sudoku-print -t pencil shapes.txt > shapes.pencil
	same_on_slurm shapes.pencil 3 sudoku-bt
}

@test "slurm.sh: a file name holding a line break, a quote or a leading dash" {
	local name
	for name in $'two\nlines.txt' "it's.txt" '-dash.txt' $'ends in a line break\n'; do
		{ head -n 10 in.txt; echo 12x; } > "./$name"
		same_on_slurm "$name" 2 sudoku-bt
		assert_equal "$status" 2
	done
	# and a program whose path holds one (-p), which the old run file
	# refused to store
	mkdir -p $'pre\nfix/bin'
	ln -s "$ROOT/bin/sudoku-bt" $'pre\nfix/bin/sudoku-bt'
	run -0 --separate-stderr sh "$EX/slurm.sh" -n 2 -w -p "$PWD"$'/pre\nfix' in.txt sudoku-bt -u
	assert_equal "$output" "$(sudoku-bt -u in.txt)"
}
