"""NetworkX's point-to-point searches over its own adjacency dicts, for the queries served
before any conversion (a conversion reads every edge; these searches stop at the target,
often after a small part of the graph).

The same searches as NetworkX's ``_dijkstra_multisource`` (one source, stopped at the
target), ``bidirectional_dijkstra``, ``astar_path`` without a heuristic and
``bidirectional_shortest_path`` (its two BFS fringes), step for step: the same heap
entries pushed in the same order, the same fringes grown in the same order, the same
sums, the same predecessor kept, the same errors raised where they raise them; so the
same answers, types and paths.  What differs is the cost a scanned edge or vertex pays:
NetworkX calls a weight function (``lambda u, v, d: d.get(weight, 1)``, a Python frame an
edge) and ``next`` on a counter, and reads a vertex's row through a view made for it
(``G.adj[v]``, an ``AtlasView`` a vertex); here the attribute lookup is inline (so the
searches write their relaxation out each: a helper called an edge would cost what the
inline lookup saves; written with NetworkX's own membership tests instead of the
lookups, ``DijkstraTo`` ran the same: osm-malta 34.8 / 35.1 ms, 4elt 13.5 / 12.8) and
rows are the dicts themselves.  A relaxed edge looks its head up once, in
the tentative distances: a scanned vertex's tentative distance is its final one (nothing
lowers it after the scan), so the final distances are read only where an edge would lower
it — where NetworkX raises for negative weights — and NetworkX's ``w in dist`` test an
edge is saved (both heaps' searches 1.01–1.22× faster alone, on road and small-world
graphs; first calls under ``backend_priority``, alternated with the two-lookup version,
15 each, min: ``bidirectional_dijkstra`` PGPgiantcompo 0.97 → 0.81 ms, hep-th-newman
0.93 → 0.82, as-caida20071105 6.51 → 5.52, against NetworkX's 0.66, 0.61 and 6.91).
Only a plain string (or None)
weight on a graph that is not a multigraph runs the Dijkstra searches here (``served``);
NetworkX keeps the rest.  Hops need no weight: the BFS serves multigraphs too.

In isolation (this 2-core machine, best of 5, a median-distance pair, ms), NetworkX's
``bidirectional_shortest_path`` → ``TwoFringes``: 4elt 2.26 → 1.52, delaunay_n16 5.11 →
3.41, wing 11.4 → 7.61, luxembourg_osm 28.0 → 18.7, osm-malta 4.20 → 2.86, cit-HepPh
1.18 → 0.91.  A version that took each row's new vertices by a list comprehension and
checked the other side by ``isdisjoint`` (C-level per edge, more per vertex) ran at
0.76-0.86× of NetworkX on the same graphs: these rows have 3-6 entries.
"""

from __future__ import annotations

from heapq import heappop, heappush
from math import inf

__all__ = ["DijkstraTo", "TwoFringes", "TwoHeaps", "astar", "bidirectional", "dijkstra_to",
           "path_to", "served"]


def served(G, weight) -> bool:
    """Whether these searches stand in for NetworkX's on ``G`` with ``weight``."""
    return (weight is None or type(weight) is str) and not G.is_multigraph()


class DijkstraTo:
    """NetworkX's Dijkstra from ``source``, stopped once ``target`` is scanned: ``dist``
    its final distances in scan order and ``pred`` each reached vertex's predecessor
    (None without ``paths``); ``ValueError`` where a negative weight contradicts a final
    distance, as NetworkX raises it.  Run in stretches, as ``TwoFringes``: ``should_run``'s
    probe is the search's start, which the served call takes on."""

    __slots__ = ("c", "dist", "done", "fringe", "pred", "seen", "succ", "target", "weight")

    def __init__(self, succ: dict, source, target, weight, paths: bool = True):
        self.succ, self.target, self.weight = succ, target, weight
        self.done = False
        self.dist: dict = {}
        self.seen = {source: 0}
        self.pred: dict | None = {} if paths else None
        self.fringe = [(0, 0, source)]
        self.c = 1

    def run(self, budget: int | None = None) -> bool:
        """Scan vertices until the target is scanned or the heap empties (True) or until
        the adjacency entries read pass ``budget`` (False: ``run`` again goes on)."""
        if self.done:
            return True
        succ, target, weight = self.succ, self.target, self.weight
        dist, seen, pred, fringe, c = self.dist, self.seen, self.pred, self.fringe, self.c
        tentative, push, pop = seen.get, heappush, heappop
        read, limit = 0, inf if budget is None else budget
        while fringe:
            if read > limit:
                self.c = c
                return False
            (dv, _, v) = pop(fringe)
            if v in dist:
                continue                                 # already scanned
            dist[v] = dv
            if v == target:
                break
            row = succ[v]
            read += len(row)
            # v settled; its row relaxed: t{!dist} = min(t, d(v) min.+ A(v, :))
            for u, e in row.items():
                cost = e.get(weight, 1)
                if cost is None:
                    continue
                vu = dv + cost
                # NetworkX's `u in dist` (then `vu < dist[u]` raises), else `u not in
                # seen or vu < seen[u]`, by one lookup an edge: a scanned u's seen[u] is
                # its final distance (nothing lowers seen[u] once u is scanned), so u is
                # looked up in dist only where vu < seen[u]
                su = tentative(u)
                if su is None or vu < su:
                    if su is not None and u in dist:
                        raise ValueError("Contradictory paths found:", "negative weights?")
                    seen[u] = vu
                    push(fringe, (vu, c, u))
                    c += 1
                    if pred is not None:
                        pred[u] = v
        self.c, self.done = c, True
        return True


def dijkstra_to(succ: dict, source, target, weight, paths: bool = True, search=None):
    """``DijkstraTo``'s ``(dist, pred)``, run to its end (from where ``search``, one
    started for the same query, stopped)."""
    if search is None:
        search = DijkstraTo(succ, source, target, weight, paths)
    search.run()
    return search.dist, search.pred


def path_to(pred: dict, target) -> list:
    """The path ``dijkstra_to``'s predecessors give from its source to ``target``."""
    path = [target]
    while (v := pred.get(path[-1])) is not None:
        path.append(v)
    path.reverse()
    return path


class TwoHeaps:
    """NetworkX's ``bidirectional_dijkstra`` from ``source`` ≠ ``target``: ``result``,
    ``(length, path)``, or None where they do not meet (NetworkX raises NetworkXNoPath);
    ``ValueError`` as NetworkX raises it for negative weights.  Run in stretches, as
    ``DijkstraTo``: ``should_run``'s probe is the search's start, which the served call
    takes on."""

    __slots__ = ("c", "direction", "dists", "done", "finaldist", "fringe", "meetnode",
                 "nbrs", "preds", "result", "seen", "weight")

    def __init__(self, succ: dict, pred: dict, source, target, weight):
        self.dists = ({}, {})                        # final distances, forward and back
        self.preds = ({source: None}, {target: None})
        self.seen = ({source: 0}, {target: 0})
        self.fringe = ([(0, 0, source)], [(0, 1, target)])
        self.nbrs, self.weight = (succ, pred), weight
        self.c, self.direction = 2, 1
        self.finaldist = self.meetnode = self.result = None
        self.done = False

    def run(self, budget: int | None = None) -> bool:
        """Scan vertices a side in turn until the search ends (True: ``result``) or until
        the adjacency entries read pass ``budget`` (False: ``run`` again goes on)."""
        if self.done:
            return True
        dists, preds, seen, fringe = self.dists, self.preds, self.seen, self.fringe
        nbrs, weight = self.nbrs, self.weight
        # each direction's lookups bound once (a bound method made a scan costs as much
        # as the lookups it saves on a graph of degree 2-3)
        tentatives = (seen[0].get, seen[1].get)
        c, finaldist, meetnode = self.c, self.finaldist, self.meetnode
        direction = self.direction
        read, limit = 0, inf if budget is None else budget
        while fringe[0] and fringe[1]:
            if read > limit:
                self.c, self.finaldist, self.meetnode = c, finaldist, meetnode
                self.direction = direction
                return False
            direction = 1 - direction
            heap = fringe[direction]
            (dist, _, v) = heappop(heap)
            dists_d = dists[direction]
            if v in dists_d:
                continue
            dists_d[v] = dist
            if v in dists[1 - direction]:             # scanned from both ends: done
                self.result = finaldist, (_walk(preds[0], meetnode)[::-1]
                                          + _walk(preds[1], preds[1][meetnode]))
                break
            seen_d, preds_d = seen[direction], preds[direction]
            tentative, other = tentatives[direction], tentatives[1 - direction]
            row = nbrs[direction][v]
            read += len(row)
            # v settled on this side; its row (A, or Aᵀ backward) relaxed:
            # t{!dist} = min(t, d(v) min.+ A(v, :)), each lowered w tried as a meeting point
            for w, d in row.items():
                cost = d.get(weight, 1)
                if cost is None:
                    continue
                vw = dist + cost
                sw = tentative(w)                          # (one lookup: DijkstraTo.run)
                if sw is None or vw < sw:
                    if sw is not None and w in dists_d:
                        raise ValueError("Contradictory paths found: negative weights?")
                    seen_d[w] = vw
                    heappush(heap, (vw, c, w))
                    c += 1
                    preds_d[w] = v
                    ow = other(w)
                    if ow is not None:
                        total = vw + ow
                        if finaldist is None or finaldist > total:
                            finaldist, meetnode = total, w
        self.done = True
        return True


def bidirectional(succ: dict, pred: dict, source, target, weight, search=None):
    """``TwoHeaps``' ``result``, run to its end (from where ``search``, one started for
    the same query, stopped)."""
    if search is None:
        search = TwoHeaps(succ, pred, source, target, weight)
    search.run()
    return search.result


def _walk(preds: dict, v) -> list:
    """``v`` and its predecessors, back to the search's start."""
    out = []
    while v is not None:
        out.append(v)
        v = preds[v]
    return out


def astar(succ: dict, source, target, weight, cutoff=None) -> list | None:
    """NetworkX's ``astar_path`` with no heuristic (h = 0: its heap keyed by the
    distance, then the push count; a vertex pushed again only on a strictly shorter
    distance, popped entries checked against what was queued, pushes past a truthy
    ``cutoff`` pruned): its path from ``source`` to ``target``, or None where the target
    never pops (NetworkX raises NetworkXNoPath)."""
    queue = [(0, 0, source, 0, None)]
    enqueued: dict = {}
    explored: dict = {}
    queued = enqueued.get
    c = 1
    while queue:
        (_, _, cur, dist, parent) = heappop(queue)
        if cur == target:
            path = [cur]
            while parent is not None:
                path.append(parent)
                parent = explored[parent]
            path.reverse()
            return path
        if cur in explored:
            if explored[cur] is None:                # the source, popped again
                continue
            if enqueued[cur][0] < dist:              # a stale entry
                continue
        explored[cur] = parent
        for nb, e in succ[cur].items():
            cost = e.get(weight, 1)
            if cost is None:
                continue
            ncost = dist + cost
            q = queued(nb)
            if q is not None and q[0] <= ncost:
                continue
            if cutoff and ncost + 0 > cutoff:         # (NetworkX's ncost + h, h = 0)
                continue
            enqueued[nb] = ncost, 0
            heappush(queue, (ncost + 0, c, nb, ncost, cur))
            c += 1
    return None


class TwoFringes:
    """NetworkX's ``bidirectional_shortest_path``: a BFS fringe from each end, the smaller
    grown a level at a time (forward over ``succ``, backward over ``pred``; both
    ``G._adj`` when undirected) until an edge reaches a vertex the other end has seen;
    its path through that vertex, or None where a fringe empties first (NetworkX raises
    NetworkXNoPath).  Run in stretches: ``should_run``'s probe is the search's start
    (``registry.searches_serve``), which the served call takes on from where it stopped."""

    __slots__ = ("ahead", "back", "bwd", "done", "fwd", "path", "pred", "succ")

    def __init__(self, succ: dict, pred: dict, source, target):
        self.succ, self.pred = succ, pred
        self.fwd, self.bwd = {source: None}, {target: None}   # vertex → the one before
        self.ahead, self.back = [source], [target]             # the fringes
        self.done = source == target
        self.path: list | None = [source] if self.done else None

    def run(self, budget: int | None = None) -> bool:
        """Grow whole levels until the search ends (True: ``path`` is its answer) or
        until the next level would take the adjacency entries read past ``budget``
        (False: ``run`` again goes on from there)."""
        if self.done:
            return True
        succ, pred, fwd, bwd = self.succ, self.pred, self.fwd, self.bwd
        ahead, back = self.ahead, self.back
        read = 0
        while ahead and back:
            forward = len(ahead) <= len(back)
            if budget is not None:
                read += sum(map(len, map((succ if forward else pred).__getitem__,
                                         ahead if forward else back)))
                if read > budget:
                    self.ahead, self.back = ahead, back
                    return False
            # one level a step, in NetworkX's order: f'{!fwd} = f' any.pair A (forward),
            # b'{!bwd} = b' any.pair Aᵀ (back), until an edge lands in the other side
            if forward:
                level, ahead = ahead, []
                grow = ahead.append
                for v in level:
                    for w in succ[v]:
                        if w not in fwd:
                            grow(w)
                            fwd[w] = v
                        if w in bwd:
                            return self._met(w)
            else:
                level, back = back, []
                grow = back.append
                for v in level:
                    for w in pred[v]:
                        if w not in bwd:
                            bwd[w] = v
                            grow(w)
                        if w in fwd:
                            return self._met(w)
        self.done = True
        return True

    def _met(self, w) -> bool:
        self.path = _walk(self.fwd, w)[::-1] + _walk(self.bwd, self.bwd[w])
        self.done = True
        return True
