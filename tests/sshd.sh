# Sourced by tests/cluster.bats and bench/parallel.sh: an OpenSSH server on
# a free port of 127.0.0.1, with throwaway keys, standing for two machines
# (node1 and node2 in DIR/ssh_config).  Needs root and Debian's
# openssh-server.

# sshd_start DIR: keys made once, then a port nothing listens on, tried in
# turn until sshd holds one; DIR/sshd.pid names it.  The logins' PATH is
# SSHD_PATH where it is set (what the machines have installed), else sshd's
# own.
# The machines stand for clean ones, so their logins do not read the ~/.bashrc
# of whoever runs the tests: bash reads it for a command over ssh only at the
# top shell level, and SHLVL=1 puts the login one level down.  (One that ran
# pyenv left its lock behind when a test killed the login as a lost machine,
# and every later login waited 60 s for it.)
sshd_start() {
	dir=$1
	[ -f "$dir/host_key" ] || ssh-keygen -q -t ed25519 -N '' -f "$dir/host_key"
	[ -f "$dir/user_key" ] || ssh-keygen -q -t ed25519 -N '' -f "$dir/user_key"
	cp "$dir/user_key.pub" "$dir/authorized_keys"
	mkdir -p /run/sshd
	tries=0
	while [ $tries -lt 20 ]; do
		port=$(( 20000 + $(od -An -N2 -tu2 /dev/urandom) % 30000 ))
		tries=$((tries + 1))
		! port_open "$port" || continue
		cat > "$dir/sshd_config" <<-END
			Port $port
			ListenAddress 127.0.0.1
			HostKey $dir/host_key
			AuthorizedKeysFile $dir/authorized_keys
			PidFile none
			PermitRootLogin prohibit-password
			PasswordAuthentication no
			KbdInteractiveAuthentication no
			UsePAM no
			StrictModes no
			SetEnv SHLVL=1${SSHD_PATH:+ "PATH=$SSHD_PATH"}
		END
		# in a subshell, so that its end is no job of the caller's to report
		(/usr/sbin/sshd -D -f "$dir/sshd_config" -E "$dir/sshd.log" 3>&- & echo $! > "$dir/sshd.pid")
		waited=0
		while [ $waited -lt 50 ] && kill -0 "$(cat "$dir/sshd.pid")" 2> /dev/null; do
			if port_open "$port"; then
				cat > "$dir/ssh_config" <<-END
					Host node1 node2
					  HostName 127.0.0.1
					  Port $port
					  User root
					  IdentityFile $dir/user_key
					  IdentitiesOnly yes
					  StrictHostKeyChecking no
					  UserKnownHostsFile /dev/null
					  BatchMode yes
					  LogLevel ERROR
				END
				return 0
			fi
			sleep 0.1
			waited=$((waited + 1))
		done
		kill "$(cat "$dir/sshd.pid")" 2> /dev/null || true
	done
	echo "no port for sshd; see $dir/sshd.log" >&2
	return 1
}

port_open() {
	bash -c "exec 3<> /dev/tcp/127.0.0.1/$1" 2> /dev/null
}

# sshd_stop DIR: sshd and every session it runs, as a lost machine
sshd_stop() {
	[ -f "$1/sshd.pid" ] || return 0
	kill_tree "$(cat "$1/sshd.pid")"
	rm -f "$1/sshd.pid"
}

kill_tree() {
	kill -STOP "$1" 2> /dev/null || return 0
	for child in $(ps -o pid= --ppid "$1"); do kill_tree "$child"; done
	kill -KILL "$1" 2> /dev/null || true
}
