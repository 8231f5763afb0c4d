# roofline - measure a machine's roofs, place kernels under them, draw the chart.
#
#   make            build bin/roofline
#   make report     a new measured run, then fit, plot and report (plots/)
#   make plots      fit, plot and report again from data/latest (or RUN=DIR), measuring nothing
#   make test       the test suite (TAP, run by prove)
#   make bench      side-by-side comparison against likwid-bench
#   make install    PREFIX=/usr/local DESTDIR=
#   make clean      removes build output, never data/
#
# Variables: CC, CFLAGS, LDFLAGS, KERNEL_CFLAGS, QUICK=1, THREADS=LIST, V=1,
# RUN=DIR and OUT=DIR for make plots.

CC ?= cc
CFLAGS ?= -O2 -g
KERNEL_CFLAGS ?= -O3 -march=native
LDFLAGS ?=
PREFIX ?= /usr/local
DESTDIR ?=
# Empty: measure's default, one core and all physical cores.
THREADS ?=
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
# The harness runs its all-core passes with OpenMP (libgomp under gcc, libomp
# under clang: scripts/deps.sh installs libomp-14-dev for it).
OPENMP_FLAGS := -fopenmp
FINAL_CFLAGS = -std=c11 $(BASE_CFLAGS) $(OPENMP_FLAGS) $(PKG_CFLAGS) $(CFLAGS)
# Kernels are C11 with GNU extensions, the compilers' default dialect: strict
# -std=c11 would also turn off gcc's floating-point contraction (mul+add into
# FMA), so the points would show a build nobody uses.
FINAL_KERNEL_CFLAGS = -std=gnu11 $(BASE_CFLAGS) $(KERNEL_CFLAGS)

# The scalar FMA chains (and FMA+add mix) must stay scalar: no vectoriser on those files.
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
	$(Q)sh scripts/deps.sh build $(if $(CC_IS_CLANG),build-clang)
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

$(BUILD)/kernels/fma_scalar.o $(BUILD)/kernels/fma_add_scalar.o: EXTRA_KERNEL_CFLAGS := $(NOVEC_FLAGS)

$(BUILD)/remarks.c: $(KOBJ) scripts/embed-remarks.sh
	$(call say,GEN,$@)
	$(Q)sh scripts/embed-remarks.sh "$(CC_NAME)" "$(CC_VERSION)" "$(KERNEL_CFLAGS)" $(BUILD)/remarks $(KSRC:kernels/%.c=%) > $@.tmp && mv $@.tmp $@

$(BUILD)/remarks.o: $(BUILD)/remarks.c $(FLAGS_STAMP)
	$(call say,CC,$<)
	$(Q)$(CC) $(FINAL_CFLAGS) -c $< -o $@

$(BUILD)/roofline: $(OBJ) $(KOBJ) $(BUILD)/remarks.o
	$(call say,LINK,$@)
	$(Q)$(CC) $(CFLAGS) $(OPENMP_FLAGS) $(LDFLAGS) $^ -o $@ $(PKG_LIBS)

# bin/roofline is whichever compiler's build was asked for last.
$(BINDIR)/roofline: $(BUILD)/roofline FORCE
	$(Q)mkdir -p $(BINDIR)
	$(Q)cmp -s $< $@ || cp $< $@

FORCE:

# ---- measuring and drawing ------------------------------------------------

MEASURE_FLAGS := $(if $(THREADS),--threads $(THREADS)) $(if $(QUICK),--quick)

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
	$(Q)$(CC) $(FINAL_CFLAGS) $< $(LIB_OBJ) -o $@ $(OPENMP_FLAGS) $(LDFLAGS) $(PKG_LIBS) -lcmocka

test: $(BINDIR)/roofline $(UNIT_BIN) | $(BUILD)/.deps-test
	$(Q)ROOFLINE=$(CURDIR)/$(BINDIR)/roofline ROOFLINE_BUILD=$(CURDIR)/$(BUILD) \
		ROOFLINE_SRC=$(CURDIR) CC="$(CC)" CMOCKA_MESSAGE_OUTPUT=TAP \
		prove --exec '' $(UNIT_BIN:%=./%) $(CLI_TESTS:%=./%)

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

-include $(OBJ:.o=.d) $(KOBJ:.o=.d) $(UNIT_BIN:=.d)
