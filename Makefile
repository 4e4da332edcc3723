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
SCRIPTS = scripts/opml-uci-table
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

# The unit tests first, then every bats suite with the fresh binaries
# first on PATH.
test: all $(UNITS)
	@set -e; for t in $(UNITS); do echo "unit: $$t"; ./$$t; done
	sh scripts/bats tests

# The same tests, built with AddressSanitizer and UBSan.
check-asan:
	$(MAKE) clean
	$(MAKE) test CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
	$(MAKE) clean

check-valgrind: all
	sh scripts/valgrind-check

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

uninstall:
	for p in $(PROGS); do rm -f $(DESTDIR)$(BINDIR)/$${p#bin/}; done
	for s in $(SCRIPTS); do rm -f $(DESTDIR)$(BINDIR)/$${s#scripts/}; done
	for m in $(MAN1); do rm -f $(DESTDIR)$(MANPREFIX)/man1/$${m#man/}; done
	rm -f $(DESTDIR)$(MANPREFIX)/man5/opml.5 $(DESTDIR)$(MANPREFIX)/man7/opml.7

lint-man:
	@set -e; for m in man/*.[157]; do \
		out=$$(groff -man -ww -z $$m 2>&1); \
		if [ -n "$$out" ]; then echo "$$m: $$out"; exit 1; fi; done; echo "man pages: no warnings"

clean:
	rm -f lib/*.o lib/libopml.a $(PROGS) $(UNITS)

.PHONY: all test check-asan check-valgrind bench demo install uninstall lint-man clean
