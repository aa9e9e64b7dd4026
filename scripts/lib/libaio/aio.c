/*
 * A stand-in for libaio.so.1, for the MySQL test server (scripts/mysql-test-server.sh) on a
 * machine without Debian's libaio1: Oracle's generic build of mysqld links libaio.so.1 and uses
 * three of its calls. libaio's calls are thin wrappers of the kernel's Linux AIO system calls,
 * returning a negative errno on failure; so are these. The structures are the kernel's (libaio's
 * struct iocb and struct io_event have the kernel's layout), passed through untouched.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

struct iocb;
struct io_event;

static long result(long r) {
    return r < 0 ? -errno : r;
}

int io_setup(int maxevents, void **ctxp) {
    return (int) result(syscall(SYS_io_setup, maxevents, ctxp));
}

int io_submit(void *ctx, long nr, struct iocb **iocbs) {
    return (int) result(syscall(SYS_io_submit, ctx, nr, iocbs));
}

int io_getevents(void *ctx, long min_nr, long nr, struct io_event *events, struct timespec *timeout) {
    return (int) result(syscall(SYS_io_getevents, ctx, min_nr, nr, events, timeout));
}
