/*
 * ffmblas_sgemm_packed (native/src/main/kernels/ffmblas_kernels.c) against OpenBLAS's cblas_sgemm at attention's
 * projection shapes, C = X W^T + bias, W [n, k] row-major as PyTorch stores it, one thread, 9 interleaved rounds:
 * the kernel with W packed once (the packing timed apart) against the bias copied into C and sgemm with beta = 1,
 * as Gemm.multiplyAddBias calls OpenBLAS. Each result checked against a double-precision loop first.
 *
 *   gcc -O3 -mavx2 -mfma -falign-loops=64 native/src/test/c/packed_sgemm_vs_openblas.c \
 *      native/src/main/kernels/ffmblas_kernels.c \
 *       -I<include> -L<dir> -l:libopenblas.so.0 -Wl,-rpath,<dir> -lm && env -u OPENBLAS_CORETYPE ./a.out
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>
#include <cblas.h>
#include <stdint.h>
#include "../../main/kernels/ffmblas_kernels.h"
static size_t packed_floats(int n, int k) { return (size_t) ((n + 15) / 16) * 16 * (size_t) k; }
/* As PackedGemm packs (in Java): panel p holds W's rows 16p .. 16p + 15 as k x 16, depth-major, zero-padded. */
static void pack(int n, int k, const float *w, long ldw, float *packed) {
    for (int p = 0; p * 16 < n; p++) {
        float *d = packed + (size_t) p * 16 * k;
        int cols = n - p * 16 < 16 ? n - p * 16 : 16;
        for (int kk = 0; kk < k; kk++)
            for (int j = 0; j < 16; j++) d[(size_t) kk * 16 + j] = j < cols ? w[(size_t) (p * 16 + j) * ldw + kk] : 0.0f;
    }
}
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
int main(int argc,char**argv){
  int shapes[][3]={{128,2304,768},{512,2304,768},{128,768,768},{512,768,768},{1024,1536,512},{1024,512,512},{2048,3072,1024},{2048,1024,1024},{1,2304,768},{2,2304,768},{6,2304,768},{128,128,64},{128,64,128},{171,512,64},{171,64,512},{512,2048,64},{512,64,2048},{7,33,130},{130,33,7},{1,1,1}};
  int ns=sizeof shapes/sizeof shapes[0];
  openblas_set_num_threads(1);
  printf("%s core %s\n", openblas_get_config(), openblas_get_corename());
  for(int s=0;s<ns;s++){
    int m=shapes[s][0],n=shapes[s][1],k=shapes[s][2];
    float*x=malloc(4L*m*k),*w=malloc(4L*n*k),*b=malloc(4L*n),*c1=malloc(4L*m*n),*c2=malloc(4L*m*n);
    float*pk=aligned_alloc(64,((4*packed_floats(n,k))+63)/64*64);
    for(long i=0;i<(long)m*k;i++)x[i]=(float)((i*7919)%13-6)*0.1f;
    for(long i=0;i<(long)n*k;i++)w[i]=(float)((i*104729)%11-5)*0.1f;
    for(int i=0;i<n;i++)b[i]=i*0.01f;
    double tp=now(); pack(n,k,w,k,pk); tp=now()-tp;
    ffmblas_sgemm_packed(m,n,k,x,0,k,pk,0,b,0,c2,0,n);
    double maxd=0; for(int i=0;i<m;i++)for(int j=0;j<n;j++){double acc=b[j];for(int q=0;q<k;q++)acc+=(double)x[(long)i*k+q]*w[(long)j*k+q];double d=fabs(acc-c2[(long)i*n+j]);if(d>maxd)maxd=d;}
    double flops=2.0*m*n*k; int reps=(int)(2e9/flops)+1; if(reps>2000)reps=2000;
    double bo=1e30,bp=1e30; double to[9],tq[9];
    for(int r=0;r<9;r++){
      double t0=now();for(int i=0;i<reps;i++){for(int rr=0;rr<m;rr++)for(int j=0;j<n;j++)c1[(long)rr*n+j]=b[j];cblas_sgemm(CblasRowMajor,CblasNoTrans,CblasTrans,m,n,k,1.0f,x,k,w,k,1.0f,c1,n);} to[r]=(now()-t0)/reps;
      t0=now();for(int i=0;i<reps;i++)ffmblas_sgemm_packed(m,n,k,x,0,k,pk,0,b,0,c2,0,n); tq[r]=(now()-t0)/reps;
      if(to[r]<bo)bo=to[r];
      if(tq[r]<bp)bp=tq[r];
    }
    // median ratio
    double rat[9]; for(int r=0;r<9;r++)rat[r]=tq[r]/to[r];
    for(int i=0;i<9;i++)for(int j=i+1;j<9;j++)if(rat[j]<rat[i]){double t=rat[i];rat[i]=rat[j];rat[j]=t;}
    printf("%4dx%4dx%4d openblas(bias copy+sgemm) %.3f ms %.1f GF/s | packed %.3f ms %.1f GF/s | median ratio %.3f | pack once %.2f ms | maxdiff %.2e\n",
      m,n,k,bo*1e3,flops/bo/1e9,bp*1e3,flops/bp/1e9,rat[4],tp*1e3,maxd);
    free(x);free(w);free(b);free(c1);free(c2);free(pk);
  }
  {
    /* One row is a decoding step's projection: ffmblas runs it as sgemv on OpenBLAS, so compare with that too. */
    int n = 2304, k = 768;
    float *w = malloc(4L * n * k), *x = malloc(4L * k), *b = malloc(4L * n), *y = malloc(4L * n);
    float *pk = aligned_alloc(64, 4 * packed_floats(n, k));
    for (long i = 0; i < (long) n * k; i++) w[i] = (float) ((i * 104729) % 11 - 5) * 0.1f;
    for (int i = 0; i < k; i++) x[i] = (float) ((i * 7919) % 13 - 6) * 0.1f;
    for (int i = 0; i < n; i++) b[i] = i * 0.01f;
    pack(n, k, w, k, pk);
    double bv = 1e30, bk = 1e30;
    for (int r = 0; r < 9; r++) {
      double t0 = now();
      for (int i = 0; i < 200; i++) { memcpy(y, b, 4L * n); cblas_sgemv(CblasRowMajor, CblasNoTrans, n, k, 1.0f, w, k, x, 1, 1.0f, y, 1); }
      double t = (now() - t0) / 200; if (t < bv) bv = t;
      t0 = now();
      for (int i = 0; i < 200; i++) ffmblas_sgemm_packed(1, n, k, x, 0, k, pk, 0, b, 0, y, 0, n);
      t = (now() - t0) / 200; if (t < bk) bk = t;
    }
    printf("   1x2304x 768 openblas sgemv (bias copy+sgemv) %.1f us | packed %.1f us\n", bv * 1e6, bk * 1e6);
    free(w); free(x); free(b); free(y); free(pk);
  }
}
