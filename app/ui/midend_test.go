package ui

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gridsolve/app/share"
	"gridsolve/solvers/flip"
	"gridsolve/solvers/iq"
	"gridsolve/solvers/nonogram"
	workerjob "gridsolve/wasm/job"
)

// The midend's sequences, run natively: a page is a midend on a store
// (kept across "reloads"), a worker that runs the real jobs (wasm/job)
// when the test says, and an address bar.

// fakeWorker keeps the jobs posted until run runs them.
type fakeWorker struct {
	queued    []int
	reqs      map[int]jobRequest
	cancelled []int
}

func newFakeWorker() *fakeWorker { return &fakeWorker{reqs: map[int]jobRequest{}} }

func (w *fakeWorker) post(id int, r jobRequest)  { w.queued = append(w.queued, id); w.reqs[id] = r }
func (w *fakeWorker) count(id int, r jobRequest) { w.post(id, r) }
func (w *fakeWorker) race(id int, r jobRequest)  { w.post(id, r) }
func (w *fakeWorker) progress(int) string        { return "" }
func (w *fakeWorker) cancel(id int) string {
	w.cancelled = append(w.cancelled, id)
	return "12 nodes"
}

// pending lists the ops of the jobs not run yet, with their game.
func (w *fakeWorker) pending() []string {
	var out []string
	for _, id := range w.queued {
		out = append(out, string(w.reqs[id].op)+" "+w.reqs[id].game)
	}
	return out
}

// run runs every queued job, and those their ends start, to the end.
func (w *fakeWorker) run(m *midend) {
	for len(w.queued) > 0 {
		id := w.queued[0]
		w.queued = w.queued[1:]
		r := w.reqs[id]
		pos := r.position
		if r.op == opCount {
			pos = "0 1"
		}
		m.jobEnded(id, true, workerjob.Run(workerjob.Request{Op: string(r.op), Game: r.game, Text: r.text, Position: pos, Options: r.opts}, func(int64) {}))
	}
}

// fail ends every queued job as a worker that died.
func (w *fakeWorker) fail(m *midend, why string) {
	for len(w.queued) > 0 {
		id := w.queued[0]
		w.queued = w.queued[1:]
		m.jobEnded(id, false, why)
	}
}

// fakeBar is one browser tab's address: what the page wrote there last
// is what it finds written, as long as no link is opened anew.
type fakeBar struct{ frag string }

func (b *fakeBar) replace(f string) { b.frag = f }
func (b *fakeBar) written() string  { return b.frag }

// fullStore refuses every write while full.
type fullStore struct {
	memStore
	full bool
}

func (s *fullStore) set(key, value string) error {
	if s.full {
		return errors.New("its storage for this page is full")
	}
	return s.memStore.set(key, value)
}

type testPage struct {
	*midend
	w      *fakeWorker
	bar    *fakeBar
	timers []func() // what midend.later was asked to run, in order
}

// mount loads a page on st as OnMount does.
func mount(st store) *testPage {
	w, bar := newFakeWorker(), &fakeBar{}
	m := newMidend(newEditors(), st, w, bar)
	p := &testPage{midend: m, w: w, bar: bar}
	m.later = func(_ time.Duration, f func()) { p.timers = append(p.timers, f) }
	m.loadSaved()
	for i := range m.tabs {
		m.startWork(i)
	}
	return p
}

// timeOut runs every timer set so far, as if their time had come.
func (p *testPage) timeOut() {
	fs := p.timers
	p.timers = nil
	for _, f := range fs {
		f()
	}
}

func (p *testPage) show(t *testing.T, game string) *tab {
	t.Helper()
	i, ok := p.tabIndex(game)
	if !ok {
		t.Fatalf("no tab %s", game)
	}
	p.showTab(i)
	return p.tabs[i]
}

func (p *testPage) click(cells ...int) {
	for _, c := range cells {
		p.input(inputEvent{kind: inputDown, cell: c})
		p.input(inputEvent{kind: inputUp})
	}
}

func (p *testPage) drag(cells ...int) {
	p.input(inputEvent{kind: inputDown, cell: cells[0]})
	for _, c := range cells[1:] {
		p.input(inputEvent{kind: inputMove, cell: c})
	}
	p.input(inputEvent{kind: inputUp})
}

func (p *testPage) ctrl(key string) { p.input(inputEvent{kind: inputKey, key: key, mods: modCtrl}) }

// flipCells is the flip board's black cells as a string of 0 and 1.
func flipCells(t *tab) string {
	var b strings.Builder
	for _, v := range t.ed.(*flipEditor).cells.Black {
		b.WriteString(strconv.Itoa(boolInt(v)))
	}
	return b.String()
}

func TestMidendEditUndoRedo(t *testing.T) {
	p := mount(memStore{})
	ft := p.show(t, "flip")
	p.applyTool("clear", "")
	p.drag(0, 1, 2, 3)
	p.click(5)
	for _, step := range []struct {
		do        func()
		want      string
		undo, rdo bool
	}{
		{func() {}, "1111010000000000", true, false},
		{func() { p.ctrl("z") }, "1111000000000000", true, true},
		{func() { p.ctrl("z") }, "0000000000000000", true, true},
		{func() { p.input(inputEvent{kind: inputKey, key: "Z", mods: modCtrl | modShift}) }, "1111000000000000", true, true},
		{func() { p.ctrl("y") }, "1111010000000000", true, false},
	} {
		step.do()
		if got := flipCells(ft); got != step.want || ft.hist.canUndo() != step.undo || ft.hist.canRedo() != step.rdo {
			t.Errorf("cells %s undo %v redo %v, want %s %v %v", got, ft.hist.canUndo(), ft.hist.canRedo(), step.want, step.undo, step.rdo)
		}
	}
}

// The undo position survives a reload at any moment exactly as it was
// (issue 27, item 5: the page saved the state at once and its history
// 400 ms later, and pushed the state on the older history on load).
func TestMidendUndoSurvivesReload(t *testing.T) {
	st := memStore{}
	p := mount(st)
	p.show(t, "flip")
	p.applyTool("clear", "")
	p.drag(0, 1, 2, 3)
	p.click(5)
	p.ctrl("z")
	p = mount(st) // a reload at once
	ft := p.cur()
	if ft.ed.game() != "flip" || flipCells(ft) != "1111000000000000" || !ft.hist.canRedo() {
		t.Fatalf("after the reload: %s %s, redo %v", ft.ed.game(), flipCells(ft), ft.hist.canRedo())
	}
	p.ctrl("z")
	if got := flipCells(ft); got != "0000000000000000" || !ft.hist.canRedo() {
		t.Errorf("undo after the reload gives %s, redo %v", got, ft.hist.canRedo())
	}
	p.ctrl("y")
	p.ctrl("y")
	if got := flipCells(ft); got != "1111010000000000" {
		t.Errorf("redo twice gives %s", got)
	}
}

// An answer is drawn only on the puzzle it was computed for.
func TestMidendSolveThenEdit(t *testing.T) {
	p := mount(memStore{})
	ft := p.show(t, "flip")
	p.solve()
	if ft.state != stateBusy || ft.solving == 0 {
		t.Fatalf("solving: %s %q", ft.state, ft.status)
	}
	p.solve() // a second Solve while one runs starts nothing
	if got := p.w.pending(); len(got) != 1 {
		t.Fatalf("jobs %v", got)
	}
	p.click(0)
	p.w.run(p.midend)
	if ft.state != stateIdle || !strings.Contains(ft.status, "changed while it was being solved") || ft.ed.(*flipEditor).answer != nil {
		t.Errorf("after an edit mid-solve: %s %q", ft.state, ft.status)
	}
	p.solve()
	p.w.run(p.midend)
	if ft.state != stateDone || ft.ed.(*flipEditor).answer == nil || p.finished != 2 {
		t.Errorf("after a solve: %s %q, finished %d", ft.state, ft.status, p.finished)
	}
	p.click(1)
	if ft.ed.(*flipEditor).answer != nil || ft.status != idleStatus {
		t.Errorf("an edit keeps the answer, or says %q", ft.status)
	}
}

// A puzzle dealt to a tab that is not shown any more is saved, and its
// work starts, as on the shown tab (issue 22: it was neither).
func TestMidendDealOnBackgroundTab(t *testing.T) {
	st := memStore{}
	p := mount(st)
	ft := p.show(t, "flip")
	p.deal()
	p.show(t, "ships")
	p.w.run(p.midend)
	fe := ft.ed.(*flipEditor)
	if !fe.play || !strings.HasPrefix(ft.status, "A new") {
		t.Fatalf("the deal did not land: play %v, %q", fe.play, ft.status)
	}
	if fe.fewest < 0 && fe.fewest != -2 {
		t.Errorf("the dealt puzzle's work (the fewest presses) did not run: %d", fe.fewest)
	}
	if ft.playStart == 0 {
		t.Error("the play timer did not start")
	}
	dealt := fe.start.String()
	p = mount(st)
	i, _ := p.tabIndex("flip")
	if got := p.tabs[i].ed.(*flipEditor); !got.play || got.start.String() != dealt {
		t.Errorf("after a reload the flip tab shows\n%s\nnot the dealt\n%s", got.snapshot(), dealt)
	}
	if p.cur().ed.game() != "ships" {
		t.Errorf("the reload shows %s", p.cur().ed.game())
	}
}

// New puzzle during play starts a new game: its timer starts again (the
// old game's timer kept running).
func TestMidendDealRestartsTimer(t *testing.T) {
	p := mount(memStore{})
	ft := p.show(t, "flip")
	p.now = func() int64 { return 1000 }
	p.deal()
	p.w.run(p.midend)
	if fe := ft.ed.(*flipEditor); !fe.play || ft.playStart != 1000 {
		t.Fatalf("the first deal: play %v, timer from %d, want 1000", fe.play, ft.playStart)
	}
	p.now = func() int64 { return 9000 }
	p.deal()
	p.w.run(p.midend)
	if ft.playStart != 9000 || !strings.HasPrefix(ft.status, "A new") {
		t.Errorf("after New puzzle in play the timer runs from %d (%q), want 9000", ft.playStart, ft.status)
	}
}

// A link opened on a tab in play starts a new game: its timer starts
// again (issue 22: the old game's timer kept running), and Undo brings
// the old game back.
func TestMidendLinkRestartsPlay(t *testing.T) {
	p := mount(memStore{})
	ft := p.show(t, "flip")
	p.applyTool("mode", "play")
	p.now = func() int64 { return 1000 }
	p.after(p.at, "")
	if ft.playStart == 0 {
		t.Fatal("play did not start the timer")
	}
	p.now = func() int64 { return 5000 }
	b, _ := flip.ParseBoard("3 3\nbbb\nbwb\nbbb\n")
	p.openLink(share.Encode("flip", b.String()), false)
	if fe := ft.ed.(*flipEditor); !fe.play || fe.start.String() != b.String() || ft.playStart != 5000 {
		t.Errorf("after the link: play %v from\n%s timer from %d, want the link's board from 5000", fe.play, fe.start, ft.playStart)
	}
	if !strings.HasPrefix(ft.status, "Opened the shared Flip puzzle") || !ft.hist.canUndo() {
		t.Errorf("status %q, undo %v", ft.status, ft.hist.canUndo())
	}
	if p.bar.frag != share.Encode("flip", b.String()) {
		t.Errorf("address bar %q", p.bar.frag)
	}
	p.ctrl("z")
	if fe := ft.ed.(*flipEditor); !fe.play || fe.start.String() == b.String() {
		t.Error("undo does not bring the old game back")
	}
}

// A shared puzzle opens ready to play where its game plays what a link
// holds (issue 27, item 9: a shared nonogram opened in Edit clues, where
// a click on the grid did nothing); Ships' link is a board of shots with
// no fleet to hunt, so it opens to edit. The puzzle the tab had is one
// Undo away, and a click plays at once.
func TestMidendLinkOpensToPlay(t *testing.T) {
	for _, c := range []struct {
		game, text string
		play       bool
	}{
		{"ships", "5 4\n.....\n..x..\n.....\n.....\n0 0\n", false},
		{"flip", "3 3\nbwb\nwwb\nbbb\n", true},
		{"iq", ".\n..\n...\n...A\nB.AA.\nB.....\nB.....F\nB.....FF\nL.....F..\nLLLL..F...\n", true},
		{"nonogram", "2 2\n1 1\n1 2\n1 2\n1 1\n", true},
		{"tetravex", "2\n1 2 3 4\n5 6 7 8\n9 0 1 2\n3 4 5 6\n0\n", true},
	} {
		p := mount(memStore{})
		tb := p.show(t, c.game)
		mine := tb.ed.snapshot()
		p.openLink(share.Encode(c.game, c.text), false)
		if p.cur() != tb || tb.ed.text() != c.text {
			t.Errorf("%s: the link shows %s\n%s", c.game, p.cur().ed.game(), p.cur().ed.text())
			continue
		}
		if on, _ := tb.ed.(player).playState(); on != c.play || (tb.playStart != 0) != c.play {
			t.Errorf("%s: play %v, timer %d, want play %v", c.game, on, tb.playStart, c.play)
		}
		if c.game == "nonogram" {
			p.click(0)
			if got := tb.ed.(*nonogramEditor).grid; got == nil || got[0] != filled {
				t.Errorf("nonogram: a click on the shared puzzle fills nothing: %q", got)
			}
			p.ctrl("z")
		}
		if p.ctrl("z"); tb.ed.snapshot() != mine {
			t.Errorf("%s: Undo gives\n%s\nnot the puzzle the tab had\n%s", c.game, tb.ed.snapshot(), mine)
		}
	}
}

// A reload finds in the address the link the page wrote itself: the
// puzzle is shown as it was left, a game in play with its moves, not
// opened again as a shared one; the same link opened in a new tab is.
func TestMidendReloadKeepsPlay(t *testing.T) {
	st := memStore{}
	p := mount(st)
	nt := p.show(t, "nonogram")
	p.openLink(share.Encode("nonogram", "2 2\n1 1\n1 2\n1 2\n1 1\n"), false)
	p.click(1)
	left, frag := nt.ed.snapshot(), p.bar.frag
	q := mount(st) // a reload: the address and what the page wrote there stay
	q.bar.frag = frag
	q.openLink(frag, false)
	if got := q.cur(); got.ed.snapshot() != left || got.hist.canRedo() || !strings.HasPrefix(got.status, "Draw a puzzle") {
		t.Errorf("after a reload: %q, redo %v, status %q; want\n%s", got.ed.snapshot(), got.hist.canRedo(), got.status, left)
	}
	q = mount(st) // the link opened in a new tab
	q.openLink(frag, false)
	if got := q.cur(); !strings.HasPrefix(got.status, "Opened the shared") || got.ed.snapshot() == left {
		t.Errorf("a new tab: %q, status %q", got.ed.snapshot(), got.status)
	}
	if q.ctrl("z"); q.cur().ed.snapshot() != left {
		t.Errorf("a new tab: Undo gives %q, not the game left", q.cur().ed.snapshot())
	}
}

func TestMidendLinks(t *testing.T) {
	for _, c := range []struct {
		frag    string
		damaged bool
		game    string
		state   tabState
		status  string
	}{
		{"iq", false, "iq", stateIdle, idleStatus},
		{"", true, "ships", stateError, "This link is damaged: its address cannot be read."},
		{"flip/!!!", false, "flip", stateError, "This link is damaged: link data is not valid base64url."},
		{"nonogram/%zz", false, "nonogram", stateError, "This link is damaged"},
		{"chess/abc", false, "ships", stateError, "This link is damaged: unknown puzzle"},
		{"nonogram/" + strings.Repeat("A", share.MaxFragment), false, "nonogram", stateError, "This link is damaged: link is too long"},
		{share.Encode("flip", "2 2\nbw\nwb\n"), false, "flip", stateIdle, "Opened the shared Flip puzzle."},
		{share.Encode("flip", "2 2\nbw\nwz\n"), false, "flip", stateError, "This link is damaged"},
	} {
		p := mount(memStore{})
		p.openLink(c.frag, c.damaged)
		if got := p.cur(); got.ed.game() != c.game || got.state != c.state || !strings.HasPrefix(got.status, c.status) {
			t.Errorf("%q: %s %s %q, want %s %s %q", c.frag, got.ed.game(), got.state, got.status, c.game, c.state, c.status)
		}
	}
}

// A worker that fails, or an answer that is an error, says so.
func TestMidendJobFailure(t *testing.T) {
	p := mount(memStore{})
	ft := p.show(t, "flip")
	p.solve()
	p.w.fail(p.midend, "the worker stopped")
	if ft.state != stateError || !strings.Contains(ft.status, "the worker stopped") || ft.solving != 0 {
		t.Errorf("after a dead worker: %s %q", ft.state, ft.status)
	}
	p.solve()
	id := p.w.queued[0]
	p.w.queued = nil
	p.jobEnded(id, true, `{"error":"flip: too big","nodes":0,"ms":1}`)
	if ft.state != stateError || ft.status != "Too big" {
		t.Errorf("after an error answer: %s %q", ft.state, ft.status)
	}
	p.solve()
	id = p.w.queued[0]
	p.w.queued = nil
	p.jobEnded(id, true, `{"answer":`)
	if ft.state != stateError || ft.solving != 0 {
		t.Errorf("after a broken answer: %s %q", ft.state, ft.status)
	}
}

// Cancel (and Esc) stops every job of the tab, and the editor's own work
// is not asked again until the puzzle changes.
func TestMidendCancelStopsEveryJob(t *testing.T) {
	p := mount(memStore{})
	nt := p.show(t, "nonogram")
	p.applyTool("mode", "play") // starts the solve Check compares with
	p.askHint()
	if got := p.w.pending(); len(got) != 2 || !p.busy() {
		t.Fatalf("jobs %v, busy %v", got, p.busy())
	}
	p.input(inputEvent{kind: inputKey, key: "Escape"})
	if len(p.w.cancelled) != 2 || p.busy() || nt.state != stateIdle || nt.status != "Cancelled after 12 nodes." {
		t.Errorf("after Esc: cancelled %v, busy %v, %s %q", p.w.cancelled, p.busy(), nt.state, nt.status)
	}
	p.w.run(p.midend) // their ends, if they come, change nothing
	if nt.hint != nil || nt.ed.(*nonogramEditor).sol != nil {
		t.Error("a cancelled job's answer was taken")
	}
	p.applyTool("check", "")
	if len(p.w.queued) != 0 {
		t.Errorf("the cancelled work started again: %v", p.w.pending())
	}
	p.click(0)
	if got := p.w.pending(); len(got) != 1 {
		t.Errorf("a change does not ask for the work again: %v", got)
	}
}

func TestMidendSavedStates(t *testing.T) {
	for _, c := range []struct {
		name   string
		saved  map[string]string
		status string // the ships tab's status after loading
	}{
		{"nothing saved", nil, idleStatus},
		{"a snapshot that no longer parses", map[string]string{"gridsolve/ships": `"edit\nnot a board"`},
			"Your saved Ships puzzle could not be loaded"},
		{"a value that is not JSON", map[string]string{"gridsolve/ships": `%%garbage{`},
			"Your saved Ships puzzle could not be loaded (it is damaged"},
		{"a history that is not JSON", map[string]string{"gridsolve/ships/history": `{broken`},
			"Your saved Ships puzzle could not be loaded (its undo history is damaged"},
		{"a history of states that do not load", map[string]string{"gridsolve/ships/history": `{"states":["zz"],"at":0}`},
			"Your saved Ships puzzle could not be loaded (its undo history no longer loads"},
		{"judge text, as the first pages kept", map[string]string{"gridsolve/ships": `"2 2\nx.\n.o\n"`}, idleStatus},
	} {
		st := memStore{}
		for k, v := range c.saved {
			st[k] = v
		}
		p := mount(st)
		if got := p.cur(); got.ed.game() != "ships" || !strings.HasPrefix(got.status, c.status) {
			t.Errorf("%s: %s %q", c.name, got.ed.game(), got.status)
		}
	}
}

// With the storage full, the page says at once that changes are not kept,
// keeps trying, and says nothing more once a save works again.
func TestMidendFullStorage(t *testing.T) {
	st := &fullStore{memStore: memStore{}}
	p := mount(st)
	p.show(t, "flip")
	st.full = true
	p.click(0)
	if !strings.Contains(p.unsaved, "not being kept") {
		t.Fatalf("a failed save says %q", p.unsaved)
	}
	st.full = false
	p.click(1)
	if p.unsaved != "" {
		t.Errorf("a save that works leaves %q", p.unsaved)
	}
	want := flipCells(p.cur())
	p = mount(st)
	if got := flipCells(p.cur()); got != want {
		t.Errorf("after the reload %s, want %s", got, want)
	}
}

// Hints: asked from the position shown, dropped when the board moved on.
func TestMidendHint(t *testing.T) {
	p := mount(memStore{})
	ft := p.show(t, "flip")
	p.applyTool("mode", "play")
	p.w.run(p.midend)
	p.askHint()
	p.w.run(p.midend)
	if ft.state != stateDone || !strings.HasPrefix(ft.status, "Hint: ") || ft.hint == nil {
		t.Fatalf("hint: %s %q", ft.state, ft.status)
	}
	p.askHint()
	p.click(0)
	p.w.run(p.midend)
	if ft.hint != nil || !strings.Contains(ft.status, "changed while the hint") {
		t.Errorf("a stale hint: %q", ft.status)
	}
}

// Two browser tabs on one storage: a change in one reaches the other,
// which keeps its own state one Undo away; neither echoes forever.
func TestMidendTwoBrowserTabs(t *testing.T) {
	st := memStore{}
	a := mount(st)
	a.show(t, "flip")
	b := mount(st)
	a.click(0)
	b.click(15)
	key := storageKey + "flip/history"
	a.savedElsewhere(key, st[key]) // b's save reaches a
	at := a.cur()
	if got := flipCells(at); got != flipCells(b.cur()) || !strings.Contains(at.status, "changed in another tab") {
		t.Fatalf("a shows %s (%q), b %s", got, at.status, flipCells(b.cur()))
	}
	a.ctrl("z")
	if got, want := flipCells(at), "0001"+"1101"+"1001"+"1000"; got != want { // a's own click on the sample board
		t.Errorf("undo in a gives %s, want its own %s", got, want)
	}
	a.ctrl("y")
	before := st[key]
	b.savedElsewhere(key, st[key]) // a's save reaches b, which shows the same
	if st[key] != before || b.cur().status == at.status {
		t.Error("b wrote back a state it already shows")
	}
	b.ctrl("z")
	if got := flipCells(b.cur()); got != "0001"+"1101"+"1001"+"1000" {
		t.Errorf("b's history lacks a's state: %s", got)
	}
}

func TestPlainWords(t *testing.T) {
	for _, c := range [][2]string{
		{"nonogram: webpbn XML: want <puzzleset>", "Webpbn XML: want <puzzleset>"},
		{"No hint: ships: every ship is found", "No hint: every ship is found"},
		{"This link is damaged: share: link is too long", "This link is damaged: link is too long"},
		{"iq: flip: nested", "Nested"},
		{"Paste a puzzle first.", "Paste a puzzle first."},
		{"chess: not ours", "Chess: not ours"},
	} {
		if got := plainWords(c[0]); got != c[1] {
			t.Errorf("plainWords(%q) = %q, want %q", c[0], got, c[1])
		}
	}
}

// A picture opened as a puzzle is said to be one, in plain words.
func TestMidendImportPicture(t *testing.T) {
	svg, err := freshEditor("nonogram").draw(false)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ text, kind string }{
		{svg.SVG(), "SVG"},
		{"\x89PNG\r\n\x1a\n\x00\x00", "PNG"},
		{"\uFFFDPNG\r\n\x1a\n", "PNG"}, // a PNG read as UTF-8 text, as File.text() does
		{"\xff\xd8\xff\xe0", "JPEG"},
		{"GIF89a....", "GIF"},
		{"RIFF\x00\x00\x00\x00WEBPVP8 ", "WebP"},
	} {
		p := mount(memStore{})
		nt := p.show(t, "nonogram")
		before := nt.ed.snapshot()
		p.importText(c.text, "pic")
		if nt.state != stateError || !strings.Contains(nt.status, "picture ("+c.kind+"), not a puzzle file") || nt.ed.snapshot() != before {
			t.Errorf("%s: %s %q", c.kind, nt.state, nt.status)
		}
	}
	p := mount(memStore{})
	it := p.show(t, "iq")
	p.importText(it.ed.text(), fromTextBox)
	p.importText(".", fromTextBox)
	p.importText(newIQ().text(), fromTextBox)
	if !strings.HasPrefix(it.status, "Loaded an IQ puzzle") {
		t.Errorf("IQ load says %q", it.status)
	}
}

func TestClampField(t *testing.T) {
	for _, c := range []struct{ typed, v, note string }{
		{"12", "12", ""},
		{"999", "50", "Sizes go from 1 to 50: 999 became 50."},
		{"0", "1", "Sizes go from 1 to 50: 0 became 1."},
		{"", "8", `"" is not a number: the size stays 8.`},
		{"1e3", "8", `"1e3" is not a number: the size stays 8.`},
	} {
		if v, note := clampField(c.typed, "8", 1, 50); v != c.v || note != c.note {
			t.Errorf("clampField(%q) = %q %q, want %q %q", c.typed, v, note, c.v, c.note)
		}
	}
}

// A hint or background work that runs out of time ends with words; the
// work is not asked again until the puzzle changes.
func TestMidendJobsOutOfTime(t *testing.T) {
	p := mount(memStore{})
	nt := p.show(t, "nonogram")
	p.applyTool("mode", "play")
	p.askHint()
	p.timeOut()
	if p.busy() || len(p.w.cancelled) != 2 || nt.status != "No step found within 5 s: try Solve." || nt.state != stateIdle {
		t.Fatalf("after the time: busy %v, cancelled %v, %s %q", p.busy(), p.w.cancelled, nt.state, nt.status)
	}
	ne := nt.ed.(*nonogramEditor)
	if !strings.Contains(ne.playStatus(), "found no solution in time") {
		t.Errorf("play status %q", ne.playStatus())
	}
	p.w.queued = nil
	p.applyTool("check", "")
	if len(p.w.queued) != 0 {
		t.Errorf("the work started again: %v", p.w.pending())
	}
	p.click(0) // the same puzzle: the editor does not ask again either
	if got := p.w.pending(); len(got) != 0 {
		t.Errorf("a move in play asks for the work again: %v", got)
	}
	p.applyTool("mode", "draw")
	p.applyTool("mode", "play") // play again: the work is asked, and ends in time
	p.w.run(p.midend)
	p.timeOut()
	if ne.sol == nil || ne.solErr != "" {
		t.Errorf("the work's answer after a change: %q", ne.solErr)
	}
}

// New puzzle deals at the editor's size (issue 27, item 4).
func TestMidendDealsAtTheEditorsSize(t *testing.T) {
	p := mount(memStore{})
	nt := p.show(t, "nonogram")
	p.applyTool("w", "30")
	p.applyTool("h", "20")
	p.deal()
	if r := p.w.reqs[p.w.queued[len(p.w.queued)-1]]; r.opts.W != 30 || r.opts.H != 20 {
		t.Fatalf("deal asks for %dx%d", r.opts.W, r.opts.H)
	}
	p.w.run(p.midend)
	if w, h := nt.ed.size(); w != 30 || h != 20 || !strings.HasPrefix(nt.status, "A new") {
		t.Errorf("dealt %dx%d: %q", w, h, nt.status)
	}
}

// An answer that says no is shown as an answer, not as a success; once a
// Ships game is over there is no hint to ask.
func TestMidendAnswersThatSayNo(t *testing.T) {
	p := mount(memStore{})
	st := p.show(t, "ships")
	p.importText("4 4\nxxxx\nxxxx\nxxxx\nxxxx\n", fromTextBox)
	p.solve()
	p.w.run(p.midend)
	if st.state != stateDone || !st.answerNo {
		t.Errorf("an impossible board: %s no=%v %q", st.state, st.answerNo, st.status)
	}
	p.click(0)
	if st.answerNo {
		t.Error("the no outlives the answer")
	}
	se := st.ed.(*shipsEditor)
	fleet := strings.Repeat("x", 28) + strings.Repeat("o", 100-28)
	var b strings.Builder
	b.WriteString("10 10\n")
	for r := range 10 {
		b.WriteString(fleet[r*10:(r+1)*10] + "\n")
	}
	if err := se.deal(b.String()); err != nil {
		t.Fatal(err)
	}
	for i := range 28 {
		se.press(i, false)
	}
	if _, _, ok := se.hintRequest(); ok || !se.over() {
		t.Errorf("a hint can be asked after the game: over %v", se.over())
	}
}

// An IQ hint can be placed in one click, and picking the hinted piece
// picks it turned as the hint has it (issue 27, item 8).
func TestMidendIQHintPlacesIt(t *testing.T) {
	for seed := range 5 {
		p := mount(memStore{})
		it := p.show(t, "iq")
		p.cur().level = 1 + seed%3
		p.deal()
		p.w.run(p.midend)
		p.askHint()
		p.w.run(p.midend)
		ie := it.ed.(*iqEditor)
		k, o, at, ok := ie.hintPlacement(it.hint)
		if !ok {
			t.Fatalf("hint %+v does not place a piece (%q)", it.hint, it.status)
		}
		p.applyTool("piece", fmt.Sprintf("%d/%d", k, o))
		if ie.piece != k || ie.orient != o {
			t.Errorf("picking the hinted piece gives %d/%d, want %d/%d", ie.piece, ie.orient, k, o)
		}
		cells := slices.Clone(it.hint.Cells)
		p.applyTool("place", fmt.Sprintf("%d/%d/%d", k, o, at))
		for _, i := range cells {
			if got := ie.b.At(i/iq.Size, i%iq.Size); got != byte('A'+k) {
				t.Errorf("after Place it, cell %d holds %q, want %c", i, got, 'A'+k)
			}
		}
		if !it.hist.canUndo() || it.hint != nil {
			t.Errorf("Place it is no undo step, or leaves the hint")
		}
	}
}

// Flip's goal goes through the midend as any change: Solve answers for it
// (the board whose either-colour answer ends black is made all white),
// Undo takes the pick back, and a share link keeps it.
func TestMidendFlipGoal(t *testing.T) {
	p := mount(memStore{})
	ft := p.show(t, "flip")
	p.openLink(share.Encode("flip", "3 3\nbwb\nwbw\nbwb\n"), false)
	p.applyTool("mode", "edit") // a link opens to play; the goal is picked in Draw
	p.applyTool("goal", "1")
	p.solve()
	p.w.run(p.midend)
	a := ft.ed.(*flipEditor).answer
	if a == nil || !a.Possible || a.Color != "w" || a.Count != 9 {
		t.Fatalf("Solve for all white answers %+v (%q)", a, ft.status)
	}
	if !strings.Contains(ft.status, "Press the 9 marked cells to turn it all white (the fewest possible)") {
		t.Errorf("status %q", ft.status)
	}
	link := share.Encode("flip", ft.ed.text())

	p.ctrl("z")
	if g := ft.ed.(*flipEditor).cells.Goal; g != flip.Either {
		t.Errorf("Undo leaves the goal %v", g)
	}
	p.solve()
	p.w.run(p.midend)
	if a := ft.ed.(*flipEditor).answer; a == nil || a.Color != "b" || a.Count != 4 {
		t.Errorf("Solve for either colour answers %+v", a)
	}

	q := mount(memStore{})
	qt := q.show(t, "flip")
	q.openLink(link, false)
	if g := qt.ed.(*flipEditor).cells.Goal; g != flip.AllWhite {
		t.Errorf("the shared link opens with goal %v", g)
	}

	// A board no presses make one colour says so in the goal's words.
	q.openLink(share.Encode("flip", "2 1 black\nbw\n"), false)
	q.solve()
	q.w.run(q.midend)
	if !strings.Contains(qt.status, "no presses make the board all black") {
		t.Errorf("an impossible goal says %q", qt.status)
	}
}

// The end of a play stroke on a 50×50 nonogram saves its history (up to
// maxSavedHistory bytes) without encoding it whole again, nor compressing
// the link of a puzzle whose text has not changed (issue 27, item 7: it
// allocated 1.6 MB each time, in a page whose Go heap is collected on
// the main thread).
func TestMidendPlayStrokeSaveCost(t *testing.T) {
	clues, err := os.ReadFile("../../solvers/nonogram/testdata/random50-24.txt")
	if err != nil {
		t.Fatal(err)
	}
	p := mount(memStore{})
	p.show(t, "nonogram")
	p.openLink(share.Encode("nonogram", string(clues)), false)
	stroke := func(y int) {
		row := make([]int, 50)
		for i := range row {
			row[i] = 50*(y%50) + i
		}
		p.drag(row...)
	}
	for y := range 80 { // more than the saved history holds
		stroke(y)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	const n = 10
	for y := range n {
		stroke(y)
	}
	runtime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / n; per > 600<<10 {
		t.Errorf("a play stroke allocates %d KB", per>>10)
	}
}

// Solve on a black and white nonogram races clause learners of distinct
// seeds beside the search, seed 0 first; on a colour nonogram and on the
// other games it runs alone.
func TestMidendSolveRacesLearning(t *testing.T) {
	p := mount(memStore{})
	lastRivals := func() []rival { return p.w.reqs[p.w.queued[len(p.w.queued)-1]].rivals }
	nt := p.show(t, "nonogram")
	p.solve()
	rivals := lastRivals()
	seeds := map[string]bool{}
	for _, r := range rivals {
		if r.op != nonogram.OpLearn {
			t.Errorf("Solve on a black and white nonogram races %q, want %q", r.op, nonogram.OpLearn)
		}
		seeds[r.arg] = true
	}
	if len(rivals) != portfolio-1 || len(seeds) != len(rivals) || rivals[0].arg != "" {
		t.Errorf("Solve on a black and white nonogram races %v, want %d learners of distinct seeds, seed 0 first", rivals, portfolio-1)
	}
	p.w.run(p.midend)
	if nt.state != stateDone {
		t.Fatalf("the raced solve ended %s %q", nt.state, nt.status)
	}
	inks := []nonogram.Ink{{Name: "red", RGB: "ff0000"}, {Name: "blue", RGB: "0000ff"}}
	p.importText(cluesOfPicture([][]int{{1, 2}, {2, 1}}, inks).String(), fromTextBox)
	p.solve()
	if r := lastRivals(); r != nil {
		t.Errorf("Solve on a colour nonogram races %v", r)
	}
	p.w.run(p.midend)
	p.show(t, "flip")
	p.solve()
	if r := lastRivals(); r != nil {
		t.Errorf("Solve on Flip races %v", r)
	}
}
