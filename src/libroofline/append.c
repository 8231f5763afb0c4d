/*
 * append.c - one row to a points file. The row is built in memory and written
 * with one write() on an O_APPEND descriptor under flock(): processes appending
 * to one file (MPI ranks) never interleave, a row is whole or absent, and the
 * header goes in once, by whoever finds the file empty while holding the lock.
 */
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define APPEND_HEADER "name,version,flops,bytes,seconds,threads,level,flops_source,bytes_source\n"
/* What roofline.h wrote before bytes could be counted: its files get rows without bytes_source. */
#define APPEND_HEADER_V0 "name,version,flops,bytes,seconds,threads,level,flops_source\n"

/* A CSV field, quoted when it holds a comma, a quote or a line break; its length, or 0 if too long. */
static size_t append_field(char *out, size_t cap, const char *s)
{
	size_t len = 0;
	int quote = strpbrk(s, ",\"\r\n") != NULL;
	if (quote)
		out[len++] = '"';
	for (; *s; s++) {
		if (len + 4 >= cap)
			return 0;
		if (*s == '"')
			out[len++] = '"';
		out[len++] = *s;
	}
	if (quote)
		out[len++] = '"';
	out[len++] = ',';
	return len;
}

/* Which header the file starts with: 1 the current one, 0 the older one, -1 neither. */
static int append_header_kind(int fd)
{
	char head[sizeof APPEND_HEADER];
	ssize_t got = pread(fd, head, sizeof head - 1, 0);
	if (got >= (ssize_t)sizeof APPEND_HEADER - 1 &&
	    memcmp(head, APPEND_HEADER, sizeof APPEND_HEADER - 1) == 0)
		return 1;
	if (got >= (ssize_t)sizeof APPEND_HEADER_V0 - 1 &&
	    memcmp(head, APPEND_HEADER_V0, sizeof APPEND_HEADER_V0 - 1) == 0)
		return 0;
	return -1;
}

/* 1 when `roofline report --points` would read the row (roofline_row_check), else 0, said in one line. */
static int append_readable(const char *file, const struct roofline_row *row)
{
	char why[160], name[ROOFLINE_NAME_MAX + 2], version[ROOFLINE_VERSION_MAX + 2];
	if (roofline_row_check(row, why, sizeof why) == ROOFLINE_ROW_OK)
		return 1;
	fprintf(stderr, "roofline: %s: row %s %s not written: %s\n", file,
		rl_shown(row->name, name, sizeof name), rl_shown(row->version, version, sizeof version),
		why);
	return 0;
}

int roofline_append(const char *file, const char *name, const char *version, double flops,
		    double bytes, double seconds, int threads, const char *level, int flags)
{
	char row[1024], buf[sizeof APPEND_HEADER + sizeof row];
	size_t len = 0, n, used;
	const char *fields[2] = { name ? name : "", version ? version : "" };
	const struct roofline_row checked = { fields[0], fields[1], flops, bytes, seconds,
					      threads > 0 ? threads : 1, level };
	if (!append_readable(file, &checked))
		return -1;
	for (int f = 0; f < 2; f++) {
		used = append_field(row + len, sizeof row / 2 - len, fields[f]);
		if (!used) {
			fprintf(stderr, "roofline: %s: name or version too long\n", file);
			return -1;
		}
		len += used;
	}
	int w = snprintf(row + len, sizeof row - len, "%.17g,%.17g,%.9e,%d,", flops, bytes, seconds,
			 threads > 0 ? threads : 1);
	/* The level a field like the names: the rule allows no comma, yet the row stays whole regardless. */
	if (w < 0 || (size_t)w >= sizeof row - len - 16 ||
	    !(used = append_field(row + len + (size_t)w, sizeof row - len - (size_t)w - 16,
				  level ? level : ""))) {
		fprintf(stderr, "roofline: %s: row too long\n", file);
		return -1;
	}
	len += (size_t)w + used;
	w = snprintf(row + len, sizeof row - len, "%s",
		     flags & ROOFLINE_FLOPS_COUNTED ? "counted" : "declared");
	len += (size_t)w;
	int fd = open(file, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0) {
		fprintf(stderr, "roofline: cannot open %s: %s\n", file, strerror(errno));
		return -1;
	}
	int rc = -1, kind = 1;
	struct stat st;
	/* The lock makes "empty? then the header" and the row one step for every writer. */
	if (flock(fd, LOCK_EX) != 0 || fstat(fd, &st) != 0) {
		fprintf(stderr, "roofline: %s: %s\n", file, strerror(errno));
		goto done;
	}
	n = 0;
	if (st.st_size == 0) {
		memcpy(buf, APPEND_HEADER, sizeof APPEND_HEADER - 1);
		n = sizeof APPEND_HEADER - 1;
	} else if ((kind = append_header_kind(fd)) < 0) {
		fprintf(stderr, "roofline: %s does not start with the header %.*s: not appending\n", file,
			(int)sizeof APPEND_HEADER - 2, APPEND_HEADER);
		goto done;
	}
	memcpy(buf + n, row, len);
	n += len;
	if (kind == 1) {
		const char *src = flags & ROOFLINE_BYTES_COUNTED ? ",counted\n" : ",declared\n";
		memcpy(buf + n, src, strlen(src));
		n += strlen(src);
	} else {
		buf[n++] = '\n';
	}
	if (write(fd, buf, n) != (ssize_t)n) {
		fprintf(stderr, "roofline: cannot write %s: %s\n", file, strerror(errno));
		goto done;
	}
	rc = 0;
done:
	close(fd);
	return rc;
}
