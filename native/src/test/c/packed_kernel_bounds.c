/*
 * ffmblas_sgemm_packed (native/src/main/kernels/ffmblas_kernels.c) under AddressSanitizer: every operand exactly as
 * long as the product needs, at sizes on each side of the kernel's tile (6 rows, 16 columns) and block (72 rows,
 * 512 deep, 1,024 columns) edges, with and without bias, padded and unpadded leading dimensions; any byte read or
 * written outside an operand aborts the run, and every result is checked. PackedKernelBoundsTest runs it.
 *
 *   cc -O1 -g -mavx2 -mfma -fsanitize=address packed_kernel_bounds.c ../../main/kernels/ffmblas_kernels.c && ./a.out
 */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
void ffmblas_sgemm_packed(int32_t m, int32_t n, int32_t k, const float *a, int64_t a_offset, int64_t lda,
                          const float *packed, int64_t packed_offset, const float *bias, int64_t bias_offset,
                          float *c, int64_t c_offset, int64_t ldc);
/* Every operand exactly as long as the product needs (A: (m-1)*lda + k, C: (m-1)*ldc + n, bias: n), the panels
   exactly ceil(n/16)*16*k: ASan reports any byte read or written outside. */
int main(void) {
  int ms[] = {1, 2, 5, 6, 7, 71, 72, 73, 130}, ns[] = {1, 15, 16, 17, 33, 1023, 1024, 1025, 1040}, ks[] = {1, 7, 511, 512, 513, 600};
  long runs = 0;
  for (int a1 = 0; a1 < 9; a1++) for (int b1 = 0; b1 < 9; b1++) for (int c1 = 0; c1 < 6; c1++) for (int bias_on = 0; bias_on < 2; bias_on++) {
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
  printf("ok: %ld products, every operand exact-sized\n", runs);
  return 0;
}
