# shellcheck shell=sh disable=SC2154 # prog, work, sig: the caller's
# parts.sh: a run of opml-verify or opml-events cut by folds (their -f
# and -m), sourced by both.  A part is what the run's output needs of
# one fold: files of the run's directory $work, as text: a header line
# "#PROGRAM part NAME: SETTINGS", a line "PATH<tab>LINE" for each line
# of the files (PATH under $work), then "#end of part NAME".  A part
# NAME:SUB holds a share of part NAME's files (opml-events: one
# method's SVM of a fold); NAME is then given by all of its SUBs.  Parts
# concatenated, in any order, are read back whole, each checked to be
# of the run's settings, so that the run then prints what it would
# have printed running every fold itself.
#
# The caller sets prog (its name), work (its directory), sig (its
# settings: the options that decide the figures, and the input's
# checksum), onefold (-f's fold, or empty) and partsfile (-m's file, -
# for the standard input, or empty).

# part NAME PATH...: the part NAME of the files PATH... of $work that
# exist, on the standard output, its end line last
part() (
	name=$1
	shift
	cd "$work" || exit 1
	for f; do
		[ ! -e "$f" ] || awk -v f="$f" '{ print f "\t" $0 }' "$f"
	done > "$work/part"
	echo "#$prog part $name: $sig"
	cat "$work/part"
	echo "#end of part $name"
)

# unpack DIR...: the parts of -m's file into $work, where DIR..., the
# directories of the run's parts (each ending in its part's name), are
# made; each part checked to be the run's, whole, once and of its
# settings ($sig), and its lines to be of files in its directories; the
# names of the parts read in $work/parts
unpack() (
	for d; do mkdir -p "$work/$d"; done
	f=$partsfile
	case $f in -?* | *=*) f=./$f ;; esac
	awk -v prog="$prog" -v sig="$sig" -v dirs="$*" -v file="$partsfile" -v work="$work" '
	function bad(what) {
		printf "%s: %s:%d: %s\n", prog, file, FNR, what > "/dev/stderr"
		failed = 1
		exit 1
	}
	BEGIN {
		n = split(dirs, d, " ")
		for (i = 1; i <= n; i++) {
			dir[d[i]]
			sub(/.*\//, "", d[i])
			known[d[i]]
		}
	}
	$1 == "#" prog && $2 == "part" {
		if (name != "") bad("part " name " cut short (no end line)")
		name = $3
		sub(/:$/, "", name)
		base = name
		sub(/:[a-z]+$/, "", base)
		if (!(base in known)) bad("part " name ": not a part of this run")
		if (name in seen || (base != name && base in seen) ||
		    (base == name && base in shared))
			bad("part " name " twice")
		seen[name]
		if (base != name)
			shared[base]
		s = substr($0, length($1 $2 $3) + 4)
		if (s != sig) bad("part " name " is of another run: " s "; this run: " sig)
		next
	}
	name != "" && $0 == "#end of part " name { print name; name = ""; next }
	{
		i = index($0, "\t")
		p = substr($0, 1, i - 1)
		k = p
		sub(/\/[^\/]*$/, "", k)
		if (name == "" || !(k in dir) || "/" k !~ ("/" base "$") ||
		    substr(p, length(k) + 2) !~ /^[a-z][a-z0-9.]*$/)
			bad("not a line of a part of " prog " -f")
		if (p != last) {
			if (last != "") close(work "/" last)
			last = p
		}
		print substr($0, i + 1) > (work "/" p)
	}
	END {
		if (failed) exit 1
		if (name != "") bad("part " name " cut short (no end line)")
	}' "$f" > "$work/parts"
)

# given NAME F [SUB...]: whether -m gave the part NAME, which -f F
# makes, or its parts NAME:SUB for every SUB (-f F:SUB); without -f,
# where the parts are the whole run, a part missing ends the run
given() {
	[ -n "$partsfile" ] || return 1
	! grep -qx "$1" "$work/parts" || return 0
	g_name=$1 g_fold=$2
	shift 2
	if [ $# -gt 0 ] && grep -q "^$g_name:" "$work/parts"; then
		for g_sub; do
			grep -qx "$g_name:$g_sub" "$work/parts" || {
				echo "$prog: $partsfile: no part $g_name:$g_sub (made by $prog -f $g_fold:$g_sub with these options and input)" >&2
				exit 1
			}
		done
		return 0
	fi
	[ -z "$onefold" ] || return 1
	echo "$prog: $partsfile: no part $g_name (made by $prog -f $g_fold with these options and input)" >&2
	exit 1
}
