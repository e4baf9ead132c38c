package io.github.ffmblas.bindings;

/**
 * The optimal workspace of a LAPACK routine for given arguments, as its query ({@code LWORK = -1}) answers: elements
 * of the work array ({@code lwork}) and of the integer work array ({@code liwork}, 0 when the routine has none).
 */
public record Workspace(long work, long iwork) {}
