//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"gridsolve/solvers/tetravex"
)

// The judge bench answers a two-case Tetravex judge input as the command
// line does (the native TestBenchAnswersAsTheCommand holds the judge op
// to solve's output byte for byte), says where a wrong output parts from
// it, and opens a case in the editor; on a desktop and on a phone.
func TestJudgeBench(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	g := tetravex.Game{}
	cases := []string{tetravex.Generate(2, 10, rng).String(), tetravex.Generate(3, 10, rng).String()}
	input := g.Join(cases)
	var want strings.Builder
	if err := g.Judge(context.Background(), strings.NewReader(input), &want, nil); err != nil {
		t.Fatal(err)
	}
	// The wrong output says the opposite of the second game's verdict.
	right := strings.SplitAfter(want.String(), "\n\n")[1]
	wrongVerdict := map[bool]string{true: "Possible", false: "Impossible"}[strings.Contains(right, "Impossible")]
	wrong := strings.Replace(want.String(), right, "Game 2: "+wrongVerdict+"\n\n", 1)
	rightVerdict := strings.TrimSpace(strings.TrimPrefix(right, "Game 2: "))

	for _, v := range []viewport{desktop, phone} {
		p := openIn(t, v, "tetravex")
		name := fmt.Sprintf("judge-%dx%d", v.w, v.h)
		p.screenshot(name + "-closed")
		p.click("#judge > summary")
		p.waitFor(`document.querySelector("#judge-input") !== null`)
		p.eval(`document.querySelector("#judge-input").value = ` + strconv.Quote(input))
		p.click("#judge-run")
		p.waitFor(`document.querySelector("#judge-output") !== null`)
		if got := eval[string](p, `document.querySelector("#judge-output").textContent`); got != want.String() {
			t.Errorf("%s: the bench answers %q, the command %q", name, got, want.String())
		}
		if n := eval[int](p, `document.querySelectorAll("#judge-cases li").length`); n != 2 {
			t.Errorf("%s: %d cases listed, want 2", name, n)
		}
		p.eval(`document.querySelector("#judge-yours").value = ` + strconv.Quote(wrong))
		p.click("#judge-compare")
		diff := eval[string](p, `document.querySelector("#judge-diff")?.textContent ?? ""`)
		if w := "Game 2: expected " + rightVerdict + ", got " + wrongVerdict + "."; diff != w {
			t.Errorf("%s: the difference reads %q, want %q", name, diff, w)
		}
		p.screenshot(name)
		// The second game opens in the editor.
		p.click(`#judge-cases li:nth-child(2) .judge-open`)
		p.click("#export")
		exported := eval[string](p, `document.querySelector("#import-text").value`)
		if got, err := g.Cases(exported); err != nil || len(got) != 1 || got[0] != cases[1] {
			t.Errorf("%s: the second game opens as %q (%v), want %q", name, exported, err, cases[1])
		}
	}
}
