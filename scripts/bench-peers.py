"""The peers of scripts/bench: numpy, scikit-learn and FAISS against the
opml tools on the same files, each comparison printed as a line that
starts with "ratio " (peer time / opml time, above 1 where opml is
faster).  scripts/bench runs it with a python3 that has numpy:

    bench-peers.py blas                          numpy's BLAS, the versions
    bench-peers.py knn TMP BIN RUNS SHAPE FORM   TMP/knn-train.FORM.txt,
                                                 TMP/knn-test.FORM.txt
    bench-peers.py roc TMP BIN RUNS N FORM       TMP/scores.FORM.txt
    bench-peers.py learn TMP BIN RUNS D FORM     TMP/dD.FORM.txt, numpy on
                                                 TMP/npD.FORM.txt
    bench-peers.py sparse TMP BIN RUNS D K       TMP/sparse-train.txt,
                                                 TMP/sparse-test.txt (libsvm)
    bench-peers.py shapes TMP BIN GEN SCALE      many files, k-NN memory
                                                 and a large k (issue 32)

TMP holds the data, BIN the opml programs; the best of RUNS runs counts.
FORM is how the files write their numbers (g6, g17, e18: %.6g, %.17g,
%.18e), named in every line.  A peer that is not installed is skipped.
"""
import os
import resource
import subprocess
import sys
import tempfile
import time

import numpy as np


# The timing both sides share: best of runs runs of an opml command as
# a child process (wall clock, and the CPU time of that run from
# getrusage), and of a peer's code in this process (wall clock and
# process_time, all its threads).  A ratio is peer / opml.
def ours(cmd, runs):
    best = None
    for _ in range(runs):
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=True)
        t1 = time.perf_counter()
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
        if best is None or t1 - t0 < best[0]:
            best = (t1 - t0, cpu)
    return best


def peer(f, runs):
    best = None
    for _ in range(runs):
        c0, t0 = time.process_time(), time.perf_counter()
        f()
        t1, c1 = time.perf_counter(), time.process_time()
        if best is None or t1 - t0 < best[0]:
            best = (t1 - t0, c1 - c0)
    return best


FORMS = {"g6": "%.6g", "g17": "%.17g", "e18": "%.18e"}


def ratio(name, p, o):
    print("ratio %s: %.2fx wall, %.2fx cpu" % (name, p[0] / o[0], p[1] / o[1]))


def blas_libs():
    """The BLAS libraries threadpoolctl sees, or None without it."""
    try:
        from threadpoolctl import threadpool_info
    except ImportError:
        return None
    return [i for i in threadpool_info() if i.get("user_api") == "blas"]


def blas():
    np.ones((64, 64)) @ np.ones((64, 64))
    libs = blas_libs()
    if libs is None:
        print("peer BLAS: numpy %s; threadpoolctl missing, BLAS unknown"
              % np.__version__)
    for i in libs or []:
        print("peer BLAS: numpy %s on %s %s, %s threading, kernel %s,"
              " %s threads (%s)" % (np.__version__, i.get("internal_api"),
              i.get("version"), i.get("threading_layer"),
              i.get("architecture"), i.get("num_threads"),
              i.get("filepath")))
        if i.get("internal_api") != "openblas":
            print("peer BLAS: not OpenBLAS: the peers below are slower"
                  " than a user's (Debian: apt-get install"
                  " libopenblas0-pthread)")
    for m in ("sklearn", "faiss"):
        try:
            print("peer %s: %s" % (m, __import__(m).__version__))
        except ImportError:
            print("peer %s: not installed; its comparisons are skipped" % m)


# k-NN: opml-knn, whole process from text, against KNeighborsClassifier
# (algorithm='brute', k = 5; its distances are a GEMM on the BLAS named)
# on the data in memory (compute alone) and with np.loadtxt, and against
# FAISS IndexFlatL2 (float32) search plus the vote, alone and with
# np.loadtxt.
def knn(tmp, bin, runs, shape, form):
    runs = int(runs)
    tr = "%s/knn-train.%s.txt" % (tmp, form)
    te = "%s/knn-test.%s.txt" % (tmp, form)
    shape = "%s %s" % (shape, FORMS[form])
    o = ours([bin + "/opml-knn", "-e", tr, te], runs)
    o1 = ours([bin + "/opml-knn", "-j", "1", "-e", tr, te], runs)
    print("opml-knn      %s: %.3f s whole process, cpu %.3f s (-j 1: %.3f s,"
          " %.2fx on two threads)" % (shape, o[0], o[1], o1[0], o1[0] / o[0]))
    ld = {}

    def load():
        ld["tr"], ld["te"] = np.loadtxt(tr), np.loadtxt(te)
    pl = peer(load, 1)
    ytr = ld["tr"][:, 0].astype(int)
    Xtr, Xte = ld["tr"][:, 1:], ld["te"][:, 1:]
    # The BLAS the peers ran on, named in every ratio.
    blas = "BLAS unknown"
    for i in blas_libs() or []:
        blas = "%s %s %s x%s" % (i.get("internal_api"), i.get("version"),
                                 i.get("architecture"), i.get("num_threads"))
    try:
        from sklearn.neighbors import KNeighborsClassifier

        def sk():
            KNeighborsClassifier(n_neighbors=5, algorithm="brute").fit(
                Xtr, ytr).predict(Xte)
        p = peer(sk, runs)
        print("sklearn brute %s: %.3f s compute, cpu %.3f s; np.loadtxt %.3f s"
              " (%s)" % (shape, p[0], p[1], pl[0], blas))
        ratio("knn %s sklearn-brute [%s] compute / opml-knn whole"
              % (shape, blas), p, o)
        ratio("knn %s sklearn-brute [%s] with np.loadtxt / opml-knn whole"
              % (shape, blas), (p[0] + pl[0], p[1] + pl[1]), o)
    except ImportError:
        pass
    try:
        import faiss

        def fa():
            ix = faiss.IndexFlatL2(Xtr.shape[1])
            ix.add(np.ascontiguousarray(Xtr, dtype=np.float32))
            _, nb = ix.search(np.ascontiguousarray(Xte, dtype=np.float32), 5)
            np.apply_along_axis(lambda v: np.bincount(v).argmax(), 1, ytr[nb])
        p = peer(fa, runs)
        print("faiss flat    %s: %.3f s compute, cpu %.3f s (faiss %s, %d"
              " threads)" % (shape, p[0], p[1], faiss.__version__,
              faiss.omp_get_max_threads()))
        ratio("knn %s faiss-IndexFlatL2-f32 [faiss %s] compute / opml-knn"
              " whole" % (shape, faiss.__version__), p, o)
        ratio("knn %s faiss-IndexFlatL2-f32 with np.loadtxt / opml-knn whole"
              % shape, (p[0] + pl[0], p[1] + pl[1]), o)
    except ImportError:
        pass


# One run of cmd: its wall time, CPU time (user + system, of cmd and
# what it waited for, from wait4) and peak resident set in MiB.  The
# peak is GNU time's (/usr/bin/time -f %M): a child forked from this
# process counts python's pages as its own until it execs, so wait4's
# own peak is at least python's (about 100 MiB with scikit-learn); it
# stands in only where there is no /usr/bin/time.  cap: an address-space
# limit for the run.
def run_once(cmd, out=subprocess.DEVNULL, cap=None):
    timed = os.access("/usr/bin/time", os.X_OK)
    fd, peakfile = tempfile.mkstemp()
    os.close(fd)

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    t0 = time.perf_counter()
    p = subprocess.Popen((["/usr/bin/time", "-f", "%M", "-o", peakfile]
                          if timed else []) + cmd, stdout=out,
                         stderr=subprocess.DEVNULL,
                         preexec_fn=limit if cap else None)
    _, status, ru = os.wait4(p.pid, 0)
    t1 = time.perf_counter()
    if status != 0:
        raise SystemExit("bench-peers: %s: status %d" % (cmd[0], status))
    peak = ru.ru_maxrss / 1024.0
    if timed:
        with open(peakfile) as f:
            peak = int(f.read().split()[-1]) / 1024.0
    os.unlink(peakfile)
    return t1 - t0, ru.ru_utime + ru.ru_stime, peak


# run_once's figures, best of runs by the wall clock.
def child(cmd, runs):
    return min(run_once(cmd) for _ in range(runs))


def mbytes(x):
    return "-" if x is None else "%.1f MB" % x


# Sparse sets (issue 32): libsvm files of D features, as text
# classification has them.  Each tool that holds a set on them, its CPU
# time and peak memory; then opml-knn -k K against scikit-learn's brute
# force on the same CSR matrices (load_svmlight_file; its distances are
# sparse products), the peak of the whole python process beside what
# python, numpy and scikit-learn held before loading the data.
def sparse(tmp, bin, runs, d, k):
    runs, d = int(runs), int(d)
    tr = "%s/sparse-train.txt" % tmp
    te = "%s/sparse-test.txt" % tmp
    mb = (os.path.getsize(tr) + os.path.getsize(te)) / 1e6
    tools = [
        ("opml-knn -e -k %s train test" % k,
         [bin + "/opml-knn", "-e", "-k", k, tr, te]),
        ("opml-knn -L -e -k %s train" % k,
         [bin + "/opml-knn", "-L", "-e", "-k", k, tr]),
        ("opml-scale -t minmax train",
         [bin + "/opml-scale", "-t", "minmax", "-o", "/dev/null", tr]),
        ("opml-split -f 0.5 train",
         [bin + "/opml-split", "-f", "0.5", "-o", tmp + "/sparse-part",
          tr]),
        ("opml-pairs -n 100000 -c train",
         [bin + "/opml-pairs", "-n", "100000", "-c", "-o", "/dev/null",
          tr]),
        # OPML from the non-zeros (issue 32: O(r nnz) a sample)
        ("opml-learn -r 20 train",
         [bin + "/opml-learn", "-r", "20", "-o", tmp + "/sparse-model",
          tr]),
    ]
    o = None
    for name, cmd in tools:
        r = child(cmd, runs)
        if o is None:
            o = r
        print("sparse %-32s d=%d, %.1f MB of text: cpu %.3f s, wall %.3f s,"
              " peak %s" % (name, d, mb, r[1], r[0], mbytes(r[2])))
    try:
        from sklearn.datasets import load_svmlight_file
        from sklearn.neighbors import KNeighborsClassifier
    except ImportError:
        return
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    ld = {}

    def load():
        ld["tr"] = load_svmlight_file(tr, n_features=d)
        ld["te"] = load_svmlight_file(te, n_features=d)
    pl = peer(load, 1)
    (Xtr, ytr), (Xte, _) = ld["tr"], ld["te"]

    def sk():
        KNeighborsClassifier(n_neighbors=int(k), algorithm="brute").fit(
            Xtr, ytr).predict(Xte)
    # one run: it takes a minute
    p = peer(sk, 1)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    shape = "%dx%d, %d queries, %d non-zeros, k=%s" % (
        Xtr.shape[0], d, Xte.shape[0], Xtr.nnz + Xte.nnz, k)
    print("sklearn brute sparse %s: %.3f s compute, cpu %.3f s, peak %.1f MB"
          " whole process (%.1f MB with python, numpy and sklearn loaded"
          " before the data); load_svmlight_file %.3f s"
          % (shape, p[0], p[1], rss / 1024, rss0 / 1024, pl[0]))
    print("sparse knn %s: peak memory opml-knn %s, sklearn %.1f MB"
          % (shape, mbytes(o[2]), rss / 1024))
    ratio("knn sparse %s sklearn-brute-CSR compute / opml-knn whole" % shape,
          p, o)
    ratio("knn sparse %s sklearn-brute-CSR with load_svmlight_file /"
          " opml-knn whole" % shape, (p[0] + pl[0], p[1] + pl[1]), o)


# One run of cmd: its CPU seconds and peak MiB (run_once).
def child_alone(cmd, out=subprocess.DEVNULL, cap=None):
    return run_once(cmd, out, cap)[1:]


# Data of any shape (issue 32): twenty thousand five-line files against
# the same rows as one file; opml-knn's peak memory on a 350,000 x 64
# training file and on as many queries, against 8nd; k = 1000 on
# 30000^2 x 48 against scikit-learn's brute force (CPU, errors equal
# under -t smallest, scikit-learn's vote tie rule).
def shapes(tmp, bin, gen, scale):
    scale = int(scale)
    nf = 20000 * scale
    one = "%s/many.txt" % tmp
    with open(one, "w") as f:
        subprocess.run([gen, str(5 * nf), "16", "5", "2"], stdout=f,
                       check=True)
    with open("%s/many-train.txt" % tmp, "w") as f:
        subprocess.run([gen, "2000", "16", "5", "1"], stdout=f, check=True)
    os.mkdir("%s/many" % tmp)
    names = []
    with open(one) as f:
        lines = f.readlines()
    for i in range(nf):
        names.append("%s/many/f%06d" % (tmp, i))
        with open(names[-1], "w") as g:
            g.writelines(lines[5 * i:5 * i + 5])
    for tool in (["opml-knn", "-e", "%s/many-train.txt" % tmp],
                 ["opml-scale"]):
        c1 = min(child_alone([bin + "/" + tool[0]] + tool[1:] + [one])[0]
                 for _ in range(3))
        cn = min(child_alone([bin + "/" + tool[0]] + tool[1:] + names)[0]
                 for _ in range(3))
        print("shapes %s: %d five-line files %.3f s cpu, one file %.3f s:"
              " %.2fx (goal <= 3x)" % (tool[0], nf, cn, c1, cn / c1))
    n, d = 350000 * scale, 64
    big = "%s/big.txt" % tmp
    small = "%s/big-q.txt" % tmp
    with open(big, "w") as f:
        subprocess.run([gen, str(n), str(d), "10", "3"], stdout=f, check=True)
    with open(small, "w") as f:
        subprocess.run([gen, "2000", str(d), "10", "4"], stdout=f, check=True)
    mib = 8.0 * n * d / 2**20
    size = os.path.getsize(big) / 2**20
    c, m = child_alone([bin + "/opml-knn", "-e", big, small])
    print("shapes opml-knn training %d x %d (%.0f MiB of text): peak %.1f"
          " MiB, 8nd %.1f MiB, %.2f x 8nd (goal <= 1.3 x 8nd + 64 MiB ="
          " %.1f MiB)" % (n, d, size, m, mib, m / mib, 1.3 * mib + 64))
    c, m = child_alone([bin + "/opml-knn", "-e", small, big])
    print("shapes opml-knn %d queries (%.0f MiB of text) against 2000: peak"
          " %.1f MiB" % (n, size, m))
    code = ("import numpy as np, sys; from sklearn.neighbors import "
            "KNeighborsClassifier as K; a = np.loadtxt(sys.argv[1]); "
            "b = np.loadtxt(sys.argv[2]); K(n_neighbors=5, algorithm="
            "'brute').fit(a[:, 1:], a[:, 0]).predict(b[:, 1:])")
    try:
        # At most 3 GiB of address space: the machine is shared.
        c, m = child_alone([sys.executable, "-c", code, big, small], cap=3 << 30)
        print("shapes sklearn brute, np.loadtxt, training %d x %d: peak %.1f"
              " MiB" % (n, d, m))
    except SystemExit:
        print("shapes sklearn brute, np.loadtxt, training %d x %d: failed"
              " within 3 GiB of address space" % (n, d))
    os.remove(big)
    tr, te = "%s/k-train.txt" % tmp, "%s/k-test.txt" % tmp
    n = 30000 * scale
    with open(tr, "w") as f:
        subprocess.run([gen, str(n), "48", "10", "7", "0.3"], stdout=f,
                       check=True)
    with open(te, "w") as f:
        subprocess.run([gen, str(n), "48", "10", "8", "0.3"], stdout=f,
                       check=True)
    a, b = np.loadtxt(tr), np.loadtxt(te)
    for k in (5, 1000):
        with open("%s/err" % tmp, "w") as f:
            c, m = child_alone([bin + "/opml-knn", "-e", "-F", "-t", "smallest",
                          "-k", str(k), tr, te], out=f)
        with open("%s/err" % tmp) as f:
            err = float(f.read())
        try:
            from sklearn.neighbors import KNeighborsClassifier
        except ImportError:
            print("shapes opml-knn k=%d %dx%dx48: %.3f s cpu, error %.4f"
                  % (k, n, n, c, err))
            continue
        res = {}

        def sk():
            res["p"] = KNeighborsClassifier(n_neighbors=k, algorithm="brute")\
                .fit(a[:, 1:], a[:, 0].astype(int)).predict(b[:, 1:])
        p = peer(sk, 1)
        skerr = float((res["p"] != b[:, 0].astype(int)).mean())
        print("shapes opml-knn k=%d %dx%dx48: %.3f s cpu, error %.4f;"
              " sklearn brute %.3f s cpu, error %.4f" % (k, n, n, c, err,
                                                        p[1], skerr))
        print("ratio knn k=%d %dx%dx48 sklearn-brute compute / opml-knn"
              " whole: %.2fx cpu" % (k, n, n, p[1] / c))


# ROC: opml-roc, the curve and the summary from text, against
# roc_auc_score + roc_curve on the scores in memory and with np.loadtxt.
def roc(tmp, bin, runs, n, form):
    from sklearn.metrics import roc_auc_score, roc_curve
    runs = int(runs)
    f = "%s/scores.%s.txt" % (tmp, form)
    n = "%s %s" % (n, FORMS[form])
    o = ours([bin + "/opml-roc", f], runs)
    ld = {}

    def load():
        ld["s"] = np.loadtxt(f)
    pl = peer(load, 1)
    s = ld["s"]

    def sk():
        roc_auc_score(s[:, 1] > 0, s[:, 0])
        roc_curve(s[:, 1] > 0, s[:, 0])
    p = peer(sk, runs)
    print("opml-roc      %s scores: %.3f s whole process; sklearn %.3f s"
          " compute, np.loadtxt %.3f s" % (n, o[0], p[0], pl[0]))
    ratio("roc %s roc_auc_score+roc_curve compute / opml-roc whole" % n, p, o)
    ratio("roc %s the same with np.loadtxt / opml-roc whole" % n,
          (p[0] + pl[0], p[1] + pl[1]), o)


# The same OPML in numpy (the closed-form step, relative g as opml-learn
# uses by default), on the first samples of the same data (TMP/npD.txt);
# opml-learn's time per sample on the whole stream (TMP/dD.txt), so that
# its start-up does not count against the short numpy stream.
def learn(tmp, bin, runs, d, form):
    runs, d = int(runs), int(d)
    whole = "%s/d%d.%s.txt" % (tmp, d, form)
    nwhole = sum(1 for _ in open(whole))
    o = ours([bin + "/opml-learn", "-s", "1", whole], runs)
    path = "%s/np%d.%s.txt" % (tmp, d, form)
    data = {}

    def parse():
        rows = [line.split() for line in open(path)]
        data["labels"] = [r[0] for r in rows]
        data["X"] = np.array([[float(v) for v in r[1:]] for r in rows])

    def loop():
        X, labels = data["X"], data["labels"]
        n, dim = X.shape
        L = np.eye(dim)
        H = {}
        rng = np.random.default_rng(1)
        g, ssum, scount, min_eig = 0.1, 0.0, 0, 0.5
        for t in range(n):
            x, k = X[t], labels[t]
            if k not in H:
                H[k] = x
                continue
            others = [c for c in H if c != k]
            if not others:
                H[k] = x
                continue
            a = x - H[k]
            b = x - H[others[rng.integers(len(others))]]
            H[k] = x
            aa, bb, ab = a @ a, b @ b, a @ b
            ssum += aa + bb
            scount += 2
            ge = g / (ssum / scount)
            u, v = L @ a, L @ b
            if 1 + u @ u - v @ v <= 0:
                continue
            tr, c = aa - bb, aa * bb - ab * ab
            lmin = (min(0.0, (tr - np.sqrt(tr * tr + 4 * c)) / 2) if c > 0
                    else min(tr, 0.0))
            if 1 + ge * lmin < min_eig:
                ge = (1 - min_eig) / -lmin
            eta = 1 + ge * (aa - bb)
            D = eta + ge * ge * (ab * ab - aa * bb)
            p = ((ge * ge * aa - eta * ge) * u - ge * ge * ab * v) / D
            q = ((eta * ge + ge * ge * bb) * v - ge * ge * ab * u) / D
            L += np.outer(p, a) + np.outer(q, b)

    # the best of runs for each part, as for opml-learn
    pp = peer(parse, runs)
    pl = peer(loop, runs)
    n, dim = data["X"].shape
    per = n / nwhole
    f = FORMS[form]
    print("numpy OPML    d=%d %s, %d samples: %.2f us/sample learning, %.2f"
          " with parsing; opml-learn %.2f us/sample whole process"
          % (dim, f, n, pl[0] * 1e6 / n, (pp[0] + pl[0]) * 1e6 / n,
             o[0] * 1e6 / nwhole))
    ratio("learn d=%d %s numpy-OPML learning / opml-learn whole" % (dim, f),
          pl, (o[0] * per, o[1] * per))
    ratio("learn d=%d %s numpy-OPML with parsing / opml-learn whole"
          % (dim, f), (pp[0] + pl[0], pp[1] + pl[1]),
          (o[0] * per, o[1] * per))


COMMANDS = {"blas": (blas, 0), "knn": (knn, 5), "roc": (roc, 5),
            "learn": (learn, 5), "sparse": (sparse, 5),
            "shapes": (shapes, 4)}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS or \
            len(sys.argv) - 2 != COMMANDS[sys.argv[1]][1]:
        print("usage: bench-peers.py blas | knn|roc|learn TMP BIN RUNS ARG"
              " FORM | shapes TMP BIN GEN SCALE", file=sys.stderr)
        sys.exit(2)
    COMMANDS[sys.argv[1]][0](*sys.argv[2:])
