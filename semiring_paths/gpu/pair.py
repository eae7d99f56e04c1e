"""Point-to-point shortest paths on the device: two searches that meet (``pair.cu``).

One block runs the whole query: the side with fewer open vertices relaxes, each round,
those within Δ of its least value (a level for hops), and the search stops when the
best meeting μ is at most the two sides' least open values together.  The kernel also
walks the two parent trees, so a query costs one launch and two small reads.  The
per-vertex scratch (values, parents, marks and queues of both sides) is allocated once
per graph and reset on the device before each query.
"""

from __future__ import annotations

import math
from functools import cached_property
from typing import ClassVar

import numpy as np

from . import cp
from .device import _NVRTC


class PairSearch:
    """Mixin of ``GPUBackend``: the ``pair_search`` capability."""

    #: a side relaxes its open vertices within Δ = PAIR_DELTA_C · w̄ / d̄² of its least
    #: value each round (hops: a whole level).  H100, 20 random pairs, median ms for
    #: Δ = C · w̄ / d̄ with C = 1 / 8 / 32 / 128 / ∞: osm-malta (d̄ 2.3) 7.3 / 4.2 /
    #: 3.7 / 6.5 / 9.6; Kronecker 18, weights 1..255 (d̄ 32) 0.46 / 2.1 / 5.4 / 10.3 /
    #: 10.4.  A hub's fan-out is relaxed by one block, so the denser the graph the
    #: narrower the band that pays: 32 · w̄ / d̄² lands on both optima.
    PAIR_DELTA_C: ClassVar[float] = 32.0

    @cached_property
    def _pair_module(self):
        return cp.RawModule(code=self._source("pair.cu"), options=_NVRTC)

    @cached_property
    def _pair_scratch(self) -> dict:
        n, vid = self.n, self.vid
        tptr, tind, tw = self._transposed(None)
        sides = []
        for ptr, idx, w in ((self.indptr, self.indices, self.weights), (tptr, tind, tw)):
            sides.append({"ptr": ptr, "idx": idx, "w": w, "d": cp.empty(n, cp.float64),
                          "parent": cp.empty(n, vid), "stamp": cp.empty(n, cp.int32),
                          "inq": cp.empty(n, cp.int32), "open0": cp.empty(n, vid),
                          "open1": cp.empty(n, vid)})
        fields = ("ptr", "idx", "w", "d", "parent", "stamp", "inq", "open0", "open1")
        table = cp.asarray(np.array([[s[f].data.ptr for f in fields] for s in sides],
                                    np.uint64))                   # SideArrays[2] (pair.cu)
        return {"sides": sides, "table": table, "now": cp.empty(n, vid),
                "now_d": cp.empty(n, cp.float64), "fat": cp.empty(n, vid),
                "path": cp.empty(n + 1, vid), "out": cp.empty(3, cp.int64)}

    def pair_search(self, hops: bool, need: bool = False):
        """Bidirectional BFS (``hops``) or a bidirectional Near-Far search over
        non-negative weights, one block a query (``pair.cu``)."""
        if not hops and self.graph.has_negative_weights:
            return None
        kernel = self._pair_module.get_function(f"pair_search_{self.weight_tag}")
        G = self.graph
        degree = max(G.mean_degree, 1.0)
        w = G.mean_weight if G.n_stored and G.weighted else 1.0
        if hops:
            delta = math.inf
        elif w > 0:
            delta = max(self.PAIR_DELTA_C * w / degree, 1e-12) / degree
        else:                                 # every weight 0: any band is the least
            delta = 1.0 / degree
        x = self._pair_scratch

        def run(s: int, t: int) -> tuple[float, np.ndarray]:
            for side in x["sides"]:
                side["d"].fill(np.inf)
                side["stamp"].fill(-1)
                side["inq"].fill(0)
            kernel((1,), (1024,), (x["table"], self.vid(s), self.vid(t), np.float64(delta),
                                   np.int32(hops), x["now"], x["now_d"], x["fat"],
                                   x["path"], x["out"]))
            out = x["out"].get()
            length, dist = int(out[0]), float(out[2:3].view(np.float64)[0])
            self.pair_rounds = int(out[1])          # read by benchmarks
            if not length:
                return math.inf, np.empty(0, np.int64)
            return dist, x["path"][:length].get().astype(np.int64)
        return run
