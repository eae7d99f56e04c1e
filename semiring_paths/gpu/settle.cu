// semiring_paths: the settle rules' thin rounds with the pile in shared memory
// (gpu/rules.py; compiled in one module after rules.cu, whose ctl and th slots it uses).
//
// Martín, Crauser and economic Crauser settle, each round, the open vertices whose
// tentative distance δ is at most θ (the rule's threshold over the pile's least key:
// min δ, min δ + minout, min δ + min w) and relax their edges (DESIGN §2, paper 001).  On
// a road network or a grid one block runs 10⁴ such rounds of a hundred vertices, and
// rules.cu's one-block round is a chain of seven dependent global-memory trips (select:
// pile entry → δ and minout; relax: queue entry → row → column and weight → atomicMin →
// pile flag), about 6 µs on the 1000² grid.  Here the pile lives in shared memory, each
// entry with what a round needs of it (vertex, δ, minout, first edge, out-degree), so
// that a round is two trips:
//
//   select  near = pile⟨δ ≤ θ⟩ (slots into `near`), the kept entries' least key and the
//           selected out-edges: shared memory only
//   relax   t = near min.+ A ; δ = min(δ, t): column and weight (trip 1), then v's pile
//           slot claimed (atomicCAS in_pile[v] from 0, unreached, to SH_CLAIM), with
//           its row and minout for a new entry (trip 2).  A piled v (in_pile[v] - 1 its
//           slot) takes min(δ, t) in its entry by a shared atomicMin; an unreached v gets
//           an entry from the one relaxation whose claim won (its creator), and the
//           others of that round lower δ in v's bucket of a shared hash table, which
//           the book takes into the entry (none waits for another's entry); a settled v
//           (-1) is passed by.  The entries hold δ: d is written as a vertex settles
//           and as the pile goes back
//   book    thread 0 records the round and keeps θ's key (the kept entries' least key
//           and each lowered key's: no pass over the pile for it); the selected entries
//           die (δ = -1), their slots the first that the next round's new entries take
//           (`near` is two lists, a round's and the last round's); those left dead are
//           compacted away when the free room falls under a round's worst or the dead
//           outnumber the live by SH_SLACK.  New entries in the slots freed by the last
//           round rather than at the pile's end, which compaction cleared every ~15
//           rounds (H200, 1000² grid, 4 sources, median, ms, two passes, at the end /
//           reused): economic 54.24, 54.22 / 53.15, 53.16; Martín 78.08, 77.94 / 76.23,
//           76.09; Crauser 55.86, 55.79 / 54.59, 54.26 (profiled, one source, Crauser:
//           compaction 332 → 105 cycles a round, select 2 175 → 2 364; a round's slots
//           left unused carried on too, so that almost nothing waits for compaction:
//           pile 1 566 → 1 348 entries, compaction 1 cycle a round, but the book 701 →
//           859, and economic 53.47, 53.52, Martín 78.06, 77.98, Crauser 55.10, 54.57)
//
// Measured (H100, 1000² grid, weights 1..64, -DSETTLE_PROF): a Crauser round's relaxation
// is its largest part, its second trip (the claim with the row and minout loads) the
// slowest (about 2 200 cycles, the first about 1 200: the latency of the slowest lane of
// a warp); claiming on in_pile, not atomicMin on d, took that trip from about 3 100.
// Where a round's time goes now (H100 at 1 980 MHz, 1000² grid, weights 1..64, one
// source, -DSETTLE_PROF, thread 0's cycles a round; Crauser / economic / Martín): select
// 2 228 / 1 739 / 1 648 and its barrier 341 / 52 / 50, relax 3 535 / 3 791 / 3 458 and
// its barrier 858 / 1 073 / 783, book 476 / 467 / 462 and its barrier 202 / 199 / 189,
// compaction 328 / 297 / 175: 7 970 / 7 620 / 6 770 cycles, 4.0 / 3.8 / 3.4 µs a round
// over 16 139 / 17 149 / 27 697 rounds.  A 40 ms search of 14 000 rounds needs 2.9 µs.
// A new vertex's other relaxations of its round lower δ in its hash bucket rather than
// wait there for the creator's slot (H200, 1000² grid, 4 sources, median, two passes,
// ms, waiting / not): Crauser 60.1, 59.7 → 55.7, 56.3; economic 60.0, 60.2 → 55.0, 55.6;
// Martín 82.4, 83.1 → 78.9, 79.5 (and with it the flag read by a plain load in every
// rule, `by_hash`: Martín 80.99, 81.18, economic 56.2, 55.8, not kept).
// Where a round goes after that change (H200, one source, -DSETTLE_PROF, thread 0's cycles
// a round; Crauser / economic / Martín): select 2 207 / 1 734 / 1 599 and its barrier 413
// / 50 / 51, trip 1 1 500 / 1 719 / 1 453, trip 2 1 318 / 1 474 / 1 211, update 129 / 116
// / 113, the rest of the relaxation 1 009 / 1 004 / 951 and its barrier 313 / 336 / 289,
// book 725 / 725 / 723 and its barrier 112 / 111 / 111, compaction 333 / 300 / 180: 8 059
// / 7 570 / 6 681 cycles.  On a 500² grid (its data well inside L2) at Martín's width on
// 1000² (141 against 146 edges a round) the trips take 1 102 / 844 against 1 453 / 1 211
// cycles.
// The hash table is cleared of only the buckets the last round took (a full clear:
// Martín 92.3 against 89.7 ms, 4 sources), each by the book as it takes the bucket's δ
// into the new entry, rather than by the next select after its pass (H200, 1000² grid,
// 4 sources, median, ms, two passes, select / book): Crauser 53.71, 52.95 / 51.99,
// 51.96; economic 53.55, 52.61 / 51.95, 52.37; Martín 76.81, 76.22 / 76.14, 76.09.
// Tried and not kept:
//   - folding the book into the next round's start (two barriers a round; each group
//     settling its own vertex): Crauser 68.1 → 73.1 ms, Martín 92.3 → 95.9;
//   - each vertex's (first edge, end) as one 16-byte pair, read in one load at the claim:
//     Martín 87.5, Crauser 68.6, economic 62.5 ms, against 86.6 / 66.1 / 62.0 with two
//     loads from indptr (measured on another machine of the same kind);
//   - the select a warp at a time, two entries a lane with both loads first and one
//     ballot claiming the warp's selected slots (2 sources, best of 3, twice): Martín
//     91.1 / 92.8 → 92.4 / 94.0 ms, Crauser 69.3 / 70.1 → 70.1 / 70.8, economic unchanged;
//   - the select prefetching each selected entry's row into L1 for the relaxation (4
//     sources, two passes): Martín 86.5 / 86.3 → 87.6 / 87.1 ms, Crauser 66.6 / 66.8 →
//     67.2 / 66.8, economic 62.1 / 62.3 → 62.8 / 62.7;
//   - the select's pass reading 2, 4 or 8 entries a thread, their loads issued together
//     (4 sources, median, ms, one entry / 2 / 4 / 8): Martín 83.2, 83.5 / 84.2 / 85.9,
//     86.3 / 90.9; Crauser 60.1, 60.5 / 60.0 / 62.2, 62.2 / 66.5 (a pile of a few
//     thousand gives most threads one entry; the unrolled pass costs them more).
//   - each relaxation's loads issued where written (inline ld.global, which the compiler
//     does not sink: it had moved the weight and minout loads under the settled test
//     and the row's under the new-vertex branch, so a new vertex took four trips; H200,
//     4 sources, median, two passes, ms, as compiled / trip 1's loads early / both
//     trips'): Crauser 60.0, 59.7 / 60.0, 59.5 / 59.4, 59.2; economic 60.0, 59.7 / 62.8,
//     62.8 / 61.4, 61.3; Martín 82.4, 82.5 / 88.3, 88.3 / 84.9, 84.9 — the extra loads
//     (weights and rows of settled heads) cost what the shorter chain saves;
//   - fewer threads, again (H200, 4 sources, 1 024 / 768 / 512): Crauser 60.0–60.5 /
//     61.2 / 65.4, economic 60.2–60.6 / 61.1 / 64.3;
//   - the select's slot claims by one ballot and one shared atomic a warp and pass
//     (a quarter of the select's instructions, against claim_slot's coalesced group;
//     H200, 4 sources, two passes, ms): Crauser 59.9 / 60.4 → 59.8 / 59.8, economic
//     59.7 / 59.8 → 59.4 / 59.5, Martín 82.4 / 82.6 → 82.9 / 82.4: the instructions
//     are not what a round waits for;
//   - the select's pass made by fewer warps (the others straight to its barrier; H200,
//     4 sources, two passes, ms, 32 / 16 / 8 / 4 warps): Crauser 60.4, 60.6 / 64.8,
//     65.1 / 74.6, 75.1 / 94.6, 94.6; economic 60.1, 60.4 / 64.4, 64.4 / 72.5, 73.7 /
//     91.2, 91.7; Martín 83.4, 83.6 / 88.9, 89.2 / 101.6, 101.8: the pass is bound by
//     each thread's chain over its entries, not by the instructions of idle warps;
//   - the select's pass by 8 / 4 / 16 warps with 4 / 8 / 2 entries a lane, their loads
//     issued together, one ballot claim a warp and step, the other warps clearing the
//     hash table meanwhile (H200, 4 sources, ms, against 59.5 / 59.8 / 82.3 for all
//     warps): Crauser 65.2 / 73.1 / 61.0, economic 67.6 / 76.1 / 63.2, Martín 95.2 /
//     107.2 / 88.7 (profiled: thread 0's select 1 647 → 2 646 cycles, Martín);
//   - after the change to buckets above (H200, 4 sources, two passes, ms, as kept /
//     variant; Crauser, economic, Martín): Crauser's prefetch of the new entries'
//     out-neighbours loaded in the book (by the second half of the block) rather than
//     the select: 56.3, 56.4 / 56.4, 56.3; 55.4, 55.1 / 55.3, 55.2; 78.8, 78.4 / 78.7,
//     78.7; the creator's fence before its flag left out (unsafe, to see its price):
//     56.1, 56.1; 54.8, 54.9; 78.8, 78.7; the new slots claimed a warp at a time
//     (claim_slot) rather than by one shared atomicAdd each: 56.1, 56.2 / 57.3, 57.2;
//     54.8, 55.3 / 55.3, 55.4; 78.4, 79.2 / 78.5, 78.6;
//   - the selected rows' edges in shared memory, loaded by the thread whose select took
//     the vertex (its first, of at most 4 edges, the first 256 of a round) and stored
//     before the select's barrier, so that the relaxation starts at trip 2: 55.4, 55.9
//     / 57.5, 57.6; 54.6, 54.8 / 57.3, 57.5; 78.4, 78.8 / 83.6, 83.2 (the barrier waits
//     for those loads: the select is not long enough to hide them).
//   - each entry's first 4 out-edges (columns and weights) kept beside it, a new entry's
//     copied by its creator with cp.async (waited for before the next select's barrier),
//     so that a round's relaxation of a degree ≤ 4 vertex reads no global memory for its
//     edges; the room it takes (32 bytes an entry) needed SH_HASH / SH_EDGES / SH_NEAR
//     halved to keep a pile of ~2 000 (H200, 4 sources, median, ms, A/B/A, Crauser /
//     economic / Martín): 56.1 / 54.3 / 77.8 as kept against 62.9 / 59.5 / 83.6 and
//     63.0 / 59.6 / 83.9; the halved constants alone: Crauser 62.2.  Profiled (one
//     source, Crauser): trip 1 1 498 → 1 237 cycles, the rest of the relaxation 1 018 →
//     1 349, compaction 333 → 643: the row was in L2 already (prefetch_row), and the
//     smaller table and room cost more than the trip saved;
//   - a hash table of 8 192 buckets rather than 4 096 (H200, 4 sources, median, ms,
//     A/B/A/B): Crauser 55.2 / 56.3 / 55.4 / 56.6, economic 54.2 / 53.9 / 54.8 / 54.1,
//     Martín 78.0 / 77.6 / 78.7 / 77.8 — so what the halved constants above cost was
//     the round's room (SH_EDGES, SH_NEAR), not the table's load.
//   - Crauser's prefetch of the new entries' out-neighbours with their ids loaded by
//     each entry's creator as it made it (into registers) and prefetched at the next
//     select, so that no select waits for them, rather than loaded in the select by
//     its first SH_AHEAD·made threads (H200, 4 sources, median, ms, new / old, two
//     passes): 60.66 / 56.29, 60.51 / 55.95.  Not a barrier waiting for the loads (it
//     does not: benchmarks/block_trip_floor.py's `held`, 300 cycles a round against 491
//     for a load used before the barrier) nor spills (62 → 64 registers, no local
//     memory): likelier the creators' four loads each, in the same relaxation as the
//     other lanes' second trips, lengthening those (256 threads' loads a round 737
//     cycles, 64 threads' 562)
//   - the same ids loaded in the select as kept but prefetched a round later (held in
//     a register, so that the select never waits for them: H200, 4 sources, median,
//     ms, new / old, two passes): 57.54 / 55.79, 57.26 / 55.91; profiled (one source,
//     thread 0's cycles a round): select 2 370 against 2 208, the rest within 1 % — the
//     select's time is not that load's wait;
//   - that look-ahead prefetch (flags and rows, not minout) for economic and Martín too
//     (H200, 4 sources, median, ms, as kept / variant, two passes): economic 55.07,
//     54.91 / 55.69, 55.54; Martín 78.82, 79.02 / 79.29, 79.06 (Crauser 56.26, 56.44 /
//     56.07, 55.71) — though a prefetch a round or more ahead does make the later load
//     an L2 hit (benchmarks/l2_reach.py);
//   - the select by warps' runs of the pile, each warp's selected slots written into its
//     own region of near by a ballot (no atomic: 1 644 against 2 071 cycles for select
//     and book in benchmarks/select_floor.py), the relaxation's group g taking region
//     g % 32 (its entries g / 32, + 8, ...) and each warp settling its own region
//     (H200, 4 sources, median, ms, as kept / variant, two passes): economic 55.21,
//     54.62 / 68.37, 68.60; Crauser 56.16, 55.86 / 70.92, 70.73; Martín 78.94, 78.43 /
//     95.40, 95.25 — likely (not measured apart) because a region's selected entries
//     come in runs (entries made in one round sit together), so that a few groups
//     relax several vertices each, a trip chain apiece, where the flat near spreads
//     them one a group;
//   - ... and so, with that cause taken away: each warp's entries spread over the pile
//     (lane l of warp w reading entry c + 32 l + (w + l) % 32, so that entries made
//     together fall to different warps), its selected slots written into its region by
//     a ballot and relaxed by its own lanes (H200, 4 sources, median, ms, as kept /
//     variant, two passes): economic 54.41, 54.21 / 65.02, 65.13; Martín 77.93, 77.80
//     / 93.50, 93.54; Crauser 55.52, 55.23 / 68.76, 68.77.  Profiled (one source,
//     Crauser, thread 0's cycles a round, as kept / variant): select 2 208 / 2 682 and
//     its barrier 412 / 197, trip 1 1 507 / 1 986, trip 2 1 329 / 739, update 126 / 91,
//     the rest 1 015 / 1 229 and its barrier 314 / 1 058, book 725 / 943: 8 081 / 9 348
//     cycles.  The same 250 edges relaxed by 32 warps of a few lanes each take longer
//     than by 8 full warps, and the ballot select is no cheaper here than claim_slot
//     (a round selects 63 of 1 566 entries: few lanes claim);
//   - other relaxation groups than the mean degree's 4 lanes (RuleLoops.LANES; H200, 4
//     sources, median, ms, two passes, 4 / 8 / 2 lanes): economic 55.08, 54.49 / 56.51,
//     56.97 / 70.74, 70.73; Martín 78.58, 78.31 / 78.56, 78.96 / 102.87, 102.99;
//     Crauser 55.85, 55.60 / 58.14, 58.62 / 72.60, 72.26;
//   - the grid's vertices in another order, so that a round's lines are fewer (its
//     graph relabelled on the host: row-major as built / 4×8 tiles / 8×16 tiles /
//     reverse Cuthill-McKee; H200, the same 4 physical sources, median, ms, two passes,
//     verified): Crauser 56.14, 56.02 / 53.22, 53.63 / 53.96, 53.40 / 55.09, 55.06;
//     economic 54.81, 54.51 / 53.00, 53.45 / 54.00, 53.38 / 53.49, 53.52; Martín 78.08,
//     77.82 / 76.80, 76.47 / 77.10, 76.51 / 77.40, 77.32 — at most 5 %: the rounds are
//     not waiting on lines from memory as much as the 500² grid's faster trips suggest
//   - a near list, so that most selects scan a few hundred entries rather than the
//     pile: the live entries with δ ≤ L (L set at a full select, θ + 8 rounds of θ's
//     mean advance), rebuilt each round from the kept ones, the new ones and those
//     lowered past L; θ from the list's keys is the pile's while θ ≤ L (every entry off
//     the list has δ > L), a full select comes as θ nears L and a pass for the least key
//     first where it is past it (H200, 4 sources, median, ms, list / as kept, two
//     passes): Crauser 61.48, 61.76 / 54.48, 54.51; economic 58.78, 58.59 / 53.23,
//     52.84; Martín 85.98, 85.94 / 76.18, 76.22 (its lists 16-bit and L's advance
//     computed by the book once: Crauser 60.07 / 55.20, economic 59.31 / 53.77, Martín
//     86.54 / 77.17).  Profiled (one source, thread 0's cycles a round): the lists
//     averaged 306–311 entries in 85 % of the rounds, yet those rounds' select took
//     2 717 cycles against 2 874 for the full ones and 2 371 for the kept select over
//     1 594 entries — the select's time is not its pass over the pile.  Its steps, as
//     kept then (Crauser, a source at the centre, pile 2 133, 94 selected): the round's
//     state read a load a field 593 (SettleRound's two loads since), the pass 1 802,
//     the hash table's clear 355, the prefetch 227, the reductions 347.  Nsight
//     Compute over one launch: 0.37 instructions issued a cycle and scheduler, 21.4
//     cycles between a warp's instructions, of them 10.5 at a barrier, 2.6 on shared
//     memory (short scoreboard), 2.6 on fixed latency, 1.5 on global memory, 1.2 on
//     branches, 0.2 on the shared-memory pipe's throughput: the round is a chain of
//     dependent steps, no resource full;
//   - Crauser's prefetch of the new entries' out-neighbours issued in the relaxation by
//     the block's last threads (idle there), their edge read in the select (H200, 4
//     sources, median, ms, two passes, as kept / variant): Crauser 52.01, 52.44 / 55.64,
//     56.02 (economic, Martín unchanged);
//   - each selected vertex of at most 4 out-edges relaxed by the thread that selected it,
//     its edges' columns and weights loaded in the select and used after its barrier (so
//     that trip 1 overlaps the barrier), flagged in near for the groups to pass by
//     (H200, 4 sources, median, ms, two passes, as kept / its 4 edges' second trips at
//     once (spilling) / two at a time): Crauser 52.52, 52.10 / 87.48, 86.77 / 77.29,
//     77.47; economic 52.37, 51.91 / 81.10, 80.77 / 71.82, 71.50; Martín 76.30, 75.78 /
//     110.19, 109.49 / 98.46, 98.43 — the round's edges spread over 32 warps a lane or
//     two each again, and each lane's updates one after another;
//   - the round's state in every thread's registers (each advancing it alike: the
//     round, records, pile end, entries made, free slots, live entries) with only θ's
//     key read from shared memory, and no count of the kept entries (live less
//     selected) (H200, 4 sources, median, ms, two passes, as kept / variant): Crauser
//     52.55, 52.74 / 52.99, 53.30; economic 51.90, 52.13 / 52.09, 52.36; Martín 76.05,
//     76.27 / 75.02, 75.10;
//   - the pass's minout load issued with δ's rather than after the test (Crauser; H200,
//     4 sources, median, ms, three passes, as kept / variant): 51.84, 51.68, 51.92 /
//     51.79, 52.02, 52.24;
//   - the selected vertices' d and flag stored by the select that took them (exact: no
//     relaxation of the round lowers a selected δ; a hand-back restores the flags), the
//     book keeping only their slots' death (H200, 4 sources, median, ms, two passes, as
//     kept / variant; the settle tests passed on it): Crauser 51.77, 51.92 / 53.97,
//     54.06; economic 51.72, 52.38 / 52.19, 52.03; Martín 75.88, 76.32 / 75.37, 75.45;
//   - two barriers a round, the book's work spread over the others: every warp reducing
//     θ's key itself after the relaxation's barrier (the round's state in registers,
//     the counters and kept minima by the round's parity), each relaxation group
//     settling its vertex after its edges, a new entry's δ left in its hash bucket (its
//     slot's δ -(b + 2)) until the next select's pass takes it (exact: every source's
//     distances checked; H200, 4 sources, median, ms, two passes, as kept / variant):
//     Crauser 52.09, 52.22 / 57.69, 57.38; economic 51.90, 52.25 / 57.30, 57.11; Martín
//     75.88, 76.23 / 81.32, 81.56.  Profiled (one source, Crauser, thread 0's cycles a
//     round, as kept / variant): state 411 / 155, pass 1 354 / 1 637, the relaxation's
//     rest 1 077 / 1 384 and its barrier 319 / 397, the round's end (book and barrier)
//     842 / 851: 8 284 / 8 730 — 32 warps reducing the key after a barrier cost thread 0
//     as much as one warp's reduction, a barrier and a load, and the work moved into
//     the pass and the relaxation lengthened both (the older "folding" above, again);
//   - a larger L1 for the trips' lines, the pile's room cut to fit a smaller carveout
//     (SHARED_CAP 3 900 and the 196 KB carveout; 3 850 and 164 KB, economic and Martín
//     only; H200, 4 sources, median, ms, as kept / 196 KB / 164 KB / as kept): Crauser
//     52.56 / 52.85 / – / 52.53; economic 52.10 / 52.62 / 51.00 / 52.55; Martín 76.21 /
//     76.28 / 75.52 / 76.64 — within the runs' spread;
//   - after the relaxation's first loads went ahead of the checks (H200, 4 sources,
//     median, ms, two passes, as kept / variant): the selected vertices' d and flags
//     stored by their groups' first lanes after the checks, the book only marking their
//     slots dead: Crauser 50.73, 50.78 / 51.02, 50.65; economic 51.78, 52.12 / 52.74,
//     52.57; Martín 74.91, 75.46 / 74.64, 74.56; the group's entry read before the
//     selected count is known (its slot clamped into the room, its row read only for a
//     group with a vertex): Crauser 50.33, 50.40 / 50.69, 50.80; economic 51.74, 51.69 /
//     51.77, 51.80; Martín 75.10, 75.25 / 73.80, 74.01
//   - compiler options, NVRTC 13.0's own and ptxas' (SEMIRING_PATHS_RULE_DEFS; all
//     kernels at 64 registers, no local memory; H200, 4 sources, median, ms, Crauser /
//     economic, each in its own process, the default first; the options do reach ptxas:
//     -Xptxas=-O0 took 362.6 ms): default 50.91 / 50.32; --allow-expensive-optimizations
//     50.22 / 50.70; --extra-device-vectorization 50.17 / 50.45; -Xptxas=-O2 50.06 /
//     50.43; --dopt=on 50.32 / 50.53; --register-usage-level=10 49.51 / 50.29.  Again,
//     alternated (default / level 10 / -dlcm=cg, twice): 50.19, 50.50 / 49.88, 50.51 /
//     55.16, 56.04; economic 50.69, 50.30 / 50.28, 51.04 / 55.37, 56.27 — so Crauser's
//     ~10 % swing with the expression of `gid` (below) is not won back by any option;
//   - nor by more registers: __launch_bounds__(768, 1) or (896, 1), launched with that
//     many threads, gives Crauser 70 registers (economic and Martín stay at 64; H200,
//     4 sources, median, ms, two passes, 1 024 as kept / 768 / 896): Crauser 51.20,
//     50.64 / 51.02, 51.57 / 51.74, 51.17; economic 51.23, 50.18 / 51.40, 50.73 / 51.37,
//     50.32; Martín 72.48, 71.76 / 73.22, 72.64 / 73.39, 72.47;
//   - the relaxation in one trip (stop 72; undirected graphs): each edge k = (u, v) also
//     carrying v's first edge, out-degree and column (16 bytes) and minout, read with
//     its weight, and v's state kept per edge (est[k]: settled, unreached, slot + 1), so
//     that no load waits on v.  Every state change was written into its vertex's
//     in-edges off the chain: settled by u's own lanes (the position of v → u kept in
//     the record), a new entry's slot by the next select (positions loaded before its
//     pass, written after), moved and new slots by the compaction, the pile's slots as a
//     launch enters (est from in_pile by a grid pass first, after rules.cu's rounds);
//     creators by the round's hash (as by_hash).  Exact (every distance checked), but
//     (H200, 1000² grid, 4 sources, median, ms, A/B/A/B, as kept / one trip): Crauser
//     50.22, 50.64 / 53.45, 53.91; economic 50.66, 50.68 / 52.28, 52.43 (a first
//     version, the column apart and every live entry's in-edges at a compaction: Crauser
//     55.5, economic 55.2, Martín 74.2 against 50.2–50.8 / 50.8–50.9 / 71.4–72.1).
//     Profiled (one source, thread 0's cycles a round, Crauser): the first edge's checks,
//     entry and trips 2 795 → 2 013, but the new slots' writes 252 → 406 (in the
//     prefetch's place), compaction 106 → 408, the book 727 → 820: 8 187 → 8 136.  With
//     only the static fields (v's flag still trip 2, one load): Crauser 50.33, 50.50 /
//     53.81, 53.84; economic 50.54, 50.84 / 49.82, 49.70; Martín 73.29, 73.03 / 71.00,
//     70.88 — 2–3 % for economic and Martín at 24 bytes more an edge (the grid's 61 MiB
//     to ~153), so neither was kept.  Built again at stop 82 (16-byte heads records:
//     the edge back, v's row and degree; the moved slots' writes at the compaction, or
//     at the next select): the trips 1 804 → 673 cycles a round, but the new slots'
//     writes 330 → 1 240 and the first edge's checks and entry 1 010 → 1 779 (Crauser,
//     one source, profiled: 8 331 → 8 945; 4 sources, writes at the compaction, ms,
//     never / heads, two passes: Crauser 51.6, 52.1 / 58.0, 58.7, economic 51.9, 52.9 /
//     59.7, 60.4, Martín 74.4, 75.3 / 80.6, 81.5; answers and traces equal): not kept;
//   - the heads' states from a table in shared memory (stop 73; economic and Martín on
//     undirected graphs, 4-byte ids): in the round hash table's place, 8 192 buckets of
//     one word (state, vertex) walked by linear probing, holding the pile's vertices
//     (slot) and the settled vertices with an unsettled neighbour (their count of them,
//     lowered by each neighbour's relaxation; on an undirected graph the only settled
//     heads a relaxation meets: at most ~4 400 on the grid, benchmarks/settled_window.py),
//     so that a relaxation reads no global memory after its edge; a new entry published
//     whole by one CAS, its row stored after the barrier; the table rebuilt at a
//     compaction or once 5 734 buckets were taken.  Exact (the trace tests passed, every
//     distance checked), but (H200, 1000² grid, 4 sources, median, ms, A/B/A/B, as kept /
//     table): economic 50.18, 49.90 / 113.89, 113.92; Martín 71.42, 71.15 / 152.83,
//     153.07 (a first version, keys and states apart, waiting on a new entry's state:
//     121.4 / 164.6).  Profiled (one source, economic, thread 0's cycles a round, as kept
//     / table): after trip 1, trip 2 1 117 / the walk 726, the update 113 / 913, the rest
//     of the relaxation 1 040 / 5 125 and its barrier 372 / 2 559, the book 686 / 1 004:
//     7 552 / 15 539 — and 14 724 with the new entries' rows loaded only after the
//     barrier (no global load left in the relaxation but its edge), so it is the walks
//     and the shared atomics of a warp's lanes, each on its own path (piled, settled,
//     new), that cost more than the trip they replace; rebuilt at 4 096 / 3 072 taken
//     buckets: 107.4 / 147.2 ms (2 sources)
// Where a round goes (H200, Nsight Compute on one Crauser launch of 13 741 rounds):
// 10 500 warp-instructions a round at 1.36 issued a cycle (select 5 560, relax 3 380,
// book 420, compaction 750 spread over the rounds, the rest 390); the select's are
// mostly each warp's own (reading the state, the reductions: ~100 a warp) and the
// selected entries' slot claims; the pile averages 1 550–1 780 entries, a round selects
// 58–74 vertices and relaxes 230–300 edges.  The block is bound by its chain of
// dependent steps, not by one resource: one SM's L2 latency is ~350 cycles alone and
// ~1 000 with 1 024 threads each loading (about one request a cycle), __syncthreads()
// 77 cycles.  Spreading a round over a cluster of SMs (distributed shared memory)
// measured too slow to try: cluster.sync() 620 cycles at 1 024 threads, a remote
// shared load 200 cycles alone and 1 500 with 1 024 threads (H200).  Not built: the
// vertices' flags in shared memory, the one way to take trip 2 (the head's flag, on
// which settled / piled / new hangs) off the round's chain.  A settled bit a vertex is
// 125 000 bytes on the 1000² grid; with the fixed tables (73 728 bytes, 4-byte ids) it
// leaves ~32 KB of the 227 KB opt-in: ~1 000 Crauser entries of 32 bytes, under
// SH_EDGES' headroom alone, where the pile averages 1 550–1 780, and the piled heads
// would still need a shared vertex → slot table (halving SH_HASH, SH_EDGES and SH_NEAR
// for room cost Crauser 56.1 → 62.2 ms above).  A cluster's peers holding them: a
// claim there by 256 threads after trip 1 takes 1 195–1 262 cycles a round against
// 1 413–1 451 in L2 and 858–944 in the block's own memory (benchmarks/dsmem_trip.py,
// H200): ~3 % of a round, and ~8 % for the claim that does not fit.  Nor would the
// grid's data fitting in L2 (60 MB on the H200) pay for narrower arrays: L2 flushed
// before each call (a 512 MB buffer written) against left warm by the last, µs a round
// (H200, 4 sources, median of best of 3, Crauser / economic, warm / flushed): 500²
// 2.95 / 3.11, 2.69 / 2.89; 700² 3.23 / 3.33, 2.95 / 3.07; 1000² 3.44 / 3.44, 3.27 /
// 3.26 — a grid whose data stay in L2 between calls gains 3–6 %, and a round costs more
// as the front (pile, selected, edges) widens with the side, flushed or not
// (benchmarks/l2_warmth.py).  Nsight Compute's
// stall sampling by instruction (H200, one Crauser launch of 15 934 rounds from source
// 161983, `1a5c4a0`): of all warps' samples 47.9 % wait at barriers (33.1 points at the
// relaxation's, the ~24 warps with no edge waiting out the ~8 that relax), then fixed
// latency 12.8, shared memory (short scoreboard) 11.9, not selected 6.4, branches 6.0,
// selected 5.1, global memory (long scoreboard) 3.8 — the relaxation's two trips; by
// phase, a barrier's waits counted with the phase they wait out, the select ~25 %, the
// relaxation ~61 %, the book ~9 %.  No instruction holds more than 1.6 % outside the
// barriers; at the 64-register cap the compiler re-reads the shared window's base
// (S2R SR_CgaCtaId) about five times a warp and round.
//
// A round relaxes at most SH_EDGES edges (the hash table's load stays under 3/8) and
// selects at most SH_NEAR vertices: a wider one, or a pile that no longer fits, hands
// the search back to rules.cu's one block (ctl[GO], ctl[HOLD]) with the pile written
// back, before anything of that round is changed.  Entered only at a round's top (the
// near queue empty), as rules.cu's one block leaves for it.

#define SH_HASH 4096
#define SH_EDGES 1536
#define SH_NEAR 1536
// out-neighbours of a new entry whose flags and rows Crauser prefetches (by_hash)
#define SH_AHEAD 4
// log2 of the warps a band of relaxation groups spreads over (the mapping at `gid`)
#define SH_SPREAD_LOG 4
// rounds the one block keeps a search after it came back from here for room
#define SH_HOLD 32
// dead entries compacted away once the pile holds this many more than its live ones
// (H100, 1000² grid, 4 sources, ms, never (only for room) / 512 / 1 024 / 2 048:
// Martín 89.7 / 87.8 / 86.6 / 86.9, Crauser 66.9 / 67.3 / 66.1 / 66.2)
#define SH_SLACK 1024
// in_pile[v] while v's entry is being made (-1: settled, 0: unreached, else slot + 1)
#define SH_CLAIM 0x7fffffff

// opt-in instrumentation (-DSETTLE_PROF through SEMIRING_PATHS_RULE_DEFS): thread 0's
// clock cycles in each phase, summed over the run in settle_prof (slots below; the
// round's top into the way back from the last barrier (or compaction), the
// instrumentation's own cost (an empty slot: each slot holds about as much of it) and
// reading the round's state; the select into its pass, Crauser's prefetch and the
// reductions; the relaxation into the checks after its barrier, the group's entry and
// its first edge's two trips and pile update), and the
// pile's entries, the selected vertices and their edges summed over the rounds
// (benchmarks/settle_rounds.py prints them a round).  Profiled after the book took over
// the hash table's clear (H200, 1000² grid, source 161983, cycles a round; Crauser /
// economic / Martín): state 478 / 455 / 459, pass 1 453 / 1 086 / 926, prefetch 254 /
// 40 / 42, reductions 350 / 314 / 317, the select's barrier 269 / 303 / 322, trip 1
// 1 566 / 1 402 / 1 191, trip 2 1 259 / 1 521 / 1 227, update 138 / 125 / 121, the rest
// of the relaxation 1 083 / 1 113 / 1 032 and its barrier 319 / 336 / 300, book 701 /
// 663 / 688 and its barrier 112 / 119 / 112, compaction 102 / 84 / 20: 8 083 / 7 560 /
// 6 757 cycles.  With the round's top split (the same source, a later run): the way
// back from the barrier 192 / 195 / 182, an empty slot (SP_CLOCK: the instrumentation's
// own cost, which every slot carries) 100 / 105 / 110, the state read 412 / 368 / 362 —
// ~250–310 cycles for two broadcast loads as 32 warps leave the barrier together.  With
// trip 1 split (before the relaxation's first loads were issued ahead of the checks;
// Crauser / Martín): the checks after the select's barrier 416 / 407, the group's entry
// 357 / 358, its first edge 1 047 / 717
enum { SP_REDUCE = 0, SP_SELECT_WAIT, SP_RELAX, SP_RELAX_WAIT, SP_BOOK, SP_BOOK_WAIT,
       SP_COMPACT, SP_ROUNDS, SP_COMPACTIONS, SP_TRIP1, SP_TRIP2, SP_UPDATE, SP_TOP, SP_NSEL,
       SP_EDGES, SP_SINK, SP_STATE, SP_PASS, SP_PREFETCH, SP_LOOP, SP_CLOCK, SP_PRE, SP_SETUP,
       SP_SLOTS };
#ifdef SETTLE_PROF
__device__ unsigned long long settle_prof[SP_SLOTS];
#define SPROF(k) if (t == 0) { long long c_ = clock64(); sprof[k] += c_ - sprof_t; \
                               sprof_t = c_; }
// ... once the loads in `used` have arrived: a branch on their values (never taken, so
// SP_SINK stays 0) makes thread 0 wait for them before it reads the clock
#define SPROF_AFTER(k, used) if (first_) { if (used) sprof[SP_SINK] += 1; SPROF(k) }
#else
#define SPROF(k)
#endif

template <class T>
__device__ __forceinline__ void prefetch_l2(const T* p) {
    asm volatile("prefetch.global.L2 [%0];" :: "l"(p));
}

// the first line of a pile entry's row into L2, for the round that selects it
template <class W>
__device__ __forceinline__ void prefetch_row(const vid_t* indices, const W* weights,
                                             long long row) {
    prefetch_l2(indices + row);
    prefetch_l2(weights + row);
}

// a vertex's bucket in the hash table (Fibonacci hashing, 12 bits)
__device__ __forceinline__ int sh_bucket(vid_t v) {
    return (int)(((unsigned long long)v * 0x9E3779B97F4A7C15ull) >> 52);
}

// what every thread reads at a round's top, in 32 bytes that two 16-byte loads take:
// after the book's barrier all 32 warps read it at once (H200, 1000² grid, 4 sources,
// median, ms, two passes, a load a field / two loads): Crauser 55.15, 54.42 / 53.29,
// 53.81; economic 53.78, 53.29 / 52.70, 53.30; Martín 77.10, 76.46 / 76.30, 76.85
struct __align__(16) SettleRound {
    double key;          // θ's key: the kept entries' least, and each lowered key's
    long long round;
    int rec;             // the round records this launch has written
    int top;             // the pile's end
    int made;            // the entries the last round made (slots in mslot)
    int nfree;           // the free slots (the last round's selected) a round may reuse
};

template <class W, int RULE>
__device__ void settle_block(const long long* __restrict__ indptr,
                             const vid_t* __restrict__ indices,
                             const W* __restrict__ weights,
                             const double* __restrict__ minout, double min_w,
                             double* d, vid_t* pile_a, vid_t* pile_b, int* in_pile,
                             long long* ctl, double* th, long long* stats, double* fs,
                             long long records, int cap, int lanes) {
    const bool crauser = RULE == CRAUSER;
    // Crauser's relaxation reads three lines of v (flag, row, minout), the others two.
    // For Crauser: the entry of a vertex reached this round is created by the lane whose
    // insert into the round's hash table took v's bucket, the flag read by a plain load
    // (by_hash; else by the lane whose atomicCAS took in_pile[v] from 0), and the select
    // prefetches the flags, rows and minout of the new entries' first SH_AHEAD
    // out-neighbours into L2.  H100, 1000² grid, weights 1..64, 4 sources, median, ms,
    // both, two passes A/B/A/B: Crauser 67.0 / 66.9 → 62.3 / 62.2, Martín 86.5 / 86.6 →
    // 87.4 / 87.5, economic 62.6 / 62.5 → 62.6 / 62.8; by_hash alone, two passes:
    // Crauser 66.1 / 66.5 → 63.4 / 62.8, Martín 86.0 / 85.7 → 90.9 / 90.6, economic
    // 61.7 / 62.1 → 63.9 / 63.8; the prefetch alone: Crauser 65.2, Martín 87.8,
    // economic 62.7 (against the first pass's old code)
    const bool by_hash = crauser;
    const int t = threadIdx.x, T = blockDim.x;
    auto add_int = [](int* p, int k) { return atomicAdd(p, k); };   // shared counters
    // ---- the shared memory: entries (struct of arrays), the hash table, the near slots
    extern __shared__ double settle_smem[];
    double* snd = settle_smem;                                  // δ of the entry (-1: dead)
    long long* sst = (long long*)(snd + cap);                   // its first edge
    double* smo = (double*)(sst + cap);                         // minout (Crauser)
    double* hd = smo + (crauser ? cap : 0);                     // hash: a new vertex's δ
    vid_t* sv = (vid_t*)(hd + SH_HASH);                         // the entry's vertex
    vid_t* hk = sv + cap;                                       // hash keys (-1: empty)
    int* sdg = (int*)(hk + SH_HASH);                            // its out-degree
    int* near_a = sdg + cap;                                    // the selected slots (even
    int* near_b = near_a + SH_NEAR;                             // rounds; odd rounds)
    int* used = near_b + SH_NEAR;                               // the buckets a round took
    int* mslot = used + SH_EDGES;                               // ... and the slots it made
    // the round's state; the selected count; the entries made by this round so far
    __shared__ SettleRound s_r;
    __shared__ int s_nsel, s_out, s_mk;
    // a warp's sums and minima, a slot each (a shared atomic that 32 warps contend for
    // costs hundreds of cycles); summed or reduced by whoever reads them
    __shared__ unsigned w_edges[32], w_kept[32];
    __shared__ double w_kmin[32], w_pmin[32];
    const int nw = T >> 5, wl = t & 31;

#ifdef SETTLE_PROF
    // in shared memory: a local array would live in a tiny L1 (the pile takes the rest)
    __shared__ long long sprof[SP_SLOTS];
    if (t < SP_SLOTS) sprof[t] = 0;
    long long sprof_t = clock64();
#endif
    // ---- leave: the live entries back to the pile (in_pile stays set), the state to ctl
    auto leave = [&](int go, bool done) {                   // every thread, together
#ifdef SETTLE_PROF
        if (t == 0)
            for (int k = 0; k < SP_SLOTS; ++k) atomicAdd(&settle_prof[k], sprof[k]);
#endif
        __syncthreads();
        const int top = s_r.top;
        if (t == 0) s_out = 0;
        __syncthreads();
        vid_t* pile = ctl[PSEL] ? pile_b : pile_a;
        for (int i = t; i < top; i += T) {
            const double nd = snd[i];
            if (nd >= 0.0) {
                enqueue(pile, &s_out, sv[i], add_int);
                d[sv[i]] = nd;
            }
        }
        __syncthreads();
        if (t == 0) {
            ctl[PILE] = ctl[PILE_AT] = s_out;
            ctl[PILE2] = 0;
            ctl[NEAR] = ctl[NEAR_AT] = 0;
            ctl[ROUND] = s_r.round;
            ctl[REC] = s_r.rec;
            ctl[DONE] = done;
            ctl[GO] = go;
            if (go == GO_BLOCK) ctl[HOLD] = s_r.round + SH_HOLD;
            th[PILE_MIN] = s_r.key;
            th[PILE_MIN2] = RULE_INF;
        }
    };

    // ================= enter: the pile's entries into shared memory, their slots noted
    const long long np = ctl[PILE];
    if (ctl[NEAR_AT] != 0 || np > cap - SH_EDGES) {         // not a round's top, or no room
        if (t == 0) { ctl[GO] = GO_BLOCK; ctl[HOLD] = ctl[ROUND] + SH_HOLD; }
        return;
    }
    {
        const vid_t* pile = ctl[PSEL] ? pile_b : pile_a;
        for (int j = t; j < np; j += T) {
            vid_t v = pile[j];
            long long row = indptr[v];
            sv[j] = v;
            snd[j] = d[v];
            sst[j] = row;
            sdg[j] = (int)(indptr[v + 1] - row);
            if (crauser) smo[j] = minout[v];
            in_pile[v] = j + 1;
            prefetch_row(indices, weights, row);
        }
        for (int b = t; b < SH_HASH; b += T) { hk[b] = -1; hd[b] = RULE_INF; }
        if (t == 0) {
            s_r.made = 0;
            s_mk = 0;
            s_r.nfree = 0;
            s_r.top = (int)np;
            s_nsel = 0;
            s_r.key = th[PILE_MIN];
            s_r.round = ctl[ROUND];
            s_r.rec = 0;
        }
        __syncthreads();
    }
    // the relaxation's groups, `lanes` side by side in a warp (a power of two ≤ 32): a
    // round's first ones (its selected vertices j = gid, gid + groups, ...) spread over
    // sk = 2^SH_SPREAD_LOG warps a band (group g in warp g / band · sk + g % sk, band =
    // sk · 32 / lanes) rather than packed into the first warps; Crauser's packed, by the
    // division
    // (H200, 1000² grid, 4 sources, median, ms, two passes, packed / over 4 / 8 / 16
    // warps): economic 52.33, 52.36 / 51.47, 51.69 / 51.50, 51.48 / 50.67, 51.40; Martín
    // 75.69, 75.75 / 74.11, 74.03 / 73.72, 73.44 / 72.19, 72.56 (over all 32 in another
    // call, against 51.92, 52.26 / 75.23, 75.66 packed: 51.18, 50.92 / 73.90, 73.92).
    // Crauser, at the 64-register cap, is slowed by any other expression of gid, even the
    // same packing by shifts (another call; before / as kept / over 16 for all three / all
    // packed by shifts): Crauser 50.37, 50.52 / 51.32, 50.65 / 55.00, 55.88 / 55.04,
    // 55.82; economic 51.38, 51.63 / 50.85, 50.75 / 50.84, 50.89 / 50.50, 51.23; Martín
    // 74.76, 75.05 / 72.57, 71.86 / 72.43, 72.43 / 74.50, 73.99
    const int lg = __ffs(lanes) - 1, lsk = nw % (1 << SH_SPREAD_LOG) == 0 ? SH_SPREAD_LOG : 0;
    const int gid = crauser ? t / lanes
                            : (((t >> 5) >> lsk) << (lsk + 5 - lg))
                                  + (((t & 31) >> lg) << lsk) + ((t >> 5) & ((1 << lsk) - 1));
    const int groups = T / lanes, lane = t % lanes;
    for (;;) {
        SPROF(SP_LOOP)
        SPROF(SP_CLOCK)
        // ---- every thread reads the same state (written before the last barrier)
        const SettleRound st = s_r;
        const int top = st.top;
        const long long r = st.round;
        if (st.rec >= records) return leave(GO_SHARED, false);
        const double low = st.key;
        // this round's selected slots; the last round's, dead now: its new entries' first
        int* const near_now = (r & 1) ? near_b : near_a;
        const int* const freed = (r & 1) ? near_a : near_b;
        const int nfree = st.nfree;
        // ================= select: near = pile⟨δ ≤ θ⟩; the kept entries' least key
        const double theta = RULE == ECONOMIC ? low + min_w : low;   // inf: sinks, all
        double kmin = RULE_INF;
        unsigned edges = 0;
        int kept = 0;
        // last round's new entries (slots in mslot): Crauser's prefetch (see
        // by_hash) of their out-neighbours, an id loaded now, prefetched after the pass
        const int made = st.made;
#ifdef SETTLE_PROF
        if (t == 0 && (theta < -1.0 || made < 0)) sprof[SP_SINK] += 1;   // (its loads in)
#endif
        SPROF(SP_STATE)
        vid_t next_x = -1;
        if (crauser && t < SH_AHEAD * made) {
            const int i = mslot[t / SH_AHEAD];
            if (t % SH_AHEAD < sdg[i]) next_x = indices[sst[i] + t % SH_AHEAD];
        }
        for (int i = t; i < top; i += T) {
            const double nd = snd[i];
            if (nd < 0.0) continue;                              // dead
            if (nd <= theta) {
                const int at = claim_slot(&s_nsel, add_int);
                if (at < SH_NEAR) near_now[at] = i;
                edges += (unsigned)min(sdg[i], SH_EDGES + 1);     // exact while it counts
            } else {
                ++kept;
                kmin = fmin(kmin, crauser ? nd + smo[i] : nd);
            }
        }
#ifdef SETTLE_PROF
        if (t == 0 && (kmin < 0.0 || edges > 1u << 30)) sprof[SP_SINK] += 1;
#endif
        SPROF(SP_PASS)
        if (t == 0) s_mk = 0;
        for (int j = t; crauser && j < SH_AHEAD * made; j += T) {
            const int i = mslot[j / SH_AHEAD], e = j % SH_AHEAD;
            const vid_t x = j == t ? next_x : e < sdg[i] ? indices[sst[i] + e] : -1;
            if (x < 0) continue;
            prefetch_l2(in_pile + x);
            prefetch_l2(indptr + x);
            prefetch_l2(minout + x);
        }
        SPROF(SP_PREFETCH)
        edges = __reduce_add_sync(0xffffffffu, edges);
        kept = __reduce_add_sync(0xffffffffu, (unsigned)kept);
        kmin = warp_min(kmin);
        if (wl == 0) {
            w_edges[t >> 5] = edges;
            w_kept[t >> 5] = kept;
            w_kmin[t >> 5] = kmin;
        }
        SPROF(SP_REDUCE)
        __syncthreads();
        SPROF(SP_SELECT_WAIT)
        const int nsel = s_nsel;
        // this group's first vertex and its lane's first edge, loaded while the block's
        // sums are reduced and checked (reads only: a hand-back after them loses nothing).
        // H200, 1000² grid, 4 sources, median, ms, two passes, loaded after the checks /
        // before: Crauser 51.92, 51.76 / 50.69, 50.31; economic 52.04, 51.99 / 51.65,
        // 51.73; Martín 76.32, 76.25 / 74.64, 75.07.  Profiled (one source, thread 0's
        // cycles a round, Crauser; with the book's settled entries loaded early too,
        // which was not kept: book 722 → 841): the checks, the group's entry and its
        // first edge 416 + 357 + 1 047 → 760 + 249 + 646.  The pass's first entry loaded
        // with the round's state as well: Crauser 50.37, 50.45, economic 52.61, 52.14,
        // Martín 74.34, 74.60 (not kept)
        // the j-th selected entry: its slot, δ, first edge and out-degree
        auto entry = [&](int j, int& i, double& du, long long& start, int& deg) {
            i = near_now[j];
            du = snd[i];
            start = sst[i];
            deg = sdg[i];
        };
        int i0 = 0, deg0 = 0;
        double du0 = 0.0;
        long long start0 = 0;
        vid_t v0 = 0;
        W w0 = 0;
        if (gid < min(nsel, SH_NEAR)) {
            entry(gid, i0, du0, start0, deg0);
            if (lane < deg0) { v0 = indices[start0 + lane]; w0 = weights[start0 + lane]; }
        }
        const unsigned ne = __reduce_add_sync(0xffffffffu, wl < nw ? w_edges[wl] : 0u);
        const int nkept = (int)__reduce_add_sync(0xffffffffu, wl < nw ? w_kept[wl] : 0u);
        if (nsel == 0 && nkept == 0) return leave(GO_SHARED, true);    // nothing open
        // too wide (or, never seen, nothing at or under θ): rules.cu's block goes on
        if (nsel > SH_NEAR || ne > SH_EDGES || nsel == 0) return leave(GO_BLOCK, false);
        SPROF(SP_PRE)
        // ================= relax: t = near min.+ A ; δ = min(δ, t) in the pile's entries
        //                   (new ones for the unreached; each lowered key into pmin)
        double pmin = RULE_INF;
        for (int j = gid; j < nsel; j += groups) {
            const bool first = j == gid;                         // (loaded above)
            int i = i0, deg = deg0;
            double du = du0;
            long long start = start0;
            if (!first) entry(j, i, du, start, deg);
            const long long end = start + deg;
#ifdef SETTLE_PROF
            if (t == 0 && j == gid) {                 // (its loads in)
                if (du < -1.0 || start < 0 || end < start) sprof[SP_SINK] += 1;
                SPROF(SP_SETUP)
            }
#endif
            for (long long k = start + lane; k < end; k += lanes) {
                const bool pre = first && k == start + lane;
                const vid_t v = pre ? v0 : indices[k];                   // trip 1
                const double nd = du + as_f64(pre ? w0 : weights[k]);
#ifdef SETTLE_PROF
                const bool first_ = t == 0 && k == start;
                SPROF_AFTER(SP_TRIP1, v < 0 || nd < 0.0)
#endif
                // trip 2: v's flag (claimed by atomicCAS, or read by a plain load where
                // the hash table claims: see `by_hash`), with its row and minout
                const int s = by_hash ? in_pile[v] : atomicCAS(&in_pile[v], 0, SH_CLAIM);
                const long long row = indptr[v], row_end = indptr[v + 1];
                const double mo = crauser ? minout[v] : 0.0;
#ifdef SETTLE_PROF
                SPROF_AFTER(SP_TRIP2, s == SH_CLAIM - 1 || row < 0 || row_end < 0 || mo < 0.0)
#endif
                if (s < 0) continue;                             // settled
                if (s == 0 || s == SH_CLAIM) {                   // reached this round
                    // each relaxation that reached v finds (or puts) v in the round's hash
                    // table; the creator makes v's entry and the others lower δ in v's
                    // bucket, which the book takes into the entry: nobody waits for
                    // another's entry
                    int b = sh_bucket(v);
                    vid_t key;
                    while ((key = cas_vid(&hk[b], (vid_t)-1, v)) != (vid_t)-1 && key != v)
                        b = (b + 1) & (SH_HASH - 1);
                    pmin = fmin(pmin, nd + mo);
                    if (by_hash ? key == (vid_t)-1 : s == 0) {   // the creator
                        const int mk = atomicAdd(&s_mk, 1);
                        const int slot = mk < nfree ? freed[mk] : top + mk - nfree;
                        used[mk] = b;
                        mslot[mk] = slot;
                        sv[slot] = v;
                        snd[slot] = nd;
                        sst[slot] = row;
                        sdg[slot] = (int)(row_end - row);
                        if (crauser) smo[slot] = mo;
                        __threadfence_block();                   // the entry, then its slot
                        in_pile[v] = slot + 1;
                        prefetch_row(indices, weights, row);
                    } else {
                        atomic_min_nonneg(&hd[b], nd);
                    }
                    continue;
                }
                const int slot = s - 1;                          // piled: its entry
                if (nd < atomic_min_nonneg(&snd[slot], nd)) pmin = fmin(pmin, nd + mo);
#ifdef SETTLE_PROF
                if (first_) SPROF(SP_UPDATE)
#endif
            }
        }
        pmin = warp_min(pmin);
        if (wl == 0) w_pmin[t >> 5] = pmin;
        SPROF(SP_RELAX)
        __syncthreads();
        SPROF(SP_RELAX_WAIT)
        // ================= book: the round's record; θ's key = min(kept keys, lowered
        //                   keys); the selected entries die, d = δ for them (settled)
        // the last warp (the settling below takes the first nsel threads), both minima
        // in one reduction: against warp 0 reducing each (H100, 1000² grid, 4 sources,
        // median, A/B/A/B, ms): Martín 85.5 / 85.5 → 82.8 / 83.3, Crauser 61.1 / 60.9 →
        // 59.5 / 60.2, economic 61.7 / 61.6 → 59.9 / 60.4
        const int made_now = s_mk, top_now = top + max(0, made_now - nfree);
        if (t >= T - 32) {
            const double key = warp_min(wl < nw ? fmin(w_kmin[wl], w_pmin[wl]) : RULE_INF);
            if (t == T - 32) {
                const long long row = st.rec;
                stats[4 * row] = nsel;
                stats[4 * row + 1] = ne;
                stats[4 * row + 2] = nsel;
                stats[4 * row + 3] = nkept + made_now;        // kept and created
                fs[row] = theta;
                s_nsel = 0;
                s_r = SettleRound{key, r + 1, st.rec + 1, top_now, made_now, nsel};
            }
        }
        // new entries: their buckets' δ, the buckets cleared for the next round (by the
        // block's second half, the first settling: Crauser 55.5, 56.2, economic 55.4,
        // 56.1, Martín 80.2, 80.6 ms, not kept)
        for (int j = t; j < made_now; j += T) {
            const int i = mslot[j], b = used[j];
            snd[i] = fmin(snd[i], hd[b]);
            hk[b] = -1;
            hd[b] = RULE_INF;
        }
        for (int j = t; j < nsel; j += T) {                      // settled: δ final
            const int i = near_now[j];
            d[sv[i]] = snd[i];
            snd[i] = -1.0;
            in_pile[sv[i]] = -1;
        }
#ifdef SETTLE_PROF
        if (t == 0) { sprof[SP_ROUNDS] += 1; sprof[SP_TOP] += top; sprof[SP_NSEL] += nsel;
                      sprof[SP_EDGES] += ne; }
#endif
        SPROF(SP_BOOK)
        __syncthreads();
        SPROF(SP_BOOK_WAIT)
        if (top_now <= min(cap - SH_EDGES, nkept + made_now + SH_SLACK)) continue;
#ifdef SETTLE_PROF
        if (t == 0) sprof[SP_COMPACTIONS] += 1;
#endif
        // ================= compact: the live entries to the front, in order, slots renewed
        int out = 0;
        const int end = top_now;
        for (int c = 0; c < end; c += T) {
            const int i = c + t;
            const bool live = i < end && snd[i] >= 0.0;
            vid_t v = 0; double nd = 0.0, mo = 0.0; long long st = 0; int dg = 0;
            if (live) {
                v = sv[i]; nd = snd[i]; st = sst[i]; dg = sdg[i];
                if (crauser) mo = smo[i];
            }
            unsigned long long total;
            const int at = out + (int)block_scan(live ? 1 : 0, &total);   // reads, then writes
            if (live) {
                sv[at] = v; snd[at] = nd; sst[at] = st; sdg[at] = dg;
                if (crauser) smo[at] = mo;
                in_pile[v] = at + 1;
            }
            out += (int)total;
        }
        if (t == 0) { s_r.top = out; s_r.nfree = 0; }   // nothing dead: nothing to reuse
        __syncthreads();
        SPROF(SP_COMPACT)
        if (out > cap - SH_EDGES) return leave(GO_BLOCK, false);   // the pile outgrew it
    }
}

#define SETTLE_KERNEL(W, WTAG, RULE, RTAG)                                                  \
extern "C" __global__ void __launch_bounds__(1024, 1) settle_##RTAG##_##WTAG(             \
        const long long* indptr, const vid_t* indices, const W* weights,                    \
        const double* minout, double min_w, double* d, vid_t* pile_a, vid_t* pile_b,         \
        int* in_pile, long long* ctl, double* th, long long* stats, double* fs,             \
        long long records, int cap, int lanes) {                                            \
    settle_block<W, RULE>(indptr, indices, weights, minout, min_w, d, pile_a, pile_b,       \
                          in_pile, ctl, th, stats, fs, records, cap, lanes);                \
}
#define SETTLE_ALL(W, WTAG)                                                                  \
    SETTLE_KERNEL(W, WTAG, MARTIN, martin) SETTLE_KERNEL(W, WTAG, CRAUSER, crauser)        \
    SETTLE_KERNEL(W, WTAG, ECONOMIC, economic)
EACH_WEIGHT(SETTLE_ALL)
