# roofline - measure a machine's roofs, place kernels under them, draw the chart.
#
#   make            build bin/roofline
#   make report     a new measured run, then fit, plot and report (plots/)
#   make plots      fit, plot and report again from data/latest (or RUN=DIR), measuring nothing
#   make test       the test suite (TAP, run by prove), then again under ASan + UBSan
#   make fuzz       fuzz the run-directory reader with libFuzzer (clang), FUZZ_SECONDS=N
#   make bench      side-by-side comparison against likwid-bench
#   make install    PREFIX=/usr/local DESTDIR=
#   make clean      removes build output, never data/
#
# Variables: CC, CFLAGS, LDFLAGS, KERNEL_CFLAGS, QUICK=1, THREADS=N, V=1,
# RUN=DIR and OUT=DIR for make plots, SANITIZE=0 (make test without the
# sanitizer pass), FUZZ_SECONDS=N and FUZZ_CC for make fuzz.

CC ?= cc
CFLAGS ?= -O2 -g
KERNEL_CFLAGS ?= -O3 -march=native
LDFLAGS ?=
PREFIX ?= /usr/local
DESTDIR ?=
THREADS ?= 1
QUICK ?=

# Build output is kept per compiler and version, so `make report CC=clang`
# after a gcc run rebuilds instead of mixing objects.
CC_IS_CLANG := $(shell $(CC) --version 2>/dev/null | grep -qi clang && echo 1)
CC_NAME := $(if $(CC_IS_CLANG),clang,gcc)
CC_VERSION := $(shell $(CC) -dumpfullversion 2>/dev/null || $(CC) -dumpversion 2>/dev/null || echo unknown)
BUILD ?= build/$(CC_NAME)-$(CC_VERSION)
BINDIR ?= bin

# git's DEVELOPER=1 set, kept clean under gcc and clang.
WARNINGS := -Wall -Wextra -Wmissing-prototypes -Wstrict-prototypes -Wvla \
	-Wwrite-strings -Wshadow -Wpointer-arith -Wformat=2 -Wno-format-nonliteral

# Recursively expanded on purpose: pkg-config runs when a recipe needs it,
# after the deps step has installed the packages.
PKG_CFLAGS = $(shell pkg-config --cflags cairo hwloc 2>/dev/null)
PKG_LIBS = $(shell pkg-config --libs cairo hwloc 2>/dev/null) -lcsv -lm

BASE_CFLAGS = -D_GNU_SOURCE -Isrc -Ikernels $(WARNINGS) -MMD -MP
FINAL_CFLAGS = -std=c11 $(BASE_CFLAGS) $(PKG_CFLAGS) $(CFLAGS)
# Kernels are C11 with GNU extensions, the compilers' default dialect: strict
# -std=c11 would also turn off gcc's floating-point contraction (mul+add into
# FMA), so the points would show a build nobody uses.
FINAL_KERNEL_CFLAGS = -std=gnu11 $(BASE_CFLAGS) $(KERNEL_CFLAGS)

# The scalar FMA chains must stay scalar: no vectoriser on that file.
ifeq ($(CC_IS_CLANG),1)
NOVEC_FLAGS := -fno-vectorize -fno-slp-vectorize
# One -Rpass: clang keeps only the last of several, so one regex (a search, not
# anchored) names both loop-vectorize and slp-vectorizer.
REMARK_FLAGS = -Rpass=vectoriz -Rpass-missed=loop-vectorize -Rpass-analysis=loop-vectorize
REMARK_TO = 2>
else
NOVEC_FLAGS := -fno-tree-vectorize -fno-tree-slp-vectorize
REMARK_FLAGS = -fopt-info-vec-all=$(BUILD)/remarks/$*.txt
REMARK_TO = 2>>
endif

# Quiet by default, commands shown with V=1 (git's shared.mak).
ifeq ($(V),1)
Q :=
say = @true
else
Q := @
say = @printf '  %-6s %s\n' $(1) $(2)
endif

SRC := $(wildcard src/*.c)
KSRC := $(wildcard kernels/*.c)
OBJ := $(SRC:%.c=$(BUILD)/%.o)
KOBJ := $(KSRC:%.c=$(BUILD)/%.o)
LIB_OBJ := $(filter-out $(BUILD)/src/main.o,$(OBJ)) $(KOBJ) $(BUILD)/remarks.o
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
CLI_TESTS := $(sort $(wildcard tests/cli/t*.sh))

DEPS_STAMP := $(BUILD)/.deps-build
# Objects depend on the flags they were built with: a changed CFLAGS or
# KERNEL_CFLAGS rebuilds, as a changed header does (-MMD).
FLAGS_STAMP := $(BUILD)/.flags
FLAGS_NOW = $(FINAL_CFLAGS) | $(FINAL_KERNEL_CFLAGS) | $(NOVEC_FLAGS) | $(REMARK_FLAGS)

.PHONY: all report plots test bench install uninstall clean deps FORCE
.DEFAULT_GOAL := all

all: $(BINDIR)/roofline

$(DEPS_STAMP):
	$(Q)sh scripts/deps.sh build
	$(Q)mkdir -p $(@D) && touch $@

$(FLAGS_STAMP): FORCE | $(DEPS_STAMP)
	$(Q)mkdir -p $(@D)
	$(Q)echo '$(FLAGS_NOW)' | cmp -s - $@ || echo '$(FLAGS_NOW)' > $@

$(BUILD)/src/%.o: src/%.c $(FLAGS_STAMP) | $(DEPS_STAMP)
	$(call say,CC,$<)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(FINAL_CFLAGS) -c $< -o $@

# Kernels get KERNEL_CFLAGS; the compiler's vectorisation remarks for each are
# kept and embedded in the binary, so a run records what the compiler did.
$(BUILD)/kernels/%.o: kernels/%.c $(FLAGS_STAMP) | $(DEPS_STAMP)
	$(call say,CC,$<)
	$(Q)mkdir -p $(@D) $(BUILD)/remarks
	$(Q)rm -f $(BUILD)/remarks/$*.txt
	$(Q)$(CC) $(FINAL_KERNEL_CFLAGS) $(EXTRA_KERNEL_CFLAGS) $(REMARK_FLAGS) -c $< -o $@ $(REMARK_TO) $(BUILD)/remarks/$*.txt || \
		{ cat $(BUILD)/remarks/$*.txt >&2; exit 1; }
	$(Q)touch $(BUILD)/remarks/$*.txt

$(BUILD)/kernels/fma_scalar.o: EXTRA_KERNEL_CFLAGS := $(NOVEC_FLAGS)

$(BUILD)/remarks.c: $(KOBJ) scripts/embed-remarks.sh
	$(call say,GEN,$@)
	$(Q)sh scripts/embed-remarks.sh "$(CC_NAME)" "$(CC_VERSION)" "$(KERNEL_CFLAGS)" $(BUILD)/remarks $(KSRC:kernels/%.c=%) > $@.tmp && mv $@.tmp $@

$(BUILD)/remarks.o: $(BUILD)/remarks.c $(FLAGS_STAMP)
	$(call say,CC,$<)
	$(Q)$(CC) $(FINAL_CFLAGS) -c $< -o $@

$(BUILD)/roofline: $(OBJ) $(KOBJ) $(BUILD)/remarks.o
	$(call say,LINK,$@)
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) $^ -o $@ $(PKG_LIBS)

# bin/roofline is whichever compiler's build was asked for last.
$(BINDIR)/roofline: $(BUILD)/roofline FORCE
	$(Q)mkdir -p $(BINDIR)
	$(Q)cmp -s $< $@ || cp $< $@

FORCE:

# ---- measuring and drawing ------------------------------------------------

MEASURE_FLAGS := --threads $(THREADS) $(if $(QUICK),--quick)

report: bin/roofline
	$(Q)sh scripts/deps.sh plots || echo "roofline: gnuplot missing: the .gp scripts are written but not rendered" >&2
	$(Q)run=$$(./bin/roofline measure $(MEASURE_FLAGS)) && \
		./bin/roofline fit "$$run" && \
		./bin/roofline plot "$$run" --out plots && \
		./bin/roofline report "$$run" --out plots && \
		echo "roofline: report in plots/report.md, figure in plots/roofline.png"

# The latest run, or on a fresh clone the committed example; RUN= and OUT= choose.
RUN ?= $(if $(wildcard data/latest),data/latest,data/example/run)
OUT ?= plots

plots: bin/roofline
	$(Q)test -e "$(RUN)" || { echo "roofline: no stored run at $(RUN): run 'make report' first" >&2; exit 2; }
	$(Q)sh scripts/deps.sh plots || echo "roofline: gnuplot missing: the .gp scripts are written but not rendered" >&2
	$(Q)mkdir -p "$(OUT)"
	$(Q)./bin/roofline fit "$(RUN)" >/dev/null && \
		./bin/roofline plot "$(RUN)" --out "$(OUT)" && \
		./bin/roofline report "$(RUN)" --out "$(OUT)"

# ---- tests ------------------------------------------------------------------

$(BUILD)/.deps-test: $(DEPS_STAMP)
	$(Q)sh scripts/deps.sh test
	$(Q)touch $@

$(BUILD)/tests/%: tests/unit/%.c $(LIB_OBJ) | $(BUILD)/.deps-test
	$(call say,CC,$<)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(FINAL_CFLAGS) $< $(LIB_OBJ) -o $@ $(LDFLAGS) $(PKG_LIBS) -lcmocka

# The fuzz target built as a plain program: replays the seeds and every crash
# the fuzzer found (tests/fuzz/), so the suite needs no clang.
$(BUILD)/tests/fuzz_replay: tests/fuzz/fuzz_run.c $(LIB_OBJ)
	$(call say,CC,$<)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(FINAL_CFLAGS) -DFUZZ_REPLAY $< $(LIB_OBJ) -o $@ $(LDFLAGS) $(PKG_LIBS)

TEST_ENV = ROOFLINE=$(CURDIR)/$(BINDIR)/roofline ROOFLINE_BUILD=$(CURDIR)/$(BUILD) \
	ROOFLINE_SRC=$(CURDIR) CC="$(CC)" CMOCKA_MESSAGE_OUTPUT=TAP

SANITIZE ?= 1
test: $(BINDIR)/roofline $(UNIT_BIN) $(BUILD)/tests/fuzz_replay | $(BUILD)/.deps-test
	$(Q)$(TEST_ENV) prove --exec '' $(UNIT_BIN:%=./%) $(CLI_TESTS:%=./%)
ifeq ($(SANITIZE),1)
	$(Q)$(MAKE) --no-print-directory sanitize-test
endif

# ---- the suite again under AddressSanitizer + UndefinedBehaviorSanitizer ----
# Its own build directory and binary; every UB report is fatal; leaks are
# checked, with third-party ones (fontconfig's caches) suppressed in
# tests/lsan.supp. The measuring CLI tests (t0100 disassembles, t0400
# measures for seconds) are left to the plain pass: t0600 runs one tiny
# measure, which is what LeakSanitizer needs to see.
SAN_FLAGS := -O1 -g -fsanitize=address,undefined,float-cast-overflow -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
SAN_BUILD := $(BUILD)-asan
SAN_UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(SAN_BUILD)/tests/%)
SAN_CLI_TESTS := $(filter-out tests/cli/t0100-% tests/cli/t0400-%,$(CLI_TESTS))
SAN_ENV = ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=99 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=99 ROOFLINE_SANITIZED=1 \
	ROOFLINE_TEMPLATES=$(CURDIR)/templates

.PHONY: sanitize-test fuzz
sanitize-test:
	$(Q)$(MAKE) --no-print-directory BUILD=$(SAN_BUILD) BINDIR=$(SAN_BUILD)/bin SANITIZE=0 \
		CFLAGS="$(SAN_FLAGS)" LDFLAGS="-fsanitize=address,undefined" \
		$(SAN_BUILD)/bin/roofline $(SAN_UNIT_BIN) $(SAN_BUILD)/tests/fuzz_replay
	$(Q)echo "  under ASan + UBSan ($(SAN_BUILD)):"
	$(Q)$(SAN_ENV) ROOFLINE=$(CURDIR)/$(SAN_BUILD)/bin/roofline ROOFLINE_BUILD=$(CURDIR)/$(SAN_BUILD) \
		ROOFLINE_SRC=$(CURDIR) CC="$(CC)" CMOCKA_MESSAGE_OUTPUT=TAP \
		prove --exec '' $(SAN_UNIT_BIN:%=./%) $(SAN_CLI_TESTS:%=./%)

# ---- fuzzing ------------------------------------------------------------------
# libFuzzer on tests/fuzz/fuzz_run.c, built with clang under ASan + UBSan in
# build/fuzz. New inputs go to build/fuzz/corpus (the committed seeds stay
# small); a crash is written to build/fuzz/crash-*: add it to tests/fuzz/regress/.
FUZZ_SECONDS ?= 60
FUZZ_CC ?= clang
FUZZ_BUILD := build/fuzz
FUZZ_FLAGS := -O1 -g -fsanitize=fuzzer-no-link,address,undefined,float-cast-overflow \
	-fno-sanitize-recover=all -fno-omit-frame-pointer

fuzz:
	$(Q)sh scripts/deps.sh fuzz
	$(Q)$(MAKE) --no-print-directory CC=$(FUZZ_CC) BUILD=$(FUZZ_BUILD) BINDIR=$(FUZZ_BUILD)/bin \
		CFLAGS="$(FUZZ_FLAGS)" $(FUZZ_BUILD)/fuzz_run
	$(Q)mkdir -p $(FUZZ_BUILD)/corpus
	$(Q)ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp \
		$(FUZZ_BUILD)/fuzz_run -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=4096 -close_fd_mask=3 \
		-artifact_prefix=$(FUZZ_BUILD)/crash- $(FUZZ_BUILD)/corpus tests/fuzz/corpus tests/fuzz/regress

$(FUZZ_BUILD)/fuzz_run: tests/fuzz/fuzz_run.c $(LIB_OBJ)
	$(call say,LINK,$@)
	$(Q)$(CC) $(FINAL_CFLAGS) -fsanitize=fuzzer $< $(LIB_OBJ) -o $@ $(PKG_LIBS)

bench: bin/roofline
	$(Q)sh scripts/deps.sh bench
	$(Q)sh scripts/bench.sh ./bin/roofline

# ---- install ----------------------------------------------------------------

install: bin/roofline
	$(Q)install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/roofline/templates
	$(Q)install -m 755 bin/roofline $(DESTDIR)$(PREFIX)/bin/roofline
	$(Q)install -m 644 templates/*.gp.in $(DESTDIR)$(PREFIX)/share/roofline/templates/

uninstall:
	$(Q)rm -f $(DESTDIR)$(PREFIX)/bin/roofline
	$(Q)rm -rf $(DESTDIR)$(PREFIX)/share/roofline

clean:
	$(Q)rm -rf build bin

-include $(OBJ:.o=.d) $(KOBJ:.o=.d) $(UNIT_BIN:=.d) $(BUILD)/tests/fuzz_replay.d
