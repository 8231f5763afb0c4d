/*
 * util.c - the helpers every module uses: error lines, allocation that
 * cannot fail, strings and paths, number and size parsing, files read whole
 * and written whole or not at all (see util.h).
 */
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

void die(int code, const char *fmt, ...)
{
	va_list ap;
	fputs("roofline: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(code);
}

void util_warn(const char *fmt, ...)
{
	va_list ap;
	fputs("roofline: warning: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		die(EXIT_FAILED, "out of memory (%zu bytes)", n);
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		die(EXIT_FAILED, "out of memory (%zu x %zu bytes)", n, size);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die(EXIT_FAILED, "out of memory (%zu bytes)", n);
	return p;
}

char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(xmalloc(n), s, n);
}

char *xvasprintf(const char *fmt, va_list ap)
{
	va_list again;
	va_copy(again, ap);
	int n = vsnprintf(NULL, 0, fmt, ap);
	if (n < 0)
		die(EXIT_FAILED, "cannot format a string");
	char *s = xmalloc((size_t)n + 1);
	vsnprintf(s, (size_t)n + 1, fmt, again);
	va_end(again);
	return s;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}

char *path_join(const char *dir, const char *name)
{
	size_t n = strlen(dir);
	if (n && dir[n - 1] == '/')
		return xasprintf("%s%s", dir, name);
	return xasprintf("%s/%s", dir, name);
}

int util_mkdir_parents(const char *path)
{
	char *p = xstrdup(path);
	/* From the second byte (a leading '/' is the root), never past an empty string's end. */
	for (char *s = *p ? p + 1 : p; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0777) != 0 && errno != EEXIST) {
			int why = errno;
			free(p);
			errno = why;
			return -1;
		}
		*s = '/';
	}
	free(p);
	return 0;
}

int util_ensure_dir(const char *dir, char *err, size_t errlen)
{
	struct stat st;
	if (util_mkdir_parents(dir) == 0 && (mkdir(dir, 0777) == 0 || errno == EEXIST) &&
	    stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
		return 0;
	int why = errno;
	if (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode))
		why = ENOTDIR;
	snprintf(err, errlen, "cannot create output directory %s: %s", dir, strerror(why));
	return -1;
}

int util_path_ok(const char *path)
{
	for (const unsigned char *c = (const unsigned char *)path; *c; c++)
		if (*c < 0x20 || *c == 0x7f)
			return 0;
	return 1;
}

/*
 * The registered temporary paths. The handler only reads the slots and calls
 * unlink (async-signal-safe); a slot is cleared before its string is freed.
 */
#define TMP_SLOTS 16
static char *volatile tmp_slots[TMP_SLOTS];

void util_tmp_add(const char *path)
{
	for (size_t i = 0; i < TMP_SLOTS; i++)
		if (!tmp_slots[i]) {
			tmp_slots[i] = xstrdup(path);
			return;
		}
	/* More than 16 at once is not a case this tool has; such a file is just not removed. */
}

void util_tmp_remove(const char *path)
{
	for (size_t i = 0; i < TMP_SLOTS; i++) {
		char *p = tmp_slots[i];
		if (p && strcmp(p, path) == 0) {
			tmp_slots[i] = NULL;
			free(p);
			return;
		}
	}
}

/* The child writing a temporary file, or 0 (an int: pid_t's width, read whole by the handler). */
static volatile sig_atomic_t tmp_child;

void util_child_running(int pid)
{
	tmp_child = pid;
}

void util_signals_hold(int hold)
{
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigprocmask(hold ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
}

static void remove_tmp_and_die(int sig)
{
	/* The child first: killed and reaped, it can write nothing after the files are gone. */
	pid_t child = (pid_t)tmp_child;
	if (child > 0) {
		kill(child, SIGKILL);
		while (waitpid(child, NULL, 0) < 0 && errno == EINTR)
			;
	}
	for (size_t i = 0; i < TMP_SLOTS; i++)
		if (tmp_slots[i])
			unlink(tmp_slots[i]);
	signal(sig, SIG_DFL);
	raise(sig);
}

void util_cleanup_on_signals(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = remove_tmp_and_die;
		sigemptyset(&sa.sa_mask);
		/* A signal the caller's shell ignores (nohup) stays ignored. */
		struct sigaction old;
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
			continue;
		sigaction(sigs[i], &sa, NULL);
	}
	signal(SIGXFSZ, SIG_IGN);
}

int outfile_open(struct outfile *o, const char *path, char *err, size_t errlen)
{
	o->path = xstrdup(path);
	o->tmp = xasprintf("%s.tmp.%ld", path, (long)getpid());
	util_tmp_add(o->tmp);
	o->fp = fopen(o->tmp, "w");
	if (!o->fp) {
		snprintf(err, errlen, "cannot write %s: %s", o->tmp, strerror(errno));
		util_tmp_remove(o->tmp);
		free(o->path);
		free(o->tmp);
		o->path = o->tmp = NULL;
		return -1;
	}
	return 0;
}

int outfile_commit(struct outfile *o, char *err, size_t errlen)
{
	int failed = ferror(o->fp) || fflush(o->fp) != 0 || fsync(fileno(o->fp)) != 0;
	int saved = errno;
	if (fclose(o->fp) != 0 && !failed) {
		failed = 1;
		saved = errno;
	}
	o->fp = NULL;
	if (!failed && rename(o->tmp, o->path) != 0) {
		failed = 1;
		saved = errno;
	}
	if (failed) {
		snprintf(err, errlen, "cannot write %s: %s", o->path, strerror(saved));
		outfile_abort(o);
		return -1;
	}
	util_tmp_remove(o->tmp);
	free(o->path);
	free(o->tmp);
	o->path = o->tmp = NULL;
	return 0;
}

void outfile_abort(struct outfile *o)
{
	if (o->fp) {
		fclose(o->fp);
		o->fp = NULL;
	}
	if (o->tmp) {
		unlink(o->tmp);
		util_tmp_remove(o->tmp);
		free(o->tmp);
		o->tmp = NULL;
	}
	free(o->path);
	o->path = NULL;
}

void csv_field(FILE *fp, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, fp);
		return;
	}
	fputc('"', fp);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', fp);
		fputc(*s, fp);
	}
	fputc('"', fp);
}

int parse_double(const char *s, double *out)
{
	char *end;
	if (!s || !*s)
		return -1;
	errno = 0;
	double v = strtod(s, &end);
	/*
	 * ERANGE is also an underflow (1e-310, a subnormal or zero): a number
	 * all the same, which the readers judge by what it means
	 * (util_derived_ok); only an overflow is no number.
	 */
	if (*end != '\0' || (errno == ERANGE && isinf(v)))
		return -1;
	*out = v;
	return 0;
}

/* 1 when a spreadsheet would run s as a formula: = + - @ tab CR first, and not a number. */
static int sheet_formula(const char *s)
{
	double number;
	return s[0] && strchr("=+-@\t\r", s[0]) && parse_double(s, &number) != 0;
}

char *csv_sheet_text(const char *s)
{
	return xasprintf("%s%s", sheet_formula(s) ? "'" : "", s);
}

void csv_sheet_field(FILE *fp, const char *s)
{
	char *text = csv_sheet_text(s);
	if (sheet_formula(s)) {
		fputc('"', fp);   /* quoted: the ' is the cell's text, not a stray character */
		for (const char *c = text; *c; c++) {
			if (*c == '"')
				fputc('"', fp);
			fputc(*c, fp);
		}
		fputc('"', fp);
	} else {
		csv_field(fp, text);
	}
	free(text);
}

int util_utf8_valid(const char *s, size_t n, size_t *bad)
{
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < n;) {
		unsigned c = u[i];
		size_t len = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3
			   : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
		/* The second byte's range rules out overlong forms, surrogates and > U+10FFFF. */
		unsigned lo = c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80;
		unsigned hi = c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf;
		int ok = len > 0 && i + len <= n;
		for (size_t k = 1; ok && k < len; k++)
			ok = u[i + k] >= (k == 1 ? lo : 0x80) && u[i + k] <= (k == 1 ? hi : 0xbf);
		if (!ok) {
			*bad = i;
			return 0;
		}
		i += len;
	}
	return 1;
}

int util_derived_ok(double v)
{
	return isfinite(v) && v >= 1 / UTIL_DERIVED_MAX && v <= UTIL_DERIVED_MAX;
}

int parse_long(const char *s, long *out)
{
	char *end;
	if (!s || !*s)
		return -1;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (*end != '\0' || errno == ERANGE)
		return -1;
	*out = v;
	return 0;
}

int parse_bytes(const char *s, double *out)
{
	char *end;
	if (!s || !*s)
		return -1;
	errno = 0;
	double v = strtod(s, &end);
	if (end == s || errno == ERANGE || !(v > 0) || !isfinite(v))
		return -1;
	/*
	 * A bare letter and the IEC names are powers of 1024 (cache and array
	 * sizes); kB, MB, GB are powers of 1000, as the tool's 1 GB = 1e9 bytes.
	 */
	static const struct { const char *suffix; double scale; } units[] = {
		{ "", 1 }, { "b", 1 }, { "k", 1024 }, { "kb", 1e3 }, { "kib", 1024 },
		{ "m", 1048576 }, { "mb", 1e6 }, { "mib", 1048576 },
		{ "g", 1073741824 }, { "gb", 1e9 }, { "gib", 1073741824 },
	};
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
		if (strcasecmp(end, units[i].suffix) == 0) {
			*out = v * units[i].scale;
			return 0;
		}
	}
	return -1;
}

const char *format_bytes(double bytes, char *buf, size_t size)
{
	static const char *const names[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	int u = 0;
	while (bytes >= 1024 && u < 4) {
		bytes /= 1024;
		u++;
	}
	if (bytes == floor(bytes))
		snprintf(buf, size, "%.0f %s", bytes, names[u]);
	else
		snprintf(buf, size, "%.3g %s", bytes, names[u]);
	return buf;
}

const char *format_rate_measured(double v, char *buf, size_t size)
{
	if (!isfinite(v))
		snprintf(buf, size, "—");
	else if (fabs(v) >= 10)
		snprintf(buf, size, "%.1f", v);
	else if (fabs(v) >= 1)
		snprintf(buf, size, "%.2f", v);
	else
		snprintf(buf, size, "%.3f", v);
	return buf;
}

const char *format_rate(double v, char *buf, size_t size)
{
	if (isnan(v)) {
		snprintf(buf, size, "NaN");
		return buf;
	}
	if (isinf(v)) {
		snprintf(buf, size, v > 0 ? "inf" : "-inf");
		return buf;
	}
	char g[32];
	snprintf(g, sizeof g, "%.3g", v);
	const char *e = strchr(g, 'e');
	if (!e) {
		snprintf(buf, size, "%s", g);
	} else if (fabs(v) >= 1) {
		/* %.3g turns exponential once three digits round to 1000 or more. */
		snprintf(buf, size, "%.0f", v);
	} else {
		/* Under 1e-4: as many decimals as three significant digits need, no trailing zeros. */
		int decimals = 2 - atoi(e + 1);
		char f[400];
		snprintf(f, sizeof f, "%.*f", decimals > 340 ? 340 : decimals, v);
		size_t n = strlen(f);
		while (n > 0 && f[n - 1] == '0')
			f[--n] = '\0';
		if (n > 0 && f[n - 1] == '.')
			f[--n] = '\0';
		snprintf(buf, size, "%s", f);
	}
	return buf;
}

int read_file_capped(const char *path, char **text, size_t *len, char *err, size_t errlen)
{
	const size_t cap = (size_t)UTIL_FILE_CAP_MB << 20;
	/* O_NONBLOCK: opening a FIFO must not wait for a writer before it can be refused. */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	struct stat st;
	int why;
	if (fd < 0) {
		why = errno;
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(why));
		errno = why;
		return -1;
	}
	if (fstat(fd, &st) != 0) {
		why = errno;
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(why));
		goto fail;
	}
	if (!S_ISREG(st.st_mode)) {
		why = EINVAL;
		snprintf(err, errlen, "%s: not a regular file", path);
		goto fail;
	}
	if ((unsigned long long)st.st_size > cap) {
		why = EFBIG;
		snprintf(err, errlen, "%s: larger than %d MB", path, UTIL_FILE_CAP_MB);
		goto fail;
	}
	/* The size stat gave is a hint: the file may grow while it is read, never past the cap. */
	size_t size = (size_t)st.st_size + 1, n = 0;
	char *buf = xmalloc(size + 1);
	for (;;) {
		if (n == size) {
			if (size > cap) {
				free(buf);
				why = EFBIG;
				snprintf(err, errlen, "%s: larger than %d MB", path, UTIL_FILE_CAP_MB);
				goto fail;
			}
			size = size * 2 > cap + 1 ? cap + 1 : size * 2;
			buf = xrealloc(buf, size + 1);
		}
		ssize_t got = read(fd, buf + n, size - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			why = errno;
			free(buf);
			snprintf(err, errlen, "cannot read %s: %s", path, strerror(why));
			goto fail;
		}
		if (got == 0)
			break;
		n += (size_t)got;
	}
	close(fd);
	buf[n] = '\0';
	*text = buf;
	*len = n;
	return 0;
fail:
	close(fd);
	errno = why;
	return -1;
}

char *read_text_file(const char *path, char *err, size_t errlen)
{
	char *text;
	size_t len;
	return read_file_capped(path, &text, &len, err, errlen) == 0 ? text : NULL;
}

void buf_add(struct buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		while (cap < b->len + n + 1)
			cap *= 2;
		b->s = xrealloc(b->s, cap);
		b->cap = cap;
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void buf_puts(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

void buf_addf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = xvasprintf(fmt, ap);
	va_end(ap);
	buf_puts(b, s);
	free(s);
}

char *buf_take(struct buf *b)
{
	char *s = b->s ? b->s : xstrdup("");
	b->s = NULL;
	b->len = b->cap = 0;
	return s;
}

double *util_huge_array(size_t n, int huge)
{
	/* 2 MiB alignment lets the kernel back the array with huge pages. */
	size_t bytes = n * sizeof(double);
	bytes = (bytes + (2u << 20) - 1) & ~(size_t)((2u << 20) - 1);
	void *p = NULL;
	if (posix_memalign(&p, 2u << 20, bytes) != 0)
		return NULL;
#ifdef MADV_HUGEPAGE
	if (huge)
		madvise(p, bytes, MADV_HUGEPAGE);
#else
	(void)huge;
#endif
	return p;
}
