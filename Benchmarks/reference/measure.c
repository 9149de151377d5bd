/* Runs a command and reports its wall time and peak RSS, from a small process.
 *
 *     measure [-n COUNT] COMMAND [ARG…]
 *
 * Runs COMMAND COUNT times (default 1), one after the other, with this process's standard input,
 * output and error, and after each run writes one line to standard error:
 *     measure: wall_seconds=0.012345 maxrss_kb=4321 status=0 cpu_seconds=0.011000
 * (cpu_seconds: user + system time of the child, from the same wait4).
 * Exits with the last run's status (128 + signal number for a signal).
 *
 * Why not from the driver directly: Linux keeps a process's peak RSS across exec, so a child
 * forked (or vforked) by a 25 MB Python process reports at least 25 MB, whatever it used. Forked
 * from this process, the floor is well under 1 MB. The wall time is taken around fork and wait4,
 * with CLOCK_MONOTONIC. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    int count = 1, first = 1;
    if (argc > 2 && strcmp(argv[1], "-n") == 0) {
        count = atoi(argv[2]);
        first = 3;
    }
    if (first >= argc || count < 1) {
        fprintf(stderr, "usage: measure [-n COUNT] COMMAND [ARG...]\n");
        return 64;
    }
    int code = 0;
    for (int i = 0; i < count; i++) {
        double start = now();
        pid_t pid = fork();
        if (pid < 0) { perror("measure: fork"); return 1; }
        if (pid == 0) {
            execvp(argv[first], argv + first);
            fprintf(stderr, "measure: %s: %s\n", argv[first], strerror(errno));
            _exit(127);
        }
        int status;
        struct rusage usage;
        while (wait4(pid, &status, 0, &usage) < 0) {
            if (errno != EINTR) { perror("measure: wait4"); return 1; }
        }
        double wall = now() - start;
        code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        double cpu = (double)usage.ru_utime.tv_sec + (double)usage.ru_utime.tv_usec * 1e-6
                     + (double)usage.ru_stime.tv_sec + (double)usage.ru_stime.tv_usec * 1e-6;
        fprintf(stderr, "measure: wall_seconds=%.6f maxrss_kb=%ld status=%d cpu_seconds=%.6f\n", wall,
                usage.ru_maxrss, code, cpu);
    }
    return code;
}
