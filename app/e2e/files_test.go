//go:build e2e

package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"gridsolve/solvers/nonogram"
)

// Save… downloads the puzzle in the chosen format under a sensible name;
// Open… and a file dropped on the page load one, its format named.
func TestFiles(t *testing.T) {
	clues := "5x5:2/4/4/4/2/1.1/5/5/3/1"
	c, err := nonogram.ParseClues(clues)
	if err != nil {
		t.Fatal(err)
	}
	p := openPuzzle(t, "nonogram", c.String())
	// Save: catch the download's name and content in the page.
	p.eval(`(() => {
		const make = URL.createObjectURL;
		URL.createObjectURL = (blob) => { blob.text().then(s => window.savedText = s); return make(blob) };
		HTMLAnchorElement.prototype.click = function () { window.savedName = this.download };
	})()`)
	formats := nonogram.Game{}.Formats()
	seen := map[string]int{}
	defer func() {
		for name, n := range seen {
			if n > 1 {
				t.Errorf("%d formats save as %s", n, name)
			}
		}
	}()
	for i, f := range formats {
		if !f.Export {
			continue
		}
		p.eval(`window.savedText = undefined`)
		p.eval(`document.querySelector("#save-format").value = "` + strconv.Itoa(i) + `"; document.querySelector("#save-format").dispatchEvent(new Event("change", {bubbles: true}))`)
		p.click("#save")
		p.waitFor(`window.savedText !== undefined`)
		name, text := eval[string](p, `window.savedName`), eval[string](p, `window.savedText`)
		// Each format its own name: the first of an extension plain, the
		// next with a word of its name (issue 27, item 11).
		want := "nonogram-5x5" + f.Ext
		for _, g := range formats[:i] {
			if g.Export && g.Ext == f.Ext {
				want = "nonogram-5x5." + strings.ToLower(strings.ReplaceAll(f.Name, " ", "-")) + f.Ext
				break
			}
		}
		if name != want {
			t.Errorf("%s: saved as %q, want %q", f.Name, name, want)
		}
		seen[name]++
		judge, got, err := nonogram.Game{}.Import(text)
		if err != nil || got.Name != f.Name || judge != c.String() {
			t.Errorf("%s: the saved file reads back as %q (%v):\n%s", f.Name, got.Name, err, text)
		}
	}

	// Open: a Tatham ID in a file.
	path := filepath.Join(t.TempDir(), "pattern.txt")
	os.WriteFile(path, []byte("3x2:1/1/1/2/1\n"), 0o644)
	p.do(chromedp.SetUploadFiles(chromedp.CSS("#open-file"), []string{path}))
	p.waitFor(`document.querySelector("#status").textContent.startsWith("Loaded")`)
	if got := p.statusNow(); !strings.Contains(got, "Tatham") || !strings.Contains(got, "pattern.txt") || !strings.Contains(got, "3×2") {
		t.Errorf("Open… says %q", got)
	}
	want, _ := nonogram.ParseClues("3x2:1/1/1/2/1")
	if got := p.exported(); got != want.String() {
		t.Errorf("Open… loads\n%s\nwant\n%s", got, want)
	}
	// The page hands the worker the puzzle in the judge format, whatever
	// it was opened from.
	p.solve()
	checkNonogram(t, p, want)

	// Drop: a webpbn XML file dropped anywhere on the page.
	xml, err := nonogram.Game{}.Export(c.String(), "webpbn XML")
	if err != nil {
		t.Fatal(err)
	}
	p.eval(`(() => {
		const dt = new DataTransfer();
		dt.items.add(new File([` + "`" + xml + "`" + `], "dropped.xml", {type: "text/xml"}));
		document.querySelector("header").dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
	})()`)
	p.waitFor(`document.querySelector("#status").textContent.includes("dropped.xml")`)
	if got := p.statusNow(); !strings.Contains(got, "webpbn XML") {
		t.Errorf("the drop says %q", got)
	}
	if got := p.exported(); got != c.String() {
		t.Errorf("the dropped file loads\n%s\nwant\n%s", got, c)
	}
}

// Printing shows the puzzle alone: no tabs, buttons or side panels.
func TestPrint(t *testing.T) {
	p := openPuzzle(t, "nonogram", "5x5:2/4/4/4/2/1.1/5/5/3/1")
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"})
		return err
	}))
	time.Sleep(100 * time.Millisecond)
	hidden := eval[[]string](p, `["header", ".tools", ".side", "#help", "#solve"].filter(s => {
		const e = document.querySelector(s); return e && e.offsetParent !== null && getComputedStyle(e).display !== "none" })`)
	if len(hidden) > 0 {
		t.Errorf("printed with %v", hidden)
	}
	if !eval[bool](p, `document.querySelector("#grid").getBoundingClientRect().width > 100`) {
		t.Error("the puzzle is not printed")
	}
	p.screenshot("print")
}
