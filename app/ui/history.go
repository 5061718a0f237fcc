package ui

import (
	"encoding/json"
	"strconv"
	"strings"
)

// history is one tab's undo list, as in the midend of Tatham's collection:
// a list of snapshots of the editor (see editor.snapshot) and the index of
// the one shown. Every editor gets undo and redo from it without knowing.
type history struct {
	states []string
	at     int // index of the state shown; len(states) > 0 once reset
	// quoted keeps each saved state as JSON, so that saving after a
	// change encodes that one step, not the whole history again.
	quoted map[string]string
}

// maxHistory bounds the undo list; the oldest steps go first.
const maxHistory = 500

// reset forgets everything but s.
func (h *history) reset(s string) { h.states, h.at = []string{s}, 0 }

// current is the snapshot shown.
func (h *history) current() string { return h.states[h.at] }

// push records s as a new step after the one shown, dropping the redo
// tail; it reports false, recording nothing, when s is no change.
func (h *history) push(s string) bool {
	if s == h.current() {
		return false
	}
	h.states = append(h.states[:h.at+1], s)
	if over := len(h.states) - maxHistory; over > 0 {
		h.states = append(h.states[:0], h.states[over:]...)
	}
	h.at = len(h.states) - 1
	return true
}

func (h *history) canUndo() bool { return h.at > 0 }
func (h *history) canRedo() bool { return h.at+1 < len(h.states) }

// undo steps back and returns the snapshot to show.
func (h *history) undo() (string, bool) {
	if !h.canUndo() {
		return "", false
	}
	h.at--
	return h.current(), true
}

// moveTo shows the state s, if the history has it, and reports whether
// it does.
func (h *history) moveTo(s string) bool {
	for i := len(h.states) - 1; i >= 0; i-- {
		if h.states[i] == s {
			h.at = i
			return true
		}
	}
	return false
}

// redo steps forward again.
func (h *history) redo() (string, bool) {
	if !h.canRedo() {
		return "", false
	}
	h.at++
	return h.current(), true
}

// savedHistory is a history as kept in localStorage.
type savedHistory struct {
	States []string `json:"states"`
	At     int      `json:"at"`
}

// maxSavedHistory bounds the bytes of one tab's saved history; the oldest
// steps are dropped to fit, and the shown state is always kept.
const maxSavedHistory = 256 << 10

// saved returns the history trimmed to fit maxSavedHistory: the shown
// state, then as many undo steps as fit, then redo steps.
func (h *history) saved() savedHistory {
	first, last := h.at, h.at+1
	size := len(h.states[h.at])
	for first > 0 && size+len(h.states[first-1]) <= maxSavedHistory {
		first--
		size += len(h.states[first])
	}
	for last < len(h.states) && size+len(h.states[last]) <= maxSavedHistory {
		size += len(h.states[last])
		last++
	}
	return savedHistory{States: h.states[first:last], At: h.at - first}
}

// savedJSON is saved() as JSON, as json.Marshal writes it.
func (h *history) savedJSON() string {
	sv := h.saved()
	was := h.quoted
	h.quoted = make(map[string]string, len(sv.States))
	size := 0
	for _, st := range sv.States {
		q, ok := was[st]
		if !ok {
			text, _ := json.Marshal(st) // a string: it cannot fail
			q = string(text)
		}
		h.quoted[st] = q
		size += len(q) + 1
	}
	var b strings.Builder
	b.Grow(size + 32)
	b.WriteString(`{"states":[`)
	for i, st := range sv.States {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(h.quoted[st])
	}
	b.WriteString(`],"at":`)
	b.WriteString(strconv.Itoa(sv.At))
	b.WriteByte('}')
	return b.String()
}

// restore takes a saved history whose states all pass valid; it reports
// false, changing nothing, when the saved one is unusable.
func (h *history) restore(s savedHistory, valid func(string) bool) bool {
	if len(s.States) == 0 || s.At < 0 || s.At >= len(s.States) || len(s.States) > maxHistory {
		return false
	}
	for _, st := range s.States {
		if !valid(st) {
			return false
		}
	}
	h.states, h.at = append([]string(nil), s.States...), s.At
	return true
}
