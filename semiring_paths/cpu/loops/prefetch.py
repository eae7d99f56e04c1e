"""A software prefetch for the compiled loops (numba has none).

A queue-driven search reads ``indptr[u]``, then ``indices[indptr[u]:…]``, for vertices
``u`` that lie anywhere in memory: each is a cache miss whose address is known a few
queue entries ahead.  :func:`prefetch` asks for the line holding ``arr[i]`` without
waiting for it (LLVM's ``llvm.prefetch``: a read, kept in every cache level); the loops
ask for ``indptr`` ``FAR`` entries ahead and for the first edges ``NEAR`` entries ahead,
written out in the loop itself: from a helper function, even one numba inlines, the gain
is lost (osm-malta BFS 0.27 vs 0.45 ms).  Measured on the push BFS, 2-core EPYC, median
of 6 sources: 1000² grid 24.3 → 22.3 ms, luxembourg_osm 1.13 → 0.91 ms, osm-malta
0.33 → 0.28 ms.
"""

from __future__ import annotations

from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

__all__ = ["FAR", "NEAR", "prefetch"]

#: queue entries ahead whose ``indptr`` is fetched, and whose first edges are
FAR, NEAR = 16, 8


@intrinsic
def prefetch(typingctx, arr, idx):
    """Start loading the cache line of ``arr[idx]`` (no bounds check: any address)."""
    if not (isinstance(arr, types.Array) and isinstance(idx, types.Integer)):
        return None
    sig = types.void(arr, idx)

    def codegen(context, builder, signature, args):
        a, i = args
        i = context.cast(builder, i, signature.args[1], types.intp)
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, a)
        ptr = cgutils.get_item_pointer(context, builder, aryty, ary, [i])
        byte = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        fnty = ir.FunctionType(ir.VoidType(), [byte, i32, i32, i32])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.prefetch.p0i8")
        # read (0), keep in all levels (3), data cache (1)
        builder.call(fn, [builder.bitcast(ptr, byte), i32(0), i32(3), i32(1)])
        return context.get_dummy_value()

    return sig, codegen

