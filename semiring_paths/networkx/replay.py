"""NetworkX's Dijkstra order replayed over the engine's distances, compiled; and its
Bellman-Ford queue, whose dict and list orders only its own run defines.

NetworkX settles vertices from a heap keyed by (distance, push counter) and gives each
vertex the predecessor whose pop first pushed it at its final distance.  With the final
distances known, only the tight edges ``d(v) + w = d(u)`` can make such a push (one a
vertex), and since the counter only grows, the heap pops each distance's vertices in the
order they were pushed: one FIFO list per distinct distance, taken in increasing order,
replays it without a heap.  NetworkX's dicts then come out in the same order, its paths
through the same vertices.

Where only NetworkX's own run defines the answer's path or order, that run is compiled
step for step over its adjacency order: the Bellman-Ford queue, the two-heap
``bidirectional_dijkstra``, the two-fringe ``bidirectional_shortest_path``, and
``bfs_layers`` stopped at one layer (``descendants_at_distance``), the three loops of
``floyd_warshall_predecessor_and_distance``, whose predecessors and key orders are its
run's, and the depth-first walk that lists every shortest path from predecessor lists.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..cpu.loops.pair import meeting_path


def settle_order(indptr, indices, wts, d, sources, target: int = -1):
    """``(order, pred)``: the vertices in NetworkX's pop order (up to and including
    ``target``; -1: none) and each one's predecessor (-1 for the sources and the
    unreached), from the adjacency in NetworkX's neighbour order with its weights."""
    rank, buckets = _ranks(d)
    return _replay(indptr, indices, wts, d, rank, buckets, sources, target, np.inf,
                   False)[:2]


def predecessor_replay(indptr, indices, wts, d, sources, cutoff: float = np.inf):
    """What ``dijkstra_predecessor_and_distance`` returns, in NetworkX's orders, from one
    replay: ``(order, pred, seen, starts, tails, edges)`` — :func:`settle_order`'s two; the
    order its Dijkstra first pushes each vertex (its ``pred``'s keys: the sources as
    given, then over the pops the first edge within ``cutoff`` to each vertex not popped
    yet); and each settled vertex's tight in-neighbours (``d(u) + w = d(v)``) in pop
    order, its ``pred``'s lists: vertex v's is ``tails[starts[v]:starts[v + 1]]`` (the
    tight edges themselves: those entries of ``edges``, each one's place in ``indices``).  The
    three passes over the popped rows that these took are one (luxembourg_osm: settle
    order 15.5, tight in-edges 10.1, first pushes 5.5 ms)."""
    rank, buckets = _ranks(d)
    order, pred, seen, tight, starts = _replay(indptr, indices, wts, d, rank, buckets,
                                               sources, -1, cutoff, True)
    return (order, pred, seen, starts,
            *_tight_tails(indptr, indices, order, tight, starts))


def _ranks(d):
    """Each vertex's distance as the rank of its value among the distinct finite ones
    (-1: unreached), and how many there are: the replay's FIFO lists."""
    finite = np.isfinite(d)
    rank = np.full(d.size, -1, np.int64)
    values, rank[finite] = np.unique(d[finite], return_inverse=True)
    return rank, values.size


@njit(cache=True)
def level_predecessors(indptr, indices, source, limit):
    """NetworkX's ``predecessor`` from ``source`` up to ``limit`` levels, compiled, in
    one pass over the queued rows: ``(queue, starts, tails, level, edges)`` — the
    vertices in its queue's order, each one's in-neighbours one level up in queue order
    (vertex w's are ``tails[starts[w]:starts[w + 1]]``, the edges from them those
    entries of ``indices``, aligned) and each vertex's level (-1: not reached).
    The walk (:func:`_walk_levels`) keeps every edge into the next level as a (head,
    tail) pair, met in queue order; they are bucketed by head here, stably (min of 15,
    ms, against a BFS and then two passes, count and fill: hep-th-newman 1.03 → 0.52,
    PGPgiantcompo 1.60 → 0.71, as-caida20071105 2.73 → 1.34)."""
    n = indptr.size - 1
    queue, _, _, level, heads, tails_met, edges_met = _walk_levels(
        indptr, indices, np.array([source]), limit, True)
    starts = np.zeros(n + 1, np.int64)
    for w in heads:
        starts[w + 1] += 1
    for w in range(n):
        starts[w + 1] += starts[w]
    tails = np.empty(heads.size, np.int64)
    edges = np.empty(heads.size, np.int64)
    fill = starts[:-1].copy()
    for i in range(heads.size):                       # stable: queue order kept
        w = heads[i]
        tails[fill[w]] = tails_met[i]
        edges[fill[w]] = edges_met[i]
        fill[w] += 1
    return queue, starts, tails, level, edges


@njit(cache=True)
def labeled_bfs(indptr, indices, sources, processed, directed):
    """NetworkX's ``bfs_labeled_edges`` from ``sources`` (each once, in order), compiled:
    ``(tails, heads, kinds)`` of every edge it reports, in its order, kind 0 tree, 1
    level, 2 forward, 3 reverse.  Its queue pops a vertex and reports each out-edge:
    tree to a vertex not seen (queued a level down), else by the two depths — level
    edges only to vertices not popped yet when undirected (each edge once), reverse
    edges only when directed.  Stops after popping ``processed`` vertices."""
    n = indptr.size - 1
    depth = np.full(n, -1, np.int64)
    popped = np.zeros(n, np.bool_)
    queue = np.empty(n, np.int64)
    k = 0
    for s in sources:
        depth[s] = 0
        queue[k] = s
        k += 1
    tails = np.empty(indices.size, np.int64)
    heads = np.empty(indices.size, np.int64)
    kinds = np.empty(indices.size, np.int64)
    m, head = 0, 0
    while head < k and head < processed:
        u = queue[head]
        head += 1
        du = depth[u]
        for e in range(indptr[u], indptr[u + 1]):
            v = indices[e]
            dv = depth[v]
            if dv < 0:
                depth[v] = du + 1
                queue[k] = v
                k += 1
                kind = 0
            elif du == dv:
                kind = 1 if directed or not popped[v] else -1
            elif du < dv:
                kind = 2
            else:
                kind = 3 if directed else -1
            if kind >= 0:
                tails[m], heads[m], kinds[m] = u, v, kind
                m += 1
        popped[u] = True
    return tails[:m], heads[:m], kinds[:m]


@njit(cache=True)
def bfs_levels(indptr, indices, sources, limit):
    """NetworkX's BFS from ``sources`` up to ``limit`` levels, compiled: ``(queue,
    parents, ends)``, the vertices in the order its queue discovers them (each level's
    parents in order, each one's neighbours in NetworkX's order), the vertex each was
    discovered from (-1: a source), and where each level ends in the queue (level 0:
    the sources)."""
    return _walk_levels(indptr, indices, sources, limit, False)[:3]


@njit(cache=True)
def _walk_levels(indptr, indices, sources, limit, pairs):
    """The one level-by-level walk of NetworkX's BFS behind :func:`bfs_levels` and
    :func:`level_predecessors`: ``(queue, parents, ends, level, heads, tails, edges)`` —
    with ``pairs``, every edge into the level being found (to a vertex just found, or
    found earlier from this level) as a (head, tail, entry of ``indices``) triple, in
    the order met; else none."""
    n = indptr.size - 1
    level, queue, parents, k = start_levels(n, sources)
    ends = np.empty(n + 1, np.int64)
    heads = np.empty(indices.size if pairs else 0, np.int64)
    tails = np.empty(indices.size if pairs else 0, np.int64)
    edges = np.empty(indices.size if pairs else 0, np.int64)
    p = 0
    ends[0] = k
    levels, head, depth = 1, 0, 0
    # ---- a level a step, q = queue[head:tail] (its frontier), in NetworkX's queue order:
    #      q'{level < 0} = q any.secondi A    (found: each by its first tail, queued)
    #      P = q pair A {level = depth + 1}  (pairs: every edge into the level found)
    while head < k and depth < limit:
        tail = k
        for i in range(head, tail):
            v = queue[i]
            k, p = _expand(v, indptr[v], indptr[v + 1], indices, depth, level, queue,
                           parents, k, pairs, heads, tails, edges, p)
        if k == tail:
            break
        ends[levels] = k
        levels += 1
        head = tail
        depth += 1
    return queue[:k], parents[:k], ends[:levels], level, heads[:p], tails[:p], edges[:p]


@njit(cache=True)
def start_levels(n, sources):
    """A BFS's start over n vertices: ``(level, queue, parents, k)``, the sources each
    once, in order, at level 0 (parent -1) and queued; every other vertex's level -1."""
    level = np.full(n, -1, np.int64)
    queue = np.empty(n, np.int64)
    parents = np.empty(n, np.int64)
    k = 0
    for s in sources:
        if level[s] < 0:
            level[s] = 0
            queue[k] = s
            parents[k] = -1
            k += 1
    return level, queue, parents, k


@njit(cache=True, inline="always")
def _expand(v, a, b, cols, depth, level, queue, parents, k, pairs, heads, tails, edges,
            p):
    """One row of a BFS level: vertex ``v``'s neighbours ``cols[a:b]``, each not found
    yet queued a level down (``level``, ``queue``, ``parents``, from ``k``), and with
    ``pairs`` every edge into that level kept as a (head, tail, entry) triple (from
    ``p``; the entry: the edge's place in ``cols``)."""
    for e in range(a, b):
        u = cols[e]
        if level[u] < 0:                                  # found: queued a level down
            level[u] = depth + 1
            queue[k] = u
            parents[k] = v
            k += 1
        if pairs and level[u] == depth + 1:               # v: one of u's predecessors
            heads[p], tails[p], edges[p] = u, v, e
            p += 1
    return k, p


@njit(cache=True)
def expand_level(queue, head, tail, k, starts, cols, depth, level, parents):
    """The level ``queue[head:tail]`` expanded from its rows alone, read in queue order
    (row i's neighbours ``cols[starts[i]:starts[i + 1]]``): what :func:`bfs_levels`
    does for a level, for a search that reads NetworkX's rows as it reaches them
    (``convert.SemiringPathsGraph.search_rows``).  Returns the queue's new end."""
    none = np.empty(0, np.int64)
    for i in range(head, tail):
        k, _ = _expand(queue[i], starts[i - head], starts[i - head + 1], cols, depth, level,
                       queue, parents, k, False, none, none, none, 0)
    return k


@njit(cache=True)
def _tight_tails(indptr, indices, order, tight, starts):
    """The runs of :func:`predecessor_replay` filled from the flagged tight edges (their
    counts already summed into ``starts``): tails are taken in pop order, so each run
    comes out in order without a sort; ``edges``: their entries of ``indices``."""
    tails = np.empty(starts[-1], np.int64)
    edges = np.empty(starts[-1], np.int64)
    fill = starts[:-1].copy()
    for u in order:
        for e in range(indptr[u], indptr[u + 1]):
            if tight[e]:
                v = indices[e]
                tails[fill[v]] = u
                edges[fill[v]] = e
                fill[v] += 1
    return tails, edges


@njit(cache=True, inline="always")
def _append(head, tail, nxt, b, v):
    """v joins the tail of distance bucket b's FIFO list."""
    if tail[b] < 0:
        head[b] = v
    else:
        nxt[tail[b]] = v
    tail[b] = v


@njit(cache=True)
def _replay(indptr, indices, wts, d, rank, buckets, sources, target, cutoff, extras):
    """The pops (``order``) and tree predecessors; with ``extras``, also the first
    pushes within ``cutoff`` (``seen``), the tight edges flagged and their counts summed
    a head vertex (``starts``), as :func:`predecessor_replay` describes."""
    n = d.size
    pred = np.empty(n, np.int64)
    pred[:] = -1
    pushed = np.zeros(n, np.bool_)
    head = np.empty(buckets, np.int64)          # a FIFO list per distinct distance
    head[:] = -1
    tail = np.empty(buckets, np.int64)
    tail[:] = -1
    nxt = np.empty(n, np.int64)
    nxt[:] = -1
    order = np.empty(n, np.int64)
    m = n if extras else 0
    popped = np.zeros(m, np.bool_)
    met = np.zeros(m, np.bool_)                 # first pushed (NetworkX's `seen`)
    seen = np.empty(m, np.int64)
    tight = np.zeros(indices.size if extras else 0, np.bool_)
    starts = np.zeros(m + 1, np.int64)
    ks = 0
    for s in sources:
        if extras and not met[s]:
            met[s] = True
            seen[ks] = s
            ks += 1
        if not pushed[s] and rank[s] >= 0:        # a source cut off by its cutoff: none
            pushed[s] = True
            _append(head, tail, nxt, rank[s], s)
    k = 0
    for b in range(buckets):
        while head[b] >= 0:
            v = np.uint64(head[b])
            head[b] = nxt[v]
            if head[b] < 0:
                tail[b] = -1
            order[k] = v
            k += 1
            if v == target:
                return order[:k], pred, seen[:ks], tight, starts
            dv = d[v]
            if extras:
                popped[v] = True
            for j in range(np.uint64(indptr[v]), np.uint64(indptr[v + np.uint64(1)])):
                u = np.uint64(indices[j])
                t = dv + wts[j]
                if extras and rank[u] >= 0:
                    if not met[u] and not popped[u] and t <= cutoff:
                        met[u] = True
                        seen[ks] = u
                        ks += 1
                    if t == d[u] and t <= cutoff:         # (a source keeps its 0)
                        tight[j] = True
                        starts[u + 1] += 1
                if not pushed[u] and t == d[u]:     # the tight edge that pushes u
                    pushed[u] = True
                    pred[u] = v
                    _append(head, tail, nxt, rank[u], u)
    for v in range(m):
        starts[v + 1] += starts[v]
    return order[:k], pred, seen[:ks], tight, starts


def bellman_ford_order(indptr, indices, wts, sources, heuristic: bool = True):
    """NetworkX's Bellman-Ford (``_inner_bellman_ford``: a FIFO queue, a vertex skipped
    while one of its predecessors waits, the recent-update cycle test) run compiled over
    its own adjacency order, for what only its run defines: ``(dist, first, pred_ptr,
    pred, pred_len, cycle)`` — values, the order vertices first got a value (its dict's
    order), each vertex's predecessor list (``pred[pred_ptr[v]:pred_ptr[v] +
    pred_len[v]]``, its order), and the vertex where it found a negative cycle (-1:
    none)."""
    n = indptr.size - 1
    indeg = np.bincount(indices, minlength=n) if indices.size else np.zeros(n, np.int64)
    pred_ptr = np.zeros(n + 1, np.int64)
    np.cumsum(indeg + 1, out=pred_ptr[1:])      # + 1: the append a cycle ends with
    out = _bellman_ford(indptr, indices, np.asarray(wts, np.float64),
                        np.asarray(sources, np.int64), pred_ptr, heuristic)
    dist, first, nfirst, pred, pred_len, cycle = out
    return dist, first[:nfirst], pred_ptr, pred, pred_len, cycle


@njit(cache=True)
def _bellman_ford(indptr, indices, wts, sources, pred_ptr, heuristic):
    n = indptr.size - 1
    dist = np.full(n, np.inf)
    first = np.empty(n, np.int64)
    nfirst = 0
    pred = np.empty(max(pred_ptr[n], 1), np.int64)
    pred_len = np.zeros(n, np.int64)
    pred_edge = np.full(n, -1, np.int64)          # the last improver (-1: none)
    ru_a = np.full(n, -1, np.int64)               # recent_update[v] = (ru_a, ru_b)
    ru_b = np.full(n, -1, np.int64)
    count = np.zeros(n, np.int64)
    in_q = np.zeros(n, np.bool_)
    q = np.empty(n + 1, np.int64)                 # a ring: each vertex once at most
    head = 0
    size = 0
    for s in sources:
        if dist[s] == np.inf:
            first[nfirst] = s
            nfirst += 1
        dist[s] = 0.0
    for s in sources:                             # deque(sources): duplicates too
        q[(head + size) % (n + 1)] = s
        size += 1
        in_q[s] = True
    while size > 0:
        u = q[head]
        head = (head + 1) % (n + 1)
        size -= 1
        in_q[u] = False
        skip = False
        for k in range(pred_ptr[u], pred_ptr[u] + pred_len[u]):
            if in_q[pred[k]]:
                skip = True
                break
        if skip:
            continue
        du = dist[u]
        for e in range(indptr[u], indptr[u + 1]):
            v = indices[e]
            dv = du + wts[e]
            if dv < dist[v]:
                if heuristic:
                    if v == ru_a[u] or v == ru_b[u]:
                        pred[pred_ptr[v] + pred_len[v]] = u     # NetworkX appends first
                        pred_len[v] += 1
                        return dist, first, nfirst, pred, pred_len, v
                    if pred_edge[v] == u:
                        ru_a[v] = ru_a[u]
                        ru_b[v] = ru_b[u]
                    else:
                        ru_a[v] = u
                        ru_b[v] = v
                if not in_q[v]:
                    q[(head + size) % (n + 1)] = v
                    size += 1
                    in_q[v] = True
                    count[v] += 1
                    if count[v] == n:
                        return dist, first, nfirst, pred, pred_len, v
                if dist[v] == np.inf:
                    first[nfirst] = v
                    nfirst += 1
                dist[v] = dv
                pred[pred_ptr[v]] = u
                pred_len[v] = 1
                pred_edge[v] = u
            elif dist[v] != np.inf and dv == dist[v]:
                pred[pred_ptr[v] + pred_len[v]] = u
                pred_len[v] += 1
    return dist, first, nfirst, pred, pred_len, -1


@njit(cache=True, inline="always")
def _push(hd, hc, hv, size, dist, cnt, v):
    """Push (dist, cnt, v) on the binary heap ``hd/hc/hv`` of ``size`` entries."""
    i = size
    while i > 0:
        up = (i - 1) >> 1
        if hd[up] < dist or (hd[up] == dist and hc[up] < cnt):
            break
        hd[i], hc[i], hv[i] = hd[up], hc[up], hv[up]
        i = up
    hd[i], hc[i], hv[i] = dist, cnt, v
    return size + 1


@njit(cache=True, inline="always")
def _pop(hd, hc, hv, size):
    """Remove the least (dist, cnt) entry; returns (dist, v, new size)."""
    dist, v = hd[0], hv[0]
    size -= 1
    ld, lc, lv = hd[size], hc[size], hv[size]
    i = 0
    while True:
        c = 2 * i + 1
        if c >= size:
            break
        if c + 1 < size and (hd[c + 1] < hd[c] or (hd[c + 1] == hd[c] and hc[c + 1] < hc[c])):
            c += 1
        if ld < hd[c] or (ld == hd[c] and lc < hc[c]):
            break
        hd[i], hc[i], hv[i] = hd[c], hc[c], hv[c]
        i = c
    hd[i], hc[i], hv[i] = ld, lc, lv
    return dist, v, size


@njit(cache=True)
def bidirectional_dijkstra(fptr, find, fw, bptr, bind, bw, s, t):
    """NetworkX's ``bidirectional_dijkstra`` run compiled, step for step: the two heaps
    of (distance, push counter, vertex) taken in turn, its relaxation and meeting rule,
    so the path is the one it returns (ties included).  ``f*`` is the adjacency over
    ``G._succ`` (``G._adj``), ``b*`` over ``G._pred``, each with its weights in
    NetworkX's neighbour order.  Returns ``(status, distance, path)``: status 0 found,
    1 no path, 2 "contradictory paths" (NetworkX's ValueError)."""
    n = fptr.size - 1
    ptr = (fptr, bptr)
    ind = (find, bind)
    wts = (fw, bw)
    dists = np.full((2, n), np.inf)           # final (settled) distances
    done = np.zeros((2, n), np.bool_)
    seen = np.full((2, n), np.inf)
    pred = np.full((2, n), -1, np.int64)      # a root is its own (NetworkX: None)
    cap = max(fptr[n], bptr[n]) + 2
    hd = np.empty((2, cap))
    hc = np.empty((2, cap), np.int64)
    hv = np.empty((2, cap), np.int64)
    size = np.zeros(2, np.int64)
    seen[0, s] = 0.0
    seen[1, t] = 0.0
    pred[0, s] = s
    pred[1, t] = t
    c = 0
    size[0] = _push(hd[0], hc[0], hv[0], size[0], 0.0, c, s)
    c += 1
    size[1] = _push(hd[1], hc[1], hv[1], size[1], 0.0, c, t)
    c += 1
    finaldist = np.inf
    meet = -1
    direction = 1
    while size[0] > 0 and size[1] > 0:
        direction = 1 - direction
        dist, v, size[direction] = _pop(hd[direction], hc[direction], hv[direction],
                                        size[direction])
        if done[direction, v]:
            continue
        done[direction, v] = True
        dists[direction, v] = dist
        if done[1 - direction, v]:
            return 0, finaldist, meeting_path(pred, meet)
        adj_ptr, adj_ind, adj_w = ptr[direction], ind[direction], wts[direction]
        for e in range(adj_ptr[v], adj_ptr[v + 1]):
            w = adj_ind[e]
            length = dist + adj_w[e]
            if done[direction, w]:
                if length < dists[direction, w]:
                    return 2, np.inf, np.empty(0, np.int64)
            elif length < seen[direction, w]:
                seen[direction, w] = length
                size[direction] = _push(hd[direction], hc[direction], hv[direction],
                                        size[direction], length, c, w)
                c += 1
                pred[direction, w] = v
                if seen[1 - direction, w] < np.inf:
                    total = length + seen[1 - direction, w]
                    if meet < 0 or finaldist > total:
                        finaldist, meet = total, w
    return 1, np.inf, np.empty(0, np.int64)


@njit(cache=True)
def bidirectional_bfs(fptr, find, bptr, bind, s, t, pred, seen, query):
    """NetworkX's ``_bidirectional_pred_succ`` run compiled, step for step: the smaller
    fringe (the forward one on ties) grows a whole level, neighbours in its adjacency
    order, and the first neighbour the other side has reached is the meeting vertex —
    so the path is NetworkX's.  ``pred``/``seen`` are a query's scratch
    (``cpu/loops/pair.Scratch``: ``seen[k, v] == query`` puts v in side k's dict).
    Returns the path (empty: none)."""
    pred[0, s], pred[1, t] = s, t
    seen[0, s] = query
    seen[1, t] = query
    n = fptr.size - 1
    fringe = np.empty((2, n), np.int64)
    size = np.zeros(2, np.int64)
    fringe[0, 0], fringe[1, 0] = s, t
    size[0] = size[1] = 1
    level = np.empty(n, np.int64)
    meet = -1
    while size[0] > 0 and size[1] > 0 and meet < 0:
        k = 0 if size[0] <= size[1] else 1
        ptr, ind = (fptr, find) if k == 0 else (bptr, bind)
        m = size[k]
        level[:m] = fringe[k, :m]
        size[k] = 0
        for i in range(m):
            v = level[i]
            for e in range(ptr[v], ptr[v + 1]):
                w = ind[e]
                if seen[k, w] != query:
                    seen[k, w] = query
                    pred[k, w] = v
                    fringe[k, size[k]] = w
                    size[k] += 1
                if seen[1 - k, w] == query:
                    meet = w
                    break
            if meet >= 0:
                break
    if meet < 0:
        return np.empty(0, np.int64)
    return meeting_path(pred, meet)


@njit(cache=True)
def layer_at(ptr, ind, s, depth, seen, query):
    """The vertices exactly ``depth`` BFS levels from ``s`` (NetworkX's ``bfs_layers``
    stopped there); ``seen`` is scratch kept between queries (``seen[v] == query``:
    reached by this one)."""
    n = ptr.size - 1
    layer = np.empty(n, np.int64)
    nxt = np.empty(n, np.int64)
    layer[0] = s
    size = 1
    seen[s] = query
    for _ in range(depth):
        k = 0
        for i in range(size):
            v = layer[i]
            for e in range(ptr[v], ptr[v + 1]):
                w = ind[e]
                if seen[w] != query:
                    seen[w] = query
                    nxt[k] = w
                    k += 1
        layer, nxt = nxt, layer
        size = k
        if size == 0:
            break
    return layer[:size].copy()


# ------------------------------------------------------------------ Floyd–Warshall
@njit(cache=True)
def _fw_set(V, Z, P, seq, fill, touched, order, a, b, e, e_int):
    """One edge of NetworkX's first pass: ``dist[a][b] = min(e, dist[a][b])`` (``min``
    keeps its first argument on a tie, so e's type), ``pred[a][b] = a``; a key new to
    ``pred[a]`` (and ``dist[a]``) is appended to a's row of ``seq``, a new ``pred[a]`` to
    ``order``."""
    if not V[a, b] < e:
        V[a, b] = e
        Z[a, b] = e_int
    if P[a, b] < 0:
        seq[fill[a]] = b
        fill[a] += 1
    P[a, b] = a
    if not touched[a]:
        touched[a] = True
        order[order[-1]] = a                 # order's extra last slot counts them
        order[-1] += 1


@njit(cache=True)
def floyd_warshall_replay(indptr, indices, w, w_int, directed, diagonal_last):
    """NetworkX's ``floyd_warshall_predecessor_and_distance`` on the adjacency (its
    node order; ``w`` its weights as it reads them, ``w_int`` which are ints), step for
    step over dense arrays: ``(V, Z, P, F, seq, fill, order)`` — the distances (inf:
    none), whether each is an int (a sum of ints only: NetworkX's type), the
    predecessor index (-1: no key), the ``w`` that first made a pair without an edge
    finite (-1 for the edges and the diagonal; n: never), each row's keys from the
    first pass in order (row u at ``indptr[u]``, ``fill[u]`` its end) and the nodes in
    the order ``pred`` first got them.  The first pass takes edges as ``G.edges`` gives
    them (undirected: once, from the endpoint first in node order) and sets both ways
    when undirected; the main loop is ``for w: for u: for v:`` with a strict ``>``, as
    NetworkX's, so ties keep the path found first and every float sum is the same.
    ``diagonal_last`` (NetworkX ≥ 3.7, ``compat.floyd_warshall_by_adjacency``): the
    first pass reads the adjacency as it is (pass ``directed``), and each ``dist[u][u]``
    becomes the int 0 after it, whatever a self-loop weighed."""
    n = indptr.size - 1
    V = np.full((n, n), np.inf)
    Z = np.zeros((n, n), np.bool_)
    P = np.full((n, n), -1, np.int64)
    seq = np.empty(indptr[-1], np.int64)
    fill = indptr[:-1].copy()
    touched = np.zeros(n, np.bool_)
    order = np.zeros(n + 1, np.int64)
    for u in range(n):
        V[u, u] = 0.0
        Z[u, u] = True
    for a in range(n):
        for k in range(indptr[a], indptr[a + 1]):
            b = indices[k]
            if directed:
                _fw_set(V, Z, P, seq, fill, touched, order, a, b, w[k], w_int[k])
            elif b >= a:
                _fw_set(V, Z, P, seq, fill, touched, order, a, b, w[k], w_int[k])
                _fw_set(V, Z, P, seq, fill, touched, order, b, a, w[k], w_int[k])
    if diagonal_last:
        for u in range(n):
            V[u, u] = 0.0
            Z[u, u] = True
    F = np.where(np.isfinite(V), -1, n)
    for x in range(n):
        for u in range(n):
            du = V[u, x]
            if du == np.inf:
                continue
            for v in range(n):
                dv = du + V[x, v]
                if V[u, v] > dv:
                    V[u, v] = dv
                    Z[u, v] = Z[u, x] and Z[x, v]
                    P[u, v] = P[x, v]
                    if F[u, v] == n:
                        F[u, v] = x
    return V, Z, P, F, seq, fill, order[:order[-1]]


@njit(cache=True)
def _touch(keys, nkeys, known, u, v):
    """Key v read or set in row u of a defaultdict of dicts: appended to u's keys
    (``keys[u, :nkeys[u]]``) the first time."""
    if not known[u, v]:
        known[u, v] = True
        keys[u, nkeys[u]] = v
        nkeys[u] += 1


@njit(cache=True)
def floyd_warshall_tree_replay(indptr, indices, w, w_int):
    """NetworkX 3.7's ``floyd_warshall_tree`` (Brodnik, Grgurovič and Požar's tree
    variant) step for step over dense arrays, after 3.7's first pass (the adjacency as
    it is, then ``dist[u][u] = 0``): for each ``w`` in ``pred``'s order, the tree of
    ``pred[w]`` in preorder (children in ``pred[w]``'s key order, the last pushed taken
    first), then for each other ``u`` that reaches ``w`` a walk down it that improves
    ``dist[u][v]`` with a strict ``>`` or skips v's subtree.  Returns ``(V, Z, P, dkeys,
    ndk, pkeys, npk, order)``: distances, int-ness, predecessors, each row's ``dist``
    and ``pred`` keys in the order NetworkX's dicts get them (a read of an absent key
    makes it: inf), and ``pred``'s rows in order."""
    n = indptr.size - 1
    V = np.full((n, n), np.inf)
    Z = np.zeros((n, n), np.bool_)
    P = np.full((n, n), -1, np.int64)
    dkeys = np.empty((n, n), np.int64)
    pkeys = np.empty((n, n), np.int64)
    ndk = np.zeros(n, np.int64)
    npk = np.zeros(n, np.int64)
    dknown = np.zeros((n, n), np.bool_)
    pknown = np.zeros((n, n), np.bool_)
    order = np.empty(n, np.int64)
    norder = 0
    for a in range(n):                                # _init_pred_dist
        for k in range(indptr[a], indptr[a + 1]):
            b = indices[k]
            V[a, b] = w[k]
            Z[a, b] = w_int[k]
            _touch(dkeys, ndk, dknown, a, b)
            P[a, b] = a
            _touch(pkeys, npk, pknown, a, b)
        if npk[a] > 0:
            order[norder] = a
            norder += 1
        _touch(dkeys, ndk, dknown, a, a)
        V[a, a] = 0.0
        Z[a, a] = True
    head = np.empty(n, np.int64)                      # out_w: children lists
    nxt_child = np.empty(n, np.int64)
    tail = np.empty(n, np.int64)
    stack = np.empty(n + 1, np.int64)
    pre = np.empty(n + 1, np.int64)                   # dfs_dict over the preorder
    skip = np.empty(n, np.int64)
    pos = np.empty(n, np.int64)
    for oi in range(norder):
        x = order[oi]
        head[:] = -1
        tail[:] = -1
        for j in range(npk[x]):                       # out_w[parent].append(v)
            v = pkeys[x, j]
            if v == x:
                continue
            par = P[x, v]
            nxt_child[v] = -1
            if tail[par] < 0:
                head[par] = v
            else:
                nxt_child[tail[par]] = v
            tail[par] = v
        top = 0                                       # the preorder, and skip_dict
        stack[0] = x
        m = 0
        skip[:] = -1
        while top >= 0:
            node = stack[top]
            top -= 1
            pre[m] = node
            pos[node] = m
            m += 1
            if top >= 0:
                skip[node] = stack[top]
            c = head[node]
            while c >= 0:
                top += 1
                stack[top] = c
                c = nxt_child[c]
        for u in range(n):
            if u == x:
                continue
            _touch(dkeys, ndk, dknown, u, x)
            duw = V[u, x]
            if duw == np.inf:
                continue
            i = 1                                     # dfs_dict[w]
            while i < m:
                v = pre[i]
                d = duw + V[x, v]
                _touch(dkeys, ndk, dknown, u, v)
                if V[u, v] > d:
                    V[u, v] = d
                    Z[u, v] = Z[u, x] and Z[x, v]
                    P[u, v] = P[x, v]
                    _touch(pkeys, npk, pknown, u, v)
                    i += 1
                else:
                    s = skip[v]
                    i = m if s < 0 else pos[s]
    return V, Z, P, dkeys, ndk, pkeys, npk, order[:norder]


@njit(cache=True)
def walk_paths(begin, size, tails, source, stack_v, stack_i, seen, top, max_paths,
               max_items, once):
    """NetworkX's ``_build_paths_from_predecessors`` (a depth-first walk back from the
    target over the predecessor lists, vertex v's ``tails[begin[v]:begin[v] + size[v]]``,
    first to last, never through a vertex on the walk: ``seen``), resumable: it goes on
    from the walk's state (``stack_v``, ``stack_i``, ``seen``, ``top``; -1: done) until
    it has ``max_paths`` paths or the next would pass ``max_items`` vertices (at least
    n + 1: a path repeats none).  ``once`` (NetworkX ≥ 3.7, ``compat.paths_yield_once``):
    a predecessor already on the walk is passed by within the step, so the vertex is not
    visited again (≤ 3.6 visited it again, and a source yielded its path again).
    Returns ``(flat, ends, top)``: the paths found, source first, one after the other in
    ``flat`` (path k ends before ``ends[k]``), and the state's new top."""
    flat = np.empty(max_items, np.int64)
    ends = np.empty(max_paths, np.int64)
    k = 0
    used = 0
    while top >= 0:
        if k == max_paths or used + top + 1 > max_items:
            break
        node = stack_v[top]
        i = stack_i[top]
        if node == source:                    # a path: the stack, source first
            for j in range(top, -1, -1):
                flat[used] = stack_v[j]
                used += 1
            ends[k] = used
            k += 1
        if size[node] > i:
            nxt = tails[begin[node] + i]
            i += 1
            while once and seen[nxt] and size[node] > i:
                nxt = tails[begin[node] + i]
                i += 1
            stack_i[top] = i
            if seen[nxt]:
                if once:                      # every predecessor passed: back
                    seen[node] = False
                    top -= 1
                continue
            seen[nxt] = True
            top += 1
            stack_v[top] = nxt
            stack_i[top] = 0
        else:
            seen[node] = False
            top -= 1
    return flat[:used], ends[:k], top


# ------------------------------------------------------------- Goldberg–Radzik
# NetworkX's goldberg_radzik takes its DFS roots in the iteration order of a Python set
# (the vertices relabeled in the last round) and its dict order from those DFSs: for
# integer labels that order is CPython's set table (a label's hash is itself), which the
# functions below keep as CPython's setobject.c does: open addressing from hash & mask,
# nine linear probes then a perturbed jump (i·5 + 1 + perturb, perturb >>= 5), a resize
# to the first power of two over 4·used (2·used past 50 000) once fill·5 ≥ mask·3, the
# entries of a resize or a copy reinserted in table order, and a copy (``set - keys``,
# ``PySet_New``) presized to over 2·used when used·5 ≥ 21, or slot for slot where the
# sizes agree.
SET_MIN, SET_PROBES, SET_SHIFT = 8, 9, 5


@njit(cache=True)
def _set_put(tab, keys, h, v):
    """``set_insert_clean``: v (hash h) into the first empty slot of its probe sequence."""
    mask = np.uint64(tab.size - 1)
    perturb = np.uint64(h)
    i = np.uint64(h) & mask
    while True:
        if tab[i] < 0:
            tab[i] = v
            keys[i] = h
            return
        if i + np.uint64(SET_PROBES) <= mask:
            for j in range(1, SET_PROBES + 1):
                if tab[i + np.uint64(j)] < 0:
                    tab[i + np.uint64(j)] = v
                    keys[i + np.uint64(j)] = h
                    return
        perturb >>= np.uint64(SET_SHIFT)
        i = (i * np.uint64(5) + np.uint64(1) + perturb) & mask


@njit(cache=True)
def _set_size(minused):
    """The first power of two over ``minused``, at least ``SET_MIN`` (a table's size)."""
    size = SET_MIN
    while size <= minused:
        size <<= 1
    return size


@njit(cache=True)
def _set_sized(tab, keys, minused):
    """``set_table_resize``: a table of ``_set_size(minused)`` slots, the entries
    reinserted in table order."""
    size = _set_size(minused)
    new = np.full(size, -1, np.int64)
    new_keys = np.zeros(size, np.int64)
    for i in range(tab.size):
        if tab[i] >= 0:
            _set_put(new, new_keys, keys[i], tab[i])
    return new, new_keys


@njit(cache=True)
def _set_add(tab, keys, used, h, v):
    """``set.add``: ``(tab, keys, used)`` with v (hash h) in, if it was not."""
    mask = np.uint64(tab.size - 1)
    perturb = np.uint64(h)
    i = np.uint64(h) & mask
    while True:
        probes = SET_PROBES if i + np.uint64(SET_PROBES) <= mask else 0
        for j in range(probes + 1):
            at = i + np.uint64(j)
            if tab[at] < 0:
                tab[at] = v
                keys[at] = h
                used += 1
                if used * 5 >= int(mask) * 3:
                    tab, keys = _set_sized(tab, keys, used * 2 if used > 50000 else used * 4)
                return tab, keys, used
            if tab[at] == v:
                return tab, keys, used
        perturb >>= np.uint64(SET_SHIFT)
        i = (i * np.uint64(5) + np.uint64(1) + perturb) & mask


@njit(cache=True)
def _set_copy(tab, keys, used):
    """``PySet_New(s)`` (``set_merge`` into an empty set): the copy's table, presized
    over 2·used from 5 entries, slot for slot where its size is the original's."""
    minused = used * 2 if used * 5 >= (SET_MIN - 1) * 3 else 0
    if _set_size(minused) == tab.size:
        return tab.copy()
    return _set_sized(tab, keys, minused)[0]


@njit(cache=True)
def goldberg_radzik_replay(indptr, indices, wts, hashes, s):
    """NetworkX's ``goldberg_radzik`` from ``s`` over its adjacency order and the labels'
    hashes: ``(d, pred, order, cycle)`` — values in its summation order, each vertex's
    predecessor (-1: the source, -2: none), the order vertices entered its ``pred`` dict,
    and whether its DFS met a cycle of negative reduced cost (NetworkXUnbounded)."""
    n = indptr.size - 1
    d = np.full(n, np.inf)
    d[s] = 0.0
    pred = np.full(n, -2, np.int64)
    pred[s] = -1
    order = np.empty(n, np.int64)
    order[0] = s
    k = 1
    negc = np.full(n, -1, np.int64)               # neg_count (-1: not in it)
    touched = np.empty(n, np.int64)
    in_stack = np.zeros(n, np.bool_)
    stack_v = np.empty(n + 1, np.int64)
    stack_e = np.empty(n + 1, np.int64)
    to_scan = np.empty(2 * n + 1, np.int64)      # a root visited before comes again
    tab = np.full(SET_MIN, -1, np.int64)          # relabeled = {source}
    keys = np.zeros(SET_MIN, np.int64)
    tab, keys, used = _set_add(tab, keys, 0, hashes[s], s)
    while used:
        # ---- topo_sort: DFS over edges of non-positive reduced cost, from each vertex
        #      of relabeled - neg_count.keys() (a copy of relabeled) in its table order
        roots = _set_copy(tab, keys, used)
        nt = 0
        ns = 0
        for r in range(roots.size):
            u0 = roots[r]
            if u0 < 0:
                continue
            du = d[u0]
            neg = False
            for j in range(indptr[u0], indptr[u0 + 1]):
                if not du + wts[j] >= d[indices[j]]:
                    neg = True
                    break
            if not neg:
                continue
            if negc[u0] < 0:
                touched[nt] = u0
                nt += 1
            negc[u0] = 0
            top = 0
            stack_v[0] = u0
            stack_e[0] = indptr[u0]
            in_stack[u0] = True
            while top >= 0:
                u = stack_v[top]
                e = stack_e[top]
                if e == indptr[u + 1]:
                    to_scan[ns] = u
                    ns += 1
                    top -= 1
                    in_stack[u] = False
                    continue
                stack_e[top] = e + 1
                v = indices[e]
                t = d[u] + wts[e]
                if t < d[v]:
                    d[v] = t
                    if pred[v] == -2:
                        order[k] = v
                        k += 1
                    pred[v] = u
                    if negc[v] < 0:
                        negc[v] = negc[u] + 1
                        touched[nt] = v
                        nt += 1
                        top += 1
                        stack_v[top] = v
                        stack_e[top] = indptr[v]
                        in_stack[v] = True
                    elif in_stack[v] and negc[u] + 1 > negc[v]:
                        return d, pred, order[:k], True
        for i in range(nt):
            negc[touched[i]] = -1
        # ---- relax: the out-edges of to_scan, reversed (topological order)
        tab = np.full(SET_MIN, -1, np.int64)
        keys = np.zeros(SET_MIN, np.int64)
        used = 0
        for i in range(ns - 1, -1, -1):
            u = to_scan[i]
            du = d[u]
            for j in range(indptr[u], indptr[u + 1]):
                v = indices[j]
                if du + wts[j] < d[v]:
                    d[v] = du + wts[j]
                    if pred[v] == -2:
                        order[k] = v
                        k += 1
                    pred[v] = u
                    tab, keys, used = _set_add(tab, keys, used, hashes[v], v)
    return d, pred, order[:k], False


# ------------------------------------------------------------------ harmonic sums
@njit(cache=True)
def harmonic_row(row, cols, total, hit):
    """One search's terms of NetworkX's ``harmonic_centrality``: ``total[j] += 1 / d``
    for ``d = row[cols[j]]`` reached and non-zero (a distance, or a hop level with -1
    unreached), ``hit[j]`` set — called row after row in NetworkX's order of the
    sources, each sum takes its terms in NetworkX's order, so its floats are NetworkX's."""
    for j in range(cols.size):
        d = row[cols[j]]
        if d > 0 and d < np.inf:
            total[j] += 1.0 / d
            hit[j] = True


# ------------------------------------------------------------------ Brandes
@njit(cache=True)
def brandes_source(order, starts, tails, edges, s, one, bc, delta, sigma, endpoints, slot,
                   ebc, split):
    """One source's part of NetworkX's Brandes sums, term by term in its order:
    ``sigma`` over the search's order (``order``: its stack ``S``; vertex w's
    predecessors ``tails[starts[w]:starts[w + 1]]``, its ``P[w]``, by the entries
    ``edges`` of the same run), then its accumulation popping ``S``, each term
    ``c`` of ``v ∈ P[w]`` added to ``delta[v]`` and to its edge's sum ``ebc[slot[e]]``
    (``ebc`` empty: vertex sums alone), ``bc[w] += delta[w]``:

    * ``_accumulate_basic`` / ``_accumulate_edges``: ``c = sigma[v] · (1 + delta[w]) /
      sigma[w]``, ``one`` all 1.0 (with ``endpoints``, ``_accumulate_endpoints``: +1 a
      target, and ``bc[s] += |S| - 1`` first);
    * ``_accumulate_subset``: the same with ``one[w]`` 1.0 for a target, 0.0 for
      another vertex (``(delta[w] + 1.0) / sigma[w]`` and ``delta[w] / sigma[w]``
      are those sums to the bit);
    * ``split``, ``_accumulate_edges_subset``: ``c = sigma[v] / sigma[w] · (1 +
      delta[w])`` for a target w, else ``delta[w] / |P[w]|``."""
    for i in range(order.size):
        v = order[i]
        sigma[v] = 0.0
        delta[v] = 0.0
    sigma[s] = 1.0
    for i in range(order.size):                   # path counts: exact sums of ints
        w = order[i]
        if w != s:
            acc = 0.0
            for j in range(starts[w], starts[w + 1]):
                acc += sigma[tails[j]]
            sigma[w] = acc
    if endpoints:
        bc[s] += order.size - 1
    for i in range(order.size - 1, -1, -1):       # S.pop()
        w = order[i]
        a, b = starts[w], starts[w + 1]
        coeff = (one[w] + delta[w]) / sigma[w]
        for j in range(a, b):
            v = tails[j]
            if not split:
                c = sigma[v] * coeff
            elif one[w] != 0.0:
                c = sigma[v] / sigma[w] * (1.0 + delta[w])
            else:
                c = delta[w] / (b - a)
            if ebc.size:
                ebc[slot[edges[j]]] += c
            delta[v] += c
        if w != s:
            bc[w] += delta[w] + 1.0 if endpoints else delta[w]


@njit(cache=True)
def brandes_bfs_replay(indptr, indices, sources, endpoints, one, bc, slot, ebc, split):
    """NetworkX's Brandes sums without weights (before ``_rescale``), from ``sources``
    in its order, added into ``bc`` (and ``ebc``): each one's BFS
    (:func:`level_predecessors`: its queue and predecessor lists are those of
    ``_single_source_shortest_path_basic``) and :func:`brandes_source`."""
    n = indptr.size - 1
    delta = np.zeros(n)
    sigma = np.zeros(n)
    for s in sources:
        queue, starts, tails, _, edges = level_predecessors(indptr, indices, s, np.inf)
        brandes_source(queue, starts, tails, edges, s, one, bc, delta, sigma, endpoints,
                       slot, ebc, split)


# ------------------------------------------------------------------ load (Newman)
@njit(cache=True)
def load_source(reached, onodes, begin, size, tails, s, between, total):
    """One source's part of NetworkX's ``load_centrality`` (``_node_betweenness``):
    every reached vertex starts at 1.0; popping ``onodes`` (the reached vertices past
    the source, ascending by (distance, label)) from its end, each vertex's value
    divided among its predecessors ``tails[begin[v]:begin[v] + size[v]]`` in order,
    stopping at the source; then ``total[v] += value - 1`` for each reached v."""
    for v in reached:
        between[v] = 1.0
    for i in range(onodes.size - 1, -1, -1):
        v = onodes[i]
        a = begin[v]
        num = size[v]
        for j in range(a, a + num):
            x = tails[j]
            if x == s:                    # NetworkX stops there: the rest skipped
                break
            between[x] += between[v] / num
    for v in reached:
        total[v] += between[v] - 1.0


@njit(cache=True)
def load_bfs_replay(indptr, indices, limit, rank, total):
    """NetworkX's unweighted ``load_centrality`` sums (before its scaling) from every
    vertex in order: each one's ``predecessor`` lists (:func:`level_predecessors`,
    ``limit`` levels) and :func:`load_source`, its reached vertices ordered by (level,
    ``rank``: each label's place in Python's sort of them)."""
    n = indptr.size - 1
    between = np.zeros(n)
    for s in range(n):
        queue, starts, tails, level, _ = level_predecessors(indptr, indices, s, limit)
        past = queue[level[queue] > 0]
        onodes = past[np.argsort(level[past] * n + rank[past])]
        load_source(queue, onodes, starts[:-1], starts[1:] - starts[:-1], tails, s,
                    between, total)


@njit(cache=True)
def edge_load_replay(indptr, indices, limit, fwd, rev, total):
    """NetworkX's ``edge_load_centrality`` sums from every vertex in order
    (``_edge_betweenness``): each ordered pair of an edge's ends starts at 1.0 a
    source; popping its ``predecessor`` queue from the end, for each predecessor w of
    v (the edge w → v: entry e1) and each predecessor x of w (x → w: entry e2),
    ``(w, x) += (v, w) / |P[w]|`` and ``(x, w) += (w, v) / |P[w]|``; ``fwd[e]`` /
    ``rev[e]``: the places of entry e's pair and of its reverse in ``total``."""
    n = indptr.size - 1
    between = np.empty(total.size)
    for s in range(n):
        queue, starts, tails, _, edges = level_predecessors(indptr, indices, s, limit)
        between[:] = 1.0
        for i in range(queue.size - 1, -1, -1):
            v = queue[i]
            for j in range(starts[v], starts[v + 1]):
                w, e1 = tails[j], edges[j]
                a, b = starts[w], starts[w + 1]
                for k in range(a, b):
                    e2 = edges[k]
                    between[rev[e2]] += between[rev[e1]] / (b - a)
                    between[fwd[e2]] += between[fwd[e1]] / (b - a)
        total += between
