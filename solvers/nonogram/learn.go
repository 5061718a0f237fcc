package nonogram

import (
	"context"
	"math/bits"
	"slices"
)

// learner solves black-and-white clues by conflict-driven clause learning
// over the cells, with the line solver as the propagator, as lazy clause
// generation does for a constraint solver: where depth-first search
// meets the same dead end again under other guesses, the learner meets
// it once, writes down why as a clause, and jumps back past the guesses
// that had nothing to do with it.
//
//   - A literal says a cell is black or white. The trail lists the cells
//     in the order they were set, each with its decision level and its
//     reason: a guess (none), a line, or a learnt clause.
//   - A line that settles a cell explains it only when conflict analysis
//     asks: by the cells of that line set before it, cut down to a
//     minimal set with which the line solver still settles the cell.
//     A line with no fit explains its conflict the same way.
//   - Conflicts are analysed to the first unique implication point; the
//     learnt clause is watched by two literals, and its activity bumps
//     its cells, which guesses are picked by (VSIDS), in the colour they
//     last had (phase saving). Restarts follow the Luby sequence.
//   - A first solution is blocked by the negation of its guesses (every
//     cell of it follows from them), so the search goes on to a second
//     or proves there is none.
type learner struct {
	ctx      context.Context
	progress func(int64)
	h, w     int
	runs     [][]int // rows 0..h-1, then columns h..h+w-1
	given    []byte

	val      []byte  // per cell: unknown, black or white
	level    []int32 // per set cell: its decision level
	reason   []int32 // per set cell: noReason, a line, or lines+clause
	trailPos []int32 // per set cell: its place on the trail
	trail    []int32 // the set cells, in order
	levels   []int   // where each decision level starts on the trail
	decided  []lit   // the literal guessed at each level

	lines      int // h + w: reasons from lines[0, lines), clauses after
	dirty      []int32
	isDirty    []bool
	clauseHead int // trail index up to which clauses have seen the cells set
	clauses    []clause
	watches    [][]int32 // per literal: the clauses that watch it
	maxLearnt  int

	// When no line is longer than wordCells, notBlack and notWhite mirror
	// val as masks per line, as the searcher's do, and a line is solved
	// by maskTables.solve straight from them, through cache: the
	// learner meets the same line in the same state again and again, as
	// it backtracks and sets the same cells anew.
	notBlack, notWhite []uint64
	cache              *lineCache

	order    cellHeap
	phase    []byte
	seen     []bool
	ls       lineSolver
	lineBuf  []byte
	trialBuf []byte
	onLine   [][]int32 // per line: the places of its set cells, in the order set
	known    []int     // explainLine's scratch
	keep     []bool    // explainLine's scratch
	reach    lineReach
	patterns []wordPattern // per line: its automaton for reach, if one word
	because  []lit         // explainLine's answer, good until its next call

	solutions             [][]byte
	nodes                 int64 // line solves, cached ones too (as the searcher counts), and explanations by lineReach
	explains              int64 // explanations, however found
	conflicts, restarts   int64
	learnt                int64
	err                   error
	restartAt, lubyIndex  int64
	nextCheck, nextReport int64
}

// lit is a literal: cell lit>>1 is black (lit&1 == 0) or white.
type lit int32

func litOf(cell int32, colour byte) lit { return lit(cell<<1 | int32(colour-black)) }
func (l lit) cell() int32               { return int32(l >> 1) }
func (l lit) colour() byte              { return black + byte(l&1) }
func (l lit) not() lit                  { return l ^ 1 }

// clause is a learnt clause: one of its literals must hold. lits[0] and
// lits[1] are watched. lbd is the number of decision levels among its
// literals when learnt, which says how useful it is likely to stay.
type clause struct {
	lits []lit
	lbd  int
}

const noReason = -1

// learnRestartUnit is the number of conflicts the Luby sequence counts in.
const learnRestartUnit = 64

func newLearner(ctx context.Context, c *Clues, progress func(int64)) *learner {
	h, w := len(c.Rows), len(c.Cols)
	n := h * w
	l := &learner{
		ctx: ctx, progress: progress, h: h, w: w, given: c.Given,
		runs:      append(append(make([][]int, 0, h+w), c.Rows...), c.Cols...),
		val:       make([]byte, n),
		level:     make([]int32, n),
		reason:    make([]int32, n),
		trailPos:  make([]int32, n),
		trail:     make([]int32, 0, n),
		lines:     h + w,
		isDirty:   make([]bool, h+w),
		watches:   make([][]int32, 2*n),
		phase:     make([]byte, n),
		seen:      make([]bool, n),
		lineBuf:   make([]byte, max(h, w)),
		trialBuf:  make([]byte, max(h, w)),
		keep:      make([]bool, max(h, w)),
		maxLearnt: max(2000, n),
	}
	if h <= wordCells && w <= wordCells {
		l.notBlack, l.notWhite = make([]uint64, h+w), make([]uint64, h+w)
		for line := range h + w {
			_, _, n, _ := lineCells(h, w, line)
			l.notBlack[line], l.notWhite[line] = 1<<n-1, 1<<n-1
		}
		l.cache = newLineCache()
	}
	places := make([]int32, 2*n)
	l.onLine = make([][]int32, h+w)
	l.patterns = make([]wordPattern, h+w)
	for line := range h + w {
		_, _, n, _ := lineCells(h, w, line)
		l.onLine[line], places = places[:0:n], places[n:]
		l.patterns[line] = l.reach.wordPatternOf(l.runs[line])
	}
	l.order.init(n)
	for i := range l.phase {
		l.phase[i] = white
	}
	return l
}

// SolveLearning is Solve by clause learning (see learner): the same
// answer, found by another search, which wins on some puzzles where
// depth-first search meets the same dead ends over and over, and loses
// on most others. The page races the two in separate workers (OpLearn),
// and on more cores learners of other seeds beside them (see scatter);
// seed 0 is the learner's own start.
func SolveLearning(ctx context.Context, c *Clues, seed uint64, progress func(int64)) (*Answer, error) {
	if err := c.validate(); err != nil {
		return nil, err
	}
	if c.IsColour() {
		a, _, err := solveColour(ctx, c, progress)
		return a, err
	}
	a, _, err := solveLearning(ctx, c, seed, progress)
	return a, err
}

// solveLearning is SolveLearning for valid black-and-white clues, and
// the learner, for its counts.
func solveLearning(ctx context.Context, c *Clues, seed uint64, progress func(int64)) (*Answer, *learner, error) {
	l := newLearner(ctx, c, progress)
	if seed != 0 {
		l.scatter(seed)
	}
	l.run()
	if l.err != nil {
		return nil, l, l.err
	}
	return answerOf(l.solutions, func(g []byte) []string { return render(g, l.h, l.w) }), l, nil
}

// run searches until two solutions are found, or none is left.
func (l *learner) run() {
	if !plausible(l.h, l.w, l.runs) {
		return
	}
	for i, g := range l.given {
		if g != NotGiven && !l.set(litOf(int32(i), white-byte(btoi(g == GivenBlack))), noReason) {
			return // the given cells contradict each other: impossible here
		}
	}
	for line := range l.lines {
		l.markDirty(line)
	}
	l.restartAt = learnRestartUnit
	for l.err == nil {
		if confl := l.propagate(); confl != nil {
			if len(l.levels) == 0 {
				return // a conflict with no guess: no more solutions
			}
			l.learn(confl)
			continue
		}
		if l.conflicts >= l.restartAt {
			l.restart()
		}
		cell := l.pick()
		if cell < 0 {
			l.solutions = append(l.solutions, slices.Clone(l.val))
			if len(l.solutions) == 2 || len(l.levels) == 0 {
				return
			}
			// Every cell follows from the guesses: another solution
			// differs in one of them.
			l.learn(l.block())
			continue
		}
		d := litOf(cell, l.phase[cell])
		l.levels = append(l.levels, len(l.trail))
		l.decided = append(l.decided, d)
		l.set(d, noReason)
	}
}

// block adds, for good, the clause that some guess goes the other way,
// watched by its two latest literals, and returns it: a conflict now.
func (l *learner) block() []lit {
	lits := make([]lit, len(l.decided))
	for k, d := range l.decided {
		lits[len(lits)-1-k] = d.not()
	}
	if len(lits) >= 2 {
		ci := int32(len(l.clauses))
		l.clauses = append(l.clauses, clause{lits: lits, lbd: 0}) // lbd 0: never forgotten
		l.watches[lits[0]] = append(l.watches[lits[0]], ci)
		l.watches[lits[1]] = append(l.watches[lits[1]], ci)
	}
	return lits
}

// set sets d's cell to d's colour at the current level, for reason; it
// reports false when the cell already has the other colour.
func (l *learner) set(d lit, reason int32) bool {
	c := d.cell()
	switch l.val[c] {
	case d.colour():
		return true
	case unknown:
	default:
		return false
	}
	l.val[c] = d.colour()
	l.level[c] = int32(len(l.levels))
	l.reason[c] = reason
	l.trailPos[c] = int32(len(l.trail))
	l.trail = append(l.trail, c)
	row, col := int(c)/l.w, l.h+int(c)%l.w
	l.onLine[row] = append(l.onLine[row], int32(col-l.h))
	l.onLine[col] = append(l.onLine[col], int32(row))
	if l.notBlack != nil {
		l.mask(row, col, d.colour())
	}
	if reason != int32(row) {
		l.markDirty(row)
	}
	if reason != int32(col) {
		l.markDirty(col)
	}
	return true
}

// mask clears the bit the colour rules out of the cell of row and col in
// the masks of both lines, or sets both bits again when colour is
// unknown.
func (l *learner) mask(row, col int, colour byte) {
	at, p := uint64(1)<<(col-l.h), uint64(1)<<row // the cell's places in row and col
	switch colour {
	case black:
		l.notBlack[row] &^= at
		l.notBlack[col] &^= p
	case white:
		l.notWhite[row] &^= at
		l.notWhite[col] &^= p
	default:
		l.notBlack[row] |= at
		l.notWhite[row] |= at
		l.notBlack[col] |= p
		l.notWhite[col] |= p
	}
}

func (l *learner) markDirty(line int) {
	if !l.isDirty[line] {
		l.isDirty[line] = true
		l.dirty = append(l.dirty, int32(line))
	}
}

// propagate sets what the clauses and the lines imply, clauses first, as
// they are cheaper, until nothing changes; it returns the literals of a
// conflict (all false), or nil.
func (l *learner) propagate() []lit {
	for {
		if confl := l.propagateClauses(); confl != nil {
			return confl
		}
		if len(l.dirty) == 0 {
			return nil
		}
		line := int(l.dirty[len(l.dirty)-1])
		l.dirty = l.dirty[:len(l.dirty)-1]
		l.isDirty[line] = false
		if confl := l.solveLine(line); confl != nil {
			return confl
		}
	}
}

// propagateClauses visits the clauses watching a literal made false.
func (l *learner) propagateClauses() []lit {
	for l.clauseHead < len(l.trail) {
		c := l.trail[l.clauseHead]
		l.clauseHead++
		f := litOf(c, l.val[c]).not() // false now
		ws := l.watches[f]
		kept := ws[:0]
		var confl []lit
		for k, ci := range ws {
			if confl != nil {
				kept = append(kept, ws[k:]...)
				break
			}
			cl := l.clauses[ci].lits
			if cl[0] == f {
				cl[0], cl[1] = cl[1], cl[0]
			}
			if l.isTrue(cl[0]) {
				kept = append(kept, ci)
				continue
			}
			moved := false
			for j := 2; j < len(cl); j++ {
				if !l.isFalse(cl[j]) {
					cl[1], cl[j] = cl[j], cl[1]
					l.watches[cl[1]] = append(l.watches[cl[1]], ci)
					moved = true
					break
				}
			}
			if moved {
				continue
			}
			kept = append(kept, ci)
			if l.isFalse(cl[0]) {
				confl = cl
				continue
			}
			l.set(cl[0], int32(l.lines)+ci)
		}
		l.watches[f] = kept
		if confl != nil {
			return confl
		}
	}
	return nil
}

func (l *learner) isTrue(x lit) bool  { return l.val[x.cell()] == x.colour() }
func (l *learner) isFalse(x lit) bool { v := l.val[x.cell()]; return v != unknown && v != x.colour() }

// solveLine runs the line solver on line and sets what it settles; a line
// with no fit returns its conflict.
func (l *learner) solveLine(line int) []lit {
	start, step, n, _ := lineCells(l.h, l.w, line)
	if l.notBlack != nil {
		return l.solveMasked(line, start, step, n)
	}
	buf := l.lineBuf[:n]
	for p := range buf {
		buf[p] = l.val[start+p*step]
	}
	l.count()
	if !l.ls.solve(buf, l.runs[line]) {
		return l.explainLine(line, -1)
	}
	for p, v := range buf {
		if c := int32(start + p*step); l.val[c] == unknown && v != unknown {
			l.set(litOf(c, v), int32(line))
		}
	}
	return nil
}

// solveMasked is solveLine by the line's masks, for lines of up to
// wordCells cells.
func (l *learner) solveMasked(line, start, step, n int) []lit {
	l.count()
	key := lineKey{line, l.notBlack[line], l.notWhite[line]}
	canBlack, canWhite := l.cache.solve(&l.ls.tables, n, l.runs[line], key)
	if canBlack|canWhite == 0 {
		return l.explainLine(line, -1)
	}
	unknown := key.notBlack & key.notWhite
	blacks := unknown &^ canWhite
	for set := unknown &^ (canBlack & canWhite); set != 0; set &= set - 1 {
		p := bits.TrailingZeros64(set)
		colour := white - byte(blacks>>p&1)
		l.set(litOf(int32(start+p*step), colour), int32(line))
	}
	return nil
}

// explainLine returns the negations of a minimal set of line's known
// cells with which the line solver still settles cell target as it is
// (of the cells set before target), or, when target < 0, still finds no
// fit: each cell is dropped in turn if the line does without it (see
// lineReach). The answer is scratch, good until the next call: conflict
// analysis reads each reason once, before it asks for the next.
func (l *learner) explainLine(line int, target int32) []lit {
	start, step, n, _ := lineCells(l.h, l.w, line)
	cells := l.trialBuf[:n]
	limit := int32(len(l.trail))
	keep := l.keep[:n]
	for p := range n {
		cells[p], keep[p] = unknown, false
	}
	tp := -1
	if target >= 0 {
		limit = l.trailPos[target]
		tp = (int(target) - start) / step
		cells[tp] = l.val[target]
	}
	// The latest set go first: an explanation by the earliest keeps the
	// learnt clause's literals on low levels, which jumps back further.
	set := l.onLine[line]
	for len(set) > 0 && l.trailPos[start+int(set[len(set)-1])*step] >= limit {
		set = set[:len(set)-1]
	}
	known := l.known[:0]
	for k := len(set) - 1; k >= 0; k-- {
		p := int(set[k])
		known = append(known, p)
		cells[p], keep[p] = l.val[start+p*step], true
	}
	l.known = known
	l.explains++
	l.count()
	if pat := l.patterns[line]; pat.last >= 0 {
		// cells are already as minimise would make them, but for the
		// target, which goes the other way.
		if tp >= 0 {
			cells[tp] = black + white - cells[tp]
		}
		l.reach.minimiseWord(cells, pat, known, keep)
	} else {
		l.reach.minimise(cells, l.runs[line], tp, known, keep)
	}
	out := l.because[:0]
	for _, p := range known {
		if keep[p] {
			c := int32(start + p*step)
			out = append(out, litOf(c, l.val[c]).not())
		}
	}
	l.because = out
	return out
}

// reasonOf returns the false literals that, with the clues, set cell c.
func (l *learner) reasonOf(c int32) []lit {
	r := l.reason[c]
	if r < int32(l.lines) {
		return l.explainLine(int(r), c)
	}
	cl := l.clauses[r-int32(l.lines)].lits
	return cl[1:] // cl[0] is c's literal: a clause's implied literal is kept first
}

// learn analyses the conflict confl (false literals) to its first unique
// implication point, jumps back to where the learnt clause implies its
// literal, and adds it.
func (l *learner) learn(confl []lit) {
	l.conflicts++
	if l.conflicts%256 == 0 {
		l.checkIn()
	}
	cur := int32(len(l.levels))
	learnt := []lit{0}
	pending := 0
	idx := len(l.trail) - 1
	lits := confl
	var p int32 = -1
	for {
		for _, q := range lits {
			c := q.cell()
			if l.seen[c] || l.level[c] == 0 {
				continue
			}
			l.seen[c] = true
			l.order.bump(c)
			if l.level[c] == cur {
				pending++
			} else {
				learnt = append(learnt, q)
			}
		}
		for !l.seen[l.trail[idx]] {
			idx--
		}
		p = l.trail[idx]
		idx--
		l.seen[p] = false
		pending--
		if pending == 0 {
			break
		}
		lits = l.reasonOf(p)
	}
	learnt[0] = litOf(p, l.val[p]).not()
	for _, q := range learnt[1:] {
		l.seen[q.cell()] = false
	}
	l.order.decay()
	// Jump back to the second-highest level in the clause, which puts the
	// literal of that level second, to be watched.
	back := int32(0)
	for k := 1; k < len(learnt); k++ {
		if lv := l.level[learnt[k].cell()]; lv > back {
			back = lv
			learnt[1], learnt[k] = learnt[k], learnt[1]
		}
	}
	l.backtrack(int(back))
	if len(learnt) == 1 {
		l.set(learnt[0], noReason) // at level 0: for good
		return
	}
	ci := int32(len(l.clauses))
	l.clauses = append(l.clauses, clause{lits: learnt, lbd: l.lbd(learnt)})
	l.watches[learnt[0]] = append(l.watches[learnt[0]], ci)
	l.watches[learnt[1]] = append(l.watches[learnt[1]], ci)
	l.learnt++
	l.set(learnt[0], int32(l.lines)+ci)
}

// lbd is the number of decision levels among lits.
func (l *learner) lbd(lits []lit) int {
	var levels []int32
	for _, q := range lits {
		if lv := l.level[q.cell()]; !slices.Contains(levels, lv) {
			levels = append(levels, lv)
		}
	}
	return len(levels)
}

// backtrack unsets every cell set above level, saving their colours as
// the phase to guess them in next.
func (l *learner) backtrack(level int) {
	if level >= len(l.levels) {
		return
	}
	start := l.levels[level]
	for _, c := range l.trail[start:] {
		l.phase[c] = l.val[c]
		l.val[c] = unknown
		row, col := int(c)/l.w, l.h+int(c)%l.w
		// The trail's cells from start are the last set of each line they
		// are in, so each line drops as many places from its end.
		l.onLine[row] = l.onLine[row][:len(l.onLine[row])-1]
		l.onLine[col] = l.onLine[col][:len(l.onLine[col])-1]
		if l.notBlack != nil {
			l.mask(row, col, unknown)
		}
		l.order.push(c)
	}
	l.trail = l.trail[:start]
	l.levels = l.levels[:level]
	l.decided = l.decided[:level]
	l.clauseHead = min(l.clauseHead, start)
	for _, line := range l.dirty {
		l.isDirty[line] = false
	}
	l.dirty = l.dirty[:0]
}

// restart goes back to level 0, where the learnt clauses that are least
// likely to help again are forgotten once there are too many.
func (l *learner) restart() {
	l.restarts++
	l.lubyIndex++
	l.restartAt = l.conflicts + learnRestartUnit*luby(l.lubyIndex)
	l.backtrack(0)
	if len(l.clauses) > l.maxLearnt {
		l.reduce()
	}
}

// reduce forgets half the learnt clauses, those over the most levels,
// keeping those over two levels or fewer. At level 0 no clause is the
// reason of a cell analysis may ask about, so indices may move.
func (l *learner) reduce() {
	order := make([]int, len(l.clauses))
	for k := range order {
		order[k] = k
	}
	slices.SortStableFunc(order, func(a, b int) int { return l.clauses[a].lbd - l.clauses[b].lbd })
	keep := len(order) / 2
	var kept []clause
	for rank, k := range order {
		if rank < keep || l.clauses[k].lbd <= 2 {
			kept = append(kept, l.clauses[k])
		}
	}
	l.clauses = kept
	for i := range l.watches {
		l.watches[i] = l.watches[i][:0]
	}
	for ci, cl := range l.clauses {
		l.watches[cl.lits[0]] = append(l.watches[cl.lits[0]], int32(ci))
		l.watches[cl.lits[1]] = append(l.watches[cl.lits[1]], int32(ci))
	}
	for _, c := range l.trail {
		l.reason[c] = noReason
	}
	l.maxLearnt += l.maxLearnt / 10
}

// luby is the i-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 ...
func luby(i int64) int64 {
	for k := int64(1); ; k++ {
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		if i >= 1<<(k-1) && i < 1<<k-1 {
			return luby(i - (1 << (k - 1)) + 1)
		}
	}
}

// pick returns the unset cell of the highest activity, -1 when none.
func (l *learner) pick() int32 {
	for l.order.len() > 0 {
		if c := l.order.pop(); l.val[c] == unknown {
			return c
		}
	}
	return -1
}

func (l *learner) count() {
	l.nodes++
	if l.nodes >= l.nextCheck {
		l.nextCheck = l.nodes + 256
		l.checkIn()
	}
}

func (l *learner) checkIn() {
	if l.err == nil {
		l.err = l.ctx.Err()
	}
	if l.progress != nil && l.nodes >= l.nextReport {
		l.nextReport = l.nodes + 1<<16
		l.progress(l.nodes)
	}
}

// cellHeap orders the cells by activity, the most active on top.
type cellHeap struct {
	act  []float64
	inc  float64
	heap []int32
	at   []int32 // place in heap, -1 when out
}

func (h *cellHeap) init(n int) {
	h.act, h.inc = make([]float64, n), 1
	h.heap, h.at = make([]int32, n), make([]int32, n)
	for i := range h.heap {
		h.heap[i], h.at[i] = int32(i), int32(i)
	}
}

func (h *cellHeap) len() int { return len(h.heap) }

func (h *cellHeap) less(a, b int) bool { return h.act[h.heap[a]] > h.act[h.heap[b]] }

func (h *cellHeap) swap(a, b int) {
	h.heap[a], h.heap[b] = h.heap[b], h.heap[a]
	h.at[h.heap[a]], h.at[h.heap[b]] = int32(a), int32(b)
}

func (h *cellHeap) up(k int) {
	for k > 0 && h.less(k, (k-1)/2) {
		h.swap(k, (k-1)/2)
		k = (k - 1) / 2
	}
}

func (h *cellHeap) down(k int) {
	for {
		m := k
		for _, ch := range [2]int{2*k + 1, 2*k + 2} {
			if ch < len(h.heap) && h.less(ch, m) {
				m = ch
			}
		}
		if m == k {
			return
		}
		h.swap(k, m)
		k = m
	}
}

func (h *cellHeap) push(c int32) {
	if h.at[c] >= 0 {
		return
	}
	h.at[c] = int32(len(h.heap))
	h.heap = append(h.heap, c)
	h.up(len(h.heap) - 1)
}

func (h *cellHeap) pop() int32 {
	c := h.heap[0]
	h.swap(0, len(h.heap)-1)
	h.heap = h.heap[:len(h.heap)-1]
	h.at[c] = -1
	if len(h.heap) > 0 {
		h.down(0)
	}
	return c
}

// bump raises c's activity by the current increment, which grows after
// every conflict (decay), so recent conflicts count most.
func (h *cellHeap) bump(c int32) {
	h.act[c] += h.inc
	if h.act[c] > 1e100 {
		for i := range h.act {
			h.act[i] *= 1e-100
		}
		h.inc *= 1e-100
	}
	if h.at[c] >= 0 {
		h.up(int(h.at[c]))
	}
}

func (h *cellHeap) decay() { h.inc /= 0.95 }
