#!/usr/bin/env bats
# Scaling out (opml(7), SCALING OUT): the page's recipes run as pasted
# with GNU parallel over ssh, on two hosts that an sshd made for the
# test serves on the loopback interface (the second on SSE2 kernels),
# and each result is the bytes of one process; learning hands off
# between hosts byte for byte.

load helper

# scaling_out [-v] NAME: the commands of the SCALING OUT section of
# opml(7), of its introduction and of its subsection NAME (-v: of every
# other subsection), each literal display's lines in order, \e
# continuations joined.
scaling_out() {
	local v=0
	[ "$1" != -v ] || { v=1; shift; }
	awk -v v="$v" -v name="$1" '/^\.Sh / { on = ($0 == ".Sh SCALING OUT") } !on { next }
	/^\.Ss / { ss = substr($0, 5); mine = (ss == name) != v }
	ss != "" && !mine { next }
	/^\.Bd -literal/ { lit = 1; next } /^\.Ed/ { lit = 0; next }
	lit { gsub(/\\-/, "-"); if (sub(/\\e$/, "")) { cont = cont $0; next }
	      l = cont $0; cont = ""; gsub(/\\e/, "\\", l); print l }' "$TOP/man/opml.7"
}

setup_file() {
	# parallel's own files (and its citation notice) stay out of $HOME
	export PARALLEL_HOME="$BATS_FILE_TMPDIR/parallel"
	mkdir -p "$PARALLEL_HOME" && touch "$PARALLEL_HOME/will-cite"
	# two hosts on this machine (scripts/ssh-hosts), host2 on SSE2
	H=$BATS_FILE_TMPDIR/hosts.d
	export H PARALLEL_SSH="ssh -F $H/ssh_config"
	for p in parallel rsync; do
		command -v $p > /dev/null || { export HOSTS_WHY="no $p"; return 0; }
	done
	if why=$(sh "$TOP/scripts/ssh-hosts" start "$H" 2>&1); then
		export HOSTS_UP=1
	else
		export HOSTS_WHY="$why"
	fi
}

teardown_file() {
	sh "$TOP/scripts/ssh-hosts" stop "$H"
}

# recipes [-v] NAME PATTERN...: the commands of scaling_out [-v] NAME,
# one of them matching each grep PATTERN (every recipe is there), run
# as pasted in $W, which is then the working directory
recipes() {
	local v='' r
	[ "$1" != -v ] || { v=-v; shift; }
	scaling_out $v "$1" > "$TMP/recipes.sh"
	shift
	for r; do
		grep -q -- "$r" "$TMP/recipes.sh" || { echo "no recipe with $r"; false; }
	done
	run sh -ec "cd '$W' && . '$TMP/recipes.sh'"
	show
	[ "$status" -eq 0 ]
	cd "$W"
}

# jobs_of N: the commands of the jobs that hostN ran (parallel sends
# each hex-encoded to perl)
jobs_of() {
	perl -ne 'if (/\@ARGV (.*)/) { ($x = $1) =~ s/[^0-9a-f]//g; print pack("H*", $x), "\n" }' \
	    "$H/host$1.log"
}

# 10^4 samples of 12 features in 10 classes, 8000 to train, 2000 to
# test.
samples() {
	awk 'BEGIN { srand(1); for (i = 0; i < 10000; i++) { c = int(rand() * 10); printf "%d", c
		for (j = 0; j < 12; j++) { u = rand(); v = rand()
			printf " %.6g", sin(c * (j + 1)) * 1.5 + sqrt(-2 * log(u + 1e-300)) * cos(6.283185307179586 * v) }
		print "" } }' > "$1/all.txt"
	head -n 8000 "$1/all.txt" > "$1/train.txt"
	tail -n 2000 "$1/all.txt" > "$1/test.txt"
}

@test "every SCALING OUT recipe of opml(7), over ssh to two hosts (one on SSE2), gives the bytes of one process" {
	[ -n "${HOSTS_UP-}" ] || skip "$HOSTS_WHY"
	W=$TMP/work
	mkdir -p "$W"
	samples "$W"
	recipes -v Protocols opml-transform 'opml-scale -m' 'opml-knn -N' 'opml-knn -M -e' \
	    'opml-pairs -I' 'opml-roc -c' 'opml-roc -a -N folds' 'opml-learn -m'
	# transform
	opml-transform -m run.model test.txt | cmp - test.lx
	# scaling parameters: min-max of the shards would be the whole
	# set's exactly; z-score agrees to 1e-13 (opml-scale(1))
	opml-scale -w one.params train.txt > /dev/null
	[ "$(head -1 train.params)" = "$(head -1 one.params)" ]
	awk 'FNR == 1 { f++ } $1 == "mean" || $1 == "std" { for (j = 2; j <= NF; j++) v[f, $1, j] = $j; nf = NF }
	END { for (j = 2; j <= nf; j++) { s = v[1, "std", j]
		d = v[1, "mean", j] - v[2, "mean", j]; if (d < 0) d = -d; if (d > 1e-13 * (s + (v[1, "mean", j] < 0 ? -v[1, "mean", j] : v[1, "mean", j]))) exit 1
		d = s - v[2, "std", j]; if (d < 0) d = -d; if (d > 1e-13 * s) exit 1 } }' one.params train.params
	# k-NN by training shards and by query blocks, and the error rate
	opml-knn -k 5 -m run.model train.txt test.txt > one.knn
	cmp one.knn shards.knn
	cmp one.knn blocks.knn
	opml-knn -e -k 5 -m run.model train.txt test.txt | cmp - blocks.error
	# pair scores, and their AUC summed from counts
	opml-pairs -m run.model -n 20000 -s 1 test.txt > one.scores
	cmp one.scores pairs.scores
	opml-roc -a -d -N pairs one.scores | cmp - pairs.auc
	[ "$(ls pairs.*.counts | wc -l)" -ge 2 ]
	# folds: each learned and scored in one process, the scores pooled
	for k in 1 2 3 4; do
		opml-learn -s 1 rest.$k | opml-pairs -m - -n 500 -s 1 fold.$k
	done > one.folds
	opml-roc -a -d -N folds one.folds | cmp - folds.auc
	# learning handed to host2 (the recipe cmp's it with run.model)
	[ -s resumed.model ]
	# both hosts ran jobs of every kind, host2 on SSE2, and kept
	# nothing after --cleanup
	for h in 1 2; do
		jobs_of $h > "$TMP/host$h.jobs"
		for p in opml-transform opml-knn opml-pairs opml-roc opml-scale opml-learn; do
			grep -q "$p" "$TMP/host$h.jobs" || [ $h.$p = 1.opml-learn ] ||
			    { echo "host$h ran no $p"; false; }
		done
	done
	[ "$(parallel --nonall -S host2 'echo $OPML_SIMD')" = sse2 ]
	run find "$H/host1" "$H/host2" -type f ! -path '*/.parallel/*'
	[ -z "$output" ] || { echo "left behind: $output"; false; }
}

@test "the protocols' recipes of opml(7): the folds of opml-verify and opml-events run over ssh on two hosts (one on SSE2), their parts assemble to the bytes of one process" {
	[ -n "${HOSTS_UP-}" ] || skip "$HOSTS_WHY"
	need svm-train libsvm-tools
	W=$TMP/work
	mkdir -p "$W"
	samples "$W"
	# the ORL faces, and every sixth frame of the three UMN scenes
	cp "$DATA/faces/orl.txt" "$W/faces.txt"
	gzip -dc "$DATA/umn/mhof.txt.gz" | awk 'NR % 6 == 1' > "$W/mhof.txt"
	recipes Protocols 'opml-verify .*-f {}' 'opml-verify .*-m faces.parts' \
	    'opml-events .*-f {1}:{2}' 'opml-events .*-m mhof.parts'
	# every fold's part came back, from both hosts
	[ "$(grep -c '^#opml-verify part fold[1-4]: ' faces.parts)" -eq 4 ]
	[ "$(grep -c '^#opml-events part s[1-3].f[12]: ' mhof.parts)" -eq 6 ]
	for h in 1 2; do
		for p in opml-verify opml-events; do
			jobs_of $h | grep -q "$p" || { echo "host$h ran no $p"; false; }
		done
	done
	# one process
	opml-verify -k 4 -N unit -g 1e-2,5e-2 -o one faces.txt | cmp - faces.verify
	cmp one/faces-roc.svg faces-roc.svg
	opml-events -c 0 -o one.umn umn mhof.txt | cmp - events.table
	diff -r one.umn events
	[ "$(ls events | wc -l)" -eq 18 ]
	run find "$H/host1" "$H/host2" -type f ! -path '*/.parallel/*'
	[ -z "$output" ] || { echo "left behind: $output"; false; }
}

@test "learning handed off at any point resumes to the bytes of one run, on either vector path" {
	samples "$TMP"
	for a in opml copml; do
		opml-learn -a $a -s 3 "$TMP/train.txt" > "$TMP/one.model"
		for at in 1 2500 7999; do
			head -n $at "$TMP/train.txt" > "$TMP/a"
			tail -n +$((at + 1)) "$TMP/train.txt" > "$TMP/b"
			opml-learn -a $a -s 3 "$TMP/a" > "$TMP/half.model"
			OPML_SIMD=sse2 opml-learn -m "$TMP/half.model" "$TMP/b" | cmp - "$TMP/one.model"
			opml-learn -m "$TMP/half.model" "$TMP/b" | cmp - "$TMP/one.model"
		done
	done
}

@test "ssh-hosts: where sshd cannot run it says why and starts nothing" {
	SSHD=/nonexistent/sshd run sh "$TOP/scripts/ssh-hosts" start "$TMP/h"
	[ "$status" -eq 1 ]
	[ "$output" = "ssh-hosts: no /nonexistent/sshd" ]
	[ ! -e "$TMP/h/sshd.pid" ]
	run sh "$TOP/scripts/ssh-hosts" stop "$TMP/h"
	[ "$status" -eq 0 ]
}
