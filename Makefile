# opml — online metric learning as Unix filters.

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANPREFIX ?= $(PREFIX)/share/man

CC ?= cc
CFLAGS ?= -O2 -g
override CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -pedantic $(CFLAGS)
LDLIBS = -lm -lpthread

LIBSRC = $(wildcard lib/*.c)
LIBOBJ = $(LIBSRC:.c=.o)
LIBHDR = $(wildcard lib/*.h)
PROGS = $(patsubst %.c,%,$(wildcard bin/*.c))
# Shell programs installed beside the binaries (each with its page in
# man/): they only chain the tools.
SCRIPTS = scripts/opml-uci-table scripts/opml-verify scripts/opml-cold-start
# The LFW files opml-verify reads once installed: it looks in
# ../share/opml/lfw beside its own directory (or -D).
DATADIR ?= $(PREFIX)/share/opml
UNITSRC = $(wildcard tests/unit/*.c)
UNITS = $(UNITSRC:.c=)
MAN1 = $(wildcard man/*.1)

all: $(PROGS)

lib/libopml.a: $(LIBOBJ)
	rm -f $@
	$(AR) rcs $@ $(LIBOBJ)

lib/%.o: lib/%.c $(LIBHDR)
	$(CC) $(CFLAGS) -c -o $@ $<

bin/%: bin/%.c lib/libopml.a $(LIBHDR)
	$(CC) $(CFLAGS) -Ilib -o $@ $< lib/libopml.a $(LDLIBS)

tests/unit/%: tests/unit/%.c tests/unit/testutil.h lib/libopml.a $(LIBHDR)
	$(CC) $(CFLAGS) -Ilib -o $@ $< lib/libopml.a $(LDLIBS)

# The fault injector of tests/faults.bats, preloaded into the programs:
# built without the sanitizers or coverage of CFLAGS.
tests/fault.so: tests/fault.c
	$(CC) -std=c11 -Wall -Wextra -pedantic -O2 -fPIC -shared -o $@ $< -ldl

# The unit tests first, then every bats suite with the fresh binaries
# first on PATH.
test: all $(UNITS) tests/fault.so
	@set -e; for t in $(UNITS); do echo "unit: $$t"; ./$$t; done
	sh scripts/bats tests

# The same tests, built with AddressSanitizer and UBSan.
check-asan:
	$(MAKE) clean
	$(MAKE) test CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
	$(MAKE) clean

# Every allocation of the programs failing in turn (tests/fault.so).
check-faults: all tests/fault.so
	sh scripts/bats tests/slow

check-valgrind: all
	sh scripts/valgrind-check

# opml-learn -C 1000 -o killed with TERM at 20 random points of a
# million-sample stream: always a whole model of a prefix.
check-kill: all
	PATH="$$PWD/bin:$$PATH" sh scripts/kill-check 1000000 20

# libFuzzer harnesses (tests/fuzz/*.c) built with clang, ASan and UBSan
# against lib/ objects of their own; FUZZ_SECONDS=N runs each for N
# seconds, else each runs over its seed corpus once.  Without clang or
# libFuzzer, says so and fails (a check asked for and not run is not a
# pass).
FUZZCC = clang
FUZZDIR = tests/fuzz/build
FUZZCFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -g -O1 \
	-fno-omit-frame-pointer -fsanitize=address,undefined \
	-fno-sanitize-recover=all
FUZZLIBOBJ = $(patsubst lib/%.c,$(FUZZDIR)/lib/%.o,$(LIBSRC))
FUZZERS = $(patsubst tests/fuzz/%.c,$(FUZZDIR)/%,$(wildcard tests/fuzz/*.c))

$(FUZZDIR)/lib/%.o: lib/%.c $(LIBHDR)
	@mkdir -p $(FUZZDIR)/lib
	$(FUZZCC) $(FUZZCFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(FUZZDIR)/%: tests/fuzz/%.c tests/fuzz/fuzz.h $(FUZZLIBOBJ) $(LIBHDR)
	$(FUZZCC) $(FUZZCFLAGS) -fsanitize=fuzzer -Ilib -o $@ $< \
		$(FUZZLIBOBJ) $(LDLIBS)

# The programs' harnesses run main in-process (see tests/fuzz/prog.h).
FUZZWRAP = -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free \
	-Wl,--wrap=aligned_alloc,--wrap=strdup,--wrap=strndup \
	-Wl,--wrap=fopen,--wrap=fdopen,--wrap=fclose,--wrap=exit \
	-Wl,--wrap=atexit,--wrap=err,--wrap=errx,--wrap=warn,--wrap=warnx \
	-Wl,--wrap=verr,--wrap=verrx,--wrap=vwarn,--wrap=vwarnx

$(FUZZDIR)/prog_%: tests/fuzz/prog_%.c bin/opml-%.c tests/fuzz/prog.h \
		tests/fuzz/fuzz.h $(FUZZLIBOBJ) $(LIBHDR)
	$(FUZZCC) $(FUZZCFLAGS) -fsanitize=fuzzer -Ilib -Ibin -o $@ $< \
		$(FUZZLIBOBJ) $(FUZZWRAP) $(LDLIBS)

fuzz:
	@sh scripts/fuzz check
	$(MAKE) fuzz-build
	sh scripts/fuzz run $(FUZZ_SECONDS)

fuzz-build: $(FUZZERS)

.SECONDARY: $(FUZZLIBOBJ)

# Line and branch coverage of each lib/ file by the tests (gcc, gcov).
coverage:
	sh scripts/coverage

bench: all $(UNITS)
	sh scripts/bench

demo: all
	sh scripts/demo

install: all
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANPREFIX)/man1 \
		$(DESTDIR)$(MANPREFIX)/man5 $(DESTDIR)$(MANPREFIX)/man7
	cp -f $(PROGS) $(DESTDIR)$(BINDIR)/
	for s in $(SCRIPTS); do \
		cp -f $$s $(DESTDIR)$(BINDIR)/ && chmod 755 $(DESTDIR)$(BINDIR)/$${s#scripts/}; done
	cp -f $(MAN1) $(DESTDIR)$(MANPREFIX)/man1/
	cp -f man/opml.5 $(DESTDIR)$(MANPREFIX)/man5/
	cp -f man/opml.7 $(DESTDIR)$(MANPREFIX)/man7/
	mkdir -p $(DESTDIR)$(DATADIR)/lfw
	cp -f data/lfw/* $(DESTDIR)$(DATADIR)/lfw/

uninstall:
	for p in $(PROGS); do rm -f $(DESTDIR)$(BINDIR)/$${p#bin/}; done
	for s in $(SCRIPTS); do rm -f $(DESTDIR)$(BINDIR)/$${s#scripts/}; done
	for m in $(MAN1); do rm -f $(DESTDIR)$(MANPREFIX)/man1/$${m#man/}; done
	rm -f $(DESTDIR)$(MANPREFIX)/man5/opml.5 $(DESTDIR)$(MANPREFIX)/man7/opml.7
	for f in data/lfw/*; do rm -f $(DESTDIR)$(DATADIR)/lfw/$${f#data/lfw/}; done
	-rmdir $(DESTDIR)$(DATADIR)/lfw $(DESTDIR)$(DATADIR) 2>/dev/null

lint-man:
	@set -e; for m in man/*.[157]; do \
		out=$$(groff -man -ww -z $$m 2>&1); \
		if [ -n "$$out" ]; then echo "$$m: $$out"; exit 1; fi; done; echo "man pages: no warnings"

clean:
	rm -f lib/*.o lib/libopml.a $(PROGS) $(UNITS) tests/fault.so
	rm -rf $(FUZZDIR)
	rm -f lib/*.gcno lib/*.gcda bin/*.gcno bin/*.gcda tests/unit/*.gcno \
		tests/unit/*.gcda

.PHONY: all test check-asan check-faults check-valgrind check-kill \
	coverage fuzz \
	fuzz-build bench demo install uninstall lint-man clean
