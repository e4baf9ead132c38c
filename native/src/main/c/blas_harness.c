/*
 * The "c" path of ffmblas's BLAS-routine suite (./ffmblas bench --blas): each routine called from plain C, with no
 * JVM in the process, timed by this process's own clock. bench's BlasHarness extracts this file from the class
 * path, compiles it against the very libopenblas.so.0 file ffmblas loaded, as sgemm_harness.c is:
 *
 *   cc -O2 -o blas_harness blas_harness.c -L"$LIB" -l:libopenblas.so.0 -Wl,-rpath,"$LIB"
 *
 * and keeps one process running, driven through stdin, so that its batches take their turn in the Java side's
 * interleaved rounds. One command per line, one answer line each (lines starting with '#' are comments):
 *
 *   info                         "# config=...", "# library=<file loaded>", "# threads=<n>", then "ok"
 *   load ROUTINE N ALPHA DIR     reads the routine's operands from DIR/<name>.bin (raw little-endian floats or
 *                                doubles, column-major; a, b, c are N x N, x, y have N elements), keeps a pristine
 *                                copy of each: "ok"
 *   check                        restores the operands, makes one call, writes each operand the routine writes to
 *                                DIR/<name>.out: "result <scalar>" (dot, nrm2; the 0-based index for i?amax; 0 else)
 *   time CALLS                   CALLS calls in a loop on the current operands: "ns <nanoseconds for all>"
 *   quit
 *
 * The arguments are those the Java paths pass (BlasSuite): column-major, unit strides, leading dimension N;
 * gemv/gemm/syrk/zgemm beta = 0 (gemv, gemm: NoTrans; syrk: Lower, NoTrans, K = N; zgemm alpha = (ALPHA, 0));
 * trsv/trsm Lower, NoTrans, NonUnit (trsm Left, alpha = ALPHA). OpenBLAS runs on 1 thread
 * (openblas_set_num_threads(1) at start). It declares the few OpenBLAS functions it needs itself: the runnable jar
 * carries no cblas.h. The CBLAS enums are passed as the int values cblas.h gives them; blasint is int in this build.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the operand files are little-endian, read as they are"
#endif

enum { COL = 102, NO_TRANS = 111, LOWER = 122, NON_UNIT = 131, LEFT = 141 };

float cblas_sdot(int n, const float *x, int incx, const float *y, int incy);
double cblas_ddot(int n, const double *x, int incx, const double *y, int incy);
void cblas_saxpy(int n, float alpha, const float *x, int incx, float *y, int incy);
void cblas_daxpy(int n, double alpha, const double *x, int incx, double *y, int incy);
float cblas_snrm2(int n, const float *x, int incx);
double cblas_dnrm2(int n, const double *x, int incx);
size_t cblas_isamax(int n, const float *x, int incx);
size_t cblas_idamax(int n, const double *x, int incx);
void cblas_sgemv(int order, int trans, int m, int n, float alpha, const float *a, int lda, const float *x, int incx,
                 float beta, float *y, int incy);
void cblas_dgemv(int order, int trans, int m, int n, double alpha, const double *a, int lda, const double *x,
                 int incx, double beta, double *y, int incy);
void cblas_sger(int order, int m, int n, float alpha, const float *x, int incx, const float *y, int incy, float *a,
                int lda);
void cblas_dger(int order, int m, int n, double alpha, const double *x, int incx, const double *y, int incy,
                double *a, int lda);
void cblas_strsv(int order, int uplo, int trans, int diag, int n, const float *a, int lda, float *x, int incx);
void cblas_dtrsv(int order, int uplo, int trans, int diag, int n, const double *a, int lda, double *x, int incx);
void cblas_sgemm(int order, int ta, int tb, int m, int n, int k, float alpha, const float *a, int lda,
                 const float *b, int ldb, float beta, float *c, int ldc);
void cblas_dgemm(int order, int ta, int tb, int m, int n, int k, double alpha, const double *a, int lda,
                 const double *b, int ldb, double beta, double *c, int ldc);
void cblas_ssyrk(int order, int uplo, int trans, int n, int k, float alpha, const float *a, int lda, float beta,
                 float *c, int ldc);
void cblas_dsyrk(int order, int uplo, int trans, int n, int k, double alpha, const double *a, int lda, double beta,
                 double *c, int ldc);
void cblas_strsm(int order, int side, int uplo, int trans, int diag, int m, int n, float alpha, const float *a,
                 int lda, float *b, int ldb);
void cblas_dtrsm(int order, int side, int uplo, int trans, int diag, int m, int n, double alpha, const double *a,
                 int lda, double *b, int ldb);
void cblas_zgemm(int order, int ta, int tb, int m, int n, int k, const void *alpha, const void *a, int lda,
                 const void *b, int ldb, const void *beta, void *c, int ldc);
void openblas_set_num_threads(int threads);
int openblas_get_num_threads(void);
char *openblas_get_config(void);

/* A routine: its element size, the operands it reads ("a", "b", "c": N x N; "x", "y": N) and those it writes. */
struct routine {
    const char *name;
    int element; /* bytes per stored number: 4 float, 8 double (a complex element is two) */
    int complex;
    const char *operands;
    const char *outputs;
};

static const struct routine ROUTINES[] = {
    {"sdot", 4, 0, "xy", ""},     {"ddot", 8, 0, "xy", ""},     {"saxpy", 4, 0, "xy", "y"},
    {"daxpy", 8, 0, "xy", "y"},   {"snrm2", 4, 0, "x", ""},     {"dnrm2", 8, 0, "x", ""},
    {"isamax", 4, 0, "x", ""},    {"idamax", 8, 0, "x", ""},    {"sgemv", 4, 0, "axy", "y"},
    {"dgemv", 8, 0, "axy", "y"},  {"sger", 4, 0, "xya", "a"},   {"dger", 8, 0, "xya", "a"},
    {"strsv", 4, 0, "ax", "x"},   {"dtrsv", 8, 0, "ax", "x"},   {"sgemm", 4, 0, "abc", "c"},
    {"dgemm", 8, 0, "abc", "c"},  {"ssyrk", 4, 0, "ac", "c"},   {"dsyrk", 8, 0, "ac", "c"},
    {"strsm", 4, 0, "ab", "b"},   {"dtrsm", 8, 0, "ab", "b"},   {"zgemm", 8, 1, "abc", "c"},
};
#define ROUTINE_COUNT (sizeof ROUTINES / sizeof ROUTINES[0])

static const struct routine *routine;
static int n;
static double alpha;
static char dir[4096];
/* operands by letter: the working copy and the pristine one */
static void *work[26], *pristine[26];
static size_t bytes[26];
static volatile double sink;

static int64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static size_t operand_bytes(char name) {
    size_t count = name == 'x' || name == 'y' ? (size_t)n : (size_t)n * (size_t)n;
    return count * (size_t)routine->element * (routine->complex ? 2 : 1);
}

static void release(void) {
    for (int i = 0; i < 26; i++) {
        free(work[i]);
        free(pristine[i]);
        work[i] = pristine[i] = NULL;
        bytes[i] = 0;
    }
    routine = NULL;
}

static int load(const char *name, long size, double scalar, const char *directory) {
    release();
    for (size_t i = 0; i < ROUTINE_COUNT; i++) {
        if (strcmp(ROUTINES[i].name, name) == 0) {
            routine = &ROUTINES[i];
        }
    }
    if (!routine) {
        printf("error unknown routine %s\n", name);
        return -1;
    }
    if (size < 1 || size > 1 << 15 || strlen(directory) >= sizeof dir - 16) {
        printf("error bad size or directory\n");
        return -1;
    }
    n = (int)size;
    alpha = scalar;
    strcpy(dir, directory);
    for (const char *op = routine->operands; *op; op++) {
        int i = *op - 'a';
        bytes[i] = operand_bytes(*op);
        /* 64-byte aligned, like the arena allocations on the Java side */
        if (posix_memalign(&work[i], 64, bytes[i]) != 0 || posix_memalign(&pristine[i], 64, bytes[i]) != 0) {
            printf("error out of memory\n");
            return -1;
        }
        char path[4200];
        snprintf(path, sizeof path, "%s/%c.bin", dir, *op);
        FILE *f = fopen(path, "rb");
        if (!f) {
            printf("error cannot open %s: %s\n", path, strerror(errno));
            return -1;
        }
        size_t got = fread(pristine[i], 1, bytes[i], f);
        int extra = fgetc(f);
        fclose(f);
        if (got != bytes[i] || extra != EOF) {
            printf("error %s must hold exactly %zu bytes\n", path, bytes[i]);
            return -1;
        }
        memcpy(work[i], pristine[i], bytes[i]);
    }
    printf("ok\n");
    return 0;
}

#define F(c) ((float *)work[(c) - 'a'])
#define D(c) ((double *)work[(c) - 'a'])

/* One loop per routine, so that each times nothing but its calls. */
static void run(long calls) {
    const char *r = routine->name;
    int m = n;
    float fa = (float)alpha;
    double acc = 0;
    if (!strcmp(r, "sdot")) {
        for (long i = 0; i < calls; i++) acc += cblas_sdot(m, F('x'), 1, F('y'), 1);
    } else if (!strcmp(r, "ddot")) {
        for (long i = 0; i < calls; i++) acc += cblas_ddot(m, D('x'), 1, D('y'), 1);
    } else if (!strcmp(r, "saxpy")) {
        for (long i = 0; i < calls; i++) cblas_saxpy(m, fa, F('x'), 1, F('y'), 1);
    } else if (!strcmp(r, "daxpy")) {
        for (long i = 0; i < calls; i++) cblas_daxpy(m, alpha, D('x'), 1, D('y'), 1);
    } else if (!strcmp(r, "snrm2")) {
        for (long i = 0; i < calls; i++) acc += cblas_snrm2(m, F('x'), 1);
    } else if (!strcmp(r, "dnrm2")) {
        for (long i = 0; i < calls; i++) acc += cblas_dnrm2(m, D('x'), 1);
    } else if (!strcmp(r, "isamax")) {
        for (long i = 0; i < calls; i++) acc += (double)cblas_isamax(m, F('x'), 1);
    } else if (!strcmp(r, "idamax")) {
        for (long i = 0; i < calls; i++) acc += (double)cblas_idamax(m, D('x'), 1);
    } else if (!strcmp(r, "sgemv")) {
        for (long i = 0; i < calls; i++) cblas_sgemv(COL, NO_TRANS, m, m, fa, F('a'), m, F('x'), 1, 0.0f, F('y'), 1);
    } else if (!strcmp(r, "dgemv")) {
        for (long i = 0; i < calls; i++) cblas_dgemv(COL, NO_TRANS, m, m, alpha, D('a'), m, D('x'), 1, 0.0, D('y'), 1);
    } else if (!strcmp(r, "sger")) {
        for (long i = 0; i < calls; i++) cblas_sger(COL, m, m, fa, F('x'), 1, F('y'), 1, F('a'), m);
    } else if (!strcmp(r, "dger")) {
        for (long i = 0; i < calls; i++) cblas_dger(COL, m, m, alpha, D('x'), 1, D('y'), 1, D('a'), m);
    } else if (!strcmp(r, "strsv")) {
        for (long i = 0; i < calls; i++) cblas_strsv(COL, LOWER, NO_TRANS, NON_UNIT, m, F('a'), m, F('x'), 1);
    } else if (!strcmp(r, "dtrsv")) {
        for (long i = 0; i < calls; i++) cblas_dtrsv(COL, LOWER, NO_TRANS, NON_UNIT, m, D('a'), m, D('x'), 1);
    } else if (!strcmp(r, "sgemm")) {
        for (long i = 0; i < calls; i++)
            cblas_sgemm(COL, NO_TRANS, NO_TRANS, m, m, m, fa, F('a'), m, F('b'), m, 0.0f, F('c'), m);
    } else if (!strcmp(r, "dgemm")) {
        for (long i = 0; i < calls; i++)
            cblas_dgemm(COL, NO_TRANS, NO_TRANS, m, m, m, alpha, D('a'), m, D('b'), m, 0.0, D('c'), m);
    } else if (!strcmp(r, "ssyrk")) {
        for (long i = 0; i < calls; i++) cblas_ssyrk(COL, LOWER, NO_TRANS, m, m, fa, F('a'), m, 0.0f, F('c'), m);
    } else if (!strcmp(r, "dsyrk")) {
        for (long i = 0; i < calls; i++) cblas_dsyrk(COL, LOWER, NO_TRANS, m, m, alpha, D('a'), m, 0.0, D('c'), m);
    } else if (!strcmp(r, "strsm")) {
        for (long i = 0; i < calls; i++)
            cblas_strsm(COL, LEFT, LOWER, NO_TRANS, NON_UNIT, m, m, fa, F('a'), m, F('b'), m);
    } else if (!strcmp(r, "dtrsm")) {
        for (long i = 0; i < calls; i++)
            cblas_dtrsm(COL, LEFT, LOWER, NO_TRANS, NON_UNIT, m, m, alpha, D('a'), m, D('b'), m);
    } else if (!strcmp(r, "zgemm")) {
        double za[2] = {alpha, 0}, zb[2] = {0, 0};
        for (long i = 0; i < calls; i++)
            cblas_zgemm(COL, NO_TRANS, NO_TRANS, m, m, m, za, D('a'), m, D('b'), m, zb, D('c'), m);
    }
    sink = acc;
}

static int check(void) {
    for (const char *op = routine->operands; *op; op++) {
        memcpy(work[*op - 'a'], pristine[*op - 'a'], bytes[*op - 'a']);
    }
    run(1);
    for (const char *op = routine->outputs; *op; op++) {
        char path[4200];
        snprintf(path, sizeof path, "%s/%c.out", dir, *op);
        FILE *f = fopen(path, "wb");
        size_t put = f ? fwrite(work[*op - 'a'], 1, bytes[*op - 'a'], f) : 0;
        if (!f || fclose(f) != 0 || put != bytes[*op - 'a']) {
            printf("error cannot write %s\n", path);
            return -1;
        }
    }
    printf("result %.17g\n", sink);
    return 0;
}

int main(void) {
    openblas_set_num_threads(1);
    char line[8192];
    while (fgets(line, sizeof line, stdin)) {
        char name[64], directory[4200];
        long size, calls;
        double scalar;
        if (!strncmp(line, "quit", 4)) {
            break;
        } else if (!strncmp(line, "info", 4)) {
            Dl_info where;
            const char *library =
                dladdr((void *)openblas_get_config, &where) && where.dli_fname ? where.dli_fname : "?";
            printf("# config=%s\n# library=%s\n# threads=%d\nok\n", openblas_get_config(), library,
                   openblas_get_num_threads());
        } else if (sscanf(line, "load %63s %ld %lf %4199s", name, &size, &scalar, directory) == 4) {
            load(name, size, scalar, directory);
        } else if (!strncmp(line, "check", 5) && routine) {
            check();
        } else if (sscanf(line, "time %ld", &calls) == 1 && routine && calls > 0) {
            int64_t start = now_ns();
            run(calls);
            printf("ns %lld\n", (long long)(now_ns() - start));
        } else {
            printf("error bad command: %s", line);
        }
        fflush(stdout);
    }
    release();
    return 0;
}
