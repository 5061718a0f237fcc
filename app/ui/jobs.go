package ui

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"gridsolve/solvers"
)

// The worker's jobs (wasm/job's Request.Op): those every game has, and
// opCount, the completions of a board, which web/solver.js splits over
// several workers part by part. A game's other jobs are its package's.
const (
	opSolve    = solvers.OpSolve
	opHint     = solvers.OpHint
	opGenerate = solvers.OpGenerate
	opCount    = solvers.Op("count")
)

// jobRequest is one piece of work for a solver worker.
type jobRequest struct {
	op       solvers.Op
	game     string
	text     string // the puzzle, judge text
	position string // hint: the player's position; replay: the shots
	opts     solvers.Options
	// rivals are other searches giving the same answer as op, run beside
	// it on other cores, as many as the machine has (see solveRacer).
	rivals []rival
}

// same reports whether r and o ask for the same work.
func (r jobRequest) same(o jobRequest) bool {
	return r.op == o.op && r.game == o.game && r.text == o.text && r.position == o.position &&
		r.opts == o.opts && slices.Equal(r.rivals, o.rivals)
}

// rival is a search run beside a job for the same answer: its job and
// the job's argument (as position is a hint's).
type rival struct {
	op  solvers.Op
	arg string
}

// solveRacer is implemented by editors whose game has other searches for
// the answer of Solve, which win on some puzzles: Solve runs them beside
// it, a worker each on as many cores as there are, and shows the first
// answer.
type solveRacer interface {
	// rivalSolves are those searches for the shown puzzle, the most
	// likely to help first (a machine with few cores runs the first
	// few), none for a puzzle they do not take.
	rivalSolves() []rival
}

// jobKind is why the page runs a job, which says what its end does.
type jobKind int

const (
	jobSolve jobKind = iota + 1 // the Solve button: the answer is drawn
	jobCount                    // the Count button: the status says how many
	jobWork                     // the editor's own background job (needsWork)
	jobDeal                     // New puzzle
	jobHint                     // Hint
	jobJudge                    // the judge bench's Run (judge.go)
	jobTrace                    // the Step through panel's recording (steps.go)
)

// job is a running worker job and what it was asked.
type job struct {
	tab  int
	kind jobKind
	jobRequest
}

// needsWork is implemented by editors that need a solver's help to show
// their own state, such as a play mode showing the fewest moves.
type needsWork interface {
	// work is the job wanted now, if any.
	work() (jobRequest, bool)
	// took gets the answer of a job work asked for; nil when the job ran
	// out of time (see workTime).
	took(r jobRequest, answer []byte)
}

// jobResult is the worker's JSON answer (wasm/job.Result).
type jobResult struct {
	Answer json.RawMessage `json:"answer"`
	Error  string          `json:"error"`
	Nodes  int64           `json:"nodes"`
	Millis int64           `json:"ms"`
}

// Jobs the user did not ask to wait for have a time limit: a hint, and
// an editor's background work (the fewest moves a play mode shows, the
// solution a Check compares with). Solve and Count run until they end or Cancel.
const (
	hintTime = 5 * time.Second
	workTime = 10 * time.Second
)

// start runs r for tab i and returns the job's id.
func (m *midend) start(i int, kind jobKind, r jobRequest) int {
	m.lastID++
	id := m.lastID
	m.jobs[id] = job{tab: i, kind: kind, jobRequest: r}
	switch {
	case r.op == opCount:
		m.worker.count(id, r)
	case len(r.rivals) > 0:
		m.worker.race(id, r)
	default:
		m.worker.post(id, r)
	}
	switch kind {
	case jobHint:
		m.later(hintTime, func() { m.outOfTime(id) })
	case jobWork:
		m.later(workTime, func() { m.outOfTime(id) })
	}
	return id
}

// outOfTime stops job id if it still runs: a hint says it found no step
// in time, and background work tells its editor (took with no answer) and
// waits for the next change.
func (m *midend) outOfTime(id int) {
	j, ok := m.jobs[id]
	if !ok {
		return
	}
	m.worker.cancel(id)
	delete(m.jobs, id)
	t := m.tabs[j.tab]
	switch j.kind {
	case jobHint:
		t.hinting = 0
		t.say(stateIdle, fmt.Sprintf("No step found within %d s: try Solve.", int(hintTime.Seconds())))
	case jobWork:
		t.working = 0
		t.workStopped = true
		t.ed.(needsWork).took(j.jobRequest, nil)
	}
}

// liveWork is implemented by editors whose background work follows the
// user's edits, such as a check of a picture being drawn: it starts once
// the edits pause for workDelay, and not before the first edit (a page
// that loads runs no check nobody asked for). A delay of 0 makes the
// work start at once, as any editor's.
type liveWork interface {
	workDelay() time.Duration
}

// startWork runs the job tab i's editor wants, one at a time; a running
// job the editor no longer wants, asked before the puzzle changed, is
// cancelled for the new one.
func (m *midend) startWork(i int) {
	t := m.tabs[i]
	w, ok := t.ed.(needsWork)
	if !ok || t.workStopped {
		return
	}
	if l, live := t.ed.(liveWork); live && l.workDelay() > 0 && !t.liveDue {
		return
	}
	if r, want := m.dropStaleWork(t, w); want && t.working == 0 {
		t.working = m.start(i, jobWork, r)
	}
}

// dropStaleWork cancels t's running background job unless its editor w
// still wants that very job, and returns what w wants now.
func (m *midend) dropStaleWork(t *tab, w needsWork) (r jobRequest, want bool) {
	r, want = w.work()
	if t.working != 0 && (!want || !m.jobs[t.working].same(r)) {
		m.worker.cancel(t.working)
		delete(m.jobs, t.working)
		t.working = 0
	}
	return r, want
}

// workSoon starts tab i's background work after a change: at once, or
// for live work once the edits pause (a stale job is cancelled now).
func (m *midend) workSoon(i int) {
	t := m.tabs[i]
	l, live := t.ed.(liveWork)
	if !live || l.workDelay() == 0 {
		m.startWork(i)
		return
	}
	t.edits++
	edit := t.edits
	if w, ok := t.ed.(needsWork); ok {
		m.dropStaleWork(t, w)
	}
	m.later(l.workDelay(), func() {
		if t.edits == edit {
			t.liveDue = true
			m.startWork(i)
		}
	})
}

// The answer shown, if any, is for this very puzzle (a change clears it):
// it stays until the new one comes, so Solve redraws no board.
func (m *midend) solve() { m.startSolve(opSolve, jobSolve, "Solving…") }

// count counts the ways to complete the shown puzzle, in as many workers
// as the machine has cores; Cancel stops it as it stops a solve.
func (m *midend) count() { m.startSolve(opCount, jobCount, "Counting…") }

// startSolve starts a solve or a count of the shown puzzle, saying busy
// meanwhile, unless the tab already has one running.
func (m *midend) startSolve(o solvers.Op, kind jobKind, busy string) {
	t := m.cur()
	if t.solving != 0 {
		return
	}
	t.say(stateBusy, busy)
	r := jobRequest{op: o, game: t.ed.game(), text: t.ed.text()}
	if rc, ok := t.ed.(solveRacer); ok && o == opSolve {
		r.rivals = rc.rivalSolves()
	}
	t.solving = m.start(m.at, kind, r)
}

// busyText is the status of a tab while its solve or count runs.
func (m *midend) busyText(t *tab) string {
	if m.jobs[t.solving].kind == jobCount {
		return "Counting…"
	}
	return "Solving…"
}

// busy reports whether the shown tab runs a job that Cancel stops.
func (m *midend) busy() bool {
	t := m.cur()
	return t.solving != 0 || t.dealing != 0 || t.hinting != 0 || t.working != 0 || t.bench.running != 0 || t.steps.running != 0
}

// cancel stops every job of the shown tab: its solve or count, a deal, a
// hint, and the editor's background job (which then waits for the next
// change of the puzzle before it is asked again).
func (m *midend) cancel() {
	t := m.cur()
	if !m.busy() {
		return
	}
	progress := ""
	if t.bench.running != 0 {
		m.cancelJudge()
	}
	if t.steps.running != 0 {
		m.cancelTrace()
	}
	for _, id := range []*int{&t.solving, &t.dealing, &t.hinting, &t.working} {
		if *id == 0 {
			continue
		}
		if p := m.worker.cancel(*id); p != "" && progress == "" {
			progress = p
		}
		delete(m.jobs, *id)
		*id = 0
	}
	t.workStopped = true // until the puzzle changes (see after)
	m.finished++
	if progress != "" {
		progress = " after " + progress
	}
	t.say(stateIdle, "Cancelled"+progress+".")
}

// jobEnded takes a job's end from the worker: ok is false when the worker
// failed (result then says why), else result is the job's JSON. An answer
// is shown only on the exact puzzle it was computed for. It returns the
// tab whose board now shows a new answer, to be revealed, or nil.
func (m *midend) jobEnded(id int, ok bool, result string) (reveal *tab) {
	j, found := m.jobs[id]
	if !found {
		return nil // cancelled
	}
	delete(m.jobs, id)
	t := m.tabs[j.tab]
	if j.kind == jobTrace { // megabytes, read a few steps a tick
		m.traced(t, j, ok, result)
		return nil
	}
	var res jobResult
	switch {
	case !ok:
		res.Error = result
	case json.Unmarshal([]byte(result), &res) != nil:
		res.Error = "the solver sent a broken answer"
	}
	switch j.kind {
	case jobWork:
		t.working = 0
		if res.Error == "" {
			t.ed.(needsWork).took(j.jobRequest, res.Answer)
		}
		m.startWork(j.tab) // the state may have moved on meanwhile
	case jobDeal:
		t.dealing = 0
		m.dealt(j.tab, res)
	case jobJudge:
		m.judged(t, j, ok, result, res)
	case jobHint:
		t.hinting = 0
		m.hinted(t, j, res)
	case jobCount:
		t.solving = 0
		m.finished++
		if !ok {
			t.say(stateError, "The count failed: "+result+". Count again to retry with fresh solvers.")
			return nil
		}
		t.say(countLine(t.ed.text() == j.text, res))
	case jobSolve:
		t.solving = 0
		m.finished++
		if !ok {
			t.say(stateError, "The solve failed: "+result+". Solve again to retry with a fresh solver.")
			return nil
		}
		if res.Error != "" {
			t.say(stateError, res.Error)
			return nil
		}
		if t.ed.text() != j.text {
			t.say(stateIdle, "The puzzle changed while it was being solved: Solve again.")
			return nil
		}
		summary, err := t.ed.setAnswer(res.Answer)
		if err != nil {
			t.say(stateError, "Could not read the answer: "+err.Error())
			return nil
		}
		cost := fmt.Sprintf("%d ms", res.Millis)
		if res.Nodes > 0 {
			cost = groupDigits(res.Nodes) + " nodes, " + cost
		}
		t.say(stateDone, summary.text+" ("+cost+")")
		t.answerNo = summary.no
		t.liveDue = true // work that follows the answer (see liveWork)
		m.startWork(j.tab)
		return t
	}
	return nil
}

// countLine is the status after a count of the puzzle, still the one
// shown (same) or not.
func countLine(same bool, res jobResult) (state tabState, status string) {
	if res.Error != "" {
		return stateError, res.Error
	}
	var n int64
	if err := json.Unmarshal(res.Answer, &n); err != nil || n < 0 {
		return stateError, "The solver sent a broken count."
	}
	if !same {
		return stateIdle, "The puzzle changed while it was being counted: Count again."
	}
	cost := fmt.Sprintf("%s nodes, %d ms", groupDigits(res.Nodes), res.Millis)
	switch n {
	case 0:
		return stateDone, "No completion: the missing pieces cannot fill the board (" + cost + ")."
	case 1:
		return stateDone, "Exactly one completion (" + cost + ")."
	}
	return stateDone, groupDigits(n) + " completions (" + cost + ")."
}

// New puzzles and hints come from the solver worker, through the game's
// solvers.Player; the midend runs the jobs and shows their results the
// same way for every puzzle. An editor takes part through these
// interfaces.

// dealer is implemented by editors that take a generated puzzle.
type dealer interface {
	// dealSize is the size to ask the generator for: the board's.
	dealSize() (w, h int)
	// deal shows a new puzzle, in judge text, ready to play.
	deal(text string) error
}

// dealTuner is implemented by dealers whose new puzzles take a choice of
// their own besides size and level (see dealChooser).
type dealTuner interface {
	tuneDeal(o *solvers.Options)
}

// hinter is implemented by editors that can ask for a hint now.
type hinter interface {
	// hintRequest is the puzzle and the player's position to hint from.
	hintRequest() (puzzle, position string, ok bool)
}

// hintMapper is implemented by editors whose board numbers its cells
// otherwise than the game's package does (a triangle in a square grid).
type hintMapper interface {
	boardCells(cells []int) []int
}

// player is implemented by editors with a play mode: the page times it.
type player interface {
	// playState says whether a game is being played, and whether it is won.
	playState() (on, solved bool)
}

var levelNames = []string{"Easy", "Medium", "Hard"}

// canPlay reports whether the shown game can deal and hint.
func (m *midend) canPlay() bool {
	g, ok := solvers.Lookup(m.cur().ed.game())
	if !ok {
		return false
	}
	_, ok = g.(solvers.Player)
	return ok
}

func (m *midend) setLevel(n int) {
	if n >= 1 && n <= len(levelNames) {
		m.cur().level = n
	}
}

// deal asks for a new puzzle of the shown tab's size and level.
func (m *midend) deal() {
	t := m.cur()
	d, ok := t.ed.(dealer)
	if !ok || t.dealing != 0 {
		return
	}
	w, h := d.dealSize()
	opts := solvers.Options{W: w, H: h, Level: max(1, t.level), Seed: rand.Uint64() >> 11}
	if tu, ok := t.ed.(dealTuner); ok {
		tu.tuneDeal(&opts)
	}
	t.say(stateBusy, "Dealing a new puzzle…")
	t.dealing = m.start(m.at, jobDeal, jobRequest{op: opGenerate, game: t.ed.game(), opts: opts})
}

// dealt shows a new puzzle on tab i, shown or not: it goes through the
// same path as every change, so it is saved and its work starts.
func (m *midend) dealt(i int, res jobResult) {
	t := m.tabs[i]
	var text string
	if res.Error == "" && json.Unmarshal(res.Answer, &text) != nil {
		res.Error = "the generator sent no puzzle"
	}
	if res.Error != "" {
		t.say(stateError, "No new puzzle: "+res.Error)
		return
	}
	before := t.ed.snapshot()
	if err := t.ed.(dealer).deal(text); err != nil {
		t.ed.restore(before)
		t.say(stateError, "No new puzzle: "+err.Error())
		return
	}
	t.hist.push(t.ed.snapshot())
	t.playStart = 0 // a new game: its timer starts again
	m.after(i, "A new "+levelNames[max(1, t.level)-1]+" puzzle. Undo brings the last one back.")
}

// askHint asks for one step from the shown tab's position.
func (m *midend) askHint() {
	t := m.cur()
	h, ok := t.ed.(hinter)
	if !ok || t.hinting != 0 {
		return
	}
	puzzle, position, can := h.hintRequest()
	if !can {
		return
	}
	t.hint = nil
	t.say(stateBusy, "Looking for a hint…")
	t.hinting = m.start(m.at, jobHint, jobRequest{op: opHint, game: t.ed.game(), text: puzzle, position: position})
}

// hinted shows a hint job's answer, if the board is still where it was.
func (m *midend) hinted(t *tab, j job, res jobResult) {
	var h solvers.Hint
	if res.Error == "" && json.Unmarshal(res.Answer, &h) != nil {
		res.Error = "the solver sent a broken hint"
	}
	if res.Error != "" {
		t.say(stateError, "No hint: "+res.Error)
		return
	}
	hr, ok := t.ed.(hinter)
	if ok {
		puzzle, position, can := hr.hintRequest()
		ok = can && puzzle == j.text && position == j.position
	}
	if !ok {
		t.say(stateIdle, "The board changed while the hint was found: ask again.")
		return
	}
	if m, ok := t.ed.(hintMapper); ok {
		h.Cells = m.boardCells(h.Cells)
	}
	t.hint = &h
	t.say(stateDone, "Hint: "+h.Reason)
}
