"""The GPU backend (CuPy kernels) lives here; it is built in a later issue."""
