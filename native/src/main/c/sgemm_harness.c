/*
 * The "c" peer of ffmblas's benchmarks: OpenBLAS's cblas_sgemm called from plain C, with no JVM in the process,
 * timed by itself. bench's CHarnessImplementation extracts this file from the class path, compiles it against
 * the very libopenblas.so.0 file ffmblas loaded and runs it:
 *
 *   cc -O2 -o sgemm_harness sgemm_harness.c -L"$LIB" -l:libopenblas.so.0 -Wl,-rpath,"$LIB"
 *
 * Modes (every line that is not a result starts with '#'):
 *   sgemm_harness info
 *       "# config=<openblas_get_config()>", "# library=<file the dynamic linker loaded>", "# threads=<n>".
 *   sgemm_harness M N K THREADS WARMUPS RUNS A_FILE B_FILE C_FILE
 *       C [M, N] = A [M, K] * B [K, N], all row-major, alpha 1, beta 0, NoTrans/NoTrans, on THREADS OpenBLAS
 *       threads. A_FILE holds M*K and B_FILE K*N raw little-endian floats. WARMUPS untimed calls, then RUNS timed calls
 *       (CLOCK_MONOTONIC around each call), one line "ns <nanoseconds>" per timed call. C_FILE gets C.
 *   sgemm_harness downcall CALLS REPEATS
 *       REPEATS times: a loop of CALLS openblas_get_num_threads() calls, one line "ns/call <x>" each: the
 *       cost of the smallest call into OpenBLAS from C (through the PLT, as any program linking it pays).
 *
 * It declares the few OpenBLAS functions it needs itself: the runnable jar carries no cblas.h. The CBLAS enums
 * are passed as the int values cblas.h gives them (an enum argument is passed as an int); blasint is int in this
 * build (no INTERFACE64).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the matrix files are little-endian floats, read as they are"
#endif

enum { CBLAS_ROW_MAJOR = 101, CBLAS_NO_TRANS = 111 };

void cblas_sgemm(int order, int trans_a, int trans_b, int m, int n, int k, float alpha, const float *a, int lda,
                 const float *b, int ldb, float beta, float *c, int ldc);
void openblas_set_num_threads(int threads);
int openblas_get_num_threads(void);
char *openblas_get_config(void);

static int usage(const char *self) {
    fprintf(stderr,
            "usage: %s M N K THREADS WARMUPS RUNS A_FILE B_FILE C_FILE\n"
            "       %s downcall CALLS REPEATS\n"
            "       %s info\n",
            self, self, self);
    return 2;
}

/* A whole, positive number that fits an int, or -1. */
static long parse_count(const char *s, long max) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno != 0 || end == s || *end != '\0' || v < 0 || v > max) {
        return -1;
    }
    return v;
}

static int64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static float *alloc_floats(size_t count) {
    void *p = NULL;
    /* 64-byte aligned, like the arena allocations on the Java side. */
    if (posix_memalign(&p, 64, count * sizeof(float) + 64) != 0) {
        return NULL;
    }
    return p;
}

static int read_floats(const char *path, float *dst, size_t count) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot open %s: %s\n", path, strerror(errno));
        return -1;
    }
    size_t got = fread(dst, sizeof(float), count, f);
    int extra = fgetc(f);
    fclose(f);
    if (got != count || extra != EOF) {
        fprintf(stderr, "%s must hold exactly %zu floats\n", path, count);
        return -1;
    }
    return 0;
}

static int write_floats(const char *path, const float *src, size_t count) {
    FILE *f = fopen(path, "wb");
    if (!f) {
        fprintf(stderr, "cannot create %s: %s\n", path, strerror(errno));
        return -1;
    }
    size_t put = fwrite(src, sizeof(float), count, f);
    if (fclose(f) != 0 || put != count) {
        fprintf(stderr, "cannot write %s\n", path);
        return -1;
    }
    return 0;
}

static int info(void) {
    Dl_info where;
    const char *library = dladdr((void *)openblas_get_config, &where) && where.dli_fname ? where.dli_fname : "?";
    printf("# config=%s\n# library=%s\n# threads=%d\n", openblas_get_config(), library,
           openblas_get_num_threads());
    return 0;
}

static int downcall(long calls, long repeats) {
    volatile int sink = 0;
    for (long i = 0; i < calls; i++) { /* warm the PLT entry and the caches */
        sink += openblas_get_num_threads();
    }
    for (long r = 0; r < repeats; r++) {
        int64_t start = now_ns();
        for (long i = 0; i < calls; i++) {
            sink += openblas_get_num_threads();
        }
        int64_t elapsed = now_ns() - start;
        printf("ns/call %.3f\n", (double)elapsed / (double)calls);
    }
    return sink == -1 ? 1 : 0; /* never: keeps the loop's result alive */
}

/* C [m, n] = A [m, k] B [k, n], all row-major. */
static int sgemm(long m, long n, long k, long threads, long warmups, long runs, const char *a_path,
                 const char *b_path, const char *c_path) {
    size_t a_count = (size_t)m * (size_t)k, b_count = (size_t)k * (size_t)n, c_count = (size_t)m * (size_t)n;
    float *a = alloc_floats(a_count), *b = alloc_floats(b_count), *c = alloc_floats(c_count);
    if (!a || !b || !c) {
        fprintf(stderr, "out of memory for m=%ld n=%ld k=%ld\n", m, n, k);
        return 1;
    }
    if (read_floats(a_path, a, a_count) != 0 || read_floats(b_path, b, b_count) != 0) {
        return 1;
    }
    memset(c, 0, c_count * sizeof(float));
    openblas_set_num_threads((int)threads);
    printf("# config=%s\n# threads=%d m=%ld n=%ld k=%ld warmups=%ld runs=%ld\n", openblas_get_config(),
           openblas_get_num_threads(), m, n, k, warmups, runs);
    int mi = (int)m, ni = (int)n, ki = (int)k;
    for (long i = 0; i < warmups; i++) {
        cblas_sgemm(CBLAS_ROW_MAJOR, CBLAS_NO_TRANS, CBLAS_NO_TRANS, mi, ni, ki, 1.0f, a, ki, b, ni, 0.0f, c, ni);
    }
    for (long i = 0; i < runs; i++) {
        int64_t start = now_ns();
        cblas_sgemm(CBLAS_ROW_MAJOR, CBLAS_NO_TRANS, CBLAS_NO_TRANS, mi, ni, ki, 1.0f, a, ki, b, ni, 0.0f, c, ni);
        int64_t elapsed = now_ns() - start;
        printf("ns %lld\n", (long long)elapsed);
    }
    int rc = write_floats(c_path, c, c_count) == 0 ? 0 : 1;
    free(a);
    free(b);
    free(c);
    return rc;
}

int main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "info") == 0) {
        return info();
    }
    if (argc == 4 && strcmp(argv[1], "downcall") == 0) {
        long calls = parse_count(argv[2], 1L << 40), repeats = parse_count(argv[3], 1000000);
        if (calls < 1 || repeats < 1) {
            return usage(argv[0]);
        }
        return downcall(calls, repeats);
    }
    if (argc != 10) {
        return usage(argv[0]);
    }
    long m = parse_count(argv[1], INT_MAX), n = parse_count(argv[2], INT_MAX), k = parse_count(argv[3], INT_MAX);
    long threads = parse_count(argv[4], 1024);
    long warmups = parse_count(argv[5], 1000000);
    long runs = parse_count(argv[6], 1000000);
    if (m < 1 || n < 1 || k < 1 || threads < 1 || warmups < 0 || runs < 0) {
        return usage(argv[0]);
    }
    /* every matrix must hold at most INT_MAX floats: the Java side reads C back into one float[] */
    if (m > INT_MAX / k || k > INT_MAX / n || m > INT_MAX / n) {
        fprintf(stderr, "m=%ld n=%ld k=%ld: a matrix holds more than %d floats\n", m, n, k, INT_MAX);
        return 2;
    }
    return sgemm(m, n, k, threads, warmups, runs, argv[7], argv[8], argv[9]);
}
