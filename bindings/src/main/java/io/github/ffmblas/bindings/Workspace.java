package io.github.ffmblas.bindings;

/**
 * The optimal workspace of a LAPACK routine for given arguments, as its query ({@code LWORK = -1}) answers: elements
 * of the work array ({@code work}), of the real work array of a complex routine ({@code rwork}) and of the integer
 * work array ({@code iwork}), each 0 when the routine has none.
 */
public record Workspace(long work, long rwork, long iwork) {}
