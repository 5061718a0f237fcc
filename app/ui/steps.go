package ui

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"gridsolve/solvers"
	"gridsolve/solvers/trace"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The Step through panel: the shown puzzle solved once more in a worker
// by its game's solvers.Tracer, which records the real search's steps
// (package trace: the line or square chosen, what was tried, deduced,
// found wrong and undone), then played here forward and back, at a chosen
// speed or to the next backtrack, with the search's counters. The game's
// part is its Tracer and its editor's stepDrawer, which draws a trace's
// board. This file is the midend's side; stepspage.go renders and plays.

// stepDrawer is implemented by the editors of games whose solver records
// its steps: it draws a trace's board for the Step through panel.
type stepDrawer interface {
	// stepBoard draws v.board, in the game's trace values (see its
	// package's Trace), with the step just taken highlighted: its line
	// or square (At) and its cells. Page.stepGrid draws a plain grid.
	stepBoard(p *Page, v stepView) app.UI
}

// stepView is a trace's board at the cursor, for a stepDrawer.
type stepView struct {
	board   []int
	step    trace.Step // the step just taken; Kind 0 before the first
	changed []bool     // of each cell: the step set it
	rows    *rowCache  // the board's rows between steps (see stepGrid)
}

// stepper is one tab's Step through panel.
type stepper struct {
	open    bool
	running int    // the trace job's id, 0 when none runs
	text    string // the puzzle traced
	tr      *trace.Trace
	cur     *trace.Cursor
	playing bool
	speed   int // index into stepSpeeds
	status  string
	state   tabState
	rows    rowCache
	changed []bool // scratch for stepView.changed
	// reader reads the trace the worker sent, a few steps a tick (see
	// readTrace), for the puzzle reading.
	reader  *trace.Reader
	reading string
}

// stepSpeeds are Play's speeds, in steps a second; the last is as fast
// as the page draws (see Page.playSteps).
var stepSpeeds = []int{2, 10, 50, 250, 2000}

// defaultSpeed is where Play starts: about ten steps a second.
const defaultSpeed = 1

func (s *stepper) say(state tabState, text string) {
	if state == stateError {
		text = plainWords(text)
	}
	s.state, s.status = state, text
}

// tracerOf reports whether game's solver records its steps.
func tracerOf(game string) bool {
	g, _ := solvers.Lookup(game)
	_, ok := g.(solvers.Tracer)
	return ok
}

// stale reports whether the trace shown is of another puzzle than the
// one in the editor.
func (s *stepper) stale(t *tab) bool { return s.tr != nil && s.text != t.ed.text() }

// openSteps opens or closes the shown tab's panel; opening it records
// the puzzle's steps unless it has them already.
func (m *midend) openSteps(open bool) {
	t := m.cur()
	s := &t.steps
	s.open = open
	if !open {
		s.playing = false
		return
	}
	if tracerOf(t.ed.game()) && s.running == 0 && (s.tr == nil || s.stale(t)) {
		m.startTrace()
	}
}

// startTrace records the shown puzzle's steps in a worker.
func (m *midend) startTrace() {
	t := m.cur()
	s := &t.steps
	if s.running != 0 || !tracerOf(t.ed.game()) {
		return
	}
	s.playing, s.reader = false, nil
	s.say(stateBusy, "Recording the solver's steps…")
	s.running = m.start(m.at, jobTrace, jobRequest{op: solvers.OpTrace, game: t.ed.game(), text: t.ed.text()})
}

// cancelTrace stops the shown tab's trace job.
func (m *midend) cancelTrace() {
	s := &m.cur().steps
	if s.running == 0 {
		return
	}
	s.reader = nil
	m.worker.cancel(s.running)
	delete(m.jobs, s.running)
	s.running = 0
	s.say(stateIdle, "Cancelled.")
}

// traced takes the end of a trace job, whose result, the trace as JSON,
// can be megabytes: it is read a few steps a tick (see readTrace) rather
// than as every other job's result is.
func (m *midend) traced(t *tab, j job, ok bool, result string) {
	s := &t.steps
	s.running = 0
	if !ok {
		s.say(stateError, "Recording the steps failed: "+result+".")
		return
	}
	const head = `{"answer":`
	if !strings.HasPrefix(result, head) {
		var res jobResult
		if json.Unmarshal([]byte(result), &res) != nil || res.Error == "" {
			res.Error = "the solver sent a broken trace"
		}
		s.say(stateError, res.Error)
		return
	}
	s.reader, s.reading = trace.NewReader([]byte(result[len(head):])), j.text
	m.readTrace(t)
}

// stepsPerRead is how many steps readTrace reads in one tick: some 100 KB
// of JSON, a few milliseconds.
const stepsPerRead = 500

// readTrace reads the next steps of tab t's trace, and goes on in the
// next tick until it has them all.
func (m *midend) readTrace(t *tab) {
	s := &t.steps
	r := s.reader
	if r == nil {
		return
	}
	done, err := r.Read(stepsPerRead)
	if !done && err == nil {
		s.say(stateBusy, fmt.Sprintf("Reading the steps… %d%%", int(100*r.Progress())))
		m.later(time.Millisecond, func() {
			if s.reader == r {
				m.readTrace(t)
			}
		})
		return
	}
	s.reader = nil
	tr := r.Trace()
	var tail struct {
		Millis int64 `json:"ms"`
	}
	rest := r.Rest()
	if err != nil || !tr.Valid() || len(rest) < 2 || json.Unmarshal(append([]byte("{"), rest[1:]...), &tail) != nil {
		s.say(stateError, "the solver sent a broken trace")
		return
	}
	s.tr, s.text = &tr, s.reading
	s.cur = trace.NewCursor(tr.Start, tr.Steps)
	s.rows = rowCache{upTo: -1}
	s.changed = make([]bool, len(tr.Start))
	what := plural(len(tr.Steps), "step")
	if tr.Truncated {
		what = "The first " + what + " of the search (and its answer)"
	}
	s.say(stateDone, fmt.Sprintf("%s, recorded in %d ms: Step or Play.", what, tail.Millis))
}

// stepMove is a move of the panel's cursor.
type stepMove string

const (
	stepForward  stepMove = "step"
	stepBack     stepMove = "back"
	stepNextUndo stepMove = "next-undo" // to the next backtrack
	stepToStart  stepMove = "start"
	stepToEnd    stepMove = "end"
)

// moveSteps moves the shown tab's cursor; a move by hand stops Play.
func (m *midend) moveSteps(mv stepMove) {
	s := &m.cur().steps
	if s.cur == nil {
		return
	}
	s.playing = false
	switch mv {
	case stepForward:
		s.cur.Forward()
	case stepBack:
		s.cur.Back()
	case stepNextUndo:
		if !s.cur.NextOf(trace.Undo) {
			s.say(stateIdle, "No backtrack after this step: the search went straight on to its end.")
			return
		}
	case stepToStart:
		s.cur.Seek(0)
	case stepToEnd:
		s.cur.Seek(s.cur.Len())
	}
	if s.state != stateError && s.state != stateBusy {
		s.say(stateIdle, "")
	}
}

// counters is the panel's line of figures at the cursor: the step, and
// the search's nodes and backtracks as the write-ups count them.
func (s *stepper) counters() string {
	if s.cur == nil {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Step %s of %s", groupDigits(int64(s.cur.At())), groupDigits(int64(s.cur.Len())))
	if st, ok := s.cur.Step(); ok {
		b.WriteString(" · " + plural(int(st.Nodes), "node") + " · " + plural(int(st.Backtracks), "backtrack"))
		if len(st.Options) > 0 {
			b.WriteString(" · " + plural(sum(st.Options), "option") + " left")
		}
	}
	return b.String()
}

func sum(n []int) (total int) {
	for _, v := range n {
		total += v
	}
	return total
}

// kindNames name the kinds of step for people.
var kindNames = map[trace.Kind]string{
	trace.Choose: "Choose", trace.Try: "Try", trace.Deduce: "Deduce",
	trace.Fail: "Contradiction", trace.Undo: "Backtrack", trace.Found: "Found",
}

// view is the board at the cursor, for the game's stepDrawer.
func (s *stepper) view() stepView {
	st, _ := s.cur.Step()
	clear(s.changed)
	for _, c := range st.Cells {
		if c >= 0 && c < len(s.changed) {
			s.changed[c] = true
		}
	}
	return stepView{board: s.cur.Board(), step: st, changed: s.changed, rows: &s.rows}
}
