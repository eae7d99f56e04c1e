"""Atomic compare-and-swap for the parallel rounds (numba has none for CPU arrays).

LLVM's ``cmpxchg`` on an int64 array element, and the bit casts that let a float64
array be updated through its int64 view (``d.view(np.int64)``): :func:`relax` lowers
``d[v]`` to ``t`` (raises it, for a max semiring) unless another
thread got there first with something at least as good — a CAS loop on the bits,
comparing the floats, so negative values order correctly too.
"""

from __future__ import annotations

from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

__all__ = ["barrier", "bits_of", "cas", "fetch_add", "float_of", "load", "relax"]


@intrinsic
def cas(typingctx, arr, idx, old, new):
    """``arr[idx] = new`` if it still holds ``old``; returns what it held."""
    if not (isinstance(arr, types.Array) and arr.dtype == types.int64
            and isinstance(idx, types.Integer)):
        return None
    sig = types.int64(arr, idx, types.int64, types.int64)

    def codegen(context, builder, signature, args):
        a, i, o, n = args
        i = context.cast(builder, i, signature.args[1], types.intp)
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, a)
        ptr = cgutils.get_item_pointer(context, builder, aryty, ary, [i])
        res = builder.cmpxchg(ptr, o, n, "monotonic", "monotonic")
        return builder.extract_value(res, 0)

    return sig, codegen


@intrinsic
def bits_of(typingctx, x):
    """The int64 bit pattern of a float64."""
    sig = types.int64(types.float64)

    def codegen(context, builder, signature, args):
        return builder.bitcast(args[0], ir.IntType(64))

    return sig, codegen


@intrinsic
def float_of(typingctx, x):
    """The float64 with bit pattern ``x`` (int64)."""
    sig = types.float64(types.int64)

    def codegen(context, builder, signature, args):
        return builder.bitcast(args[0], ir.DoubleType())

    return sig, codegen


@njit(cache=True, inline="always")
def relax(dbits, v, t, sign):
    """``d[v] = min(d[v], t)`` (``sign`` = 1.0; -1.0: ``max``) atomically, ``dbits``
    being ``d``'s int64 view; True when ``t`` was stored.  The order is ``sign·x``: no
    branch between min and max inside the CAS loop."""
    old = dbits[v]
    new = bits_of(t)
    key = sign * t
    while key < sign * float_of(old):
        seen = cas(dbits, v, old, new)
        if seen == old:
            return True
        old = seen
    return False


@njit(cache=True, inline="always")
def load(a, i):
    """``a[i]`` read atomically (a CAS that writes what is there): a spin loop on it
    cannot be hoisted out of the loop by the compiler."""
    return cas(a, i, -7, -7)


@njit(cache=True, inline="always")
def fetch_add(a, i, x):
    """``a[i] += x`` atomically; returns the value before."""
    old = load(a, i)
    while True:
        seen = cas(a, i, old, old + x)
        if seen == old:
            return old
        old = seen


@njit(cache=True)
def barrier(ctl, parties):
    """Wait until ``parties`` threads have arrived (a sense-counting barrier on
    ``ctl[0]`` = arrivals, ``ctl[1]`` = generation)."""
    gen = load(ctl, 1)
    if fetch_add(ctl, 0, 1) == parties - 1:
        cas(ctl, 0, parties, 0)
        fetch_add(ctl, 1, 1)                      # release the others
    else:
        while load(ctl, 1) == gen:
            pass
