/*
 * gnuplot_run.c - the part of gnuplot.h that reaches outside the scripts:
 * the scripts' names and the figures they write, where the templates are
 * installed, and running gnuplot on written scripts (a child process per
 * script, its figure checked whole and renamed into place).
 */
#include "gnuplot.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"

const char *const gnuplot_scripts[] = { "roofline", "bandwidth", "chains", "kernels" };
const size_t gnuplot_nscripts = sizeof gnuplot_scripts / sizeof gnuplot_scripts[0];
/* What each script's `set output` names by default, without the format's suffix. */
static const char *const gnuplot_outputs[] = { "roofline-gnuplot", "bandwidth", "chains", "kernels" };
_Static_assert(sizeof gnuplot_outputs / sizeof gnuplot_outputs[0] ==
	       sizeof gnuplot_scripts / sizeof gnuplot_scripts[0], "one output name per script");

/* ---- templates directory ----------------------------------------------------------- */

static int has_templates(const char *dir)
{
	char *p = path_join(dir, "roofline.gp.in");
	int ok = access(p, R_OK) == 0;
	free(p);
	return ok;
}

/*
 * Where the templates are, relative to the directory of the running binary,
 * tried in order: an installed prefix (make install: PREFIX/bin/roofline
 * beside PREFIX/share/roofline/templates, first, so that an installed copy
 * never reads a stray tree's), the source tree's bin/roofline, and the build
 * tree's build/<cc>-<version>/roofline, two levels under the source tree.
 */
static const char *const template_dirs[] = {
	"../share/roofline/templates",
	"../templates",
	"../../templates",
};

const char *gnuplot_templates_dir(const char *argv0)
{
	static char result[PATH_MAX];
	const char *envdir = getenv("ROOFLINE_TEMPLATES");
	if (envdir && *envdir) {
		snprintf(result, sizeof result, "%s", envdir);
		return result;
	}
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		exe[n] = '\0';
	} else if (argv0 && strchr(argv0, '/') && realpath(argv0, exe)) {
		/* exe holds it */
	} else {
		snprintf(exe, sizeof exe, "%s", argv0 && strchr(argv0, '/') ? argv0 : "./roofline");
	}
	char *slash = strrchr(exe, '/');
	if (slash)
		*slash = '\0';
	else
		snprintf(exe, sizeof exe, ".");
	size_t ndirs = sizeof template_dirs / sizeof template_dirs[0];
	for (size_t i = 0; i < ndirs; i++) {
		int w = snprintf(result, sizeof result, "%s/%s", exe, template_dirs[i]);
		if (w > 0 && (size_t)w < sizeof result && has_templates(result))
			return result;
	}
	/* None holds them: the installed place, which the error then names. */
	int w = snprintf(result, sizeof result, "%s/%s", exe, template_dirs[0]);
	if (w < 0 || (size_t)w >= sizeof result)
		snprintf(result, sizeof result, "templates");
	return result;
}

/* ---- rendering -------------------------------------------------------------------- */

static int gnuplot_on_path(void)
{
	const char *path = getenv("PATH");
	if (!path || !*path)
		path = "/usr/bin:/bin";
	while (*path) {
		const char *end = strchr(path, ':');
		size_t len = end ? (size_t)(end - path) : strlen(path);
		char *dir = len ? xasprintf("%.*s", (int)len, path) : xstrdup(".");
		char *p = path_join(dir, "gnuplot");
		int ok = access(p, X_OK) == 0;
		free(dir);
		free(p);
		if (ok)
			return 1;
		if (!end)
			break;
		path = end + 1;
	}
	return 0;
}

/*
 * Whether a figure gnuplot wrote ends as its format does: gnuplot exits 0
 * after a short write (a full disk), leaving a truncated or empty file.
 */
static int figure_complete(const char *path, const char *format)
{
	static const unsigned char png_end[] = { 'I', 'E', 'N', 'D', 0xae, 0x42, 0x60, 0x82 };
	unsigned char tail[64];
	FILE *fp = fopen(path, "rb");
	if (!fp)
		return 0;
	long size = fseek(fp, 0, SEEK_END) == 0 ? ftell(fp) : -1;
	long back = size < (long)sizeof tail ? size : (long)sizeof tail;
	size_t n = 0;
	if (back > 0 && fseek(fp, -back, SEEK_END) == 0)
		n = fread(tail, 1, (size_t)back, fp);
	fclose(fp);
	if (n < sizeof png_end)
		return 0;
	if (strcmp(format, "png") == 0)
		return memcmp(tail + n - sizeof png_end, png_end, sizeof png_end) == 0;
	const char *want = strcmp(format, "pdf") == 0 ? "%%EOF" : "</svg>";
	return memmem(tail, n, want, strlen(want)) != NULL;
}

/*
 * Runs `gnuplot -e fmt='F' -e out='TMP' NAME.gp` with out_dir as working
 * directory: the figure is written under a temporary name, checked, and
 * renamed to the script's own output name (OUTPUT.F).
 */
static int run_gnuplot(const char *out_dir, const char *script, const char *output,
		       const char *format, char *err, size_t errlen)
{
	if (!format)
		format = "png";
	char *final = xasprintf("%s.%s", output, format);
	char *tmp = xasprintf("%s.tmp.%ld", final, (long)getpid());
	char *setfmt = xasprintf("fmt='%s'; out='%s'", format, tmp);
	char *tmp_path = path_join(out_dir, tmp), *final_path = path_join(out_dir, final);
	int rc = -1, status;
	util_tmp_add(tmp_path);
	/* Held until the child is registered: an interrupt in between would leave it running. */
	util_signals_hold(1);
	pid_t pid = fork();
	if (pid > 0)
		util_child_running((int)pid);
	int fork_errno = errno;
	if (pid != 0)
		util_signals_hold(0);
	if (pid < 0) {
		snprintf(err, errlen, "cannot start gnuplot: %s", strerror(fork_errno));
		goto done;
	}
	if (pid == 0) {
		util_signals_hold(0);
		if (chdir(out_dir) != 0) {
			fprintf(stderr, "roofline: %s: %s\n", out_dir, strerror(errno));
			_exit(127);
		}
		execlp("gnuplot", "gnuplot", "-e", setfmt, script, (char *)NULL);
		fprintf(stderr, "roofline: cannot run gnuplot: %s\n", strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			util_child_running(0);
			snprintf(err, errlen, "gnuplot %s: %s", script, strerror(errno));
			goto done;
		}
	}
	util_child_running(0);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		if (!figure_complete(tmp_path, format))
			snprintf(err, errlen, "gnuplot %s/%s wrote an incomplete %s (a full disk?): %s "
				 "is left as it was", out_dir, script, format, final_path);
		else if (rename(tmp_path, final_path) != 0)
			snprintf(err, errlen, "cannot rename %s to %s: %s", tmp_path, final_path,
				 strerror(errno));
		else
			rc = 0;
	} else if (WIFEXITED(status)) {
		snprintf(err, errlen, "gnuplot %s/%s failed (exit status %d)", out_dir, script,
			 WEXITSTATUS(status));
	} else {
		snprintf(err, errlen, "gnuplot %s/%s killed by signal %d", out_dir, script,
			 WIFSIGNALED(status) ? WTERMSIG(status) : 0);
	}
done:
	if (rc != 0)
		unlink(tmp_path);
	util_tmp_remove(tmp_path);
	free(tmp_path);
	free(final_path);
	free(setfmt);
	free(tmp);
	free(final);
	return rc;
}

int gnuplot_render_as(const char *out_dir, const char *format, char *err, size_t errlen)
{
	if (format && strcmp(format, "png") != 0 && strcmp(format, "svg") != 0 &&
	    strcmp(format, "pdf") != 0) {
		snprintf(err, errlen, "unknown figure format '%s' (png, svg or pdf)", format);
		return -1;
	}
	if (!gnuplot_on_path())
		return 1;
	for (size_t i = 0; i < gnuplot_nscripts; i++) {
		char *script = xasprintf("%s.gp", gnuplot_scripts[i]);
		int rc = run_gnuplot(out_dir, script, gnuplot_outputs[i], format, err, errlen);
		free(script);
		if (rc < 0)
			return -1;
	}
	return 0;
}
