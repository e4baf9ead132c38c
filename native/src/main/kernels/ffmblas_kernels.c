/*
 * ffmblas's own kernels, compiled by the build (native/pom.xml, profile "kernels") with -mavx2 -mfma -falign-loops=64
 * -ffp-contract=off (no multiply-add fused that the code does not fuse itself: the softmax must round as Java's) into
 * libffmblas_kernels.so; Java calls them only on CPUs with AVX2 and FMA (CpuInfo).
 *
 * ffmblas_sgemm_packed: C = A op(B) + bias with op(B) packed once, for the projections of attention, whose weights
 * stay constant. After MLAS's AVX2/FMA SGEMM: A is read in place with one broadcast per row and depth step, B is
 * packed 16 columns wide, and a 6 x 16 tile of C accumulates in 12 of the 16 ymm registers. OpenBLAS packs all of B
 * on every call (1.0 ms of a 5.8 ms projection at 128 rows, docs/performance.md); this does it once.
 *
 * ffmblas_sgemm_panels, ffmblas_pack_rows, ffmblas_pack_columns: the same kernel for the heads' products, each head's
 * K (for Q K^T) and V (for P V) packed once per forward and used by every tile of query rows.
 *
 * ffmblas_softmax_rows: the attention's softmax rows, with the same bits as its Java Vector API kernel.
 *
 * Blocking (swept on Zen 3 by native/src/test/c/packed_sgemm_blocking.c, docs/performance.md): the whole depth in
 * one block up to KC_MAX (deeper: equal blocks of at most KC_MAX), so C is written once, not read back per depth block
 * (a 128 x 2304 C is 1.2 MiB, more than L2); MC_SHALLOW rows of A a block when that depth is at most SHALLOW (the
 * block then fits L2; a 128-row projection is one block, each panel of B read once), else MC_DEEP; NC columns of B
 * (KC x NC in L3) across all of A's rows. A KC x 16 panel of B streams through L1 across a block's rows.
 */
#include "ffmblas_kernels.h"

#include <immintrin.h>
#include <string.h>

#define NR 16
#define MR 6
/* Overridable for native/src/test/c/packed_sgemm_blocking.c, which sweeps them. */
#ifndef KC_MAX
#define KC_MAX 1024
#endif
#ifndef MC_SHALLOW
#define MC_SHALLOW 132 /* rows of A a block when a depth block is at most SHALLOW deep: 132 x 768 floats, 396 KiB */
#endif
#ifndef MC_DEEP
#define MC_DEEP 72
#endif
#ifndef SHALLOW
#define SHALLOW 768
#endif
#define NC 1024
#ifndef TILE_UNROLL
#define TILE_UNROLL 2 /* depth steps an iteration of tile(); 1 builds the loop before, for kernel_builds.c */
#endif
#define PRAGMA(x) _Pragma(#x)
#define UNROLL(n) PRAGMA(GCC unroll n)

/* One row of a tile, 16 floats at cr: (first ? bias, or 0 : what cr holds) + alpha (s0, s1). */
static inline __attribute__((always_inline)) void store_row(float *cr, __m256 s0, __m256 s1, __m256 alpha,
                                                            int first, const float *bias) {
    __m256 c0 = first ? (bias ? _mm256_loadu_ps(bias) : _mm256_setzero_ps()) : _mm256_loadu_ps(cr);
    __m256 c1 = first ? (bias ? _mm256_loadu_ps(bias + 8) : _mm256_setzero_ps()) : _mm256_loadu_ps(cr + 8);
    _mm256_storeu_ps(cr, _mm256_fmadd_ps(alpha, s0, c0));
    _mm256_storeu_ps(cr + 8, _mm256_fmadd_ps(alpha, s1, c1));
}

/* rows x 16 tile over depth kc: C (row stride ldc) = (first ? bias, or 0 : C) + A B. */
static inline __attribute__((always_inline)) void tile(const int rows, int kc, const float *a, int64_t lda,
                                                       const float *b, float *c, int64_t ldc, float alpha,
                                                       int first, const float *bias) {
    __m256 acc[MR][2];
#pragma GCC unroll 6
    for (int r = 0; r < MR; r++) {
        if (r < rows) {
            acc[r][0] = _mm256_setzero_ps();
            acc[r][1] = _mm256_setzero_ps();
        }
    }
    /* TILE_UNROLL depth steps an iteration, the loop 64-byte aligned (-falign-loops=64): 2-4% faster than one step on
     * Zen 3 at every product of attention (native/src/test/c/kernel_builds.c); one step aligned, or two unaligned,
     * was not. */
    UNROLL(TILE_UNROLL)
    for (int kk = 0; kk < kc; kk++) {
        __m256 b0 = _mm256_load_ps(b);
        __m256 b1 = _mm256_load_ps(b + 8);
#pragma GCC unroll 6
        for (int r = 0; r < MR; r++) {
            if (r < rows) {
                __m256 ar = _mm256_broadcast_ss(a + r * lda);
                acc[r][0] = _mm256_fmadd_ps(ar, b0, acc[r][0]);
                acc[r][1] = _mm256_fmadd_ps(ar, b1, acc[r][1]);
            }
        }
        a++;
        b += NR;
    }
#pragma GCC unroll 6
    for (int r = 0; r < MR; r++) {
        if (r < rows) {
            store_row(c + r * ldc, acc[r][0], acc[r][1], _mm256_set1_ps(alpha), first, bias);
        }
    }
}

/*
 * One or two rows: as tile(), but with the depth split into PH interleaved phases summed at the end, so 8 FMA chains
 * are in flight (two FMA pipes of latency 4 need 8) where the rows alone give 2 or 4. A decoding step's projections
 * are one row.
 */
static inline __attribute__((always_inline)) void tile_narrow(const int rows, int kc, const float *a, int64_t lda,
                                                              const float *b, float *c, int64_t ldc, float alpha,
                                                              int first, const float *bias) {
    enum { PH = 4 };
    __m256 acc[PH][2][2];
#pragma GCC unroll 4
    for (int q = 0; q < PH; q++) {
#pragma GCC unroll 2
        for (int r = 0; r < 2; r++) {
            acc[q][r][0] = _mm256_setzero_ps();
            acc[q][r][1] = _mm256_setzero_ps();
        }
    }
    const int phases = rows == 1 ? 4 : 2;
    int kk = 0;
    for (; kk + phases <= kc; kk += phases) {
#pragma GCC unroll 4
        for (int q = 0; q < PH; q++) {
            if (q < phases) {
                __m256 b0 = _mm256_load_ps(b + (kk + q) * NR);
                __m256 b1 = _mm256_load_ps(b + (kk + q) * NR + 8);
#pragma GCC unroll 2
                for (int r = 0; r < 2; r++) {
                    if (r < rows) {
                        __m256 ar = _mm256_broadcast_ss(a + r * lda + kk + q);
                        acc[q][r][0] = _mm256_fmadd_ps(ar, b0, acc[q][r][0]);
                        acc[q][r][1] = _mm256_fmadd_ps(ar, b1, acc[q][r][1]);
                    }
                }
            }
        }
    }
    for (; kk < kc; kk++) {
        __m256 b0 = _mm256_load_ps(b + kk * NR);
        __m256 b1 = _mm256_load_ps(b + kk * NR + 8);
#pragma GCC unroll 2
        for (int r = 0; r < 2; r++) {
            if (r < rows) {
                __m256 ar = _mm256_broadcast_ss(a + r * lda + kk);
                acc[0][r][0] = _mm256_fmadd_ps(ar, b0, acc[0][r][0]);
                acc[0][r][1] = _mm256_fmadd_ps(ar, b1, acc[0][r][1]);
            }
        }
    }
#pragma GCC unroll 2
    for (int r = 0; r < 2; r++) {
        if (r < rows) {
            __m256 s0 = _mm256_add_ps(_mm256_add_ps(acc[0][r][0], acc[1][r][0]),
                                      _mm256_add_ps(acc[2][r][0], acc[3][r][0]));
            __m256 s1 = _mm256_add_ps(_mm256_add_ps(acc[0][r][1], acc[1][r][1]),
                                      _mm256_add_ps(acc[2][r][1], acc[3][r][1]));
            store_row(c + r * ldc, s0, s1, _mm256_set1_ps(alpha), first, bias);
        }
    }
}

static void tiles(int rows, int kc, const float *a, int64_t lda, const float *b, float *c, int64_t ldc, float alpha,
                  int first, const float *bias) {
    switch (rows) {
        case 6: tile(6, kc, a, lda, b, c, ldc, alpha, first, bias); break;
        case 5: tile(5, kc, a, lda, b, c, ldc, alpha, first, bias); break;
        case 4: tile(4, kc, a, lda, b, c, ldc, alpha, first, bias); break;
        case 3: tile(3, kc, a, lda, b, c, ldc, alpha, first, bias); break;
        case 2: tile_narrow(2, kc, a, lda, b, c, ldc, alpha, first, bias); break;
        default: tile_narrow(1, kc, a, lda, b, c, ldc, alpha, first, bias); break;
    }
}

/* C = alpha A op(B) + bias on panels panel_stride floats apart (pointers already at their first element). */
static void sgemm_panels(int32_t m, int32_t n, int32_t k, float alpha, const float *a, int64_t lda,
                         const float *packed, int64_t panel_stride, const float *bias, float *c, int64_t ldc) {
    float edge[MR * NR];
    float edge_bias[NR];
    if (m <= 0 || n <= 0 || k <= 0) {
        return; /* the callers never pass these (PackedGemm takes empty products elsewhere): no block size from 0 */
    }
    const int64_t depth_blocks = ((int64_t) k + KC_MAX - 1) / KC_MAX;
    const int kc_block = (int) ((k + depth_blocks - 1) / depth_blocks);
    const int mc = kc_block <= SHALLOW ? MC_SHALLOW : MC_DEEP;
    /* 64-bit counters: m or n near 2^31 must not wrap a block start (the extents themselves fit in memory). */
    for (int64_t j0 = 0; j0 < n; j0 += NC) {
        int64_t j1 = n - j0 < NC ? n : j0 + NC;
        for (int64_t k0 = 0; k0 < k; k0 += kc_block) {
            int kc = (int) (k - k0 < kc_block ? k - k0 : kc_block);
            for (int64_t i0 = 0; i0 < m; i0 += mc) {
                int64_t i1 = m - i0 < mc ? m : i0 + mc;
                for (int64_t p = j0 / NR; p * NR < j1; p++) {
                    int cols = (int) (n - p * NR < NR ? n - p * NR : NR);
                    const float *bp = packed + p * panel_stride + k0 * NR;
                    const float *pb = bias ? bias + p * NR : NULL;
                    if (cols < NR && pb) {
                        memset(edge_bias, 0, sizeof edge_bias);
                        memcpy(edge_bias, pb, sizeof(float) * cols);
                        pb = edge_bias;
                    }
                    for (int64_t i = i0; i < i1; i += MR) {
                        int rows = (int) (i1 - i < MR ? i1 - i : MR);
                        const float *ai = a + i * lda + k0;
                        float *ci = c + i * ldc + p * NR;
                        if (cols == NR) {
                            tiles(rows, kc, ai, lda, bp, ci, ldc, alpha, k0 == 0, pb);
                        } else {
                            /* The last, narrower panel: through a 16-wide copy, so no store passes C's edge. */
                            for (int r = 0; r < rows && k0 > 0; r++) {
                                memcpy(edge + r * NR, ci + (int64_t) r * ldc, sizeof(float) * cols);
                            }
                            tiles(rows, kc, ai, lda, bp, edge, NR, alpha, k0 == 0, pb);
                            for (int r = 0; r < rows; r++) {
                                memcpy(ci + (int64_t) r * ldc, edge + r * NR, sizeof(float) * cols);
                            }
                        }
                    }
                }
            }
        }
    }
}

/*
 * C (m x n at c + c_offset, leading dimension ldc) = A (m x k at a + a_offset, lda) op(B) + bias (n floats at
 * bias + bias_offset; bias NULL: none), one thread. op(B)'s n columns are packed from packed + packed_offset: panel p
 * (columns 16p .. 16p + 15) is k x 16 floats, depth-major, 32-byte aligned, the last panel padded with zeros. Offsets
 * are in floats. m, n, k > 0; the caller (PackedGemm) has checked every extent.
 */
void ffmblas_sgemm_packed(int32_t m, int32_t n, int32_t k, const float *a, int64_t a_offset, int64_t lda,
                          const float *packed, int64_t packed_offset, const float *bias, int64_t bias_offset,
                          float *c, int64_t c_offset, int64_t ldc) {
    sgemm_panels(m, n, k, 1.0f, a + a_offset, lda, packed + packed_offset, (int64_t) NR * k,
                 bias ? bias + bias_offset : NULL, c + c_offset, ldc);
}

/*
 * C = alpha A op(B), no bias, op(B)'s panels panel_stride floats apart (at least 16 k: a panel packed for more depth
 * than this product uses, as the keys of a head's V under a causal mask), for the heads' products: op(B) is a head's
 * K^T or V packed once per head by ffmblas_pack_rows or ffmblas_pack_columns. m, n, k > 0; the caller has checked
 * every extent.
 */
void ffmblas_sgemm_panels(int32_t m, int32_t n, int32_t k, float alpha, const float *a, int64_t a_offset,
                          int64_t lda, const float *packed, int64_t packed_offset, int64_t panel_stride, float *c,
                          int64_t c_offset, int64_t ldc) {
    sgemm_panels(m, n, k, alpha, a + a_offset, lda, packed + packed_offset, panel_stride, NULL, c + c_offset, ldc);
}

/* The 8 x 8 block of floats in r, transposed in place. */
static inline void transpose8(__m256 r[8]) {
    __m256 t[8], u[8];
    for (int i = 0; i < 8; i += 2) {
        t[i] = _mm256_unpacklo_ps(r[i], r[i + 1]);
        t[i + 1] = _mm256_unpackhi_ps(r[i], r[i + 1]);
    }
    for (int i = 0; i < 8; i += 4) {
        u[i] = _mm256_shuffle_ps(t[i], t[i + 2], 0x44);
        u[i + 1] = _mm256_shuffle_ps(t[i], t[i + 2], 0xEE);
        u[i + 2] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0x44);
        u[i + 3] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0xEE);
    }
    for (int i = 0; i < 4; i++) {
        r[i] = _mm256_permute2f128_ps(u[i], u[i + 4], 0x20);
        r[i + 4] = _mm256_permute2f128_ps(u[i], u[i + 4], 0x31);
    }
}

/*
 * Packs X^T, X n rows of k floats (row stride ldx): panel p is X's rows 16p .. 16p + 15 as k x 16, depth-major,
 * zero-padded past row n, panels 16 k floats apart from packed + packed_offset (depth counters 64-bit: 16 k can pass
 * 2^31). A head's K for Q K^T, and PackedGemm's weights. 8 x 8 blocks are transposed in registers (a float at a time
 * took 10% of a head's products at 128 keys on Zen 3, AVX2). The next panel's rows are prefetched: they are ldx floats
 * apart (3 d for a head of the fused projection), too far for the hardware prefetcher, and on a long sequence they
 * come from DRAM.
 */
void ffmblas_pack_rows(int32_t n, int32_t k, const float *x, int64_t x_offset, int64_t ldx, float *packed,
                       int64_t packed_offset) {
    x += x_offset;
    packed += packed_offset;
    for (int64_t p = 0; p * NR < n; p++) {
        int rows = (int) (n - p * NR < NR ? n - p * NR : NR);
        float *d = packed + p * NR * k;
        for (int64_t r = (p + 1) * NR; r < (p + 2) * NR && r < n; r++) {
            for (int64_t kk = 0; kk < k; kk += 16) {
                _mm_prefetch((const char *) (x + r * ldx + kk), _MM_HINT_T0);
            }
        }
        if (rows < NR) {
            memset(d, 0, sizeof(float) * NR * (size_t) k);
        }
        int j = 0;
        for (; j + 8 <= rows; j += 8) {
            const float *src = x + (p * NR + j) * ldx;
            int64_t kk = 0;
            for (; kk + 8 <= k; kk += 8) {
                __m256 r[8];
                for (int i = 0; i < 8; i++) {
                    r[i] = _mm256_loadu_ps(src + i * ldx + kk);
                }
                transpose8(r);
                for (int c = 0; c < 8; c++) {
                    _mm256_storeu_ps(d + (kk + c) * NR + j, r[c]);
                }
            }
            for (; kk < k; kk++) {
                for (int i = 0; i < 8; i++) {
                    d[kk * NR + j + i] = src[i * ldx + kk];
                }
            }
        }
        for (; j < rows; j++) {
            const float *src = x + (p * NR + j) * ldx;
            for (int64_t kk = 0; kk < k; kk++) {
                d[kk * NR + j] = src[kk];
            }
        }
    }
}

/*
 * Packs X, k rows of n floats (row stride ldx): panel p is X's columns 16p .. 16p + 15, k x 16, zero-padded past
 * column n, panels panel_stride floats apart (at least 16 k) from packed + packed_offset. A head's V for P V.
 */
void ffmblas_pack_columns(int32_t k, int32_t n, const float *x, int64_t x_offset, int64_t ldx, float *packed,
                          int64_t packed_offset, int64_t panel_stride) {
    x += x_offset;
    packed += packed_offset;
    int64_t panels = ((int64_t) n + NR - 1) / NR;
    for (int64_t kk = 0; kk < k; kk++) {
        const float *src = x + kk * ldx;
        if (kk + 4 < k) {
            for (int64_t j = 0; j < n; j += 16) {
                _mm_prefetch((const char *) (src + 4 * ldx + j), _MM_HINT_T0);
            }
        }
        for (int64_t p = 0; p < panels; p++) {
            float *d = packed + p * panel_stride + kk * NR;
            int cols = (int) (n - p * NR < NR ? n - p * NR : NR);
            if (cols == NR) {
                _mm256_storeu_ps(d, _mm256_loadu_ps(src + p * NR));
                _mm256_storeu_ps(d + 8, _mm256_loadu_ps(src + p * NR + 8));
            } else {
                memset(d, 0, sizeof(float) * NR);
                memcpy(d, src + p * NR, sizeof(float) * cols);
            }
        }
    }
}

/*
 * Softmax rows, as attention's Java kernel (attention/.../internal/VectorRowKernel, Softmax.plainRow) computes them
 * on 8-float vectors, operation for operation, so the two give the same bits: exp is FastExp's polynomial, the row's
 * sum is kept in four vectors of lanes and added up in the Java kernel's order, the largest logit found by
 * compare-and-blend (a NaN in the vector part skipped, one in the tail kept, as Math.max does).
 */
static inline __m256 larger(__m256 a, __m256 b) {
    return _mm256_blendv_ps(a, b, _mm256_cmp_ps(a, b, _CMP_LT_OQ));
}

static inline float java_max(float a, float b) {
    return a != a || b != b ? a + b : (a > b ? a : b);
}

/* FastExp.exp on 8 lanes, operation for operation: below -87.3 exactly 0, above 88.3 exp(88.3), NaN stays NaN. */
static inline __m256 fast_exp8(__m256 x) {
    __m256 underflow = _mm256_cmp_ps(x, _mm256_set1_ps(-87.3f), _CMP_LT_OQ);
    /* FastExp's clamp: x - max can pass 88.3 when a NaN in the vector part hid the row's largest lane. */
    __m256 c = _mm256_blendv_ps(x, _mm256_set1_ps(88.3f), _mm256_cmp_ps(x, _mm256_set1_ps(88.3f), _CMP_GT_OQ));
    __m256 t = _mm256_fmadd_ps(c, _mm256_set1_ps(1.44269504088896341f), _mm256_set1_ps(0x1.8p23f));
    __m256 nf = _mm256_sub_ps(t, _mm256_set1_ps(0x1.8p23f));
    __m256 r = _mm256_fmadd_ps(nf, _mm256_set1_ps(-0.693359375f), c);
    r = _mm256_fmadd_ps(nf, _mm256_set1_ps(2.12194440e-4f), r);
    __m256 p = _mm256_fmadd_ps(r, _mm256_set1_ps(1.9875691500e-4f), _mm256_set1_ps(1.3981999507e-3f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(8.3334519073e-3f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(4.1665795894e-2f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.6666665459e-1f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(5.0000001201e-1f));
    p = _mm256_fmadd_ps(p, _mm256_mul_ps(r, r), _mm256_add_ps(r, _mm256_set1_ps(1.0f)));
    __m256 scale = _mm256_castsi256_ps(
            _mm256_slli_epi32(_mm256_add_epi32(_mm256_castps_si256(t), _mm256_set1_epi32(127)), 23));
    return _mm256_blendv_ps(_mm256_mul_ps(p, scale), _mm256_setzero_ps(), underflow);
}

/* FastExp.exp, one float. */
static inline float fast_exp1(float x) {
    if (!(x >= -87.3f)) {
        return x != x ? x : 0.0f;
    }
    __m256 e = fast_exp8(_mm256_set1_ps(x));
    return _mm256_cvtss_f32(e);
}

static float row_max(const float *s, int n) {
    __m256 lanes = _mm256_set1_ps(-__builtin_inff());
    int wide = n - n % 32;
    for (int j = 0; j < wide; j += 32) {
        __m256 a = larger(_mm256_loadu_ps(s + j), _mm256_loadu_ps(s + j + 8));
        __m256 b = larger(_mm256_loadu_ps(s + j + 16), _mm256_loadu_ps(s + j + 24));
        lanes = larger(lanes, larger(a, b));
    }
    int bound = n - n % 8;
    for (int j = wide; j < bound; j += 8) {
        lanes = larger(lanes, _mm256_loadu_ps(s + j));
    }
    float l[8];
    _mm256_storeu_ps(l, lanes);
    float max = l[0];
    for (int i = 1; i < 8; i++) {
        max = l[i] > max ? l[i] : max; /* the lanes hold no NaN */
    }
    for (int j = bound; j < n; j++) {
        max = java_max(max, s[j]);
    }
    if (max == -__builtin_inff()) { /* all hidden, or a NaN skipped: as ScalarRowKernel.max */
        for (int j = 0; j < n; j++) {
            max = java_max(max, s[j]);
        }
    }
    return max;
}

static float exp_and_sum(float *s, int n, float max) {
    __m256 m = _mm256_set1_ps(max);
    __m256 l[4] = {_mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps()};
    int wide = n - n % 32;
    for (int j = 0; j < wide; j += 32) {
#pragma GCC unroll 4
        for (int u = 0; u < 4; u++) {
            __m256 e = fast_exp8(_mm256_sub_ps(_mm256_loadu_ps(s + j + 8 * u), m));
            _mm256_storeu_ps(s + j + 8 * u, e);
            l[u] = _mm256_add_ps(l[u], e);
        }
    }
    int bound = n - n % 8;
    for (int j = wide; j < bound; j += 8) {
        __m256 e = fast_exp8(_mm256_sub_ps(_mm256_loadu_ps(s + j), m));
        _mm256_storeu_ps(s + j, e);
        l[0] = _mm256_add_ps(l[0], e);
    }
    float v[8];
    _mm256_storeu_ps(v, _mm256_add_ps(_mm256_add_ps(l[0], l[1]), _mm256_add_ps(l[2], l[3])));
    float a = 0.0f, b = 0.0f, c = 0.0f, d = 0.0f;
    for (int i = 0; i < 8; i += 4) {
        a += v[i];
        b += v[i + 1];
        c += v[i + 2];
        d += v[i + 3];
    }
    float sum = (a + b) + (c + d);
    for (int j = bound; j < n; j++) {
        float e = fast_exp1(s[j] - max);
        s[j] = e;
        sum += e;
    }
    return sum;
}

/*
 * Softmax of rows rows of cols logits, ld floats apart, from s + s_offset, in place; under causal, row i sees keys
 * up to first_row + i. inverses NULL: each row normalised; else rows left as exp(x - max) and each row's 1/sum
 * (0 for a row with nothing visible) stored from inverses + inverses_offset. Softmax.rows has checked the extents.
 */
void ffmblas_softmax_rows(float *s, int64_t s_offset, int32_t rows, int64_t ld, int32_t cols, int32_t first_row,
                          int32_t causal, float *inverses, int64_t inverses_offset) {
    s += s_offset;
    for (int32_t i = 0; i < rows; i++) {
        float *row = s + i * ld;
        int64_t visible = (int64_t) first_row + i + 1;
        int limit = causal && visible < cols ? (int) visible : cols;
        float max = row_max(row, limit);
        float inverse = 0.0f;
        if (max == -__builtin_inff()) {
            memset(row, 0, sizeof(float) * (size_t) cols);
        } else {
            inverse = 1.0f / exp_and_sum(row, limit, max);
            if (!inverses) {
                __m256 f = _mm256_set1_ps(inverse);
                int bound = limit - limit % 8;
                for (int j = 0; j < bound; j += 8) {
                    _mm256_storeu_ps(row + j, _mm256_mul_ps(_mm256_loadu_ps(row + j), f));
                }
                for (int j = bound; j < limit; j++) {
                    row[j] *= inverse;
                }
            }
            memset(row + limit, 0, sizeof(float) * (size_t) (cols - limit));
        }
        if (inverses) {
            inverses[inverses_offset + i] = inverse;
        }
    }
}
