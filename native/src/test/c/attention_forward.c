/*
 * ffmblas's one-thread self-attention forward (needWeights = false, no mask) as plain C calls to OpenBLAS, with
 * no JVM in the process: the ceiling for the Java forward, which makes the same calls. It asks whether the gap
 * between a forward and "the roofline" (FLOPs over the n = 1024 sgemm rate) is the Java code's or OpenBLAS's.
 *
 * Per forward, as MultiHeadAttention does it at one thread:
 *   QKV [B*L, 3d] = X W_qkv^T + b_qkv    bias rows copied into C, then cblas_sgemm with beta = 1
 *   per batch row, group of heads, tile of query rows (the tiling rule of MultiHeadAttention.headsPerTile and
 *   tileRows at one thread without a mask, or TILE_ROWS rows), each product for the group's heads at once as
 *   Blas.sgemmBatchStrided makes it: one cblas_sgemm_batch_strided call when there are several heads and
 *   M*N*K > 1,000,000 (below that OpenBLAS 0.3.31's batch crashes), else a loop of cblas_sgemm:
 *     S_h = (1/sqrt(depth)) Q_h K_h^T    Q_h and K_h strided views of QKV (ld 3d), beta = 0
 *     softmax rows of S_h in place       a max pass, then exp (the Cephes polynomial of FastExp) and sum
 *     Q_h := S_h V_h, rows * 1/sum      cblas_sgemm into Q_h's own columns, then the deferred normalisation
 *   OUT [B*L, d] = CTX W_o^T + b_o       CTX is QKV's first d columns (ld 3d)
 *
 * Usage:
 *   attention_forward check
 *       Compares the forward above with a naive triple-loop attention in double precision, on awkward shapes and
 *       tiles. Prints one line per case; exit 0 when every case is within 1e-4, 1 otherwise.
 *   attention_forward logits ROWS L DEPTH LD
 *       The logits product alone, hot in cache: (ROWS x DEPTH) times (L x DEPTH)^T, both operands views with
 *       leading dimension LD, into a dense ROWS x L block, with beta = 0 (what the forward passes: OpenBLAS then
 *       zeroes C in a pass of its own) and with beta = 1 (the block then accumulates; its values stay small). Best of 20 calls each, three lines.
 *   attention_forward B L d H FORWARDS [TILE_ROWS|0] [no-softmax]
 *       One OpenBLAS thread. The best of 10 n = 1024 sgemm calls, then FORWARDS forwards of warm-up and four
 *       rounds of FORWARDS, a line per round: forward time and % of the roofline, time in the projections, the
 *       logits and the context products (with their GFLOP/s), and the rest (softmax, bias copies). no-softmax
 *       skips the softmax and normalisation: the products alone.
 *
 * Build (the same way as sgemm_batch_small_crash.c, see README.md), adding -O3 -march=native -lm.
 */
#include <cblas.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double) t.tv_sec + (double) t.tv_nsec * 1e-9;
}

static float *floats(size_t n) {
    float *p = aligned_alloc(64, (n * sizeof(float) + 63) / 64 * 64);
    if (p == NULL) {
        fprintf(stderr, "out of memory (%zu floats)\n", n);
        exit(3);
    }
    return p;
}

/* Deterministic values in [-scale/2, scale/2). */
static float *random_floats(size_t n, unsigned seed, float scale) {
    float *p = floats(n);
    unsigned s = seed * 2654435761u + 12345u;
    for (size_t i = 0; i < n; i++) {
        s = s * 1664525u + 1013904223u;
        p[i] = ((float) (s >> 8) / 16777216.0f - 0.5f) * scale;
    }
    return p;
}

/* FastExp.exp: 2^n times Cephes' polynomial, n rounded by adding 1.5*2^23. Arguments here are <= 0. */
static inline float fast_exp(float x) {
    float c = x < -87.3f ? -87.3f : x;
    float t = fmaf(c, 1.44269504088896341f, 0x1.8p23f);
    float n = t - 0x1.8p23f;
    float r = fmaf(n, -0.693359375f, c);
    r = fmaf(n, 2.12194440e-4f, r);
    float p = fmaf(1.9875691500e-4f, r, 1.3981999507e-3f);
    p = fmaf(p, r, 8.3334519073e-3f);
    p = fmaf(p, r, 4.1665795894e-2f);
    p = fmaf(p, r, 1.6666665459e-1f);
    p = fmaf(p, r, 5.0000001201e-1f);
    p = fmaf(p, r * r, r + 1.0f);
    uint32_t bits;
    memcpy(&bits, &t, sizeof bits);
    bits = (bits + 127u) << 23;
    float scale;
    memcpy(&scale, &bits, sizeof scale);
    return x < -87.3f ? 0.0f : p * scale;
}

/* The two row passes of the softmax, in place; returns 1/sum for the deferred normalisation. */
static float softmax_row(float *row, int n) {
    enum { LANES = 16 };
    float lane[LANES];
    for (int u = 0; u < LANES; u++) lane[u] = -INFINITY;
    int j = 0;
    for (; j + LANES <= n; j += LANES)
        for (int u = 0; u < LANES; u++) lane[u] = row[j + u] > lane[u] ? row[j + u] : lane[u];
    float max = -INFINITY;
    for (int u = 0; u < LANES; u++) max = lane[u] > max ? lane[u] : max;
    for (; j < n; j++) max = row[j] > max ? row[j] : max;

    float sums[LANES] = {0};
    for (j = 0; j + LANES <= n; j += LANES)
        for (int u = 0; u < LANES; u++) {
            float e = fast_exp(row[j + u] - max);
            row[j + u] = e;
            sums[u] += e;
        }
    float sum = 0;
    for (int u = 0; u < LANES; u++) sum += sums[u];
    for (; j < n; j++) {
        float e = fast_exp(row[j] - max);
        row[j] = e;
        sum += e;
    }
    return 1.0f / sum;
}

typedef struct {
    int batch, length, d, heads, depth, group, tile_rows;
    const float *x, *w_qkv, *b_qkv, *w_out, *b_out;
    float *qkv, *out, *scores, *inverses;
    double projections, logits, context; /* seconds, accumulated */
} Forward;

/* MultiHeadAttention.headsPerTile and tileRows at one thread (TILE_FLOATS = 2^20, MIN_TILE_ROWS = 512). */
static void java_tiling(Forward *f) {
    long tile_floats = 1L << 20, length = f->length;
    long rows = length < 512 ? length : 512;
    long fit = tile_floats / (rows * length);
    f->group = (int) (fit < 1 ? 1 : fit > f->heads ? f->heads : fit);
    long limit = tile_floats / (length * f->group);
    if (limit < 16) limit = 16;
    f->tile_rows = f->length;
    if (limit < length) {
        long tiles = (length + limit - 1) / limit;
        f->tile_rows = (int) ((length + tiles - 1) / tiles);
    }
}

/* Blas.batchRoute: the batch entry point for several products above OpenBLAS 0.3.31's crash limit, else a loop. */
static void products(CBLAS_TRANSPOSE trans_b, int m, int n, int k, float alpha, const float *a, int lda, int stride_a,
                     const float *b, int ldb, int stride_b, float *c, int ldc, int stride_c, int count) {
    if (count > 1 && (long) m * n * k > 1000000L) {
        cblas_sgemm_batch_strided(CblasRowMajor, CblasNoTrans, trans_b, m, n, k, alpha, a, lda, stride_a, b, ldb,
                                  stride_b, 0.0f, c, ldc, stride_c, count);
        return;
    }
    for (int i = 0; i < count; i++)
        cblas_sgemm(CblasRowMajor, CblasNoTrans, trans_b, m, n, k, alpha, a + (size_t) i * stride_a, lda,
                    b + (size_t) i * stride_b, ldb, 0.0f, c + (size_t) i * stride_c, ldc);
}

static void forward(Forward *f, int softmax) {
    int n = f->batch * f->length, d = f->d, ld = 3 * d, depth = f->depth, length = f->length;
    float scale = 1.0f / sqrtf((float) depth);
    for (int i = 0; i < n; i++) memcpy(f->qkv + (size_t) i * ld, f->b_qkv, (size_t) ld * sizeof(float));
    double t = now();
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, n, ld, d, 1.0f, f->x, d, f->w_qkv, d, 1.0f, f->qkv, ld);
    f->projections += now() - t;
    for (int b = 0; b < f->batch; b++)
        for (int h0 = 0; h0 < f->heads; h0 += f->group)
            for (int row = 0; row < length; row += f->tile_rows) {
                int rows = length - row < f->tile_rows ? length - row : f->tile_rows;
                int group = f->heads - h0 < f->group ? f->heads - h0 : f->group;
                float *q = f->qkv + ((size_t) b * length + row) * ld + (size_t) h0 * depth;
                const float *k = f->qkv + (size_t) b * length * ld + d + (size_t) h0 * depth, *v = k + d;
                t = now();
                products(CblasTrans, rows, length, depth, scale, q, ld, depth, k, ld, depth, f->scores, length,
                         rows * length, group);
                f->logits += now() - t;
                if (softmax)
                    for (int h = 0; h < group; h++)
                        for (int r = 0; r < rows; r++)
                            f->inverses[h * rows + r] = softmax_row(f->scores + ((size_t) h * rows + r) * length,
                                                                    length);
                t = now();
                products(CblasNoTrans, rows, depth, length, 1.0f, f->scores, length, rows * length, v, ld, depth, q,
                         ld, depth, group);
                f->context += now() - t;
                if (softmax)
                    for (int h = 0; h < group; h++)
                        for (int r = 0; r < rows; r++) {
                            float *o = q + (size_t) r * ld + h * depth, inverse = f->inverses[h * rows + r];
                            for (int j = 0; j < depth; j++) o[j] *= inverse;
                        }
            }
    for (int i = 0; i < n; i++) memcpy(f->out + (size_t) i * d, f->b_out, (size_t) d * sizeof(float));
    t = now();
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, n, d, d, 1.0f, f->qkv, ld, f->w_out, d, 1.0f, f->out, d);
    f->projections += now() - t;
}

static Forward make(int batch, int length, int d, int heads, int tile_rows) {
    Forward f = {.batch = batch, .length = length, .d = d, .heads = heads, .depth = d / heads};
    java_tiling(&f);
    if (tile_rows > 0) f.tile_rows = tile_rows < length ? tile_rows : length;
    size_t n = (size_t) batch * length;
    float w = 2.0f / sqrtf((float) d);
    f.x = random_floats(n * d, 1, 2.0f);
    f.w_qkv = random_floats((size_t) 3 * d * d, 2, w);
    f.b_qkv = random_floats((size_t) 3 * d, 3, 0.2f);
    f.w_out = random_floats((size_t) d * d, 4, w);
    f.b_out = random_floats((size_t) d, 5, 0.2f);
    f.qkv = floats(n * 3 * d);
    f.out = floats(n * d);
    f.scores = floats((size_t) f.group * f.tile_rows * length);
    f.inverses = floats((size_t) f.group * f.tile_rows);
    return f;
}

static void release(Forward *f) {
    void *all[] = {(void *) f->x, (void *) f->w_qkv, (void *) f->b_qkv, (void *) f->w_out, (void *) f->b_out,
                   f->qkv, f->out, f->scores, f->inverses};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) free(all[i]);
}

/* Attention straight from the definition, in double: projections, per-head softmax(QK^T/sqrt(depth))V, output. */
static double max_difference(const Forward *f) {
    int n = f->batch * f->length, d = f->d, depth = f->depth, length = f->length;
    double *qkv = malloc(sizeof(double) * n * 3 * d), *ctx = malloc(sizeof(double) * n * d),
           *p = malloc(sizeof(double) * length);
    if (qkv == NULL || ctx == NULL || p == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(3);
    }
    for (int i = 0; i < n; i++)
        for (int o = 0; o < 3 * d; o++) {
            double s = f->b_qkv[o];
            for (int j = 0; j < d; j++) s += (double) f->x[(size_t) i * d + j] * f->w_qkv[(size_t) o * d + j];
            qkv[(size_t) i * 3 * d + o] = s;
        }
    for (int b = 0; b < f->batch; b++)
        for (int h = 0; h < f->heads; h++)
            for (int r = 0; r < length; r++) {
                const double *q = qkv + ((size_t) b * length + r) * 3 * d + h * depth;
                double max = -INFINITY, sum = 0;
                for (int c = 0; c < length; c++) {
                    const double *k = qkv + ((size_t) b * length + c) * 3 * d + d + h * depth;
                    double s = 0;
                    for (int j = 0; j < depth; j++) s += q[j] * k[j];
                    p[c] = s / sqrt((double) depth);
                    if (p[c] > max) max = p[c];
                }
                for (int c = 0; c < length; c++) sum += p[c] = exp(p[c] - max);
                for (int j = 0; j < depth; j++) {
                    double s = 0;
                    for (int c = 0; c < length; c++) s += p[c] * qkv[((size_t) b * length + c) * 3 * d + 2 * d + h * depth + j];
                    ctx[((size_t) b * length + r) * d + h * depth + j] = s / sum;
                }
            }
    double worst = 0;
    for (int i = 0; i < n; i++)
        for (int o = 0; o < d; o++) {
            double s = f->b_out[o];
            for (int j = 0; j < d; j++) s += ctx[(size_t) i * d + j] * f->w_out[(size_t) o * d + j];
            double diff = fabs(s - f->out[(size_t) i * d + o]);
            if (!(diff <= worst)) worst = diff; /* NaN counts as worst */
        }
    free(qkv);
    free(ctx);
    free(p);
    return worst;
}

static int check(void) {
    static const int cases[][5] = {{1, 1, 8, 2, 0},  {2, 7, 12, 3, 0},   {2, 33, 48, 4, 0},
                                   {1, 130, 64, 8, 7}, {3, 33, 96, 2, 16}, {1, 600, 32, 2, 0}};
    int failed = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const int *c = cases[i];
        Forward f = make(c[0], c[1], c[2], c[3], c[4]);
        forward(&f, 1);
        double worst = max_difference(&f);
        int ok = worst <= 1e-4;
        failed |= !ok;
        printf("check B=%d L=%d d=%d H=%d group=%d tileRows=%d: max |difference| %.3g %s\n", c[0], c[1], c[2], c[3],
               f.group, f.tile_rows, worst, ok ? "ok" : "FAILED");
        release(&f);
    }
    return failed;
}

static int logits(int rows, int length, int depth, int ld) {
    float *qk = random_floats((size_t) length * ld, 8, 1.0f), *s = floats((size_t) rows * length);
    memset(s, 0, (size_t) rows * length * sizeof(float));
    double flops = 2.0 * rows * length * depth;
    for (int line = 0; line < 3; line++) {
        double best[2] = {INFINITY, INFINITY};
        for (int r = 0; r < 20; r++)
            for (int beta = 0; beta <= 1; beta++) {
                double t = now(); /* alpha = 0 would return before the product */
                cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, rows, length, depth, 0.125f, qk, ld, qk + depth,
                            ld, (float) beta, s, length);
                t = now() - t;
                if (t < best[beta]) best[beta] = t;
            }
        printf("logits %d x %d x %d, ld %d: beta = 0 %.3f ms, %.0f GFLOP/s | beta = 1 %.3f ms, %.0f GFLOP/s\n", rows,
               length, depth, ld, best[0] * 1e3, flops / best[0] / 1e9, best[1] * 1e3, flops / best[1] / 1e9);
    }
    free(qk);
    free(s);
    return 0;
}

/* A whole number in [min, 2^20], or -1. */
static int count(const char *s, int min) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    return errno == 0 && end != s && *end == '\0' && v >= min && v <= 1 << 20 ? (int) v : -1;
}

static int positive(const char *s) { return count(s, 1); }

int main(int argc, char **argv) {
    openblas_set_num_threads(1);
    if (argc == 2 && strcmp(argv[1], "check") == 0) return check();
    if (argc == 6 && strcmp(argv[1], "logits") == 0) {
        int rows = positive(argv[2]), length = positive(argv[3]), depth = positive(argv[4]), ld = positive(argv[5]);
        if (rows > 0 && rows <= length && depth > 0 && ld >= 2 * depth) return logits(rows, length, depth, ld);
    }
    int batch = argc > 5 ? positive(argv[1]) : -1, length = argc > 5 ? positive(argv[2]) : -1,
        d = argc > 5 ? positive(argv[3]) : -1, heads = argc > 5 ? positive(argv[4]) : -1,
        forwards = argc > 5 ? positive(argv[5]) : -1, tile = argc > 6 ? count(argv[6], 0) : 0;
    int softmax = argc <= 7;
    int bad_flag = argc > 7 && strcmp(argv[7], "no-softmax") != 0;
    /* B*L rows of 3d floats must fit the int arithmetic of the calls */
    int too_big = batch > 0 && length > 0 && d > 0 && (long) batch * length * 3 * d > INT32_MAX;
    if (batch < 0 || length < 0 || d < 0 || heads < 0 || forwards < 0 || tile < 0 || d % heads != 0 || argc > 8
        || bad_flag || too_big) {
        fprintf(stderr, "usage: %s check\n       %s logits ROWS L DEPTH LD\n       %s B L d H FORWARDS [TILE_ROWS|0] [no-softmax]\n",
                argv[0], argv[0], argv[0]);
        return 2;
    }
    Forward f = make(batch, length, d, heads, tile);

    int size = 1024;
    float *a = random_floats((size_t) size * size, 6, 1), *b = random_floats((size_t) size * size, 7, 1),
          *c = floats((size_t) size * size);
    double best = INFINITY;
    for (int r = 0; r < 12; r++) {
        double t = now();
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, size, size, size, 1, a, size, b, size, 0, c, size);
        t = now() - t;
        if (r >= 2 && t < best) best = t;
    }
    double rate = 2.0 * size * size * size / best;
    double flops = 8.0 * batch * length * (double) d * d + 4.0 * batch * (double) length * length * d;
    double product = 2.0 * batch * (double) length * length * d; /* each of logits and context */
    printf("%s; core %s; B=%d L=%d d=%d H=%d group=%d tileRows=%d softmax=%s\n", openblas_get_config(),
           openblas_get_corename(), batch, length, d, heads, f.group, f.tile_rows, softmax ? "yes" : "no");
    for (int round = 0; round <= 4; round++) {
        f.projections = f.logits = f.context = 0;
        double t = now();
        for (int i = 0; i < forwards; i++) forward(&f, softmax);
        double each = (now() - t) / forwards;
        double p = f.projections / forwards, l = f.logits / forwards, x = f.context / forwards;
        if (round > 0)
            printf("sgemm n=1024 %.0f GFLOP/s | forward %.2f ms, %.0f%% of roofline | projections %.2f ms | "
                   "logits %.2f ms, %.0f GFLOP/s | context %.2f ms, %.0f GFLOP/s | rest %.2f ms\n",
                   rate / 1e9, each * 1e3, 100 * flops / rate / each, p * 1e3, l * 1e3, product / l / 1e9, x * 1e3,
                   product / x / 1e9, (each - p - l - x) * 1e3);
    }
    release(&f);
    free(a);
    free(b);
    free(c);
    return 0;
}
