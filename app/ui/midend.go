package ui

import (
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"gridsolve/solvers"
)

// The midend, as in Tatham's collection: what every puzzle shares, per
// tab (undo history, status line, jobs in flight, saving, the link in the
// address bar, strokes and keys), in plain Go with no go-app context and
// no syscall/js, so that its sequences are tested natively
// (midend_test.go). The browser sits behind three small interfaces:
// store (localStorage), worker (web/solver.js) and addressBar. The Page
// component renders the midend's state and feeds it events.

// store keeps strings across reloads (localStorage). set fails when the
// browser refuses, for instance when its storage is full.
type store interface {
	get(key string) (value string, ok bool)
	set(key, value string) error
}

// worker runs jobs in Web Workers and reports each end to midend.jobEnded.
type worker interface {
	post(id int, r jobRequest)
	count(id int, r jobRequest) // split over as many workers as there are cores
	race(id int, r jobRequest)  // r.op and r.rivals, each on a core of its own, as many as there are
	cancel(id int) (progress string)
	progress(id int) string
}

// addressBar shows the link to the shown puzzle.
type addressBar interface {
	replace(fragment string)
	// written is the fragment the page itself wrote into the address
	// shown, kept across a reload; "" for an address made elsewhere (a
	// link opened).
	written() string
}

// tabState is how a tab's status line looks (#status's data-state).
type tabState string

const (
	stateIdle  tabState = "idle"  // nothing running: what to do next, or news
	stateBusy  tabState = "busy"  // a job runs
	stateDone  tabState = "done"  // an answer
	stateError tabState = "error" // something failed
)

// tab is one puzzle's page-level state.
type tab struct {
	ed       editor
	hist     history
	status   string
	state    tabState
	answerNo bool // the status is an answer that says no (see answerLine)
	cursor   int  // the keyboard cursor's cell
	rows     rowCache

	// Jobs in flight, by kind: a job id, 0 when none runs.
	solving int // Solve or Count
	working int // the editor's own background job (see needsWork)
	dealing int
	hinting int
	// workStopped: Cancel stopped the background job; it is not asked
	// again until the puzzle changes.
	workStopped bool
	// liveDue: an edit has asked for the editor's live work (see
	// liveWork); edits counts the changes, so that only the last of a
	// quick series starts it.
	liveDue bool
	edits   int

	level  int           // difficulty of new puzzles, 1 to 3
	hint   *solvers.Hint // the hint shown, until the board changes
	saveAs int           // the format Save… writes, an index into Page.saveFormats
	zoom   zoomPercent   // the board's zoom, 0 for zoomFit (see zoom.go)

	bench bench   // the judge bench (judge.go)
	steps stepper // the Step through panel (steps.go)

	playStart, playEnd int64 // the play timer, Unix ms; 0 when not playing (see updateTimer)
}

// say sets the status line; an error is said in plain words.
func (t *tab) say(state tabState, s string) {
	if state == stateError {
		s = plainWords(s)
	}
	t.state, t.status, t.answerNo = state, s, false
}

// plainWords takes the package prefixes ("<game>: ", "share: ") off a
// message, at its start or after a colon: the solvers name their package
// for the command line, which the page's reader has no use for. It starts
// the message with a capital.
func plainWords(s string) string {
	for _, pkg := range packageNames {
		s = strings.TrimPrefix(s, pkg+": ")
		s = strings.ReplaceAll(s, ": "+pkg+": ", ": ")
	}
	if r, n := utf8.DecodeRuneInString(s); unicode.IsLower(r) {
		s = string(unicode.ToUpper(r)) + s[n:]
	}
	return s
}

// packageNames are the prefixes plainWords takes off: the games' and the
// link codec's.
var packageNames = func() []string {
	names := []string{"share"}
	for _, g := range solvers.All {
		names = append(names, g.Name())
	}
	return names
}()

// hinted reports whether cell i is part of the tab's shown hint.
func (t *tab) hinted(i int) bool { return t.hint != nil && slices.Contains(t.hint.Cells, i) }

// updateTimer starts the tab's play timer when a game starts, stops it
// when the game is won, and forgets it when play ends.
func (t *tab) updateTimer(now int64) {
	on, solved := false, false
	if pl, ok := t.ed.(player); ok {
		on, solved = pl.playState()
	}
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

const idleStatus = "Draw a puzzle, then Solve."

// midend is the whole page's state machine.
type midend struct {
	tabs []*tab
	at   int // index into tabs of the one shown

	jobs     map[int]job // running worker jobs by id
	lastID   int
	finished int // solves and counts ended (answered, failed or cancelled), for tests to wait on

	stroke   stroke
	shareURL string // the link Share made for the shown puzzle, until it changes
	lastFrag string // the fragment the page last wrote or read
	// link is the fragment last encoded and the puzzle it was encoded
	// from: most changes (a play stroke, a mode) keep the puzzle's text,
	// and compressing it again allocates most of a megabyte each time.
	link    struct{ game, text, frag string }
	copying int    // a share whose copy to the clipboard is pending, by number
	unsaved string // why changes are not being kept, "" while saving works

	store  store
	worker worker
	bar    addressBar
	now    func() int64                    // Unix ms
	later  func(d time.Duration, f func()) // runs f after d, on the midend's goroutine
}

func newMidend(eds []editor, st store, w worker, bar addressBar) *midend {
	m := &midend{jobs: map[int]job{}, store: st, worker: w, bar: bar,
		now:   func() int64 { return time.Now().UnixMilli() },
		later: func(time.Duration, func()) {}}
	for _, ed := range eds {
		t := &tab{ed: ed, state: stateIdle, status: idleStatus, level: 2, rows: rowCache{upTo: -1}}
		t.hist.reset(ed.snapshot())
		m.tabs = append(m.tabs, t)
	}
	return m
}

func (m *midend) cur() *tab { return m.tabs[m.at] }

func (m *midend) tabIndex(game string) (int, bool) {
	for i, t := range m.tabs {
		if t.ed.game() == game {
			return i, true
		}
	}
	return 0, false
}

// showTab makes tab i the shown one.
func (m *midend) showTab(i int) {
	if i < 0 || i >= len(m.tabs) || i == m.at {
		return
	}
	m.stroke = stroke{}
	m.at = i
	m.shareURL = ""
	m.saveShown()
}

// edited records a completed change to tab i's editor (a stroke, a tool,
// a load...) as one undo step and takes it through after; a control that
// changes no state, such as a brush, records nothing.
func (m *midend) edited(i int) bool {
	t := m.tabs[i]
	if !t.hist.push(t.ed.snapshot()) {
		return false
	}
	m.after(i, idleStatus)
	return true
}

// after is the one path every change of tab i's puzzle takes, whatever
// made it (an edit, undo or redo, a deal, a link, a file): the answer
// and hint are stale, the play timer follows, the status says news (when
// no solve runs), the tab is saved, and the editor's own work starts.
func (m *midend) after(i int, news string) {
	t := m.tabs[i]
	t.ed.clearAnswer()
	t.hint = nil
	t.rows.upTo = -1
	t.workStopped = false
	t.updateTimer(m.now())
	if i == m.at {
		m.shareURL = ""
	}
	if t.solving == 0 {
		t.say(stateIdle, news)
	}
	m.save(i)
	m.workSoon(i)
}

// toHistory shows a snapshot from tab i's history (undo, redo).
func (m *midend) toHistory(i int, s, what string) {
	t := m.tabs[i]
	if err := t.ed.restore(s); err != nil {
		t.say(stateError, what+" failed: "+err.Error())
		return
	}
	m.after(i, what+".")
}

func (m *midend) undo() {
	m.endStroke()
	if s, ok := m.cur().hist.undo(); ok {
		m.toHistory(m.at, s, "Undone")
	}
}

func (m *midend) redo() {
	m.endStroke()
	if s, ok := m.cur().hist.redo(); ok {
		m.toHistory(m.at, s, "Redone")
	}
}

// applyTool applies an editor control to the shown tab.
func (m *midend) applyTool(name, value string) {
	t := m.cur()
	if err := t.ed.tool(name, value); err != nil {
		t.say(stateError, err.Error())
		return
	}
	if !m.edited(m.at) {
		// A tool may ask for work without changing the puzzle (a Check,
		// Make it unique): it starts now, live work too (see liveWork).
		t.liveDue = true
		m.startWork(m.at)
	}
}

// groupDigits writes n with thousands separators: 1,234,567.
func groupDigits(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// sizeText writes a board's size as the page writes it everywhere:
// width × height.
func sizeText(w, h int) string { return strconv.Itoa(w) + "×" + strconv.Itoa(h) }

// memStore keeps values in memory: the store of a page not (yet) in a
// browser, and of the tests.
type memStore map[string]string

func (s memStore) get(key string) (string, bool) { v, ok := s[key]; return v, ok }
func (s memStore) set(key, value string) error   { s[key] = value; return nil }

// nopBar is the address bar of a page not (yet) in a browser.
type nopBar struct{}

func (nopBar) replace(string)  {}
func (nopBar) written() string { return "" }
