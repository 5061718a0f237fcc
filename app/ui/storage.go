package ui

import (
	"strings"
	"time"
	"unicode/utf8"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gridsolve/app/share"
)

// storageKey prefixes what the page keeps in localStorage: per game the
// shown state ("gridsolve/flip") and its undo history
// ("gridsolve/flip/history"), and the shown tab.
const storageKey = "gridsolve/"

// loadSaved restores every tab as the user left it. A saved state that no
// longer loads is said so on its tab, never dropped without a word.
func (p *Page) loadSaved(ctx app.Context) {
	var shown string
	ctx.LocalStorage().Get(storageKey+"tab", &shown)
	ctx.LocalStorage().Get(storageKey+"help-closed", &p.helpClosed)
	if p.helpClosed == nil {
		p.helpClosed = map[string]bool{}
	}
	for i, t := range p.tabs {
		game := t.ed.game()
		if game == shown {
			p.at = i
		}
		fresh := t.ed.snapshot()
		var saved savedHistory
		hasHistory := ctx.LocalStorage().Get(storageKey+game+"/history", &saved) == nil && len(saved.States) > 0
		histOK := hasHistory && t.hist.restore(saved, func(s string) bool { return t.ed.restore(s) == nil })
		if !histOK {
			t.ed.restore(fresh) // checking the history may have left a step of it shown
			t.hist.reset(fresh)
		}
		// The shown state is saved at once, the history a moment later, so
		// the state may be one step ahead of its history. Older pages kept
		// only the puzzle's judge text.
		var snap string
		ctx.LocalStorage().Get(storageKey+game, &snap)
		err := error(nil)
		if snap != "" {
			if err = t.ed.restore(snap); err != nil && t.ed.load(snap) == nil {
				err = nil
			}
		}
		switch {
		case snap != "" && err == nil:
			t.hist.push(t.ed.snapshot())
		case histOK:
			t.ed.restore(t.hist.current())
		}
		if err != nil || hasHistory && !histOK {
			why := ""
			if err != nil {
				why = " (" + clip(err.Error(), 120) + ")"
			}
			t.say("error", "Your saved "+t.ed.title()+" puzzle could not be loaded"+why+"; this is a fresh one.")
		}
	}
}

// save keeps the shown tab's state and history in localStorage (they
// survive a reload) and its puzzle in the URL fragment (the address bar is
// always a link to it).
//
// The history, up to maxSavedHistory bytes of JSON, is written a moment
// after the last change, so a run of strokes pays for it once.
func (p *Page) save(ctx app.Context) {
	t := p.cur()
	game := t.ed.game()
	ctx.LocalStorage().Set(storageKey+game, t.ed.snapshot())
	ctx.LocalStorage().Set(storageKey+"tab", game)
	p.writeFragment()
	p.saves++
	n := p.saves
	ctx.After(historySaveDelay, func(ctx app.Context) {
		if n == p.saves {
			ctx.LocalStorage().Set(storageKey+game+"/history", t.hist.saved())
		}
	})
}

// historySaveDelay is how long the history waits after a change to be saved.
const historySaveDelay = 400 * time.Millisecond

func (p *Page) writeFragment() {
	ed := p.current()
	p.lastFrag = share.Encode(ed.game(), ed.text())
	app.Window().Get("history").Call("replaceState", nil, "", "#"+p.lastFrag)
}

// OnNav opens the puzzle of a shared link: on first load and whenever the
// fragment changes to one the page did not write itself. The puzzle it
// replaces stays one undo away.
func (p *Page) OnNav(ctx app.Context) {
	u := ctx.Page().URL()
	if u == nil { // an address go-app could not parse (web/boot.js mends them)
		p.cur().say("error", "This link is damaged: its address cannot be read.")
		p.writeFragment()
		return
	}
	frag := u.Fragment
	if frag == "" {
		p.writeFragment()
		return
	}
	if frag == p.lastFrag {
		return
	}
	p.lastFrag = frag
	if i, ok := p.tabIndex(frag); ok { // "#iq": a link to a puzzle's tab
		p.at = i
		p.writeFragment()
		return
	}
	game, text, err := share.Decode(frag)
	if err != nil {
		p.cur().say("error", "This link is damaged: "+clip(err.Error(), 160))
		p.writeFragment()
		return
	}
	i, _ := p.tabIndex(game)
	t := p.tabs[i]
	before := t.ed.snapshot()
	if err := t.ed.load(text); err != nil {
		t.ed.restore(before)
		p.at = i
		t.say("error", "This link is damaged: "+clip(err.Error(), 160))
		p.writeFragment()
		return
	}
	p.at = i
	p.stroke = stroke{}
	if t.hist.push(t.ed.snapshot()) {
		t.ed.clearAnswer()
		p.shareURL = ""
		msg := "Opened the shared " + t.ed.title() + " puzzle."
		if t.hist.canUndo() {
			msg += " Undo brings back the one you had."
		}
		t.say("idle", msg)
	}
	p.save(ctx)
}

func (p *Page) onShare(ctx app.Context, e app.Event) {
	ed, t := p.current(), p.cur()
	loc := app.Window().Get("location")
	p.shareURL = loc.Get("origin").String() + loc.Get("pathname").String() + "#" + share.Encode(ed.game(), ed.text())
	clipboard := app.Window().Get("navigator").Get("clipboard")
	if !clipboard.Truthy() {
		t.say("idle", "Copy the link below.")
		return
	}
	t.say("idle", "Copying the link…")
	clipboard.Call("writeText", p.shareURL).Then(func(app.Value) {
		ctx.Dispatch(func(app.Context) { t.say("done", "Link copied to the clipboard.") })
	})
	ctx.After(time.Second, func(app.Context) {
		if t.status == "Copying the link…" {
			t.say("idle", "Copy the link below.")
		}
	})
}

func (p *Page) onImport(ctx app.Context, e app.Event) {
	text := app.Window().GetElementByID("import-text").Get("value").String()
	if strings.TrimSpace(text) == "" {
		p.cur().say("error", "Paste a puzzle into the text box first.")
		return
	}
	p.importText(ctx, text, "the text box")
}

func (p *Page) onExport(ctx app.Context, e app.Event) {
	app.Window().GetElementByID("import-text").Set("value", p.current().text())
	p.cur().say("idle", "The puzzle's judge text is in the box.")
}

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
