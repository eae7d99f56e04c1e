"""The CPU backend: SuiteSparse:GraphBLAS through python-graphblas."""
