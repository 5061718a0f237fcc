package ui

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func TestHistory(t *testing.T) {
	var h history
	h.reset("a")
	if h.canUndo() || h.canRedo() || h.push("a") {
		t.Fatal("a fresh history undoes, redoes or records no change")
	}
	h.push("b")
	h.push("c")
	if s, _ := h.undo(); s != "b" {
		t.Fatalf("undo gives %q", s)
	}
	if s, _ := h.redo(); s != "c" {
		t.Fatalf("redo gives %q", s)
	}
	h.undo()
	h.undo()
	h.push("d") // drops the redo tail b, c
	if h.canRedo() || h.current() != "d" {
		t.Fatalf("after a new step: redo %v, current %q", h.canRedo(), h.current())
	}
	if s, _ := h.undo(); s != "a" {
		t.Fatalf("undo after a new step gives %q", s)
	}
	if _, ok := h.undo(); ok {
		t.Error("undo past the start")
	}
	for i := range 2 * maxHistory {
		h.push(fmt.Sprint(i))
	}
	if len(h.states) != maxHistory || h.current() != fmt.Sprint(2*maxHistory-1) {
		t.Errorf("bounded history holds %d steps, current %q", len(h.states), h.current())
	}
}

// The saved history fits its cap, keeps the shown state and the steps
// nearest it, and restores only when every state is valid.
func TestHistorySaved(t *testing.T) {
	var h history
	big := strings.Repeat("x", maxSavedHistory/10)
	h.reset("0" + big)
	for i := 1; i < 40; i++ {
		h.push(fmt.Sprint(i) + big)
	}
	for range 5 {
		h.undo()
	}
	s := h.saved()
	size := 0
	for _, st := range s.States {
		size += len(st)
	}
	if size > maxSavedHistory || s.States[s.At] != h.current() || s.At == 0 {
		t.Fatalf("saved %d bytes, shown %q, at %d", size, s.States[s.At][:3], s.At)
	}
	var back history
	if !back.restore(s, func(string) bool { return true }) || back.current() != h.current() {
		t.Fatal("saved history does not restore")
	}
	for _, bad := range []savedHistory{{}, {States: []string{"a"}, At: 1}, {States: []string{"a"}, At: -1}} {
		if back.restore(bad, func(string) bool { return true }) {
			t.Errorf("restored %+v", bad)
		}
	}
	if back.restore(s, func(st string) bool { return !strings.HasPrefix(st, "3") }) {
		t.Error("restored a history with an invalid state")
	}
}

// savedJSON writes what json.Marshal writes of saved(), through every
// kind of change, with states JSON must escape.
func TestHistorySavedJSON(t *testing.T) {
	var h history
	h.reset("play\n#.\n=\n\"quoted\" <b>&</b> é\t\x01")
	check := func(what string) {
		t.Helper()
		want, _ := json.Marshal(h.saved())
		if got := h.savedJSON(); got != string(want) {
			t.Errorf("%s: savedJSON\n%s\nwant\n%s", what, got, want)
		}
	}
	check("fresh")
	for i := range 40 {
		h.push(strings.Repeat(fmt.Sprint(i%7), maxSavedHistory/16))
		check(fmt.Sprint("push ", i))
	}
	h.undo()
	h.undo()
	check("undo")
	h.push("new")
	check("push after undo")
	h.restore(savedHistory{States: []string{"x", "y\n"}, At: 0}, func(string) bool { return true })
	check("restore")
}
