/* An output file (-o) that is never clobbered: checked first, replaced atomically. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outfile.h"

/* The directory part of path into dir ("." when there is none). */
static void
dir_of(const char *path, char *dir, size_t size)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		snprintf(dir, size, ".");
	else if (slash == path)
		snprintf(dir, size, "/");
	else
		snprintf(dir, size, "%.*s", (int)(slash - path), path);
}

/* Follow symbolic links (also dangling ones) to the file a write replaces. */
static int
resolve(const char *path, char *out, size_t size)
{
	char cur[PATH_MAX];
	if (snprintf(cur, sizeof cur, "%s", path) >= (int)sizeof cur) {
		errno = ENAMETOOLONG;
		return -1;
	}
	for (int hops = 0; hops < 40; hops++) {
		struct stat st;
		if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode)) {
			if (snprintf(out, size, "%s", cur) >= (int)size) {
				errno = ENAMETOOLONG;
				return -1;
			}
			return 0;
		}
		char link[PATH_MAX], next[PATH_MAX], dir[PATH_MAX];
		ssize_t n = readlink(cur, link, sizeof link - 1);
		if (n < 0)
			return -1;
		link[n] = '\0';
		dir_of(cur, dir, sizeof dir);
		if (link[0] == '/' || strcmp(dir, ".") == 0)
			n = snprintf(next, sizeof next, "%s", link);
		else
			n = snprintf(next, sizeof next, "%s/%s", dir, link);
		if (n >= (ssize_t)sizeof next) {
			errno = ENAMETOOLONG;
			return -1;
		}
		memcpy(cur, next, (size_t)n + 1);
	}
	errno = ELOOP;
	return -1;
}

/* A temporary file next to target, created with O_EXCL. */
static int
open_temp(const char *target, char *tmp, size_t size)
{
	char dir[PATH_MAX];
	dir_of(target, dir, sizeof dir);
	const char *base = strrchr(target, '/') ? strrchr(target, '/') + 1 : target;
	/* at most 64 bytes of the name, so a name near NAME_MAX still has a temporary */
	for (int attempt = 0; attempt < 100; attempt++) {
		if (snprintf(tmp, size, "%s/.%.64s.%ld.%d.tmp", dir, base, (long)getpid(),
			     attempt) >= (int)size) {
			errno = ENAMETOOLONG;
			return -1;
		}
		int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	return -1;
}

int
cs_outfile_check(const char *path, char *target, size_t target_size, char *why, size_t why_size)
{
	if (!path || !*path) {
		snprintf(why, why_size,
			 "-o '' is empty (accepted: a regular file, or a new file in "
			 "a writable directory)");
		return -1;
	}
	if (resolve(path, target, target_size) != 0) {
		snprintf(why, why_size, "-o '%s': %s", path, strerror(errno));
		return -1;
	}
	struct stat st;
	if (stat(target, &st) == 0) {
		if (S_ISDIR(st.st_mode)) {
			snprintf(why, why_size,
				 "-o '%s' is a directory (accepted: a regular file, or "
				 "a new file in a writable directory)",
				 path);
			return -1;
		}
		if (!S_ISREG(st.st_mode)) {
			snprintf(why, why_size,
				 "-o '%s' is not a regular file (accepted: a regular "
				 "file, or a new file in a writable directory)",
				 path);
			return -1;
		}
		if (access(target, W_OK) != 0) {
			snprintf(why, why_size,
				 "-o '%s' is read-only (accepted: a file you may write; "
				 "its mode is kept, so make it writable first or pick another)",
				 path);
			return -1;
		}
	} else if (errno != ENOENT) {
		snprintf(why, why_size, "-o '%s': %s", path, strerror(errno));
		return -1;
	}
	char tmp[PATH_MAX + 64], dir[PATH_MAX];
	int fd = open_temp(target, tmp, sizeof tmp);
	if (fd < 0) {
		dir_of(target, dir, sizeof dir);
		snprintf(why, why_size, "-o '%s': cannot create a file in '%s': %s", path, dir,
			 strerror(errno));
		return -1;
	}
	close(fd);
	unlink(tmp);
	return 0;
}

int
cs_outfile_write(const char *target, cs_outfile_writer *write, void *arg, char *why,
		 size_t why_size)
{
	char tmp[PATH_MAX + 64];
	int fd = open_temp(target, tmp, sizeof tmp);
	if (fd < 0) {
		snprintf(why, why_size, "cannot write '%s': %s", target, strerror(errno));
		return -1;
	}
	/* a replaced file keeps its mode and, when we may, its owner and group */
	struct stat st;
	if (stat(target, &st) == 0 && S_ISREG(st.st_mode)) {
		if (fchmod(fd, st.st_mode & 07777) != 0 ||
		    (fchown(fd, st.st_uid, st.st_gid) != 0 && errno != EPERM)) {
			int e = errno;
			close(fd);
			unlink(tmp);
			snprintf(why, why_size, "cannot keep the mode of '%s': %s", target,
				 strerror(e));
			return -1;
		}
	}
	FILE *f = fdopen(fd, "w");
	if (!f) {
		int e = errno;
		close(fd);
		unlink(tmp);
		snprintf(why, why_size, "cannot write '%s': %s", target, strerror(e));
		return -1;
	}
	errno = 0;
	int rc = write(f, arg);
	int e = errno;
	if (fflush(f) != 0 || ferror(f))
		rc = -1, e = errno;
	if (rc == 0 && fsync(fileno(f)) != 0)
		rc = -1, e = errno;
	if (fclose(f) != 0 && rc == 0)
		rc = -1, e = errno;
	if (rc == 0 && rename(tmp, target) != 0)
		rc = -1, e = errno;
	if (rc != 0) {
		unlink(tmp);
		snprintf(why, why_size, "cannot write '%s': %s", target, strerror(e ? e : EIO));
		return -1;
	}
	return 0;
}
