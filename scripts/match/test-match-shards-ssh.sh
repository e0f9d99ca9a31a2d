#!/usr/bin/env bash
# Checks the many-machines recipe of protocol-spec/match.md ("Shards") over real ssh:
# an OpenSSH server on 127.0.0.1 stands for a second host with its own work folder and
# key login; GNU parallel sends it the binaries and the shards, --return brings the
# records back, and they merge to the totals of one run. Then one shard is killed
# (kill -9) mid-run on that host: -merge names the shard and its missing rounds, and
# playing just that shard again gives the totals of one run.
#
#   scripts/match/test-match-shards-ssh.sh CCMATCH CCENGINE
set -euo pipefail
ccmatch=$(realpath "$1") engine=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
sshd=/usr/sbin/sshd
[ -x "$sshd" ] || { echo "no $sshd: install openssh-server (scripts/test.sh does)" >&2; exit 1; }

work=$(mktemp -d)
sshd_pid=""
cleanup() {
  [ -n "$sshd_pid" ] && kill "$sshd_pid" 2>/dev/null || true
  pkill -9 -f "$work/host2/ccmatch" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/local" "$work/host2"

# The server: its own host key, config and port; logins by key only.
ssh-keygen -q -t ed25519 -N '' -f "$work/host_key"
ssh-keygen -q -t ed25519 -N '' -f "$work/client_key"
cp "$work/client_key.pub" "$work/authorized_keys"
chmod 600 "$work/authorized_keys"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat >"$work/sshd_config" <<EOF
Port $port
ListenAddress 127.0.0.1
HostKey $work/host_key
AuthorizedKeysFile $work/authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
PidFile $work/sshd.pid
Subsystem sftp internal-sftp
EOF
[ "$(id -u)" -eq 0 ] && mkdir -p /run/sshd
"$sshd" -D -e -f "$work/sshd_config" 2>"$work/sshd.log" &
sshd_pid=$!
cat >"$work/ssh_config" <<EOF
Host host2
  HostName 127.0.0.1
  Port $port
  User $(id -un)
  IdentityFile $work/client_key
  IdentitiesOnly yes
  StrictHostKeyChecking no
  UserKnownHostsFile /dev/null
  LogLevel ERROR
  BatchMode yes
EOF
export PARALLEL_SSH="ssh -F $work/ssh_config"
for _ in $(seq 50); do
  $PARALLEL_SSH host2 true 2>/dev/null && break
  sleep 0.1
done
$PARALLEL_SSH host2 true || { cat "$work/sshd.log" >&2; echo "sshd did not take the key login" >&2; exit 1; }

# The binaries go to host2's own folder (--basefile), the command names them relative
# to it, so host2 runs its copies and not this folder's.
cd "$work/local"
cp "$ccmatch" ccmatch
cp "$engine" ccengine
args=(-engine cmd=./ccengine name=A -engine cmd=./ccengine name=B
      -each nodes=1500 -rules movelimit=40 -rounds 6 -openings plies=2 -srand 11)
./ccmatch "${args[@]}" -pgnout one.pgn >/dev/null
./ccmatch -merge one.pgn -results one.json >/dev/null

export PARALLEL_OPTIONS="--sshlogin 2/host2 --workdir $work/host2 --basefile ccmatch
  --basefile ccengine --return shard-{}.pgn"
bash "$here/match-shards.sh" 3 2 . ./ccmatch "${args[@]}" \
  >/dev/null 2>"$work/shards.err" || { cat "$work/shards.err" "$work/local/shards.log" >&2; exit 1; }
for shard in 1 2 3; do
  [ -s "$work/host2/shard-$shard.pgn" ] || { echo "shard $shard was not played on host2" >&2; exit 1; }
done
diff one.json results.json
echo "3 shards played over ssh on host2 and returned merge to the totals of one run"

# Shard 2 killed on host2 once its first game is written.
rm -f "$work/host2/shard-2.pgn"
$PARALLEL_SSH host2 "cd $work/host2 && exec ./ccmatch ${args[*]} -shard 2/3 -pgnout shard-2.pgn" \
  >/dev/null 2>&1 &
killed_run=$!
for _ in $(seq 600); do
  grep -q '^\[Event ' "$work/host2/shard-2.pgn" 2>/dev/null && break
  sleep 0.05
done
pkill -9 -f "^./ccmatch .*-shard 2/3" || { echo "shard 2 ended before it could be killed" >&2; exit 1; }
wait "$killed_run" || true
scp -q -F "$work/ssh_config" "host2:$work/host2/shard-2.pgn" shard-2.pgn
if ./ccmatch -merge shard-1.pgn shard-2.pgn shard-3.pgn >merge.out 2>&1; then
  echo "-merge took the records of a killed shard as a whole run" >&2
  exit 1
fi
grep -q "the run is not whole: shard 2/3 (" merge.out || { cat merge.out >&2; exit 1; }
echo "a shard killed mid-run is named: $(cat merge.out)"

# -pgnout appends, so the shard's old records go first.
$PARALLEL_SSH host2 "rm $work/host2/shard-2.pgn"
parallel -N0 --sshlogin 1/host2 --workdir "$work/host2" \
  --return shard-2.pgn -q ./ccmatch "${args[@]}" -shard 2/3 -pgnout shard-2.pgn ::: once >/dev/null
./ccmatch -merge shard-1.pgn shard-2.pgn shard-3.pgn -results again.json >/dev/null
diff one.json again.json
echo "playing shard 2 again gives the totals of one run"
