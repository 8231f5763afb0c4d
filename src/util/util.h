/*
 * util.h - error reporting, allocation that cannot return NULL, the string
 * builder, parsing and formatting of numbers and sizes, and output files that
 * appear whole or not at all.
 */
#ifndef ROOFLINE_UTIL_H
#define ROOFLINE_UTIL_H

#include <stdarg.h>
#include <stdio.h>
#include <stddef.h>

#define EXIT_FAILED 1   /* failed while running */
#define EXIT_USAGE 2    /* bad usage or bad input */

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#define NORETURN __attribute__((noreturn))
#else
#define PRINTF_LIKE(f, a)
#define NORETURN
#endif

/* "roofline: <message>" on stderr, then exit with `code`. */
NORETURN void die(int code, const char *fmt, ...) PRINTF_LIKE(2, 3);

/* "roofline: warning: <message>" on stderr. */
void util_warn(const char *fmt, ...) PRINTF_LIKE(1, 2);

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
/*
 * n doubles, 2 MiB aligned, with transparent huge pages asked for where
 * `huge`; NULL when out of memory (for callers in threads, where die()
 * must not run). Freed with free().
 */
double *util_huge_array(size_t n, int huge);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* snprintf into a fresh allocation. */
char *xasprintf(const char *fmt, ...) PRINTF_LIKE(1, 2);
char *xvasprintf(const char *fmt, va_list ap);

/*
 * The one string builder: text appended piece by piece, taken out whole.
 * Start from `struct buf b = { 0 };`; b.s is NUL-terminated once anything
 * was added; buf_take hands the string over (never NULL) and leaves b empty.
 * A one-shot formatted string is xasprintf's.
 */
struct buf {
	char *s;
	size_t len, cap;
};

void buf_add(struct buf *b, const char *s, size_t n);
void buf_puts(struct buf *b, const char *s);
void buf_addf(struct buf *b, const char *fmt, ...) PRINTF_LIKE(2, 3);
char *buf_take(struct buf *b);

/* dir + "/" + name, freshly allocated. */
char *path_join(const char *dir, const char *name);

/*
 * An output file written under a temporary name in the same directory and
 * renamed into place by outfile_commit(), so readers never see half a file.
 */
struct outfile {
	FILE *fp;
	char *path;
	char *tmp;
};

/*
 * Temporary files (outfile's PATH.tmp.<pid>, gnuplot's figure before its
 * rename) are registered while they exist, so that an interrupt removes
 * them: util_tmp_add takes a copy of path, util_tmp_remove forgets it.
 */
void util_tmp_add(const char *path);
void util_tmp_remove(const char *path);

/*
 * A child that writes a registered temporary file (gnuplot): the interrupt
 * kills and reaps it before it removes the files, so nothing is written after
 * the cleanup and nothing runs on after this program (timeout(1), systemd and
 * CI runners signal the main process only). One at a time; 0 forgets it.
 * Register it with the signals held (util_signals_hold) from before its fork.
 */
void util_child_running(int pid);

/* Holds SIGINT, SIGTERM and SIGHUP (1) or lets them through again (0): around a fork and its registration. */
void util_signals_hold(int hold);

/*
 * For commands that write output files (fit, plot, report, compare):
 * SIGINT, SIGTERM and SIGHUP remove the registered temporary files, then end
 * the process as the signal would; SIGXFSZ (a file-size limit, ulimit -f) is
 * ignored, so the write fails with EFBIG and is reported in one line.
 */
void util_cleanup_on_signals(void);

/* Opens PATH.tmp.<pid> for writing. Returns 0, or -1 with a line in err. */
int outfile_open(struct outfile *o, const char *path, char *err, size_t errlen);

/* Flushes, checks every write, fsyncs, renames into place. -1 with err on failure. */
int outfile_commit(struct outfile *o, char *err, size_t errlen);

/* Removes the temporary file (after an error). Safe to call twice. */
void outfile_abort(struct outfile *o);

/* Writes one CSV field, quoted as RFC 4180 asks when it holds , " or a newline. */
void csv_field(FILE *fp, const char *s);

/*
 * csv_field for a name in a file people open in a spreadsheet (points.csv,
 * chains.csv, compare.csv): a cell starting with = + - @, a tab or a CR is
 * run as a formula there, so it is written quoted with a leading ' (OWASP's
 * rule); a cell that is a number ("-3", "+1e5") stays a number.
 */
void csv_sheet_field(FILE *fp, const char *s);

/* The text csv_sheet_field stores for s, fresh (what a reader of the cell gets back). */
char *csv_sheet_text(const char *s);

/* Parses a whole string as a double / long; returns 0 or -1. */
int parse_double(const char *s, double *out);
int parse_long(const char *s, long *out);

/*
 * Parses "123", "4k", "64KiB", "16M", "1G" (powers of 1024) and "1kB", "16MB",
 * "1GB" (powers of 1000: 1 GB = 1e9 bytes, as everywhere in the tool). Returns 0 or -1.
 */
int parse_bytes(const char *s, double *out);

/* Formats bytes as "48 KiB", "1.5 MiB", "512 MiB" into buf. */
const char *format_bytes(double bytes, char *buf, size_t size);

/*
 * A rate (GB/s, GFLOP/s) for prose: three significant digits under 1000
 * ("0.000123", "1.09", "39.8"), the whole number from 1000 on ("1000",
 * "2497", "550000"), never an exponent; "NaN", "inf", "-inf" said as such.
 * Data files (CSV) keep full precision and do not use it.
 */
const char *format_rate(double v, char *buf, size_t size);

/*
 * A rate with the digits a measurement supports: 189.0, 3.41, 0.083; a dash
 * when not finite (the report's tables, md_rate, and the fleet figure's labels).
 */
const char *format_rate_measured(double v, char *buf, size_t size);

/*
 * Every input file (a run's CSV files and remarks, a points file, a template)
 * is read through read_file_capped: whole, NUL-terminated, at most
 * UTIL_FILE_CAP_MB megabytes (a real run's largest file is a few megabytes,
 * so a larger one is a mistake such as a link to /dev/zero), and only a
 * regular file (a FIFO or a device would block or never end).
 */
#define UTIL_FILE_CAP_MB 256

/*
 * Reads PATH into *text (free it) and *len. Returns 0, or -1 with one line
 * in err ("cannot read PATH: reason", "PATH: larger than 256 MB", "PATH: not
 * a regular file") and errno saying why (ENOENT for a missing file, EFBIG,
 * EINVAL).
 */
int read_file_capped(const char *path, char **text, size_t *len, char *err, size_t errlen);

/* read_file_capped's text alone, or NULL with errno and err set (the remarks, the templates). */
char *read_text_file(const char *path, char *err, size_t errlen);

/*
 * The one rule for a number derived from input: a rate (GFLOP/s, GB/s), an
 * intensity (flop/byte) or a working set (bytes). Inputs are each finite and
 * positive, yet 1e300 flops in 1e-300 s overflow to infinity and 768 flops in
 * 1e308 s to zero; on a log axis either is a range without end (a figure that
 * never finishes). The band is far wider than any machine (1e-100 to 1e100),
 * and narrow enough that the figure's own arithmetic on it (ranges padded,
 * ratios squared) stays finite. 1 when v lies inside it.
 */
#define UTIL_DERIVED_MAX 1e100
int util_derived_ok(double v);

/*
 * 1 when s[0..n) is well-formed UTF-8 (no overlong forms, surrogates or code
 * points past U+10FFFF: what cairo and gnuplot accept), else 0 with *bad the
 * offset of the first byte that is not.
 */
int util_utf8_valid(const char *s, size_t n, size_t *bad);

/* Creates the parents of path (not path itself), as mkdir -p would. Returns 0, or -1 with errno. */
int util_mkdir_parents(const char *path);

/*
 * An output directory: made with its parents when missing, an existing
 * directory taken as it is. Returns 0, or -1 with "cannot create output
 * directory DIR: reason" in err.
 */
int util_ensure_dir(const char *dir, char *err, size_t errlen);

/*
 * 1 when path holds no control character. A path is written into the
 * gnuplot scripts and report.md, where a newline cannot be kept as it is:
 * such a path is refused rather than named wrongly.
 */
int util_path_ok(const char *path);

#endif
