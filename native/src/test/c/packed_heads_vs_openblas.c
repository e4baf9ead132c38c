/*
 * The heads' products of a self-attention forward on ffmblas's packed kernel (native/src/main/kernels/ffmblas_kernels.c:
 * each head's K and V packed once by ffmblas_pack_rows / ffmblas_pack_columns, then ffmblas_sgemm_panels for every
 * tile of query rows) against cblas_sgemm on the heads' strided views, one thread, at the default shapes; each head
 * of each tile Q K^T, then (with "softmax") the softmax of its rows (FastExp's polynomial, deferred normalisation),
 * then P V into the head's Q columns, as ForwardPlan runs them. Tiles of min(L, 512) query rows, ForwardPlan's.
 * Best of 5 rounds, both in each round; the outputs compared.
 *
 *   cc -O3 -mavx2 -mfma -falign-loops=64 -o heads native/src/test/c/packed_heads_vs_openblas.c \
 *      native/src/main/kernels/ffmblas_kernels.c \
 *      -I<openblas include> -L<dir> -l:libopenblas.so.0 -Wl,-rpath,<dir> -lm
 *   env -u OPENBLAS_CORETYPE ./heads; env -u OPENBLAS_CORETYPE ./heads softmax
 */
#include <cblas.h>
#include <immintrin.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "../../main/kernels/ffmblas_kernels.h"


static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static void scale_rows(float *o, int rows, int w, int ld, const float *inv) {
  for (int i = 0; i < rows; i++) for (int j = 0; j < w; j++) o[(long) i * ld + j] *= inv[i];
}

int main(int argc, char **argv) {
  openblas_set_num_threads(1);
  int soft = argc > 1 && strcmp(argv[1], "softmax") == 0;
  int cases[][4] = {{1, 128, 768, 12}, {1, 512, 768, 12}, {8, 128, 512, 8}, {1, 2048, 1024, 16}};
  printf("%s; heads' products%s, one thread\n", openblas_get_config(), soft ? " and softmax" : "");
  for (int cs = 0; cs < 4; cs++) {
    int B = cases[cs][0], L = cases[cs][1], d = cases[cs][2], H = cases[cs][3], depth = d / H, ld = 3 * d;
    int tile = L < 512 ? L : 512;
    float *qkv = malloc(4L * B * L * ld), *out = malloc(4L * B * L * ld), *out2 = malloc(4L * B * L * ld);
    for (long i = 0; i < (long) B * L * ld; i++) qkv[i] = ((i * 7) % 11 - 5) * 0.05f;
    float *s = aligned_alloc(64, 4L * tile * L), *inv = malloc(4L * tile);
    float *pk = aligned_alloc(64, 4L * ((L + 15) / 16 * 16) * depth);
    float *pv = aligned_alloc(64, 4L * L * ((depth + 15) / 16 * 16));
    float alpha = 1.0f / sqrtf(depth);
    double flops = 4.0 * B * L * L * depth * H, best[2] = {1e9, 1e9}, packing = 1e9;
    int reps = (int) (1e9 / flops) + 1;
    for (int round = 0; round < 5; round++) {
      double t0 = now();
      for (int rep = 0; rep < reps; rep++)
        for (int b = 0; b < B; b++)
          for (int h = 0; h < H; h++)
            for (int r0 = 0; r0 < L; r0 += tile) {
              int rows = L - r0 < tile ? L - r0 : tile;
              const float *q = qkv + (long) (b * L + r0) * ld + h * depth;
              const float *k = qkv + (long) b * L * ld + d + h * depth, *v = k + d;
              cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, rows, L, depth, alpha, q, ld, k, ld, 0.f, s, L);
              if (soft) ffmblas_softmax_rows(s, 0, rows, L, L, 0, 0, inv, 0);
              float *o = out + (long) (b * L + r0) * ld + h * depth;
              cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, rows, depth, L, 1.f, s, L, v, ld, 0.f, o, ld);
              if (soft) scale_rows(o, rows, depth, ld, inv);
            }
      double t = (now() - t0) / reps;
      if (t < best[0]) best[0] = t;
      double tp = 0;
      t0 = now();
      for (int rep = 0; rep < reps; rep++)
        for (int b = 0; b < B; b++)
          for (int h = 0; h < H; h++) {
            const float *k = qkv + (long) b * L * ld + d + h * depth, *v = k + d;
            double p0 = now();
            ffmblas_pack_rows(L, depth, k, 0, ld, pk, 0);
            ffmblas_pack_columns(L, depth, v, 0, ld, pv, 0, (int64_t) 16 * L);
            tp += now() - p0;
            for (int r0 = 0; r0 < L; r0 += tile) {
              int rows = L - r0 < tile ? L - r0 : tile;
              const float *q = qkv + (long) (b * L + r0) * ld + h * depth;
              ffmblas_sgemm_panels(rows, L, depth, alpha, q, 0, ld, pk, 0, (int64_t) 16 * depth, s, 0, L);
              if (soft) ffmblas_softmax_rows(s, 0, rows, L, L, 0, 0, inv, 0);
              float *o = out2 + (long) (b * L + r0) * ld + h * depth;
              ffmblas_sgemm_panels(rows, depth, L, 1.f, s, 0, L, pv, 0, (int64_t) 16 * L, o, 0, ld);
              if (soft) scale_rows(o, rows, depth, ld, inv);
            }
          }
      t = (now() - t0) / reps;
      if (t < best[1]) best[1] = t;
      if (tp / reps < packing) packing = tp / reps;
    }
    double diff = 0;
    for (long i = 0; i < (long) B * L; i++)
      for (int j = 0; j < d; j++) {
        double x = fabs(out[i * ld + j] - out2[i * ld + j]) / (1 + fabs(out[i * ld + j]));
        if (x > diff) diff = x;
      }
    printf("B=%d L=%d d=%d H=%d (tiles of %d rows): OpenBLAS %.3f ms (%.1f GFLOP/s) | packed kernel %.3f ms (%.1f),"
           " of which packing K and V %.3f ms | packed / OpenBLAS %.2f | max rel diff %.1e\n",
           B, L, d, H, tile, best[0] * 1e3, flops / best[0] / 1e9, best[1] * 1e3, flops / best[1] / 1e9,
           packing * 1e3, best[1] / best[0], diff);
    free(qkv); free(out); free(out2); free(s); free(inv); free(pk); free(pv);
  }
  return 0;
}
