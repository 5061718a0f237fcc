package ui

import (
	"encoding/json"
	"strings"
	"unicode/utf8"

	"gridsolve/app/share"
)

// storageKey prefixes what the page keeps in localStorage, each value
// JSON: per game the shown state ("gridsolve/<game>", a string) and its
// undo history ("gridsolve/<game>/history", see savedHistory), the shown
// tab ("gridsolve/tab") and the closed help panels.
const storageKey = "gridsolve/"

// loadSaved restores every tab as the user left it. A saved state that no
// longer loads, or that cannot even be read, is said so on its tab, never
// dropped without a word.
func (m *midend) loadSaved() {
	var shown string
	m.getJSON(storageKey+"tab", &shown)
	for i, t := range m.tabs {
		game := t.ed.game()
		if game == shown {
			m.at = i
		}
		if why := m.loadTab(t); why != "" {
			t.say(stateError, "Your saved "+t.ed.title()+" puzzle could not be loaded ("+clip(why, 120)+"); this is a fresh one.")
		}
	}
}

// loadTab restores tab t's history and shown state; it returns why
// anything saved was dropped, or "".
func (m *midend) loadTab(t *tab) (why string) {
	game := t.ed.game()
	fresh := t.ed.snapshot()
	var saved savedHistory
	hasHistory, err := m.getJSON(storageKey+game+"/history", &saved)
	if err != nil {
		why = "its undo history is damaged: " + err.Error()
	}
	histOK := hasHistory && err == nil && t.hist.restore(saved, func(s string) bool { return t.ed.restore(s) == nil })
	if hasHistory && err == nil && !histOK {
		why = "its undo history no longer loads"
	}
	if !histOK {
		t.hist.reset(fresh)
	}
	var snap string
	hasSnap, err := m.getJSON(storageKey+game, &snap)
	if err != nil {
		return "it is damaged: " + err.Error()
	}
	switch {
	case !hasSnap || snap == "":
	case histOK && snap == t.hist.current():
	case histOK && t.hist.moveTo(snap):
		// Pages before the state and history were saved together could
		// save a step the history had not caught up with yet.
	default:
		// The shown state alone, as older pages kept it: a snapshot, or
		// the puzzle's judge text before snapshots.
		if err := t.ed.restore(snap); err != nil && t.ed.load(snap) != nil {
			t.ed.restore(t.hist.current())
			return err.Error()
		}
		t.hist.push(t.ed.snapshot())
	}
	t.ed.restore(t.hist.current())
	t.updateTimer(m.now())
	return why
}

// getJSON reads key into v; ok is false when nothing is kept there. A
// value that is not the JSON v takes is an error, for the page to say.
func (m *midend) getJSON(key string, v any) (ok bool, err error) {
	s, ok := m.store.get(key)
	if !ok {
		return false, nil
	}
	if err := json.Unmarshal([]byte(s), v); err != nil {
		return true, err
	}
	return true, nil
}

// setJSON writes v under key and keeps m.unsaved up to date: the page
// says at once when changes stop being kept, and again that they are
// kept once a save works.
func (m *midend) setJSON(key string, v any) {
	b, err := json.Marshal(v)
	m.setRaw(key, string(b), err)
}

// setRaw writes value, JSON already, under key, unless err says it could
// not be encoded, and keeps m.unsaved up to date as setJSON says.
func (m *midend) setRaw(key, value string, err error) {
	if err == nil {
		err = m.store.set(key, value)
	}
	if err != nil {
		m.unsaved = "Your changes are not being kept: the browser refused to save them (" +
			clip(err.Error(), 80) + "). Free some space, or Save… the puzzle to a file."
		return
	}
	m.unsaved = ""
}

// save keeps tab i's state and its whole undo history in localStorage at
// once, so that a reload at any moment finds them as they were; for the
// shown tab, also the tab and the link in the address bar.
func (m *midend) save(i int) {
	t := m.tabs[i]
	game := t.ed.game()
	m.setRaw(storageKey+game+"/history", t.hist.savedJSON(), nil)
	if m.unsaved == "" {
		m.setJSON(storageKey+game, t.ed.snapshot())
	}
	if i == m.at {
		m.saveShown()
	}
}

// saveShown keeps which tab is shown, and shows its link.
func (m *midend) saveShown() {
	if m.unsaved == "" {
		m.setJSON(storageKey+"tab", m.cur().ed.game())
	}
	m.writeFragment()
}

func (m *midend) writeFragment() {
	ed := m.cur().ed
	game, text := ed.game(), ed.text()
	if c := &m.link; c.game != game || c.text != text {
		c.game, c.text, c.frag = game, text, share.Encode(game, text)
	}
	m.lastFrag = m.link.frag
	m.bar.replace(m.lastFrag)
}

// openLink opens the puzzle of a shared link, given its fragment: on first
// load and whenever the fragment changes to one the page did not write
// itself. The puzzle opens as its game's openShared has it (ready to
// play), and the one it replaces stays one undo away. damaged says the
// address could not even be parsed (frag is then the raw fragment).
func (m *midend) openLink(frag string, damaged bool) {
	if damaged {
		if i, ok := m.tabIndex(strings.SplitN(frag, "/", 2)[0]); ok {
			m.showTab(i)
		}
		m.cur().say(stateError, "This link is damaged: its address cannot be read.")
		m.writeFragment()
		return
	}
	if frag == "" {
		m.writeFragment()
		return
	}
	if frag == m.lastFrag {
		return
	}
	m.lastFrag = frag
	if rest, ok := strings.CutPrefix(frag, judgeLink); ok {
		m.openJudgeLink(rest)
		m.writeFragment()
		return
	}
	if i, ok := m.tabIndex(frag); ok { // "#<game>": a link to a puzzle's tab
		m.showTab(i)
		m.writeFragment()
		return
	}
	game, text, err := share.Decode(frag)
	if err != nil {
		// A damaged link to a known game still opens that game's tab.
		if i, ok := m.tabIndex(strings.SplitN(frag, "/", 2)[0]); ok {
			m.showTab(i)
		}
		m.cur().say(stateError, "This link is damaged: "+clip(err.Error(), 160)+".")
		m.writeFragment()
		return
	}
	i, _ := m.tabIndex(game)
	m.showTab(i)
	t := m.tabs[i]
	if frag == m.bar.written() && text == t.ed.text() {
		// The page's own address come back (a reload, Back): its puzzle
		// is shown already, as it was left, in play or not.
		return
	}
	before := t.ed.snapshot()
	if err := t.ed.openShared(text); err != nil {
		t.ed.restore(before)
		t.say(stateError, "This link is damaged: "+clip(err.Error(), 160))
		m.writeFragment()
		return
	}
	m.stroke = stroke{}
	if !t.hist.push(t.ed.snapshot()) {
		m.save(i)
		return
	}
	t.playStart = 0 // a new game: its timer starts again
	news := "Opened the shared " + t.ed.title() + " puzzle."
	if t.hist.canUndo() {
		news += " Undo brings back the one you had."
	}
	m.after(i, news)
}

// importText loads a puzzle pasted or read from a file (from says which),
// detecting its format where the game knows several.
func (m *midend) importText(text, from string) {
	t := m.cur()
	if strings.TrimSpace(text) == "" {
		t.say(stateError, "There is no puzzle in "+from+".")
		return
	}
	if kind := pictureKind(text); kind != "" {
		t.say(stateError, "This is a picture ("+kind+"), not a puzzle file: open a puzzle's text, such as a file Save… wrote in a puzzle format.")
		return
	}
	format := "the " + t.ed.title() + " puzzle"
	if c, ok := converter(t.ed.game()); ok {
		judge, f, err := c.Import(text)
		if err != nil {
			t.say(stateError, err.Error())
			return
		}
		text, format = judge, article(t.ed.title())+" "+t.ed.title()+" puzzle ("+f.Name+")"
	}
	before := t.ed.snapshot()
	if err := t.ed.load(text); err != nil {
		t.ed.restore(before)
		t.say(stateError, err.Error())
		return
	}
	m.edited(m.at)
	w, h := t.ed.fileSize()
	size := ""
	if w > 0 && h > 0 {
		size = ", " + sizeText(w, h)
	}
	if from != fromTextBox {
		format += " from " + from
	}
	t.say(stateIdle, "Loaded "+format+size+".")
}

// fromTextBox names the judge-text box as a puzzle's source.
const fromTextBox = "the text box"

// clip shortens a message that may carry input text.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// savedElsewhere takes a change another browser tab of the page made to
// the storage (the window's storage event): when it saved a game's
// history, this page shows that game as the other tab left it, and keeps
// its own state one Undo away, so neither tab's work is lost to the last
// writer. Its own save then reaches the other tab, which finds its state
// already shown and stops there.
func (m *midend) savedElsewhere(key, value string) {
	for i, t := range m.tabs {
		if key != storageKey+t.ed.game()+"/history" {
			continue
		}
		var saved savedHistory
		if json.Unmarshal([]byte(value), &saved) != nil {
			return
		}
		mine := t.ed.snapshot()
		var h history
		if !h.restore(saved, func(s string) bool { return t.ed.restore(s) == nil }) {
			t.ed.restore(mine)
			return
		}
		if h.current() == mine { // our own save, come back: take its history
			t.ed.restore(mine)
			t.hist = h
			return
		}
		// Ours goes just before theirs: Undo from theirs brings it back.
		theirs := h.current()
		h.states = append(h.states[:h.at:h.at], mine, theirs)
		h.at = len(h.states) - 1
		t.hist = h
		t.ed.restore(h.current())
		if i == m.at {
			m.stroke = stroke{}
		}
		m.after(i, "")
		t.say(stateIdle, "This puzzle was changed in another tab: Undo brings back the one you had here.")
		return
	}
}

// pictureKind names the image format text starts like (as a file read as
// text), or "" for text that is no picture.
func pictureKind(text string) string {
	head := strings.TrimSpace(text[:min(len(text), 512)])
	switch {
	case strings.HasPrefix(head, "\x89PNG") || strings.HasPrefix(head, "\uFFFDPNG"):
		return "PNG"
	case strings.HasPrefix(head, "\xff\xd8\xff") || strings.HasPrefix(head, "\uFFFD\uFFFD\uFFFD"):
		return "JPEG"
	case strings.HasPrefix(head, "GIF87a") || strings.HasPrefix(head, "GIF89a"):
		return "GIF"
	case strings.HasPrefix(head, "RIFF") && strings.Contains(head[:min(len(head), 16)], "WEBP"):
		return "WebP"
	case strings.HasPrefix(head, "<svg") || strings.HasPrefix(head, "<?xml") && strings.Contains(head, "<svg"):
		return "SVG"
	}
	return ""
}

// article is "an" before a title said with a vowel sound, else "a".
func article(word string) string {
	if word != "" && strings.ContainsRune("AEIOU", rune(word[0])) {
		return "an"
	}
	return "a"
}
