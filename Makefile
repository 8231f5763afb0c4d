# roofline - measure a machine's roofs, place kernels under them, draw the chart.
#
#   make            build bin/roofline
#   make report     a new measured run, then fit, plot and report (plots/)
#   make plots      fit, plot and report again from data/latest (or RUN=DIR), measuring nothing
#   make test       the test suite (TAP, run by prove), then again under ASan + UBSan
#   make check T=   a subset of it: T='t0200 test_fit' (CLI tests by number, unit tests by name)
#   make fuzz       fuzz the run-directory reader with libFuzzer (clang), FUZZ_SECONDS=N
#   make bench      the default and quick runs timed, then side by side against likwid-bench
#   make test-aarch64  cross-build for aarch64, run the unit tests and a tiny measure under qemu
#   make lib        libroofline (.a, .so), roofline-single.h, the Fortran module (gfortran)
#   make examples   the examples of libroofline in C, C++ and Fortran (where the compilers are)
#   make install    PREFIX=/usr/local DESTDIR= LIBDIR=$(PREFIX)/lib
#   make clean      removes build output, never data/
#
# Variables: CC, CFLAGS, LDFLAGS, KERNEL_CFLAGS, QUICK=1, THREADS=LIST, BUDGET=SECONDS, V=1,
# RUN=DIR and OUT=DIR for make plots, POINTS=FILE (your own code's points,
# libroofline) for make plots and make report, OPENBLAS=0 to build
# without OpenBLAS, SANITIZE=0 (make test without the sanitizer pass),
# FUZZ_SECONDS=N and FUZZ_CC for make fuzz.

CC ?= cc
CFLAGS ?= -O2 -g
KERNEL_CFLAGS ?= -O3 -march=native
LDFLAGS ?=
PREFIX ?= /usr/local
DESTDIR ?=
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
# make's own defaults (g++, f77) are not ours: f77 is not on every machine gfortran is.
ifeq ($(origin CXX),default)
CXX := c++
endif
ifeq ($(origin FC),default)
FC := gfortran
endif
# Empty: measure's default, one core and all physical cores.
THREADS ?=
QUICK ?=
# Empty: measure's default budget (50 s, a quick run 12 s); BUDGET=120 buys narrower figures.
BUDGET ?=
POINTS ?=

# Linux only: pinning, /proc and /sys, perf_event and hwloc's view of the caches
# are what the method rests on; README "Arm and macOS" says what a port needs.
UNAME_S ?= $(shell uname -s)
ifeq ($(UNAME_S),Darwin)
$(error roofline: macOS is not supported (no thread pinning, caches and CPU name from sysctl): build on Linux, see README "Arm and macOS")
endif

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
# after the deps step has installed the packages. Then kept: `once` works out
# NAME from NAME_ONCE at its first use and stores it, so the probes below run
# once a make, not once a compile or link (they ran 200 times a make test).
once = $(eval $(1) := $$($(1)_ONCE))$($(1))
PKG_CONFIG ?= pkg-config
PKG_CFLAGS_ONCE = $(shell $(PKG_CONFIG) --cflags cairo hwloc 2>/dev/null)
PKG_CFLAGS = $(call once,PKG_CFLAGS)
PKG_LIBS_ONCE = $(shell $(PKG_CONFIG) --libs cairo hwloc 2>/dev/null) -lcsv -lm $(BLAS_LIBS) $(MPI_LIBS)
PKG_LIBS = $(call once,PKG_LIBS)

# OpenBLAS when present (the deps step installs libopenblas-dev where it can):
# kernels/gemm_blas.c is built against it; without it the kernel is compiled
# out and a run says it skipped it. OPENBLAS=0 builds without it anyway.
# Found through pkg-config `openblas`, else a plain -lopenblas with cblas.h.
OPENBLAS_FOUND_ONCE = $(shell $(PKG_CONFIG) --exists openblas 2>/dev/null && echo pc || \
	{ printf '\043include <cblas.h>\nint main(void){openblas_get_config();return 0;}\n' | \
	  $(CC) -x c - -o /dev/null -lopenblas >/dev/null 2>&1 && echo lib; })
OPENBLAS_FOUND = $(call once,OPENBLAS_FOUND)
OPENBLAS ?= 1
BLAS_MODE = $(if $(filter 0,$(OPENBLAS)),,$(OPENBLAS_FOUND))
BLAS_CFLAGS_ONCE = $(if $(BLAS_MODE),-DROOFLINE_HAVE_OPENBLAS) \
	$(if $(filter pc,$(BLAS_MODE)),$(shell $(PKG_CONFIG) --cflags openblas 2>/dev/null))
BLAS_CFLAGS = $(call once,BLAS_CFLAGS)
# Not linked: kernels/gemm_blas.c loads it (dlopen) only when it runs, so
# the other commands never start OpenBLAS's thread pool.
BLAS_LIBS = $(if $(BLAS_MODE),-ldl)

# Open MPI when present (the deps step installs openmpi-bin and libopenmpi-dev
# where it can): src/fleet/fleet_mpi.c alone is built with its flags and
# measure --mpi works; without it --mpi says the build has none. MPI=0 builds
# without it anyway. Found through Open MPI's `mpicc --showme`.
MPI ?= 1
# The check links a tiny MPI program with $(CC), so a cross build (make aarch64)
# does not pick up this machine's Open MPI.
MPI_FOUND_ONCE = $(if $(filter 0,$(MPI)),,$(shell printf '\043include <mpi.h>\nint main(void){return MPI_Init(0, 0);}\n' | \
	$(CC) -x c - -o /dev/null $$(mpicc --showme:compile 2>/dev/null) $$(mpicc --showme:link 2>/dev/null) \
	>/dev/null 2>&1 && echo yes))
MPI_FOUND = $(call once,MPI_FOUND)
# -isystem: Open MPI's headers are not held to our warnings.
MPI_CFLAGS_ONCE = $(if $(MPI_FOUND),-DROOFLINE_HAVE_MPI $(patsubst -I%,-isystem %,$(shell mpicc --showme:compile 2>/dev/null)))
MPI_CFLAGS = $(call once,MPI_CFLAGS)
MPI_LIBS_ONCE = $(if $(MPI_FOUND),$(shell mpicc --showme:link 2>/dev/null))
MPI_LIBS = $(call once,MPI_LIBS)

# src/ is in folders by stage (README "Layout", whose table of which folder may
# include which tests/cli/t0030-layout.sh checks); every folder is on the include
# path, so `#include "util.h"` names a header wherever it lives. libroofline is
# a library of its own, built with its own flags below.
SRC_DIRS := $(filter-out src/libroofline,$(patsubst %/,%,$(wildcard src/*/)))
BASE_CFLAGS = -D_GNU_SOURCE -Isrc $(SRC_DIRS:%=-I%) -Ikernels -Iinclude $(WARNINGS) -MMD -MP
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
REMARK_FLAGS = -fopt-info-vec-all=$(KBUILD)/remarks/$*.txt
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

SRC := $(wildcard src/*.c $(SRC_DIRS:%=%/*.c))
KSRC := $(wildcard kernels/*.c)
OBJ := $(SRC:%.c=$(BUILD)/%.o)
# The kernels' objects (and their remarks) are KBUILD's: the sanitizer build
# (make sanitize-test) links the plain build's, as its CFLAGS are not the
# kernels' (KERNEL_CFLAGS builds them the same in both, byte for byte).
KBUILD ?= $(BUILD)
KOBJ := $(KSRC:%.c=$(KBUILD)/%.o)
# The rule of a points file's row is libroofline's (rowrule.c): the tool's points reader applies the same.
LIB_OBJ := $(filter-out %/main.o,$(OBJ)) $(KOBJ) $(BUILD)/remarks.o $(BUILD)/src/libroofline/rowrule.o
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
CLI_TESTS := $(sort $(wildcard tests/cli/t*.sh))

DEPS_STAMP := $(BUILD)/.deps-build
# Objects depend on the flags they were built with: a changed CFLAGS or
# KERNEL_CFLAGS rebuilds, as a changed header does (-MMD).
FLAGS_STAMP := $(BUILD)/.flags
FLAGS_NOW = $(FINAL_CFLAGS) | $(FINAL_KERNEL_CFLAGS) | $(NOVEC_FLAGS) | $(REMARK_FLAGS) | $(BLAS_CFLAGS) $(BLAS_LIBS) | $(LIBRL_CFLAGS) | $(MPI_CFLAGS) $(MPI_LIBS)
# The kernels' own stamp, in KBUILD: what builds them and nothing else, so a
# build that shares them (make sanitize-test) neither rebuilds nor disturbs them.
KFLAGS_STAMP := $(KBUILD)/.kflags
KFLAGS_NOW = $(FINAL_KERNEL_CFLAGS) | $(NOVEC_FLAGS) | $(REMARK_FLAGS) | $(BLAS_CFLAGS)

.PHONY: all report plots test check bench bench-pairs install uninstall clean deps lib examples FORCE
.DEFAULT_GOAL := all

all: $(BINDIR)/roofline

$(DEPS_STAMP):
	$(Q)sh scripts/deps.sh build $(if $(CC_IS_CLANG),build-clang)
	$(Q)mkdir -p $(@D) && touch $@

$(FLAGS_STAMP): FORCE | $(DEPS_STAMP)
	$(Q)mkdir -p $(@D)
	$(Q)echo '$(FLAGS_NOW)' | cmp -s - $@ || echo '$(FLAGS_NOW)' > $@

$(KFLAGS_STAMP): FORCE | $(DEPS_STAMP)
	$(Q)mkdir -p $(@D)
	$(Q)echo '$(KFLAGS_NOW)' | cmp -s - $@ || echo '$(KFLAGS_NOW)' > $@

$(BUILD)/src/%.o: src/%.c $(FLAGS_STAMP) | $(DEPS_STAMP)
	$(call say,CC,$<)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(FINAL_CFLAGS) $(EXTRA_CFLAGS) -c $< -o $@

$(filter %/fleet_mpi.o,$(OBJ)): EXTRA_CFLAGS = $(MPI_CFLAGS)

# Kernels get KERNEL_CFLAGS; the compiler's vectorisation remarks for each are
# kept and embedded in the binary, so a run records what the compiler did.
$(KBUILD)/kernels/%.o: kernels/%.c $(KFLAGS_STAMP) | $(DEPS_STAMP)
	$(call say,CC,$<)
	$(Q)mkdir -p $(@D) $(KBUILD)/remarks
	$(Q)rm -f $(KBUILD)/remarks/$*.txt
	$(Q)$(CC) $(FINAL_KERNEL_CFLAGS) $(EXTRA_KERNEL_CFLAGS) $(REMARK_FLAGS) -c $< -o $@ $(REMARK_TO) $(KBUILD)/remarks/$*.txt || \
		{ cat $(KBUILD)/remarks/$*.txt >&2; exit 1; }
	$(Q)touch $(KBUILD)/remarks/$*.txt

$(KBUILD)/kernels/fma_scalar.o $(KBUILD)/kernels/fma_add_scalar.o \
$(KBUILD)/kernels/fma_mix21_scalar.o $(KBUILD)/kernels/fma_mix12_scalar.o $(KBUILD)/kernels/fma_mix43_scalar.o \
$(KBUILD)/kernels/fma_deep11_scalar.o $(KBUILD)/kernels/fma_deep21_scalar.o: EXTRA_KERNEL_CFLAGS := $(NOVEC_FLAGS)
$(KBUILD)/kernels/gemm_blas.o: EXTRA_KERNEL_CFLAGS = $(BLAS_CFLAGS)
# The bandwidth kernels' loops start on a 64-byte block: a one-vector loop
# (bw_stream.h) split across two ran at 0.55x of one inside one on a Zen 3 VM.
$(patsubst kernels/%.c,$(KBUILD)/kernels/%.o,$(wildcard kernels/bw_*.c)): EXTRA_KERNEL_CFLAGS := -falign-loops=64

$(BUILD)/remarks.c: $(KOBJ) scripts/embed-remarks.sh
	$(call say,GEN,$@)
	$(Q)sh scripts/embed-remarks.sh "$(CC_NAME)" "$(CC_VERSION)" "$(KERNEL_CFLAGS)" $(KBUILD)/remarks $(KSRC:kernels/%.c=%) > $@.tmp && mv $@.tmp $@

$(BUILD)/remarks.o: $(BUILD)/remarks.c $(FLAGS_STAMP)
	$(call say,CC,$<)
	$(Q)$(CC) $(FINAL_CFLAGS) -c $< -o $@

$(BUILD)/roofline: $(OBJ) $(KOBJ) $(BUILD)/remarks.o $(BUILD)/src/libroofline/rowrule.o
	$(call say,LINK,$@)
	$(Q)$(CC) $(CFLAGS) $(OPENMP_FLAGS) $(LDFLAGS) $^ -o $@ $(PKG_LIBS)

# bin/roofline is whichever compiler's build was asked for last.
$(BINDIR)/roofline: $(BUILD)/roofline FORCE
	$(Q)mkdir -p $(BINDIR)
	$(Q)cmp -s $< $@ || cp $< $@

FORCE:

# ---- measuring and drawing ------------------------------------------------

MEASURE_FLAGS := $(if $(THREADS),--threads $(THREADS)) $(if $(QUICK),--quick) $(if $(BUDGET),--budget $(BUDGET))
POINTS_FLAGS = $(if $(POINTS),--points "$(POINTS)")

report: bin/roofline
	$(Q)sh scripts/deps.sh plots || echo "roofline: gnuplot missing: the .gp scripts are written but not rendered" >&2
	$(Q)run=$$(./bin/roofline measure $(MEASURE_FLAGS)) && \
		./bin/roofline fit "$$run" && \
		./bin/roofline plot "$$run" --out plots $(POINTS_FLAGS) && \
		./bin/roofline report "$$run" --out plots $(POINTS_FLAGS) && \
		echo "roofline: report in plots/report.md and plots/report.html (open it in a browser), figure in plots/roofline.png"

# The latest run, or on a fresh clone the committed example; RUN= and OUT= choose.
RUN ?= $(if $(wildcard data/latest),data/latest,data/example/run)
OUT ?= plots

plots: bin/roofline
	$(Q)test -e "$(RUN)" || { echo "roofline: no stored run at $(RUN): run 'make report' first" >&2; exit 2; }
	$(Q)sh scripts/deps.sh plots || echo "roofline: gnuplot missing: the .gp scripts are written but not rendered" >&2
	$(Q)mkdir -p "$(OUT)"
	$(Q)./bin/roofline fit "$(RUN)" >/dev/null && \
		./bin/roofline plot "$(RUN)" --out "$(OUT)" $(POINTS_FLAGS) && \
		./bin/roofline report "$(RUN)" --out "$(OUT)" $(POINTS_FLAGS)

# ---- the man page and the example of include/roofline.h ---------------------

# Generated from the same table as --help (src/cli/help.c), so the two agree.
$(BUILD)/roofline.1: $(BUILD)/roofline
	$(call say,GEN,$@)
	$(Q)$(BUILD)/roofline help --man > $@.tmp && mv $@.tmp $@

# Built as a user would build it: roofline.h, the user's CFLAGS, strict C11, libroofline.
EXAMPLE := $(BUILD)/examples/transpose
$(EXAMPLE): examples/tiled/transpose.c $(BUILD)/lib/libroofline.a $(FLAGS_STAMP)
	$(call say,CC,$<)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) -std=c11 -Iinclude $(WARNINGS) -MMD -MP $(CFLAGS) $< -o $@ $(LDFLAGS) $(BUILD)/lib/libroofline.a -pthread


# ---- libroofline: your code on the chart ------------------------------------------
#
# One source (src/libroofline/*.c) for three forms: libroofline.a, libroofline.so
# (soname libroofline.so.$(LIBRL_MAJOR)) and roofline-single.h, the header with the
# source appended (scripts/single-header.sh). Built as strict C11 with _GNU_SOURCE
# inside, so the installed header needs neither; public symbols are roofline_*
# only (-fvisibility=hidden, ROOFLINE_EXPORT in include/roofline.h).
LIBRL_VERSION := 0.1.0
LIBRL_MAJOR := 0
LIBRL_SRC := $(sort $(wildcard src/libroofline/*.c))
LIBRL_OBJ := $(LIBRL_SRC:%.c=$(BUILD)/%.o)
LIBRL_DIR := $(BUILD)/lib
LIBRL_A := $(LIBRL_DIR)/libroofline.a
LIBRL_SO := $(LIBRL_DIR)/libroofline.so.$(LIBRL_VERSION)
LIBRL_SINGLE := $(BUILD)/include/roofline-single.h
LIBRL_CFLAGS = -std=c11 -D_GNU_SOURCE -Iinclude -fPIC -fvisibility=hidden -pthread $(WARNINGS) -MMD -MP $(CFLAGS)
# The Fortran module when gfortran is there: its wrappers go into both libraries
# (they call nothing of libgfortran), roofline.mod is installed beside the header.
FC_FOUND := $(shell command -v $(FC) >/dev/null 2>&1 && echo 1)
LIBRL_FOBJ := $(if $(FC_FOUND),$(BUILD)/src/libroofline/roofline_f90.o)
LIBRL_MOD := $(if $(FC_FOUND),$(BUILD)/include/roofline.mod)
CXX_FOUND := $(shell command -v $(CXX) >/dev/null 2>&1 && echo 1)

lib: $(LIBRL_A) $(LIBRL_SO) $(LIBRL_DIR)/libroofline.so $(LIBRL_SINGLE) $(BUILD)/roofline.pc

$(BUILD)/src/libroofline/%.o: src/libroofline/%.c $(FLAGS_STAMP) | $(DEPS_STAMP)
	$(call say,CC,$<)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(LIBRL_CFLAGS) -c $< -o $@

$(BUILD)/src/libroofline/roofline_f90.o: src/libroofline/roofline.f90 $(FLAGS_STAMP)
	$(call say,FC,$<)
	$(Q)mkdir -p $(@D) $(BUILD)/include
	$(Q)$(FC) -std=f2008 -Wall -Wextra -O2 -fPIC -J$(BUILD)/include -c $< -o $@

$(LIBRL_MOD): $(LIBRL_FOBJ)

$(LIBRL_A): $(LIBRL_OBJ) $(LIBRL_FOBJ)
	$(call say,AR,$@)
	$(Q)mkdir -p $(@D) && rm -f $@
	$(Q)$(AR) rcs $@ $^

$(LIBRL_SO): $(LIBRL_OBJ) $(LIBRL_FOBJ)
	$(call say,LINK,$@)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) -shared -pthread -Wl,-soname,libroofline.so.$(LIBRL_MAJOR) $(LDFLAGS) $^ -o $@

$(LIBRL_DIR)/libroofline.so: $(LIBRL_SO)
	$(Q)ln -sf libroofline.so.$(LIBRL_VERSION) $(LIBRL_DIR)/libroofline.so.$(LIBRL_MAJOR)
	$(Q)ln -sf libroofline.so.$(LIBRL_MAJOR) $@

$(LIBRL_SINGLE): include/roofline.h src/libroofline/internal.h $(LIBRL_SRC) scripts/single-header.sh
	$(call say,GEN,$@)
	$(Q)mkdir -p $(@D)
	$(Q)sh scripts/single-header.sh include/roofline.h src/libroofline/internal.h $(LIBRL_SRC) > $@.tmp && mv $@.tmp $@

# roofline.pc for the prefix and libdir asked for: written again when they change.
$(BUILD)/roofline.pc: FORCE
	$(Q)mkdir -p $(@D)
	$(Q)printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$(LIBDIR)' 'includedir=$(INCLUDEDIR)' '' \
		'Name: roofline' 'Description: put your own code on the roofline chart: timed regions, points for roofline report --points' \
		'Version: $(LIBRL_VERSION)' 'Libs: -L$${libdir} -lroofline' 'Libs.private: -pthread' \
		'Cflags: -I$${includedir}' > $@.tmp
	$(Q)cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@

# ---- the examples: built as a user builds them, against the static library --------

EXAMPLES := $(BUILD)/examples/transpose $(BUILD)/examples/triad_omp \
	$(if $(CXX_FOUND),$(BUILD)/examples/stencil_cxx) $(if $(FC_FOUND),$(BUILD)/examples/axpy_f90)
examples: $(EXAMPLES)

$(BUILD)/examples/triad_omp: examples/regions/triad_omp.c $(LIBRL_A) $(FLAGS_STAMP)
	$(call say,CC,$<)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) -std=c11 -Iinclude $(WARNINGS) -MMD -MP -fopenmp $(CFLAGS) $< -o $@ $(LDFLAGS) $(LIBRL_A) -pthread

$(BUILD)/examples/stencil_cxx: examples/cxx/stencil.cpp $(LIBRL_A) $(FLAGS_STAMP)
	$(call say,CXX,$<)
	$(Q)mkdir -p $(@D)
	$(Q)$(CXX) -std=c++11 -Iinclude -Wall -Wextra -pedantic -MMD -MP $(CFLAGS) $< -o $@ $(LDFLAGS) $(LIBRL_A) -pthread

$(BUILD)/examples/axpy_f90: examples/fortran/axpy.f90 $(LIBRL_A) $(LIBRL_MOD) $(FLAGS_STAMP)
	$(call say,FC,$<)
	$(Q)mkdir -p $(@D)
	$(Q)$(FC) -std=f2008 -Wall -Wextra -O2 -I$(BUILD)/include $< -o $@ $(LDFLAGS) $(LIBRL_A) -pthread

# ---- tests ------------------------------------------------------------------

$(BUILD)/.deps-test: $(DEPS_STAMP)
	$(Q)sh scripts/deps.sh test
	$(Q)touch $@

# The tool's objects but main.o as one thin archive (it names them, copies
# nothing): a test program links what it calls, not the whole tool (linking all
# of it was a sixth of building the unit tests, twice a make test).
TOOL_A := $(BUILD)/tests/tool-objects.a
$(TOOL_A): $(LIB_OBJ)
	$(Q)mkdir -p $(@D) && rm -f $@
	$(Q)$(AR) rcsT $@ $^

$(BUILD)/tests/%: tests/unit/%.c $(TOOL_A) | $(BUILD)/.deps-test
	$(call say,CC,$<)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(FINAL_CFLAGS) $< $(TOOL_A) -o $@ $(OPENMP_FLAGS) $(LDFLAGS) $(PKG_LIBS) -lcmocka

# libroofline's own test links the static library (its internals are hidden only in the .so).
$(BUILD)/tests/test_roofline_h: tests/unit/test_roofline_h.c $(LIBRL_A) | $(BUILD)/.deps-test
	$(call say,CC,$<)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) -std=c11 -D_GNU_SOURCE -Iinclude -Isrc/libroofline $(WARNINGS) -MMD -MP $(CFLAGS) $< -o $@ \
		$(LDFLAGS) $(LIBRL_A) -pthread -lcmocka -lm

# The plan's contract on described machines (tests/unit/sim_contract.h):
# `make check-sim N=200 SEED=1` runs N seeded random machines through
# `measure --simulate` and the fit: each failing seed's failures, then the
# failures by clause and level with the first seed of each;
# `make check-sim REPLAY=SEED` prints one seed's machine file and replays it;
# HIDE_L4=1 draws the same machines with every fourth cache unreported.
N ?= 20
SEED ?= 1
$(BUILD)/tests/check_sim: tests/sim/check_sim.c tests/unit/sim_contract.h $(TOOL_A)
	$(call say,CC,$<)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(FINAL_CFLAGS) $< $(TOOL_A) -o $@ $(OPENMP_FLAGS) $(LDFLAGS) $(PKG_LIBS)

.PHONY: check-sim
check-sim: $(BUILD)/tests/check_sim
	$(Q)./$(BUILD)/tests/check_sim $(if $(REPLAY),--replay $(REPLAY),--random $(N) $(SEED)) $(if $(HIDE_L4),--hide-l4)

# The fuzz target built as a plain program: replays the seeds and every crash
# the fuzzer found (tests/fuzz/), so the suite needs no clang.
$(BUILD)/tests/fuzz_replay: tests/fuzz/fuzz_run.c $(TOOL_A)
	$(call say,CC,$<)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(FINAL_CFLAGS) -DFUZZ_REPLAY $< $(TOOL_A) -o $@ $(OPENMP_FLAGS) $(LDFLAGS) $(PKG_LIBS)

# The figure target (fit, the figure's layout, the cairo painter, the gnuplot
# writers), from the same source: tests/fuzz/fuzz_run.c with FUZZ_FIGURE.
FUZZ_FIGURE_DEFS = -DFUZZ_FIGURE -DFUZZ_TEMPLATES='"$(CURDIR)/templates"'
$(BUILD)/tests/fuzz_figure_replay: tests/fuzz/fuzz_run.c $(TOOL_A)
	$(call say,CC,$<)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(FINAL_CFLAGS) -DFUZZ_REPLAY $(FUZZ_FIGURE_DEFS) $< $(TOOL_A) -o $@ $(OPENMP_FLAGS) $(LDFLAGS) $(PKG_LIBS)

# A PNG's drawn pixels in a rectangle: the browser test's look at its screenshot (t0800).
$(BUILD)/tests/png_ink: tests/tools/png_ink.c | $(DEPS_STAMP)
	$(call say,CC,$<)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(FINAL_CFLAGS) $< -o $@ $(LDFLAGS) $(PKG_LIBS)

# The fleet target (fleet.csv, a rank's pack, the fleet's report): fuzz_run.c with FUZZ_FLEET.
$(BUILD)/tests/fuzz_fleet_replay: tests/fuzz/fuzz_run.c $(TOOL_A)
	$(call say,CC,$<)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(FINAL_CFLAGS) -DFUZZ_REPLAY -DFUZZ_FLEET $< $(TOOL_A) -o $@ $(OPENMP_FLAGS) $(LDFLAGS) $(PKG_LIBS)

TEST_ENV = ROOFLINE=$(CURDIR)/$(BINDIR)/roofline ROOFLINE_BUILD=$(CURDIR)/$(BUILD) \
	ROOFLINE_EXAMPLE=$(CURDIR)/$(EXAMPLE) ROOFLINE_MAN=$(CURDIR)/$(BUILD)/roofline.1 \
	ROOFLINE_SRC=$(CURDIR) CC="$(CC)" CXX="$(CXX)" FC="$(FC)" CMOCKA_MESSAGE_OUTPUT=TAP

SANITIZE ?= 1
# The suite runs on every core (the tests are independent, and none times
# anything against a threshold). Both passes, the plain one and the sanitized
# one (below), are built by one make and run by one prove, so that no core
# waits for the other at the end of a build or of a pass; the longest first
# (the emulated aarch64 tests with their cross build, then the longest of
# either pass, by their CPU time on a 2-core VM), so none is left alone at the end.
NPROC := $(shell nproc 2>/dev/null || echo 2)
PROVE_JOBS ?= -j$(NPROC)
TESTS_LONG := tests/cli/t0900-% san:tests/cli/t0600-% san:tests/cli/t0610-% san:tests/cli/t0310-% \
	tests/cli/t0604-% san:tests/cli/t0603-% san:test_plot_compare tests/cli/t0600-% san:test_layout \
	san:tests/cli/t0621-% san:tests/cli/t0670-% san:test_plot tests/cli/t0110-% tests/cli/t0400-% \
	san:tests/cli/t0620-% tests/cli/t0601-% tests/cli/t0630-% tests/cli/t0603-%
# Each pass's tests as prove runs them: the plain pass's as they are, the
# sanitized pass's through their scripts in $(SAN_RUN) (written by san-run).
PLAIN_RUN := $(CLI_TESTS) $(UNIT_BIN)
SAN_RUN_ALL = $(SAN_CLI_TESTS:tests/cli/%=$(SAN_RUN)/%) $(SAN_UNIT_BIN:$(SAN_BUILD)/tests/%=$(SAN_RUN)/%)
# One name of TESTS_LONG as the test prove runs: san:NAME is the sanitized pass's.
long_test = $(if $(filter san:%,$(1)),$(if $(filter 1,$(SANITIZE)),$(filter \
	$(patsubst san:tests/cli/%,$(SAN_RUN)/%,$(patsubst san:test_%,$(SAN_RUN)/test_%,$(1))),$(SAN_RUN_ALL))),$(filter \
	$(patsubst test_%,$(BUILD)/tests/test_%,$(1)),$(PLAIN_RUN)))
TESTS_FIRST = $(foreach t,$(TESTS_LONG),$(call long_test,$(t)))
TESTS_REST = $(filter-out $(TESTS_FIRST),$(PLAIN_RUN) $(if $(filter 1,$(SANITIZE)),$(SAN_RUN_ALL)))
# What the suite runs, built on every core too (a sub-make, so a plain
# `make test` builds in parallel).
.PHONY: test-prereqs
test-prereqs: $(BINDIR)/roofline $(UNIT_BIN) $(EXAMPLE) $(BUILD)/roofline.1 $(BUILD)/tests/fuzz_replay \
	$(BUILD)/tests/fuzz_figure_replay $(BUILD)/tests/fuzz_fleet_replay $(BUILD)/tests/png_ink lib examples | $(BUILD)/.deps-test

test:
	$(Q)$(MAKE) --no-print-directory -j$(NPROC) test-prereqs $(if $(filter 1,$(SANITIZE)),sanitize-prereqs san-run)
	$(Q)$(TEST_ENV) prove $(PROVE_JOBS) --exec '' $(TESTS_FIRST:%=./%) $(TESTS_REST:%=./%)

# A subset of the suite, for working on one part: make check T='t0200 test_fit'
# (a CLI test by its number or name, a unit test by its name).
.PHONY: check
check:
	$(Q)$(MAKE) --no-print-directory -j$(NPROC) test-prereqs
	$(Q)$(TEST_ENV) prove --exec '' $(foreach t,$(T),$(if $(filter test_%,$(t)),./$(BUILD)/tests/$(t),$(wildcard tests/cli/$(t)*.sh)))

# ---- the suite again under AddressSanitizer + UndefinedBehaviorSanitizer ----
# Its own build directory and binary; every UB report is fatal; leaks are
# checked, with third-party ones (fontconfig's caches) suppressed in
# tests/lsan.supp. It runs the unit tests and the CLI tests that read,
# fit, report and compare (the readers are where bad input lands); the ones
# that measure for seconds, disassemble or emulate Arm are left to the plain
# pass: t0603-robust runs one tiny measure, which LeakSanitizer needs to see;
# t0630-fleet-mpi and t0651-mpi-out measure under mpirun (Open MPI's own allocations are not ours
# to check); t0653 links the library into programs of its own, as t0710-t0730 do;
# t0020, t0030, t0040 and t0742 read the sources, not the binary; t0800 spends its time in a
# browser (the HTML writer runs sanitized in t0610's replays and fuzz_replay).
SAN_FLAGS := -O1 -g -fsanitize=address,undefined,float-cast-overflow -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
SAN_BUILD := $(BUILD)-asan
SAN_UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(SAN_BUILD)/tests/%)
SAN_CLI_TESTS := $(filter-out tests/cli/t0020-% tests/cli/t0030-% tests/cli/t0040-% tests/cli/t0742-% tests/cli/t0770-% tests/cli/t0771-% tests/cli/t0772-% tests/cli/t0773-% tests/cli/t0100-% tests/cli/t0110-% tests/cli/t0111-% tests/cli/t0400-% \
	tests/cli/t0410-% tests/cli/t0500-% tests/cli/t0601-kernels.sh tests/cli/t0604-threads.sh \
	tests/cli/t0630-% tests/cli/t0651-% tests/cli/t0653-% tests/cli/t0710-% tests/cli/t0720-% tests/cli/t0730-% \
	tests/cli/t0800-% tests/cli/t0900-% tests/cli/t0910-%,$(CLI_TESTS))
# Reports name frames as module+offset (addr2line -e BINARY OFFSET reads one;
# UBSan's own line still names the source line): matching fontconfig's leaks
# to tests/lsan.supp symbolized libasan's own frame, reading its debug
# information in every process that drew a figure, about 0.15 s of CPU each
# and a third of the pass. `make sanitize-test SAN_SYMBOLIZE=1` names them.
SAN_SYMBOLIZE ?= 0
SAN_ENV = ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=99:symbolize=$(SAN_SYMBOLIZE) \
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=99 ROOFLINE_SANITIZED=1 \
	ROOFLINE_TEMPLATES=$(CURDIR)/templates \
	ROOFLINE=$(CURDIR)/$(SAN_BUILD)/bin/roofline ROOFLINE_BUILD=$(CURDIR)/$(SAN_BUILD) \
	ROOFLINE_EXAMPLE=$(CURDIR)/$(EXAMPLE:$(BUILD)/%=$(SAN_BUILD)/%) \
	ROOFLINE_MAN=$(CURDIR)/$(SAN_BUILD)/roofline.1 \
	ROOFLINE_SRC=$(CURDIR) CC="$(CC)" CMOCKA_MESSAGE_OUTPUT=TAP
# The sanitized pass's tests, each a script that runs it in SAN_ENV: prove
# runs them beside the plain pass's (make test) or alone (make sanitize-test).
SAN_RUN := $(SAN_BUILD)/run

.PHONY: sanitize-test sanitize-prereqs san-run fuzz
sanitize-test:
	$(Q)$(MAKE) --no-print-directory -j$(NPROC) sanitize-prereqs san-run
	$(Q)echo "  under ASan + UBSan ($(SAN_BUILD)):"
	$(Q)prove $(PROVE_JOBS) --exec '' $(SAN_RUN_ALL:%=./%)

# Built by a sub-make of its own (BUILD, CFLAGS), on the jobs of the make that
# asks; after the plain build's kernel objects, which it links (KBUILD), and
# after the plain build's deps steps (two at once would both run apt-get).
sanitize-prereqs: $(KOBJ) $(BUILD)/.deps-test
	$(Q)$(MAKE) --no-print-directory BUILD=$(SAN_BUILD) KBUILD=$(BUILD) BINDIR=$(SAN_BUILD)/bin SANITIZE=0 \
		CFLAGS="$(SAN_FLAGS)" LDFLAGS="-fsanitize=address,undefined" \
		$(SAN_BUILD)/bin/roofline $(SAN_UNIT_BIN) $(SAN_BUILD)/tests/fuzz_replay \
		$(SAN_BUILD)/tests/fuzz_figure_replay $(SAN_BUILD)/tests/fuzz_fleet_replay \
		$(EXAMPLE:$(BUILD)/%=$(SAN_BUILD)/%) $(SAN_BUILD)/roofline.1

# Written again each time (one shell, a few ms): they hold this tree's paths.
san-run:
	$(Q)rm -rf $(SAN_RUN) && mkdir -p $(SAN_RUN)
	$(Q)for t in $(SAN_CLI_TESTS:%=$(CURDIR)/%) $(SAN_UNIT_BIN:%=$(CURDIR)/%); do \
		printf '%s\n' '#!/bin/sh' '# make test runs this test under ASan + UBSan so (Makefile, SAN_ENV).' \
			'exec env $(SAN_ENV) '"$$t" > $(SAN_RUN)/$${t##*/} && chmod +x $(SAN_RUN)/$${t##*/} || exit 1; \
	done

# ---- fuzzing ------------------------------------------------------------------
# libFuzzer on tests/fuzz/fuzz_run.c, built with clang under ASan + UBSan in
# build/fuzz. New inputs go to build/fuzz/corpus-<target> (the committed seeds
# stay small); a crash or timeout is written to build/fuzz/crash-<target>-*:
# add it to tests/fuzz/regress/, which make test replays through both targets.
FUZZ_SECONDS ?= 60
FUZZ_CC ?= clang
FUZZ_BUILD := build/fuzz
FUZZ_FLAGS := -O1 -g -fsanitize=fuzzer-no-link,address,undefined,float-cast-overflow \
	-fno-sanitize-recover=all -fno-omit-frame-pointer

# Each target FUZZ_SECONDS in turn: fuzz_run (the run directory's readers,
# env.csv to stops.csv, fit, report, compare), fuzz_figure (fit, the
# figure's layout, the cairo painter, the gnuplot writers), then fuzz_fleet
# (fleet.csv, a rank's pack, the fleet's report; seeds in
# tests/fuzz/fleet-corpus and fleet-regress), each with its own corpus under
# build/fuzz. Each says at its end how many inputs it ran (stat::number_of_executed_units).
FUZZ_TARGETS ?= fuzz_run fuzz_figure fuzz_fleet
fuzz:
	$(Q)sh scripts/deps.sh fuzz
	$(Q)$(MAKE) --no-print-directory CC=$(FUZZ_CC) BUILD=$(FUZZ_BUILD) BINDIR=$(FUZZ_BUILD)/bin \
		CFLAGS="$(FUZZ_FLAGS)" $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/%)
	$(Q)for t in $(FUZZ_TARGETS); do \
		case $$t in fuzz_fleet) seeds="tests/fuzz/fleet-corpus $$(ls -d tests/fuzz/fleet-regress 2>/dev/null)" ;; \
			*) seeds="tests/fuzz/corpus tests/fuzz/regress" ;; esac; \
		mkdir -p $(FUZZ_BUILD)/corpus-$$t && echo "  FUZZ   $$t for $(FUZZ_SECONDS) s" && \
		ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp \
		ROOFLINE_TEMPLATES=$(CURDIR)/templates \
		$(FUZZ_BUILD)/$$t -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=4096 -close_fd_mask=3 \
		-print_final_stats=1 -artifact_prefix=$(FUZZ_BUILD)/crash-$$t- $(FUZZ_BUILD)/corpus-$$t $$seeds \
		|| exit 1; done

$(FUZZ_BUILD)/fuzz_run: tests/fuzz/fuzz_run.c $(LIB_OBJ)
	$(call say,LINK,$@)
	$(Q)$(CC) $(FINAL_CFLAGS) -fsanitize=fuzzer $< $(LIB_OBJ) -o $@ $(PKG_LIBS)

$(FUZZ_BUILD)/fuzz_figure: tests/fuzz/fuzz_run.c $(LIB_OBJ)
	$(call say,LINK,$@)
	$(Q)$(CC) $(FINAL_CFLAGS) $(FUZZ_FIGURE_DEFS) -fsanitize=fuzzer $< $(LIB_OBJ) -o $@ $(PKG_LIBS)

$(FUZZ_BUILD)/fuzz_fleet: tests/fuzz/fuzz_run.c $(LIB_OBJ)
	$(call say,LINK,$@)
	$(Q)$(CC) $(FINAL_CFLAGS) -DFUZZ_FLEET -fsanitize=fuzzer $< $(LIB_OBJ) -o $@ $(PKG_LIBS)

# BENCH_PARTS=times: only the default and quick runs' times (no likwid-bench);
# BENCH_PARTS=levels: only each level's pattern roofs against likwid-bench and
# the plain loops of scripts/bench-loops.c (built here, for bench only);
# BENCH_PARTS=pairs: each level's roof kernels beside the plain loop and the
# built-in kernels, side by side in one process (scripts/bench-pairs.c).
bench: bin/roofline $(BUILD)/bench-loops $(BUILD)/bench-pairs
	$(Q)$(if $(filter times pairs,$(BENCH_PARTS)),true,sh scripts/deps.sh bench)
	$(Q)BENCH_PARTS=$(BENCH_PARTS) BENCH_LOOPS=$(BUILD)/bench-loops BENCH_PAIRS=$(BUILD)/bench-pairs \
		sh scripts/bench.sh ./bin/roofline

# Its loops start on 64-byte blocks as the bandwidth kernels' do: placed
# across two, the plain triad ran 145 GB/s in L1 on a Zen 3 VM, 270-283 inside one.
$(BUILD)/bench-loops: scripts/bench-loops.c $(FLAGS_STAMP)
	$(call say,CC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) -std=gnu11 $(WARNINGS) $(KERNEL_CFLAGS) -falign-loops=64 $< -o $@

# Built-in kernels timed side by side in one process, each round in a rotated
# order, with the medians of their ratios to the first (scripts/bench-pairs.c):
#   make bench-pairs PAIRS='dot_split bw_read2_avx2' PAIRS_BYTES=134217728
PAIRS_CPU ?= 1
PAIRS_BYTES ?= 134217728
PAIRS_ROUNDS ?= 21
bench-pairs: $(BUILD)/bench-pairs
	$(Q)$(BUILD)/bench-pairs $(PAIRS_CPU) $(PAIRS_BYTES) $(PAIRS_ROUNDS) $(PAIRS)

$(BUILD)/bench-pairs: scripts/bench-pairs.c $(BUILD)/bench-loops-lib.o $(LIB_OBJ)
	$(call say,CC,$@)
	$(Q)$(CC) $(FINAL_CFLAGS) $< $(BUILD)/bench-loops-lib.o $(LIB_OBJ) -o $@ $(OPENMP_FLAGS) $(LDFLAGS) $(PKG_LIBS)

$(BUILD)/bench-loops-lib.o: scripts/bench-loops.c $(FLAGS_STAMP)
	$(call say,CC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) -std=gnu11 $(WARNINGS) $(KERNEL_CFLAGS) -falign-loops=64 -DBENCH_LOOPS_LIB -c $< -o $@

# ---- install ----------------------------------------------------------------

install: bin/roofline $(BUILD)/roofline.1 lib
	$(Q)install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/roofline/templates \
		$(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(LIBDIR)/pkgconfig
	$(Q)install -m 755 bin/roofline $(DESTDIR)$(PREFIX)/bin/roofline
	$(Q)install -m 644 templates/*.gp.in $(DESTDIR)$(PREFIX)/share/roofline/templates/
	$(Q)install -m 644 include/roofline.h $(LIBRL_SINGLE) src/libroofline/roofline.f90 $(LIBRL_MOD) \
		$(DESTDIR)$(INCLUDEDIR)/
	$(Q)install -m 644 $(BUILD)/roofline.1 $(DESTDIR)$(PREFIX)/share/man/man1/roofline.1
	$(Q)install -m 644 $(LIBRL_A) $(DESTDIR)$(LIBDIR)/libroofline.a
	$(Q)install -m 755 $(LIBRL_SO) $(DESTDIR)$(LIBDIR)/libroofline.so.$(LIBRL_VERSION)
	$(Q)ln -sf libroofline.so.$(LIBRL_VERSION) $(DESTDIR)$(LIBDIR)/libroofline.so.$(LIBRL_MAJOR)
	$(Q)ln -sf libroofline.so.$(LIBRL_MAJOR) $(DESTDIR)$(LIBDIR)/libroofline.so
	$(Q)install -m 644 $(BUILD)/roofline.pc $(DESTDIR)$(LIBDIR)/pkgconfig/roofline.pc

uninstall:
	$(Q)rm -f $(DESTDIR)$(PREFIX)/bin/roofline $(DESTDIR)$(INCLUDEDIR)/roofline.h \
		$(DESTDIR)$(INCLUDEDIR)/roofline-single.h $(DESTDIR)$(INCLUDEDIR)/roofline.f90 \
		$(DESTDIR)$(INCLUDEDIR)/roofline.mod $(DESTDIR)$(PREFIX)/share/man/man1/roofline.1 \
		$(DESTDIR)$(LIBDIR)/libroofline.a $(DESTDIR)$(LIBDIR)/libroofline.so* \
		$(DESTDIR)$(LIBDIR)/pkgconfig/roofline.pc
	$(Q)rm -rf $(DESTDIR)$(PREFIX)/share/roofline

clean:
	$(Q)rm -rf build bin

# ---- aarch64: Debian's cross compiler, run under qemu ---------------------------
#
#   make aarch64        the tool and its unit tests, cross-built into $(AARCH64_BUILD)
#   make test-aarch64   ... then run under qemu-aarch64: the unit tests, a tiny
#                       measure (NEON dispatch, every check), fit, plot and report
#
# The kernels are built for the target, not for this machine: -march=armv8-a+simd,
# or -mcpu=$(AARCH64_CPU) when AARCH64_CPU is given; KERNEL_CFLAGS on the
# command line wins over both. The tool's own objects go through the same rules
# as the native build (a sub-make with CC, PKG_CONFIG and BUILD set).

AARCH64_CC ?= aarch64-linux-gnu-gcc
AARCH64_CPU ?=
AARCH64_QEMU ?= qemu-aarch64
AARCH64_KERNEL_CFLAGS = $(if $(filter command line,$(origin KERNEL_CFLAGS)),$(KERNEL_CFLAGS),-O3 $(if $(AARCH64_CPU),-mcpu=$(AARCH64_CPU),-march=armv8-a+simd))
AARCH64_BUILD = build/aarch64-gcc-$(shell $(AARCH64_CC) -dumpfullversion 2>/dev/null || echo unknown)
# Built to run under qemu, not under a debugger: no -g (a sixth of its
# compile time) unless CFLAGS is given on the command line.
AARCH64_CFLAGS = $(if $(filter command line,$(origin CFLAGS)),$(CFLAGS),-O2)
# The unit tests that make test leaves to make test-aarch64 (slow under qemu,
# and no code by architecture in what they test: t0900-aarch64.sh says why,
# each); AARCH64_QUICK=1, as t0900 asks in make test, builds the others only.
AARCH64_SLOW_UNITS := test_plot test_layout test_plot_compare test_rounds test_labels \
	test_plot_gnuplot test_sim_machines
AARCH64_QUICK ?=

.PHONY: aarch64 test-aarch64 aarch64-objects aarch64-slow-units

# The sub-make's goal: there BUILD is the cross build's directory.
aarch64-objects: $(BUILD)/roofline \
	$(if $(AARCH64_QUICK),$(filter-out $(AARCH64_SLOW_UNITS:%=$(BUILD)/tests/%),$(UNIT_BIN)),$(UNIT_BIN))

aarch64-slow-units:
	@echo $(AARCH64_SLOW_UNITS)

aarch64:
	$(Q)sh scripts/deps.sh build test aarch64
	$(Q)$(MAKE) --no-print-directory -j$(NPROC) CC=$(AARCH64_CC) PKG_CONFIG=aarch64-linux-gnu-pkg-config \
		BUILD=$(AARCH64_BUILD) KERNEL_CFLAGS='$(AARCH64_KERNEL_CFLAGS)' CFLAGS='$(AARCH64_CFLAGS)' \
		AARCH64_QUICK='$(AARCH64_QUICK)' aarch64-objects
	$(Q)mkdir -p $(AARCH64_BUILD)/bin
	$(Q)printf '#!/bin/sh\n# roofline for aarch64 under qemu (make aarch64); templates from the tree.\n: "$${ROOFLINE_TEMPLATES:=%s}"\nexport ROOFLINE_TEMPLATES\nexec %s %s "$$@"\n' \
		'$(CURDIR)/templates' '$(AARCH64_QEMU)' '$(CURDIR)/$(AARCH64_BUILD)/roofline' > $(AARCH64_BUILD)/bin/roofline.tmp
	$(Q)chmod +x $(AARCH64_BUILD)/bin/roofline.tmp && mv $(AARCH64_BUILD)/bin/roofline.tmp $(AARCH64_BUILD)/bin/roofline

test-aarch64: aarch64
	$(Q)ROOFLINE=$(CURDIR)/$(AARCH64_BUILD)/bin/roofline ROOFLINE_SRC=$(CURDIR) \
		ROOFLINE_AARCH64_ALL=1 AARCH64_QEMU='$(AARCH64_QEMU)' prove --exec '' ./tests/cli/t0900-aarch64.sh

-include $(OBJ:.o=.d) $(KOBJ:.o=.d) $(UNIT_BIN:=.d) $(EXAMPLE).d $(BUILD)/tests/fuzz_replay.d \
	$(LIBRL_OBJ:.o=.d) $(EXAMPLES:=.d)
