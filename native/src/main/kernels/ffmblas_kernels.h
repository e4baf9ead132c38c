/* ffmblas's kernels (ffmblas_kernels.c, where each is described); offsets and strides in floats. */
#ifndef FFMBLAS_KERNELS_H
#define FFMBLAS_KERNELS_H
#include <stdint.h>

void ffmblas_sgemm_packed(int32_t m, int32_t n, int32_t k, const float *a, int64_t a_offset, int64_t lda,
                          const float *packed, int64_t packed_offset, const float *bias, int64_t bias_offset,
                          float *c, int64_t c_offset, int64_t ldc);
void ffmblas_sgemm_panels(int32_t m, int32_t n, int32_t k, float alpha, const float *a, int64_t a_offset,
                          int64_t lda, const float *packed, int64_t packed_offset, int64_t panel_stride, float *c,
                          int64_t c_offset, int64_t ldc);
void ffmblas_pack_rows(int32_t n, int32_t k, const float *x, int64_t x_offset, int64_t ldx, float *packed,
                       int64_t packed_offset);
void ffmblas_pack_columns(int32_t k, int32_t n, const float *x, int64_t x_offset, int64_t ldx, float *packed,
                          int64_t packed_offset, int64_t panel_stride);
void ffmblas_softmax_rows(float *s, int64_t s_offset, int32_t rows, int64_t ld, int32_t cols, int32_t first_row,
                          int32_t causal, float *inverses, int64_t inverses_offset);

#endif
