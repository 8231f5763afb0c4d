/*
 * model.h - the typed model every reader of a run shares: roofs (with their
 * typed keys, src/roofkey.h), the sweep, the chain curves, the placed points
 * with their verdicts, and the level maps (src/levels.h). analysis.c (with
 * analysis_jobs.c, analysis_bw.c, analysis_peak.c) builds it from raw
 * timings and places its points with diagnosis.c, which depends on this
 * header alone, never on analysis.h. Lookups by key are here (model.c).
 */
#ifndef ROOFLINE_MODEL_H
#define ROOFLINE_MODEL_H

#include <stddef.h>

#include "kernel.h"
#include "levels.h"
#include "roofkey.h"
#include "tgroup.h"

#define ANALYSIS_MAX_ROOFS 64
#define ANALYSIS_MAX_THREAD_COUNTS 16
#define ANALYSIS_MAX_POINTS 192
#define ANALYSIS_MAX_SWEEP 128
#define ANALYSIS_MAX_ISAS 6
#define ANALYSIS_MAX_CHAINS 64
#define ANALYSIS_MAX_NOTES 48


/*
 * A job's arrays against STREAM's rule, as its plan recorded them (plan.csv
 * obeys_rule); JOB_RULE_FITTED (0, a roof no job set, or a run from before
 * plan.csv): not recorded, the fitted rule decides.
 */
enum job_rule { JOB_RULE_FITTED, JOB_RULE_OBEYS, JOB_RULE_SHORT };

/* One row of roofs.csv, plus the spread the report prints beside it. */
struct roof {
	char name[24];           /* L1, L2, L3, DRAM, peak, scalar, one-chain; "@Nt" for N threads */
	enum roof_kind kind;
	double value;            /* GB/s or GFLOP/s */
	double size_lo, size_hi; /* working-set range of a bandwidth plateau; 0 otherwise */
	int samples;             /* sizes in the plateau, or kept timings behind the value */
	double median;           /* median counterpart of value */
	/*
	 * Smallest and largest per-pass median of the job that sets it; for a
	 * plateau, those of its size with the widest pass-to-pass spread (the
	 * plateau's slope across its sizes is a note of its own, not noise).
	 */
	double spread_lo, spread_hi;
	int threads;
	/* Bandwidth and pattern roofs: the kernel that set the value (its stores: store_kind). */
	char kernel[48];
	/*
	 * The job whose kept timings set a roof taken from one job (peak,
	 * ceilings, patterns): its kernel and param, for compare to test; ""
	 * for a plateau, which spans the sweep's sizes in size_lo..size_hi.
	 */
	char job_kernel[48];
	long job_param;
	/* Its identity, typed (src/roofkey.h): what the model looks it up by; name is its text. */
	struct roof_key key;
	/* `stores`, typed: what the writers decide by (last, so positional initialisers keep working). */
	enum kernel_stores store_kind;
	/* A roof set by one job: its arrays against STREAM's rule as its plan recorded them (analysis_early_dram_job). */
	enum job_rule job_rule;
	/* The registry entries of `kernel` and `job_kernel`, what the model decides by; NULL for none or a kernel the build lacks. */
	const struct kernel *set_k, *job_k;
};

/* The bandwidth sweep, one entry per array size. */
struct sweep_point {
	double param;            /* bytes per array */
	double working_set;      /* bytes */
	double best, median, spread_lo, spread_hi;   /* GB/s */
	int kept;
};

/* One ISA's FMA-chain curve. */
struct chain_curve {
	char kernel[24];         /* fma_avx512 ... */
	const struct kernel *k;  /* its registry entry: its ISA (k->isa) decides; NULL when this build lacks it */
	/*
	 * Its ISA: the registry's; for a kernel this build lacks, the one its
	 * name's suffix names, ISA_COUNT where none (model_curve_isa_name then
	 * writes the suffix as it is).
	 */
	enum isa isa;
	int lanes;
	int n;
	int chains[ANALYSIS_MAX_CHAINS];
	double best[ANALYSIS_MAX_CHAINS], median[ANALYSIS_MAX_CHAINS];   /* GFLOP/s */
	double plateau;          /* best over K */
	int best_chains;         /* the K whose best timing is the plateau */
	int plateau_chains;      /* the fewest K whose median is within 3% of the top median */
	double latency_cycles;   /* from the one-chain rate and the measured clock */
	double chains_to_saturate;
};

/* A point's bound, typed (pointtext.h's point_bound_name() words it for points.csv and the reports). */
enum point_bound { BOUND_MEMORY, BOUND_COMPUTE, BOUND_UNKNOWN };

/* Why a point sits where it does: the verdict as data (src/diagnosis.h). */
enum point_reason {
	REASON_NONE,              /* no roof to compare with */
	REASON_NEAR,              /* at 80 % of its roof or more */
	REASON_UNDER,             /* memory-bound, 60-80 % */
	REASON_FAR,               /* memory-bound, under 60 % */
	REASON_LATENCY,           /* compute-bound near a whole number of one-chain rates */
	REASON_MIX,               /* compute-bound, not a whole number of chains */
	REASON_ABOVE_COUNTS,      /* above its roof: the user's counts or level are wrong */
	REASON_ABOVE_LOW_ROOF,    /* a built-in kernel above its own pattern's roof: the roof is low */
	REASON_ABOVE_SHORT,       /* above a DRAM roof with arrays short of STREAM's rule: a cache served part of it */
	REASON_DRAM_NOT_REACHED,  /* at DRAM, but the sweep never reached DRAM: no memory roof */
	REASON_ABOVE_IN_FALL,     /* in a fall, above the slower level's roof, under the faster one's, which bounds it */
};

/* How the compute ceiling that judged a point relates to the peak: which sentence fits it. */
enum ceiling_role {
	CEILING_PEAK,             /* the widest ISA's peak itself */
	CEILING_FMA,              /* the FMA-only ceiling under an FMA+add peak */
	CEILING_SCALAR,           /* compiled code the compiler left scalar */
	CEILING_WIDTH,            /* the ceiling of a narrower vector width */
};

/*
 * The numbers behind a point's reason (struct point.reason), for the writer
 * that makes its sentence (pointtext.h): each is what diagnosis_place found,
 * none is text but the names of roofs the sentence cites.
 */
struct point_verdict {
	int sweep_stood_in;        /* memory-bound: the level's sweep roof judged it, no roof of its pattern */
	enum ceiling_role role;    /* compute-bound: the ceiling that judged it */
	double peak_median;        /* GFLOP/s, the peak at its threads (NaN: none) */
	double vector_limit;       /* scalar code: what its intensity would allow vectorised */
	int chains;                /* REASON_LATENCY: its rate is this many one-chain rates */
	double one_chain;          /* GFLOP/s of one dependent chain of its curve */
	enum isa chain_isa;        /* that curve's ISA */
	double chains_to_saturate; /* chains that fill the units */
	struct roof_key undersold; /* compiled code faster than the ceiling its remarks imply: that ceiling; else none */
	int no_chains;             /* hand-written ISA with no chains at its threads: the peak stood in */
	double dram_end_rate;      /* REASON_DRAM_NOT_REACHED: the sweep's rate at its largest size */
	double dram_end_working_set;
	double roof_best;          /* over DIAGNOSIS_ABOVE of its roof's median, under the roof's best timing
				    * (GFLOP/s at its intensity): within the roof's spread; else NaN */
	double rule_bytes;         /* REASON_ABOVE_SHORT: STREAM's rule per array, against array_bytes */
	/*
	 * REASON_ABOVE_LOW_ROOF: the roof's own per-pass medians, highest over
	 * lowest (NaN: not known). Past the point's fraction, the roof's passes
	 * varied more than the point beats it: on a host whose rate swings, a
	 * roof timed a few times may have missed the fast spells the kernel
	 * caught, and only timing the two side by side tells a low roof from that.
	 */
	double roof_spread;
	/*
	 * Its working set in a fall of the fitted map, next to its level
	 * (levels_in_fall; docs/plan.md R6): the level before the fall and the
	 * one after it, where the first's plateau ends and the second's begins
	 * (working sets). in_fall 0: not in one.
	 */
	int in_fall;
	enum mem_level fall_faster, fall_slower;
	double fall_from, fall_to;
	/* REASON_ABOVE_IN_FALL: the faster level's roof, which bounds it, and its GFLOP/s at its intensity. */
	struct roof_key fall_roof;
	double fall_roof_gflops;
};

/*
 * One row of points.csv, plus what the report says of it. The first block is
 * what diagnosis_place() reads (a caller with its own code's numbers fills it
 * without a registry entry); the second is what it fills.
 */
struct point {
	char kernel[48];
	const struct kernel *k;  /* its registry entry; NULL for code of the user's own (its streams name its pattern roof) */
	char family[24];         /* its family's name, for the writers; a kernel the build lacks is its own family */
	const struct kernel *family_k; /* its family's entry (registry_family of k): what points are grouped by; NULL with k */
	long param;
	char param_letter;       /* the parameter's letter ('D', 'K'), 0 when none (registry) */
	int threads;
	double working_set;      /* bytes the kernel's arrays span; 0 when unknown */
	double array_bytes;      /* bytes of each of its arrays (a stream's); 0 when unknown or not arrays */
	char level[8];           /* the memory level it ran from (L1, L2, L3, DRAM); "" = from working_set */
	int ruled;               /* every array at least STREAM's rule (its plan's record): DRAM's (R8), in no fall */
	enum mem_level level_id; /* the same, typed by diagnosis_place (MEM_LEVELS: none): what the writers decide by */
	char pattern[16];        /* its streams, "2r1w" (kernel_pattern()); "" when unknown */
	enum isa isa;            /* hand-written vector code's ISA; ISA_NONE: compiled C */
	int vec_width;           /* compiled C: lanes the compiler's verdict gives, 1 scalar, 0 unknown */
	int fma_only;            /* its flops are all FMAs: judged by the FMA-only ceiling `fma` where the peak is a mix */
	double ai;               /* flop/byte, from the kernel's metadata: where it is placed */
	/*
	 * flop/byte of the loop as written (struct kernel_shape.loop_bytes: GEMM
	 * i-j-k 1/8 against the ideal n/16 of ai); equal to ai for a stream.
	 */
	double ai_loop;
	/*
	 * A member of a kernel measured at several sizes (its shape gives each
	 * member its own working set: GEMM n = 64 and 1024): the figures join
	 * its members in size order as one trajectory.
	 */
	int trajectory;
	double gflops;           /* median over kept timings */
	double best_gflops, spread_lo, spread_hi;

	struct roof_key mem_roof;   /* the memory roof used: its pattern's at its level, or the level's sweep roof; or none */
	double mem_gflops;       /* its median x ai: NaN when the run has none */
	struct roof_key ceiling;    /* the compute ceiling of its build (peak, avx2, scalar ...), or none */
	double ceiling_gflops;   /* its median: NaN when the run has none */
	struct roof_key roof;       /* the lower of the two: what caps it at its intensity; none when neither */
	double roof_gflops;
	double fraction;         /* gflops / roof_gflops: median over median */
	enum point_bound bound_id;   /* memory, compute or unknown */
	enum point_reason reason;    /* why, typed: the writers make its sentence (pointtext.h) */
	struct point_verdict why;    /* the numbers behind the reason */
	int above_roof;          /* over DIAGNOSIS_ABOVE of its roof's median and over its best: a counting problem, or a low roof */
	int builtin;             /* a kernel of this build's registry (not the user's own code) */
};

/*
 * One member of a kernel's family, as the peak's tables name it
 * (report_peak.c writes "fma_mix21_avx2 G=4", "fma_avx512 K=13").
 */
struct kernel_member {
	char kernel[40];         /* the run's kernel name */
	char letter;             /* its parameter's letter: the registry's ('K' for FMA chains), 0 where none */
	long param;              /* the member: its parameter's value */
};

/*
 * One vector width's FP issue in the run (struct peak_info.widths): what its
 * FMA chains alone and its best FMA+add mixes reached, per core. The rates
 * are instructions a second (G/s, one per vector register operated on);
 * analysis_theoretical_peaks turns them into a cycle's worth by the clock.
 */
struct peak_width {
	enum isa isa;            /* the chain curve's (a curve of a known kernel: never ISA_COUNT) */
	int lanes;
	double fma_gips;         /* FMA-only plateau: FMA instructions a second a core */
	/* The mix with the most FP instructions a second a core (NaN: no mix at this width): */
	double ops_gips, fma_op_gips, add_op_gips;
	struct kernel_member ops_by;   /* its kernel and member */
	int ops_fmas, ops_adds;  /* its FMA and add chains */
	/* From the clock (NaN or 0 when unknown): */
	double ops_per_cycle, fmas_per_cycle, adds_per_cycle;   /* that mix's, a core */
	int issue;               /* FP instructions a cycle the run shows at this width (rounded) */
	double flops_per_cycle;  /* the theoretical at this width: lanes x (2 x fmas + adds) of theory_fmas/adds */
	int theory_fmas, theory_adds;   /* what issues together within the pipes and the issue */
};

/*
 * The compute peak of one thread count: what set it, and the theoretical
 * peak beside it, each figure from the run, none from a table of CPUs:
 *  - FMA pipes = FMA-only plateau / (threads x clock x lanes x 2), widest ISA;
 *  - add pipes: the most adds a cycle any mix kept beside its FMAs, where
 *    the mix issued more FP instructions a cycle than there are FMA pipes
 *    (else the adds shared the FMA pipes: 0);
 *  - the issue at each width: the most FP instructions a cycle any mix or
 *    the FMA chains reached there (a core may have 2 FMA + 2 add pipes and
 *    issue only 3 of them together at full width: Zen 3);
 *  - the theoretical = threads x clock x lanes x (2 x FMAs + adds) for the
 *    most flops FMA pipes, add pipes and the issue allow together.
 */
struct peak_info {
	int threads;
	struct kernel_member set_by;   /* the mix or FMA chains that set it, and its member */
	int set_fmas, set_adds;  /* the chains of what set it (adds 0: FMA chains alone) */
	int set_fma_steps, set_add_steps; /* their steps an iteration (a deep mix's several; else 1) */
	int lanes;               /* doubles per register of the widest ISA */
	double fma, mix;         /* GFLOP/s: FMA-only plateau, best FMA+add mix (NaN: none) */
	double clock_ghz;        /* one thread: clock_ghz; N: clock_ghz@Nt (all cores loaded) */
	int fma_pipes, add_pipes;   /* per core, inferred; -1 when the clock is unknown */
	int issue;               /* FP instructions a cycle at the widest width (pipes' sum when no mix shows less) */
	int issue_limited;       /* 1: issue < fma_pipes + add_pipes (the pipes do not all issue together) */
	int theory_fmas, theory_adds;   /* FMAs and adds a cycle the theoretical counts (widest) */
	double flops_per_cycle;  /* per core: lanes x (2 x theory_fmas + theory_adds) */
	double theory;           /* GFLOP/s for these threads; NaN when unknown */
	struct peak_width widths[ANALYSIS_MAX_ISAS];   /* widest first */
	size_t nwidths;
};

/* What a note of the fit says (struct roof_note): its facts, typed; src/emit/note_text.c words each kind. */
enum note_kind {
	NOTE_STORES_SET_ROOF,    /* a store kind (in place, streaming) set a level's roof over ordinary stores */
	NOTE_PLATEAU_SLOPE,      /* a plateau's sizes slope: the level's own, not noise */
	NOTE_JOB_OFF_TARGET,     /* a job's recorded level (plan.csv) is not the one the fit puts its working set in */
	NOTE_JOB_SHORT_OF_RULE,  /* a DRAM job planned to obey STREAM's rule whose arrays are short of the fitted rule */
	NOTE_DRAM_VERDICT,       /* a level map's DRAM verdict (`map`), worded from the map */
	NOTE_RULE_SHORT,         /* a rule from the pre-scan's curve that the sweep's last cache runs past (`map`) */
	/* Notes of one roof (`key`), said alone: */
	NOTE_JOB_SET_ROOF,       /* a job of the sweep's pattern (`kernel`) beat the sweep's plateau: from its rate, to the sweep's */
	NOTE_SCALES_SHORT,       /* `threads` past `base_threads` times one core's (from, to), its job's arrays (`array_bytes`) short of the rule: kept */
	NOTE_SCALES_PAST,        /* `threads` past `base_threads` times one core's (from, to): a measurement error, left out */
	NOTE_SCALES_BELOW,       /* `threads` below one core's (from, to): disturbed, kept */
	/* Notes of the run: */
	NOTE_SPREAD_NO_LOAD,     /* roofs spread (analysis nnoisy, noisiest) and no load.csv; clock_* the run's clock */
	NOTE_SPREAD_BUSY,        /* roofs spread, and `busiest` pass was busy */
	NOTE_SPREAD_QUIET,       /* roofs spread, no other load recorded */
	NOTE_CACHE_NOT_REPORTED, /* level `planned` measured ending at ws_lo (next starting by ws_hi, or infinite), the machine reporting `size_hi` */
	NOTE_SHARING_OVERRULED,  /* level `planned` reported shared (`shared_cpus`, `instances` of `size_hi` at `threads`), its plateau to `ws_hi`: read as private */
	NOTE_FEW_PLATEAUS,       /* the sweep found `jobs` plateaus */
	NOTE_SIZES_ON_NO_PLATEAU,/* sizes size_lo .. size_hi of working set (`from` GB/s) on no plateau */
	NOTE_DRAM_PATTERNS_SHORT,/* `threads`' DRAM pattern roofs from arrays of `array_bytes`, short of `rule_bytes` */
	NOTE_DRAM_PATTERNS_EARLY,/* `threads`' DRAM pattern roofs from ws_lo, before the flat end at ws_hi */
	NOTE_PATTERNS_PAST_CACHES,/* `jobs` pattern jobs of `threads` at ws_lo .. ws_hi, past the caches (left by size_lo), no DRAM */
	NOTE_JOB_NO_PATTERN,     /* bandwidth job `kernel` at `array_bytes`: no access pattern known, left out */
	NOTE_JOB_NO_PLATEAU,     /* bandwidth job `kernel` at `array_bytes`: no plateau to put it on, left out */
	NOTE_SWEEP_NOT_IN_BUILD, /* the sweep kernel `kernel` is not in this build: no pattern roofs from it */
	NOTE_UNKNOWN_KERNELS,    /* `jobs` kernels unknown to this build, the first (up to 4) in `names` */
	NOTE_POINTS_CAPPED,      /* `jobs` kernel jobs, more than ANALYSIS_MAX_POINTS: the rest left out */
	NOTE_JOB_FAILED,         /* a job (`group`, `kernel`, `param`) failed its check: `message`, the run's words */
	NOTE_PEAK_NAME_TOO_LONG, /* peak kernel `kernel` with `param` chains: name or count too long, ignored */
	NOTE_PATTERNS_MISSED_LEVEL, /* level roof `key`: no job of `jobs` patterns (the first in `patterns`) of `threads` landed on it */
};

/* Where a job the fit puts elsewhere than its plan is judged (struct roof_note). */
enum job_judged {
	JUDGED_AS_PLANNED,     /* a pattern job in a transition between fitted levels: at its plan's level, the roof it was measured for */
	JUDGED_WHERE_IT_RAN,   /* a kernel, or a pattern job inside a fitted level's span: where the fit puts its working set, where it ran */
	JUDGED_NO_SUCH_LEVEL,  /* its plan's level is none the fit finds: where it ran */
};

struct roof_note {
	enum note_kind kind;
	char roof[24];               /* the roof it is said of: "L2@2t" */
	enum kernel_stores stores;   /* STORES: the kind that set the roof */
	char kernel[48];             /* STORES: the kernel that set it; JOB notes and others: the kernel */
	char level[16], pattern[32]; /* STORES: the ordinary stores' roof, "L2" "." "2r1w" */
	struct roof_key ordinary;    /* STORES: that roof, typed: what notes are told apart by */
	/* STORES: the roof and the ordinary stores' rate; SLOPE: the first and last size's best (or lowest and highest), GB/s */
	double from, to;
	double size_lo, size_hi;     /* SLOPE: the plateau's working sets, bytes */
	int monotone;                /* SLOPE: 1 it falls or rises from `from` to `to`; 0 it ranges over them */
	/*
	 * JOB notes, one for a kernel's jobs of one thread count planned for
	 * one level (its sizes said together): `kernel`, and `roof` their
	 * recorded target ("" where none); how many jobs, their working sets'
	 * range and the smallest array's bytes; the planned level and the
	 * fit's levels for their working sets, lowest and highest (MEM_LEVELS:
	 * none); where they are judged; SHORT: the fitted rule, per array.
	 */
	int threads, jobs;
	double ws_lo, ws_hi, array_bytes, rule_bytes;
	enum mem_level planned, fitted_lo, fitted_hi;
	enum job_judged judged;
	/* JOB notes: their recorded target (roofkey_none: none), which `roof` writes. */
	struct roof_key target;
	/* `kernel`'s registry entry (NULL: a kernel the build lacks): what notes are told apart by. */
	const struct kernel *k;
	/*
	 * DRAM and RULE notes: 1 + the index of their level map (analysis
	 * levels[]). RULE: `planned` the sweep's last cache, `ws_hi` its
	 * largest working set, `rule_bytes` the rule this sweep's curve asks.
	 */
	size_t map;
	/* Notes of one roof said alone: the roof (its name is formatted from it), and a base thread count. */
	struct roof_key key;
	int base_threads;
	/*
	 * SPREAD notes: the run's clock samples' range and median, GHz (NaN:
	 * none); the busiest pass of load.csv: its pass, threads, wall time,
	 * other processes' and steal's CPU-seconds, load average.
	 */
	double clock_lo, clock_hi, clock_mid;
	int busy_pass, busy_threads;
	double busy_seconds, busy_other, busy_steal, busy_loadavg;
	/* Notes of a job left out: its group and param; FAILED: the run's message; UNKNOWN: kernels' names. */
	enum timing_group group;
	long param;
	char message[200];
	char names[4][48];
	/*
	 * SHARING: the logical CPUs the report says share one instance of the
	 * level, and the instances of it the team runs over (cache_team_copies).
	 */
	double shared_cpus, instances;
	/* MISSED: the patterns, as many as a 160-character list can name (`jobs` counts them all). */
	struct access_pattern patterns[28];
};

struct analysis {
	struct roof roofs[ANALYSIS_MAX_ROOFS];
	size_t nroofs;
	struct sweep_point sweep[ANALYSIS_MAX_SWEEP];
	size_t nsweep;
	struct chain_curve chains[ANALYSIS_MAX_ISAS];
	size_t nchains;
	struct point points[ANALYSIS_MAX_POINTS];
	size_t npoints;
	double peak;             /* GFLOP/s, NaN when the run has no peak group */
	struct peak_info peaks[ANALYSIS_MAX_THREAD_COUNTS];   /* one per thread count, ascending */
	size_t npeaks;
	double clock_ghz;        /* measured (env.csv clock_ghz), NaN if not */
	double ridge;            /* peak / DRAM bandwidth, flop/byte */
	/*
	 * Each thread count's memory levels and DRAM verdict (src/levels.h),
	 * ascending: the one rule for which level a working set runs from.
	 */
	struct level_map levels[ANALYSIS_MAX_THREAD_COUNTS];
	size_t nlevels;
	/* The sweep kernel that set the plateaus (its jobs' plan rows say which), and its registry entry. */
	char sweep_kernel[48];
	const struct kernel *sweep_k;
	/*
	 * Roofs whose per-pass medians spread wider than 10 %: how many, and the
	 * widest, said once for the run with what load.csv and the clock show.
	 */
	size_t nnoisy;
	struct roof noisiest;
	double noisiest_rel;
	/*
	 * The notes (disagreements and warnings) as typed facts
	 * (roof_notes.h): the model makes no sentence; the writers word them
	 * (src/emit/note_text.h).
	 */
	struct roof_note roof_notes[ANALYSIS_MAX_NOTES];
	size_t nnotes;
};

/* r's key (every roof is made with one; its name is formatted from it). */
struct roof_key model_key_of(const struct roof *r);

/* The roof whose key equals `key`, or NULL. */
const struct roof *model_roof(const struct analysis *a, const struct roof_key *key);

/*
 * A chain curve's ISA as its roofs and the writers name it ("avx2"): the
 * ISA's name, or, for a kernel this build lacks whose suffix names none,
 * that suffix as written ("" where its name has none).
 */
const char *model_curve_isa_name(const struct chain_curve *cc);

/* Whether two points are of one kernel: their registry entries (registry_same), never their names. */
int model_same_kernel(const struct point *p, const struct point *q);

/* The level map of `threads` threads, or NULL when that count swept nothing. */
const struct level_map *model_levels_of(const struct analysis *a, int threads);

#endif
