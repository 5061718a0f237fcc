package ui

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gridsolve/solvers"
)

// jobRequest is one piece of work for a solver worker.
type jobRequest struct {
	op       string // solve, hint or generate
	game     string
	text     string // the puzzle, judge text
	position string // hint: the player's position
	opts     solvers.Options
}

// job is a running worker job and what it was asked.
type job struct {
	tab     int
	purpose string // "solve" (the Solve button), "count" (Count), "work" (see needsWork)
	jobRequest
}

// needsWork is implemented by editors that need a solver's help to show
// their own state, such as Flip's play mode showing the fewest presses.
type needsWork interface {
	// work is the job wanted now, if any.
	work() (jobRequest, bool)
	// took gets the answer of a job work asked for.
	took(r jobRequest, answer []byte)
}

// startWork runs the job tab i's editor wants, one at a time.
func (p *Page) startWork(i int) {
	t := p.tabs[i]
	w, ok := t.ed.(needsWork)
	if !ok || t.working != 0 {
		return
	}
	if r, want := w.work(); want {
		t.working = p.start(i, "work", r)
	}
}

// jobResult is the worker's JSON answer (wasm/job.Result).
type jobResult struct {
	Answer json.RawMessage `json:"answer"`
	Error  string          `json:"error"`
	Nodes  int64           `json:"nodes"`
	Millis int64           `json:"ms"`
}

// start runs r for tab i and returns the job's id.
func (p *Page) start(i int, purpose string, r jobRequest) int {
	p.lastID++
	p.jobs[p.lastID] = job{tab: i, purpose: purpose, jobRequest: r}
	if r.op == "count" {
		p.solver.count(p.lastID, r)
	} else {
		p.solver.post(p.lastID, r)
	}
	return p.lastID
}

func (p *Page) onSolve(ctx app.Context, e app.Event) { p.solve() }

// The answer shown, if any, is for this very puzzle (a change clears it):
// it stays until the new one comes, so Solve redraws no board.
func (p *Page) solve() { p.startJob("solve", "Solving…") }

func (p *Page) onCount(ctx app.Context, e app.Event) { p.count() }

// count counts the ways to complete the shown puzzle, in as many workers
// as the machine has cores; Cancel stops it as it stops a solve.
func (p *Page) count() { p.startJob("count", "Counting…") }

// startJob starts op on the shown puzzle, saying busy meanwhile, unless
// the tab already has a solve or count running.
func (p *Page) startJob(op, busy string) {
	t := p.cur()
	if t.solving != 0 {
		return
	}
	t.say("busy", busy)
	t.solving = p.start(p.at, op, jobRequest{op: op, game: t.ed.game(), text: t.ed.text()})
}

// busyText is the status of a tab while its solve or count runs.
func (p *Page) busyText(t *tab) string {
	if p.jobs[t.solving].purpose == "count" {
		return "Counting…"
	}
	return "Solving…"
}

func (p *Page) onCancel(ctx app.Context, e app.Event) { p.cancel() }

// cancel stops the shown tab's solve.
func (p *Page) cancel() {
	t := p.cur()
	if t.solving == 0 {
		return
	}
	progress := p.solver.cancel(t.solving)
	delete(p.jobs, t.solving)
	t.solving = 0
	p.finished++
	if progress != "" {
		progress = " after " + progress
	}
	t.say("error", "Cancelled"+progress+".")
}

// onJobEnd takes a job's end from the worker, on the UI goroutine. An
// answer is shown only on the exact puzzle it was computed for.
func (p *Page) onJobEnd(ctx app.Context, id int, ok bool, result string) {
	j, found := p.jobs[id]
	if !found {
		return // cancelled
	}
	delete(p.jobs, id)
	t := p.tabs[j.tab]
	if j.purpose == "deal" || j.purpose == "hint" {
		p.tookPlay(ctx, j.tab, j, ok, result)
		return
	}
	if j.purpose == "work" {
		t.working = 0
		var res jobResult
		if ok && json.Unmarshal([]byte(result), &res) == nil && res.Error == "" {
			t.ed.(needsWork).took(j.jobRequest, res.Answer)
		}
		p.startWork(j.tab) // the state may have moved on meanwhile
		return
	}
	t.solving = 0
	p.finished++
	if !ok {
		if j.purpose == "count" {
			t.say("error", "The count failed: "+result+". Count again to retry with fresh solvers.")
		} else {
			t.say("error", "The solve failed: "+result+". Solve again to retry with a fresh solver.")
		}
		return
	}
	var res jobResult
	if err := json.Unmarshal([]byte(result), &res); err != nil {
		t.say("error", "The solver sent a broken answer: "+err.Error())
		return
	}
	if res.Error != "" {
		t.say("error", res.Error)
		return
	}
	if j.purpose == "count" {
		t.say(countLine(t.ed.text() == j.text, res))
		return
	}
	if t.ed.text() != j.text {
		t.say("idle", "The puzzle changed while it was being solved: Solve again.")
		return
	}
	summary, err := t.ed.setAnswer(res.Answer)
	if err != nil {
		t.say("error", "Could not read the answer: "+err.Error())
		return
	}
	p.reveal(ctx, t)
	cost := fmt.Sprintf("%d ms", res.Millis)
	if res.Nodes > 0 {
		cost = groupDigits(res.Nodes) + " nodes, " + cost
	}
	t.say("done", summary+" ("+cost+")")
}

// countLine is the status after a count of the puzzle, still the one
// shown (same) or not.
func countLine(same bool, res jobResult) (state, status string) {
	var n int64
	if err := json.Unmarshal(res.Answer, &n); err != nil || n < 0 {
		return "error", "The solver sent a broken count."
	}
	if !same {
		return "idle", "The puzzle changed while it was being counted: Count again."
	}
	cost := fmt.Sprintf("%s nodes, %d ms", groupDigits(res.Nodes), res.Millis)
	switch n {
	case 0:
		return "done", "No completion: the missing pieces cannot fill the triangle (" + cost + ")."
	case 1:
		return "done", "Exactly one completion (" + cost + ")."
	}
	return "done", groupDigits(n) + " completions (" + cost + ")."
}

// revealRows is how many board rows a frame rebuilds when an answer is
// revealed: about 300 cells of a 50-wide board.
const revealRows = 6

// reveal rebuilds the tab's board a few rows per frame, from the top, so
// a big answer never keeps the page busy for long.
func (p *Page) reveal(ctx app.Context, t *tab) {
	t.rows.upTo = revealRows
	var step func(ctx app.Context)
	step = func(ctx app.Context) {
		if t.rows.upTo < 0 {
			return // revealed already, by a change or a tab switch
		}
		if t.rows.upTo += revealRows; t.rows.upTo >= len(t.rows.rows) {
			t.rows.upTo = -1
			return
		}
		ctx.After(16*time.Millisecond, step)
	}
	ctx.After(16*time.Millisecond, step)
}
