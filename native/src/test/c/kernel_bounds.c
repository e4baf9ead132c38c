/*
 * ffmblas's kernels (native/src/main/kernels/ffmblas_kernels.c) under AddressSanitizer: every operand exactly as
 * long as the product needs, at sizes on each side of the kernel's tile (6 rows, 16 columns) and block (72 and 132
 * rows, 768 and 1,024 deep, 1,024 columns) edges, with and without bias, padded and unpadded leading dimensions; then a head's K and
 * V packed (ffmblas_pack_rows, ffmblas_pack_columns) into panels exactly as long as PackedGemm allows and multiplied
 * (ffmblas_sgemm_panels), with fewer keys than packed too; then softmax rows (ffmblas_softmax_rows) on exact-sized
 * rows, causal or not, normalised or not. Any byte read or written outside an operand aborts the run, and every
 * result is checked. KernelBoundsTest runs it.
 *
 *   cc -O1 -g -mavx2 -mfma -ffp-contract=off -fsanitize=address kernel_bounds.c ../../main/kernels/ffmblas_kernels.c && ./a.out
 */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include "../../main/kernels/ffmblas_kernels.h"
static float *floats(size_t n, float value) {
  float *p;
  if (posix_memalign((void **) &p, 64, sizeof(float) * (n ? n : 1))) exit(1);
  for (size_t i = 0; i < n; i++) p[i] = value;
  return p;
}
/* A head: K and V (keys x depth, row stride ld, exact), their panels exact (K: ceil16(keys) x depth, V:
   packed x ceil16(depth)), Q (rows x depth), S (rows x keys), O (rows x depth) exact. All ones, so
   S = depth / 2 (scale 1/2) and O = keys * depth / 2. Returns 0 when right. */
static int head(int rows, int keys, int packed, int depth) {
  int ld = depth + (keys & 1), lds = keys + (rows & 1), ldo = depth + 1;
  size_t kf = (size_t) (packed - 1) * ld + depth, qf = (size_t) (rows - 1) * ld + depth;
  size_t kp = (size_t) ((packed + 15) / 16) * 16 * depth, vp = (size_t) packed * ((depth + 15) / 16) * 16;
  float *k = floats(kf, 1), *v = floats(kf, 1), *q = floats(qf, 1);
  float *pk = floats(kp, 0), *pv = floats(vp, 0);
  float *s = floats((size_t) (rows - 1) * lds + keys, 0), *o = floats((size_t) (rows - 1) * ldo + depth, 0);
  ffmblas_pack_rows(packed, depth, k, 0, ld, pk, 0);
  ffmblas_pack_columns(packed, depth, v, 0, ld, pv, 0, (int64_t) 16 * packed);
  ffmblas_sgemm_panels(rows, keys, depth, 0.5f, q, 0, ld, pk, 0, (int64_t) 16 * depth, s, 0, lds);
  ffmblas_sgemm_panels(rows, depth, keys, 1.0f, s, 0, lds, pv, 0, (int64_t) 16 * packed, o, 0, ldo);
  int wrong = 0;
  for (int i = 0; i < rows; i++) {
    for (int j = 0; j < keys; j++) wrong |= s[(size_t) i * lds + j] != depth * 0.5f;
    for (int j = 0; j < depth; j++) wrong |= o[(size_t) i * ldo + j] != keys * (depth * 0.5f);
  }
  free(k); free(v); free(q); free(pk); free(pv); free(s); free(o);
  return wrong;
}
/* rows x cols of equal logits, the last row exactly cols long: each visible key gets 1/visible (normalised), or
   exp(0) = 1 and 1/visible stored (deferred); keys past a causal row's limit 0. Returns 0 when right. */
static int softmax(int rows, int cols, int ld, int causal, int deferred) {
  size_t n = (size_t) (rows - 1) * ld + cols;
  float *s = floats(n, 2.5f), *inv = deferred ? floats((size_t) rows, -1) : NULL;
  ffmblas_softmax_rows(s, 0, rows, ld, cols, 3, causal, inv, 0);
  int wrong = 0;
  for (int i = 0; i < rows; i++) {
    int visible = causal && 3 + i + 1 < cols ? 3 + i + 1 : cols;
    float want = deferred ? 1.0f : 1.0f / visible;
    for (int j = 0; j < cols; j++) {
      float got = s[(size_t) i * ld + j];
      wrong |= j < visible ? (deferred ? got != 1.0f : got < want * 0.9999f || got > want * 1.0001f) : got != 0.0f;
    }
    if (deferred) wrong |= inv[i] < 0.9999f / visible || inv[i] > 1.0001f / visible;
  }
  free(s); free(inv);
  return wrong;
}
/* Every operand exactly as long as the product needs (A: (m-1)*lda + k, C: (m-1)*ldc + n, bias: n), the panels
   exactly ceil(n/16)*16*k: ASan reports any byte read or written outside. */
int main(void) {
  int ms[] = {1, 2, 5, 6, 7, 71, 72, 73, 130, 132, 133, 270}, ns[] = {1, 15, 16, 17, 33, 1023, 1024, 1025, 1040},
      ks[] = {1, 7, 511, 512, 513, 600, 768, 769, 1024, 1025, 2049};
  long runs = 0;
  for (int a1 = 0; a1 < 12; a1++) for (int b1 = 0; b1 < 9; b1++) for (int c1 = 0; c1 < 11; c1++) for (int bias_on = 0; bias_on < 2; bias_on++) {
    int m = ms[a1], n = ns[b1], k = ks[c1]; if ((long) m * n * k > 40000000L) continue;
    int lda = k + (c1 & 1), ldc = n + (b1 & 1);
    size_t pf = (size_t) ((n + 15) / 16) * 16 * k;
    float *a = malloc(sizeof(float) * ((size_t) (m - 1) * lda + k));
    float *c = malloc(sizeof(float) * ((size_t) (m - 1) * ldc + n));
    float *b = malloc(sizeof(float) * n);
    float *p; if (posix_memalign((void **) &p, 64, sizeof(float) * pf)) return 1;
    for (size_t i = 0; i < (size_t) (m - 1) * lda + k; i++) a[i] = 1;
    for (size_t i = 0; i < pf; i++) p[i] = 1;
    for (int i = 0; i < n; i++) b[i] = 1;
    ffmblas_sgemm_packed(m, n, k, a, 0, lda, p, 0, bias_on ? b : NULL, 0, c, 0, ldc);
    for (int i = 0; i < m; i++) for (int j = 0; j < n; j++) if (c[(size_t) i * ldc + j] != (float) k + bias_on) { printf("wrong m=%d n=%d k=%d\n", m, n, k); return 2; }
    free(a); free(c); free(b); free(p); runs++;
  }
  long heads = 0;
  int rs[] = {1, 2, 6, 7, 73}, keys[] = {1, 15, 16, 17, 33, 513, 600, 1025, 2049}, depths[] = {1, 7, 16, 17, 64};
  for (int a1 = 0; a1 < 5; a1++) for (int b1 = 0; b1 < 9; b1++) for (int c1 = 0; c1 < 5; c1++) for (int fewer = 0; fewer < 2; fewer++) {
    int packed = keys[b1], used = fewer ? (packed + 1) / 2 : packed;
    if (head(rs[a1], used, packed, depths[c1])) { printf("wrong head rows=%d keys=%d of %d depth=%d\n", rs[a1], used, packed, depths[c1]); return 2; }
    heads++;
  }
  long softmaxes = 0;
  int srows[] = {1, 2, 9}, scols[] = {1, 7, 8, 9, 31, 32, 33, 130};
  for (int a1 = 0; a1 < 3; a1++) for (int b1 = 0; b1 < 8; b1++) for (int pad = 0; pad < 2; pad++) for (int mode = 0; mode < 4; mode++) {
    if (softmax(srows[a1], scols[b1], scols[b1] + pad * 3, mode & 1, mode >> 1)) { printf("wrong softmax rows=%d cols=%d mode=%d\n", srows[a1], scols[b1], mode); return 2; }
    softmaxes++;
  }
  printf("ok: %ld products, every operand exact-sized; %ld heads packed and multiplied; %ld softmax blocks\n", runs, heads, softmaxes);
  return 0;
}
