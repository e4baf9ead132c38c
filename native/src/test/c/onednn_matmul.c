// Issue 17, lever 1, measured before building on it: oneDNN's matmul (weights reordered once into the layout the
// primitive asks for, bias as its attribute) against OpenBLAS's sgemm (bias copied into C, beta = 1), one thread
// each, at the L = 128 forward's Q/K/V projection: Y [M, N] = X [M, K] W^T + b, W [N, K] row-major.
// Build and run (oneDNN from org.bytedeco:dnnl:3.11-1.5.13:linux-x86_64, headers and libdnnl.so.3 in the jar):
//   ./mvnw -q dependency:get -Dartifact=org.bytedeco:dnnl:3.11-1.5.13:jar:linux-x86_64
//   d=$(mktemp -d) && unzip -q ~/.m2/repository/org/bytedeco/dnnl/3.11-1.5.13/dnnl-3.11-1.5.13-linux-x86_64.jar -d $d
//   D=$d/org/bytedeco/dnnl/linux-x86_64; OB=$(ls -d ~/.cache/ffmblas/openblas-0.3.31-*linux-x86_64* | head -n 1)
//   cc -O2 -I$D/include native/src/test/c/onednn_matmul.c -o $d/mm -L$D -l:libdnnl.so.3 -L$OB -l:libopenblas.so.0 \
//      -Wl,-rpath,$D:$OB
//   OMP_NUM_THREADS=1 env -u OPENBLAS_CORETYPE $d/mm [M N K]
#include <dnnl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
typedef enum { CblasRowMajor = 101 } L; typedef enum { CblasNoTrans = 111, CblasTrans = 112 } T;
void cblas_sgemm(int, int, int, int, int, int, float, const float *, int, const float *, int, float, float *, int);
void openblas_set_num_threads(int);
char *openblas_get_corename(void);
#define CHECK(x) do { dnnl_status_t s_ = (x); if (s_ != dnnl_success) { printf("%s: %d\n", #x, s_); exit(1); } } while (0)
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }
int main(int argc, char **argv) {
    int M = argc > 1 ? atoi(argv[1]) : 128, N = argc > 2 ? atoi(argv[2]) : 2304, K = argc > 3 ? atoi(argv[3]) : 768;
    int reps = 30;
    openblas_set_num_threads(1);
    float *x = malloc(sizeof(float) * M * K), *w = malloc(sizeof(float) * N * K), *b = malloc(sizeof(float) * N);
    float *y1 = malloc(sizeof(float) * M * N), *y2 = malloc(sizeof(float) * M * N);
    for (long i = 0; i < (long) M * K; i++) x[i] = (i % 7) * 0.1f - 0.3f;
    for (long i = 0; i < (long) N * K; i++) w[i] = (i % 5) * 0.1f - 0.2f;
    for (int i = 0; i < N; i++) b[i] = i * 0.01f;

    dnnl_engine_t eng; CHECK(dnnl_engine_create(&eng, dnnl_cpu, 0));
    dnnl_stream_t st; CHECK(dnnl_stream_create(&st, eng, dnnl_stream_default_flags));
    dnnl_dims_t sd = {M, K}, wd = {K, N}, bd = {1, N}, dd = {M, N};
    dnnl_memory_desc_t src_md, wany_md, wuser_md, bias_md, dst_md;
    CHECK(dnnl_memory_desc_create_with_tag(&src_md, 2, sd, dnnl_f32, dnnl_ab));
    CHECK(dnnl_memory_desc_create_with_tag(&wany_md, 2, wd, dnnl_f32, dnnl_format_tag_any));
    CHECK(dnnl_memory_desc_create_with_tag(&wuser_md, 2, wd, dnnl_f32, dnnl_ba)); // W [N, K] row-major is W^T "ba"
    CHECK(dnnl_memory_desc_create_with_tag(&bias_md, 2, bd, dnnl_f32, dnnl_ab));
    CHECK(dnnl_memory_desc_create_with_tag(&dst_md, 2, dd, dnnl_f32, dnnl_ab));
    for (int packed = 1; packed >= 0; packed--) {
        dnnl_primitive_desc_t pd;
        CHECK(dnnl_matmul_primitive_desc_create(&pd, eng, src_md, packed ? wany_md : wuser_md, bias_md, dst_md, NULL));
        const char *impl; CHECK(dnnl_primitive_desc_query(pd, dnnl_query_impl_info_str, 0, &impl));
        const_dnnl_memory_desc_t wmd = dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md, 0);
        dnnl_primitive_t mm; CHECK(dnnl_primitive_create(&mm, pd));
        dnnl_memory_t sm, wu, wm, bm, dm;
        CHECK(dnnl_memory_create(&sm, src_md, eng, x));
        CHECK(dnnl_memory_create(&wu, wuser_md, eng, w));
        CHECK(dnnl_memory_create(&bm, bias_md, eng, b));
        CHECK(dnnl_memory_create(&dm, dst_md, eng, y2));
        double reorder = 0;
        if (packed) {
            CHECK(dnnl_memory_create(&wm, wmd, eng, DNNL_MEMORY_ALLOCATE));
            dnnl_primitive_desc_t rpd; CHECK(dnnl_reorder_primitive_desc_create(&rpd, wuser_md, eng, wmd, eng, NULL));
            dnnl_primitive_t r; CHECK(dnnl_primitive_create(&r, rpd));
            dnnl_exec_arg_t ra[2] = {{DNNL_ARG_FROM, wu}, {DNNL_ARG_TO, wm}};
            double t0 = now();
            CHECK(dnnl_primitive_execute(r, st, 2, ra)); CHECK(dnnl_stream_wait(st));
            reorder = now() - t0;
        } else {
            wm = wu;
        }
        dnnl_exec_arg_t a[4] = {{DNNL_ARG_SRC, sm}, {DNNL_ARG_WEIGHTS, wm}, {DNNL_ARG_BIAS, bm}, {DNNL_ARG_DST, dm}};
        double best = 1e9, bestBlas = 1e9;
        for (int r = 0; r < reps; r++) {
            double t0 = now();
            CHECK(dnnl_primitive_execute(mm, st, 4, a)); CHECK(dnnl_stream_wait(st));
            double t = now() - t0; if (t < best) best = t;
            t0 = now();
            for (int i = 0; i < M; i++) memcpy(y1 + (long) i * N, b, sizeof(float) * N);
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, M, N, K, 1.0f, x, K, w, K, 1.0f, y1, N);
            t = now() - t0; if (t < bestBlas) bestBlas = t;
        }
        double diff = 0;
        for (long i = 0; i < (long) M * N; i++) { double d = y1[i] - y2[i]; if (d < 0) d = -d; if (d > diff) diff = d; }
        printf("%dx%dx%d weights %s: oneDNN %.3f ms (%s; reorder once %.3f ms), OpenBLAS %s %.3f ms, ratio %.2f, max|diff| %.2g\n",
               M, N, K, packed ? "reordered once" : "as given (ba)", best, impl, reorder, openblas_get_corename(), bestBlas,
               best / bestBlas, diff);
    }
    return 0;
}
