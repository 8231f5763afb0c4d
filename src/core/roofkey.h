/*
 * roofkey.h - a roof's identity, typed: (kind, level, pattern, store kind,
 * threads), or for a compute roof its ceiling's name. The names people and
 * files read ("L2", "DRAM.1r1w@2t", "avx2@2t") are formatted and parsed here
 * and nowhere else; the model looks roofs up by key, never by comparing
 * names. Pure: no I/O.
 */
#ifndef ROOFLINE_ROOFKEY_H
#define ROOFLINE_ROOFKEY_H

#include <stddef.h>

#include "kernel.h"
#include "levels.h"

/*
 * ROOF_BANDWIDTH: a plateau of the bandwidth sweep (L1, L2, L3, DRAM), drawn
 * as the figure's sloped lines. ROOF_PATTERN: one access pattern's bandwidth
 * at one level, named "<level>.<pattern>" (e.g. "L2.1r1w", "DRAM.2r1w-nt",
 * see kernel_pattern()), what a point with that pattern is judged against.
 * ROOF_COMPUTE: the peak; ROOF_CEILING: the ceilings under it. All carry
 * "@Nt" for N threads.
 */
enum roof_kind { ROOF_BANDWIDTH, ROOF_COMPUTE, ROOF_CEILING, ROOF_PATTERN };

struct roof_key {
	enum roof_kind kind;
	enum mem_level level;        /* bandwidth and pattern roofs; MEM_LEVELS for the others */
	int reads, writes;           /* pattern roofs: the streams */
	enum kernel_stores stores;   /* pattern roofs: how the stores reach memory */
	char ceiling[24];            /* compute and ceiling roofs: "peak", "fma", "avx2", "one-chain" */
	int threads;                 /* 1 for one core */
};

/* A bandwidth plateau's key. */
struct roof_key roofkey_level(enum mem_level level, int threads);

/* A pattern roof's key: the streams of kernel k (its metadata) at a level. */
struct roof_key roofkey_pattern(enum mem_level level, const struct kernel *k, int threads);

/* A compute (kind ROOF_COMPUTE, "peak") or ceiling roof's key. */
struct roof_key roofkey_compute(enum roof_kind kind, const char *ceiling, int threads);

/*
 * No roof: what a point's roof is when nothing judges it (its threads are 0,
 * which no roof has); roofkey_format writes it "none".
 */
struct roof_key roofkey_none(void);
int roofkey_is_none(const struct roof_key *k);

/* The same key at another thread count. */
struct roof_key roofkey_at(struct roof_key key, int threads);

/* The pattern alone, "2r1w-nt" (access_pattern_format's spelling); "" for none. Returns buf. */
const char *roofkey_pattern_text(const struct roof_key *k, char *buf, size_t size);

/* A pattern roof's access pattern, typed (its reads, writes and stores). */
struct access_pattern roofkey_access_pattern(const struct roof_key *k);

/*
 * The one parser of an access pattern's text, "<r>r<w>w[-nt|-ip]" as
 * access_pattern_format writes it: 0, or -1 when text is not one. Called
 * where a file is read (roofkey_parse; the machine file's `bw` lines).
 */
int access_pattern_parse(const char *text, struct access_pattern *out);

/* The roof's name: "L2", "DRAM.1r1w@2t", "peak@2t"; "none" for roofkey_none(). Returns buf. */
const char *roofkey_format(const struct roof_key *k, char *buf, size_t size);

/*
 * Parses a name of kind `kind` back into a key: 0, or -1 when it is not one
 * this program writes (a pattern roof needs "<level>.<r>r<w>w[-nt|-ip]").
 */
int roofkey_parse(const char *name, enum roof_kind kind, struct roof_key *out);

/* Which compute roof a key names, typed: the writers switch on it, never on its name. */
enum ceiling_id {
	CEIL_PEAK,              /* ROOF_COMPUTE "peak" */
	CEIL_FMA,               /* "fma": the FMA-only plateau under an FMA+add peak */
	CEIL_SCALAR,            /* "scalar" */
	CEIL_ONE_CHAIN,         /* "one-chain": one chain of the widest ISA */
	CEIL_ONE_CHAIN_SCALAR,  /* "one-chain-scalar" */
	CEIL_ISA,               /* an ISA's own plateau ("avx2"): the name is the ISA's */
	CEIL_NONE,              /* not a compute roof */
};
enum ceiling_id roofkey_ceiling(const struct roof_key *k);

/*
 * Parses a name of any kind this program writes: a level ("DRAM@2t"), a
 * pattern ("L2.1r1w"), the peak ("peak"), else a ceiling ("avx2"). 0, or -1.
 */
int roofkey_parse_any(const char *name, struct roof_key *out);

/* 1 when both keys name the same roof. */
int roofkey_equal(const struct roof_key *a, const struct roof_key *b);

#endif
