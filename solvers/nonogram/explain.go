package nonogram

import (
	"bytes"
	"context"
	"errors"
	"strconv"
	"strings"

	"gridsolve/solvers/jsonw"
	"gridsolve/solvers/msg"
	"gridsolve/solvers/play"
)

// Level is what it takes to solve a puzzle, in the words of its
// definition: "simple reasoning" looks at one row or column at a time,
// with the cells already known in it.
type Level string

const (
	ByLines  Level = "lines"    // line reasoning alone settles every cell (or finds no fit)
	ByProbes Level = "probes"   // line reasoning helped by probes does
	ByGuess  Level = "guessing" // only a search does: some cell must be guessed
)

// Report is the designer's check of a puzzle: how it is solved, and where
// line reasoning alone gets stuck. Its Answer is Solve's.
type Report struct {
	Answer
	Level Level `json:"level"`
	// Probes lists the cells whose probe led to a contradiction, in the
	// order reason found them: a probe assumes one colour for a cell and
	// keeps the other when line reasoning then finds a line with no fit.
	Probes []int `json:"probes"`
	// Unsettled lists the cells, row-major, that line reasoning alone
	// leaves undecided from the given cells.
	Unsettled []int `json:"unsettled"`
	// Left counts the cells line reasoning and the probes leave
	// undecided: the search's part.
	Left int `json:"left"`
	// Nodes is the line solves of Solve's search, which settles what
	// reasoning cannot.
	Nodes int64 `json:"nodes"`
}

// Explain solves c and says how (see Report). progress is Solve's.
func Explain(ctx context.Context, c *Clues, progress func(int64)) (*Report, error) {
	a, nodes, err := solveCounting(ctx, c, progress)
	if err != nil {
		return nil, err
	}
	reason := reasonFrom
	if c.IsColour() {
		reason = colourReasonFrom
	}
	r, err := reason(ctx, c, startGrid(c))
	if err != nil {
		return nil, err
	}
	rep := &Report{Answer: *a, Probes: append([]int{}, r.probes...), Unsettled: []int{}, Nodes: nodes}
	for i, m := range r.lines {
		if m == markUnknown {
			rep.Unsettled = append(rep.Unsettled, i)
		}
		if r.grid[i] == markUnknown {
			rep.Left++
		}
	}
	switch {
	case r.linesFailed || len(rep.Unsettled) == 0:
		rep.Level = ByLines
	case r.failed || rep.Left == 0:
		rep.Level = ByProbes
	default:
		rep.Level = ByGuess
	}
	return rep, nil
}

// startGrid is the position c starts from: its given cells, by the
// position's marks.
func startGrid(c *Clues) []byte {
	grid := bytes.Repeat([]byte{markUnknown}, len(c.Rows)*len(c.Cols))
	if c.Given != nil {
		for i, g := range c.Given {
			grid[i] = g // a colour, or NotGiven: markUnknown
		}
	}
	return grid
}

// reasoning is what line reasoning learns from a position, alone and
// helped by probes.
type reasoning struct {
	lines       []byte // the position after line reasoning alone (a copy)
	grid        []byte // ... and after the probes
	probes      []int  // the cells whose probes contradicted, in order
	linesFailed bool   // line reasoning alone found a line with no fit
	failed      bool   // so did it with the probes: there is no solution
}

// reasonFrom applies line reasoning to grid, to a fixpoint, then probes
// each undecided cell in row-major passes: a colour that makes some line
// unfit is ruled out, the other kept, and line reasoning run again, until
// a pass learns nothing or a line has no fit whichever colour a cell takes.
func reasonFrom(ctx context.Context, c *Clues, grid []byte) (reasoning, error) {
	b := newBoard(c)
	var r reasoning
	_, failed, err := b.propagate(ctx, grid, b.allDirty())
	if err != nil {
		return r, err
	}
	r.lines = append([]byte(nil), grid...)
	r.grid, r.linesFailed, r.failed = grid, failed >= 0, failed >= 0
	for learnt := !r.failed; learnt; {
		learnt = false
		for g := range grid {
			if grid[g] != markUnknown {
				continue
			}
			for _, assumed := range []byte{markBlack, markWhite} {
				failed, err := b.probe(ctx, grid, g, assumed)
				if err != nil {
					return r, err
				}
				if failed < 0 {
					continue
				}
				grid[g] = markBlack + markWhite - assumed
				dirty := make([]bool, b.lines())
				dirty[g/b.w], dirty[b.h+g%b.w] = true, true
				_, failed, err = b.propagate(ctx, grid, dirty)
				if err != nil {
					return r, err
				}
				r.probes = append(r.probes, g)
				learnt = true
				if failed >= 0 {
					r.failed = true
					return r, nil
				}
				break
			}
		}
	}
	return r, nil
}

// AppendJSON writes r as encoding/json would, for the solver worker.
func (r *Report) AppendJSON(w *jsonw.Writer) {
	if w.Null("", r == nil) {
		return
	}
	w.Object("")
	r.fields(w)
	w.String("level", string(r.Level))
	w.Ints("probes", r.Probes)
	w.Ints("unsettled", r.Unsettled)
	w.Int("left", int64(r.Left))
	w.Int("nodes", r.Nodes)
	w.End()
}

// Nonogram's own jobs for the solver worker (solvers.Operator).
const (
	// OpExplain checks a puzzle for its designer: text is the puzzle in
	// the judge format, arg unused, and the answer a *Report.
	OpExplain play.Op = "explain"
	// OpUnique finds the fewest cells to change in a drawn picture to make
	// it the unique solution of its own clues: text is the picture, rows
	// of '#' (black) and '.' (white; 'x' too) apart by newlines, arg unused, and the
	// answer a *Changes. A colour picture writes its cells by their inks'
	// letters, then a "=" line and clues that carry its palette (the
	// page's draw snapshot).
	OpUnique play.Op = "unique"
	// OpLearn is Solve by clause learning (SolveLearning): text and answer
	// as Solve's, arg the learner's seed ("" for 0). The page runs it
	// beside Solve on other cores, a seed a core, and takes whichever
	// answers first.
	OpLearn play.Op = "learn"
)

// Ops lists Nonogram's own jobs.
func (Game) Ops() []play.Op { return []play.Op{OpExplain, OpUnique, OpLearn} }

// Run runs OpExplain, OpUnique or OpLearn.
func (Game) Run(ctx context.Context, op play.Op, text, arg string, progress func(int64)) (jsonw.Appender, error) {
	switch op {
	case OpExplain:
		c, err := ParseClues(text)
		if err != nil {
			return nil, err
		}
		return Explain(ctx, c, progress)
	case OpLearn:
		c, err := ParseClues(text)
		if err != nil {
			return nil, err
		}
		seed, err := learnSeed(arg)
		if err != nil {
			return nil, err
		}
		return SolveLearning(ctx, c, seed, progress)
	case OpUnique:
		if drawn, clues, ok := strings.Cut(text, "\n=\n"); ok {
			pic, inks, err := readColourPicture(drawn, clues)
			if err != nil {
				return nil, err
			}
			return MakeUniqueColour(ctx, pic, inks, uniqueBudget)
		}
		pic, err := readPicture(text)
		if err != nil {
			return nil, err
		}
		return MakeUnique(ctx, pic, uniqueBudget)
	}
	return nil, msg.Errorf("nonogram has no job %.20q", string(op))
}

// readPicture reads rows of '#' and '.', all of one length, for OpUnique.
func readPicture(text string) ([][]bool, error) {
	text = strings.TrimSpace(text)
	h := strings.Count(text, "\n") + 1
	w := strings.IndexByte(text+"\n", '\n')
	if text == "" || checkSize(h, w) != nil {
		return nil, errors.New("the picture is empty or too large")
	}
	grid, err := parsePosition(text, h, w, 0, "picture")
	if err != nil {
		return nil, err
	}
	pic := make([][]bool, h)
	for r := range pic {
		pic[r] = make([]bool, w)
		for c := range pic[r] {
			pic[r][c] = grid[r*w+c] == markBlack
		}
	}
	return pic, nil
}

// readColourPicture reads a colour picture, rows of its inks' letters and
// '.', all of one length, with the palette of clues, for OpUnique.
func readColourPicture(drawn, clues string) ([][]int, []Ink, error) {
	c, err := ParseClues(clues)
	if err != nil {
		return nil, nil, err
	}
	if !c.IsColour() {
		return nil, nil, errors.New("the picture's clues have no colours")
	}
	h, w := len(c.Rows), len(c.Cols)
	grid, err := parsePosition(drawn, h, w, len(c.Inks), "picture")
	if err == nil && strings.TrimSpace(drawn) == "" {
		err = errors.New("the picture is empty")
	}
	if err != nil {
		return nil, nil, err
	}
	pic := make([][]int, h)
	for r := range pic {
		pic[r] = make([]int, w)
		for col := range pic[r] {
			pic[r][col] = inkOf(grid[r*w+col]) + 1 // '.' and 'x' are white
		}
	}
	return pic, c.Inks, nil
}

// Summary says the report in a sentence: the solutions, then the level,
// "Unique solution, solvable line by line." or "Several solutions, needs
// guessing: …".
func (r *Report) Summary() string {
	s := map[Status]string{Unique: "Unique solution", Multiple: "Several solutions", None: "No solution"}[r.Status]
	switch {
	case r.Level == ByLines && r.Status == None:
		return s + ": line reasoning finds a line that cannot fit."
	case r.Level == ByLines:
		return s + ", solvable line by line."
	case r.Level == ByProbes && r.Status == None:
		return msg.Sprintf("%s: %s finds a cell that can be neither colour.", s, probesText(len(r.Probes)))
	case r.Level == ByProbes:
		return msg.Sprintf("%s, needs %s.", s, probesText(len(r.Probes)))
	}
	return msg.Sprintf("%s, needs guessing: %d cells are left after line reasoning and probes.", s, r.Left)
}

func probesText(n int) string {
	if n == 1 {
		return "1 probe"
	}
	return msg.Sprintf("%d probes", n)
}

// learnSeed reads OpLearn's arg: "" or a whole number.
func learnSeed(arg string) (uint64, error) {
	if arg == "" {
		return 0, nil
	}
	seed, err := strconv.ParseUint(arg, 10, 64)
	if err != nil {
		return 0, msg.Errorf("a learner's seed is a whole number, not %.20q", arg)
	}
	return seed, nil
}
