package ui

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gridsolve/solvers"
)

// New puzzles and hints come from the solver worker, through the game's
// solvers.Player; the page runs the jobs and shows their results the same
// way for every puzzle. An editor takes part through these interfaces.

// dealer is implemented by editors that take a generated puzzle.
type dealer interface {
	// dealSize is the size to ask the generator for: the board's.
	dealSize() (w, h int)
	// deal shows a new puzzle, in judge text, ready to play.
	deal(text string) error
}

// hinter is implemented by editors that can ask for a hint now.
type hinter interface {
	// hintRequest is the puzzle and the player's position to hint from.
	hintRequest() (puzzle, position string, ok bool)
}

// hintMapper is implemented by editors whose board numbers its cells
// otherwise than the game's package does (IQ's triangle in a square grid).
type hintMapper interface {
	boardCells(cells []int) []int
}

// player is implemented by editors with a play mode: the page times it.
type player interface {
	// playState says whether a game is being played, and whether it is won.
	playState() (on, solved bool)
}

// updateTimer starts the tab's play timer when a game starts, stops it
// when the game is won, and forgets it when play ends.
func (t *tab) updateTimer() {
	pl, ok := t.ed.(player)
	on, solved := false, false
	if ok {
		on, solved = pl.playState()
	}
	now := time.Now().UnixMilli()
	switch {
	case !on:
		t.playStart, t.playEnd = 0, 0
	case t.playStart == 0:
		t.playStart, t.playEnd = now, 0
	}
	switch {
	case on && solved && t.playEnd == 0:
		t.playEnd = now
	case !solved:
		t.playEnd = 0
	}
}

// timer shows the time played. web/input.js ticks a running one: it
// writes the element's text, so go-app must own none, and the solved line
// is another element.
func (t *tab) timer() app.UI {
	if t.playStart == 0 {
		return nil
	}
	if t.playEnd != 0 {
		d := time.Duration(t.playEnd-t.playStart) * time.Millisecond
		return app.Strong().ID("play-timer").Class("timer solved").
			Text(fmt.Sprintf("Solved in %d:%02d!", int(d.Minutes()), int(d.Seconds())%60))
	}
	return app.Span().ID("play-timer").Class("hint timer").DataSet("start", t.playStart).Aria("label", "Time played")
}

var levelNames = []string{"Easy", "Medium", "Hard"}

// playTools are the New and Hint controls, for editors that take them.
func (p *Page) playTools() []app.UI {
	t := p.cur()
	var ui []app.UI
	if _, ok := t.ed.(dealer); ok && p.isPlayer() {
		opts := make([]app.UI, len(levelNames))
		for i, name := range levelNames {
			opts[i] = app.Option().Value(strconv.Itoa(i + 1)).Text(name).Selected(t.level == i+1)
		}
		ui = append(ui,
			app.Label().Class("field").Body(
				app.Span().Text("Difficulty"),
				app.Select().ID("level").Aria("label", "Difficulty of new puzzles").Body(opts...).OnChange(p.onLevel),
			),
			app.Button().ID("new").Text("New puzzle").Title("Deal a new puzzle of this size").
				Disabled(t.dealing != 0).OnClick(p.onNew),
		)
	}
	if h, ok := t.ed.(hinter); ok && p.isPlayer() {
		_, _, can := h.hintRequest()
		ui = append(ui, app.Button().ID("hint").Text("Hint").Title("One step, with its reason").
			Disabled(!can || t.hinting != 0).OnClick(p.onHint))
	}
	if timer := t.timer(); timer != nil {
		ui = append(ui, timer)
	}
	return ui
}

// isPlayer reports whether the shown game can deal and hint.
func (p *Page) isPlayer() bool {
	g, ok := solvers.Lookup(p.current().game())
	if !ok {
		return false
	}
	_, ok = g.(solvers.Player)
	return ok
}

func (p *Page) onLevel(ctx app.Context, e app.Event) {
	if n, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil && n >= 1 && n <= len(levelNames) {
		p.cur().level = n
	}
}

func (p *Page) onNew(ctx app.Context, e app.Event) {
	t := p.cur()
	d, ok := t.ed.(dealer)
	if !ok || t.dealing != 0 {
		return
	}
	w, h := d.dealSize()
	t.say("busy", "Dealing a new puzzle…")
	t.dealing = p.start(p.at, "deal", jobRequest{op: "generate", game: t.ed.game(),
		opts: solvers.Options{W: w, H: h, Level: max(1, t.level), Seed: rand.Uint64() >> 11}})
}

func (p *Page) onHint(ctx app.Context, e app.Event) {
	t := p.cur()
	h, ok := t.ed.(hinter)
	if !ok || t.hinting != 0 {
		return
	}
	puzzle, position, can := h.hintRequest()
	if !can {
		return
	}
	t.hint = nil
	t.say("busy", "Looking for a hint…")
	t.hinting = p.start(p.at, "hint", jobRequest{op: "hint", game: t.ed.game(), text: puzzle, position: position})
}

// tookPlay takes a finished deal or hint job for tab i.
func (p *Page) tookPlay(ctx app.Context, i int, j job, ok bool, result string) {
	t := p.tabs[i]
	var res jobResult
	if ok {
		if err := json.Unmarshal([]byte(result), &res); err != nil {
			res.Error = "the solver sent a broken answer"
		}
	} else {
		res.Error = result
	}
	switch j.purpose {
	case "deal":
		t.dealing = 0
		var text string
		if res.Error == "" && json.Unmarshal(res.Answer, &text) != nil {
			res.Error = "the generator sent no puzzle"
		}
		if res.Error != "" {
			t.say("error", "No new puzzle: "+res.Error)
			return
		}
		if err := t.ed.(dealer).deal(text); err != nil {
			t.say("error", "No new puzzle: "+err.Error())
			return
		}
		if i == p.at {
			p.changed(ctx)
		} else if t.hist.push(t.ed.snapshot()) {
			t.ed.clearAnswer()
			t.updateTimer()
		}
		t.say("idle", "A new "+levelNames[max(1, t.level)-1]+" puzzle. Undo brings the last one back.")
	case "hint":
		t.hinting = 0
		var h solvers.Hint
		if res.Error == "" && json.Unmarshal(res.Answer, &h) != nil {
			res.Error = "the solver sent a broken hint"
		}
		if res.Error != "" {
			t.say("error", "No hint: "+res.Error)
			return
		}
		if hr, ok := t.ed.(hinter); !ok || !samePosition(hr, j) {
			t.say("idle", "The board changed while the hint was found: ask again.")
			return
		}
		if m, ok := t.ed.(hintMapper); ok {
			h.Cells = m.boardCells(h.Cells)
		}
		t.hint = &h
		t.say("done", "Hint: "+h.Reason)
	}
}

// samePosition reports whether an editor still is where a hint job was
// asked from.
func samePosition(h hinter, j job) bool {
	puzzle, position, ok := h.hintRequest()
	return ok && puzzle == j.text && position == j.position
}

// hinted reports whether cell i is part of the tab's shown hint.
func (t *tab) hinted(i int) bool { return t.hint != nil && slices.Contains(t.hint.Cells, i) }
