/*
 * Reproduces an out-of-bounds read in OpenBLAS 0.3.31's zhemv (the build in org.bytedeco:openblas
 * 0.3.31-1.5.13): column-major upper, with an odd n and incy = 1, cblas_zhemv reads one complex double
 * (16 bytes) past the end of y. Placed against an inaccessible page, y's end makes it die with SIGSEGV.
 * Blas.zhemv then runs on a copy of y with room after it (Quirks.zhemvReadsPastY); OpenBlasReadAndWrapReproTest
 * builds and runs this file.
 *
 * Run:  ./openblas_zhemv_reads_past_y N SLACK [R|C] [U|L]   y ends SLACK bytes before a PROT_NONE page
 *       (column-major upper by default; row-major and lower do not read past y)
 *   ./openblas_zhemv_reads_past_y 3 0    # SIGSEGV (Haswell and Cooperlake kernels; even n do not)
 *   ./openblas_zhemv_reads_past_y 3 16   # prints "ok"
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "cblas.h"

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s N SLACK\n", argv[0]);
        return 2;
    }
    int n = atoi(argv[1]);
    long slack = atol(argv[2]);
    long page = sysconf(_SC_PAGESIZE);
    long ybytes = 16L * n;
    long pages = (ybytes + slack + page - 1) / page + 1;
    char *map = mmap(NULL, pages * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED || mprotect(map + (pages - 1) * page, page, PROT_NONE) != 0) {
        perror("mmap");
        return 2;
    }
    double *y = (double *) (map + (pages - 1) * page - slack - ybytes);
    double *a = calloc(2L * n * n, sizeof(double));
    double *x = calloc(2L * n, sizeof(double));
    for (int i = 0; i < n; i++) {
        a[2L * (i * n + i)] = 1; /* identity: y = x */
        x[2L * i] = i + 1;
    }
    memset(y, 0, ybytes);
    double alpha[2] = {1, 0}, beta[2] = {0, 0};
    printf("config=%s core=%s n=%d, y ends %ld bytes before a PROT_NONE page\n", openblas_get_config(),
           openblas_get_corename(), n, slack);
    fflush(stdout); /* keep this line even if the call below crashes */
    cblas_zhemv(argc > 3 && argv[3][0] == 'R' ? CblasRowMajor : CblasColMajor, argc > 4 && argv[4][0] == 'L' ? CblasLower : CblasUpper, n, alpha, a, n, x, 1, beta, y, 1);
    for (int i = 0; i < n; i++) {
        if (y[2L * i] != i + 1 || y[2L * i + 1] != 0) {
            printf("wrong: y[%d] = %g%+gi, expected %d\n", i, y[2L * i], y[2L * i + 1], i + 1);
            return 1;
        }
    }
    printf("ok\n");
    return 0;
}
