package ui

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The judge bench's panel (see judge.go): closed at first, under the
// editor's help, so it takes one line of the page until it is opened.

// benchRows bounds the cases listed with their figures and Open buttons:
// a judge input of thousands of cases shows its whole output all the same.
const benchRows = 100

func (p *Page) renderJudge() app.UI {
	t := p.cur()
	b := &t.bench
	body := []app.UI{app.Summary().Text("Judge bench")}
	if b.open { // nothing rendered while closed
		body = append(body,
			app.P().Class("hint").Text("A whole judge input of this puzzle, many cases where the problem allows them, answered exactly as the command line's solve "+t.ed.game()+" answers it."),
			app.Textarea().ID("judge-input").Class("wide mono").Rows(8).Spellcheck(false).Aria("label", "Judge input").
				Placeholder("Paste a judge input, open a file or take the sample.").Text(b.input),
			app.Div().Class("buttons").Body(
				app.Button().ID("judge-run").Class("primary").Text("Run").Disabled(b.running != 0).OnClick(p.onJudgeRun),
				app.Button().ID("judge-cancel").Text("Cancel").Disabled(b.running == 0).OnClick(p.onJudgeCancel),
				app.Button().ID("judge-sample").Text("Sample").Title("The sample input of the problem's statement").OnClick(p.onJudgeSample),
				app.Label().Class("button").For("judge-file").Text("Open…"),
				app.Input().Type("file").ID("judge-file").Class("visually-hidden").Accept("text/plain,.txt,.in").OnChange(p.onJudgeFile),
				app.Button().ID("judge-share").Text("Link").Title("A link to this judge input").OnClick(p.onJudgeShare),
			),
			app.If(b.link != "", func() app.UI {
				return app.Input().ID("judge-link").Class("wide").ReadOnly(true).Aria("label", "Judge input link").
					Value(b.link).OnFocus(p.onSelectAll)
			}),
			app.P().ID("judge-status").Class("status "+string(b.state)).Aria("live", "polite").DataSet("state", b.state).Text(b.status),
			p.renderJudgeRun(b),
		)
	}
	return app.Details().ID("judge").Class("card help-panel judge-panel").Open(b.open).Body(body...).OnToggle(p.onJudgeToggle)
}

// renderJudgeRun shows a run's output, its cases and the comparison box.
func (p *Page) renderJudgeRun(b *bench) app.UI {
	r := b.run
	if r == nil {
		return app.Text("")
	}
	bn, _ := benchOf(p.current().game())
	rows := make([]app.UI, 0, min(len(r.cases), benchRows))
	for i := range r.cases[:min(len(r.cases), benchRows)] {
		rows = append(rows, app.Li().Body(
			app.Button().Class("judge-open").DataSet("case", i).Text("Open").Title("Open this case in the editor").OnClick(p.onJudgeOpen),
			app.Span().Text(fmt.Sprintf(" %s: %s nodes, %d ms", bn.CaseName(i), groupDigits(int64(r.nodes[i])), r.ms[i])),
		))
	}
	more := ""
	if len(r.cases) > benchRows {
		more = fmt.Sprintf("The first %d of %d cases; the output above has them all.", benchRows, len(r.cases))
	}
	return app.Div().Body(
		app.Pre().ID("judge-output").Class("judge-output mono").Text(r.output()),
		app.Div().Class("buttons").Body(
			app.Button().ID("judge-save").Text("Save output").OnClick(p.onJudgeSave),
		),
		app.Ul().ID("judge-cases").Class("judge-cases").Body(rows...),
		app.If(more != "", func() app.UI { return app.P().Class("hint").Text(more) }),
		app.Label().For("judge-yours").Text("Your output"),
		app.Textarea().ID("judge-yours").Class("wide mono").Rows(5).Spellcheck(false).
			Placeholder("Paste your program's output, then Compare.").Text(b.yours),
		app.Div().Class("buttons").Body(
			app.Button().ID("judge-compare").Text("Compare").OnClick(p.onJudgeCompare),
		),
		app.If(b.diff != "", func() app.UI { return app.P().ID("judge-diff").Class("status").Text(b.diff) }),
	)
}

// elementValue is the value of the element id, as typed.
func elementValue(id string) string {
	if e := app.Window().GetElementByID(id); e.Truthy() {
		return e.Get("value").String()
	}
	return ""
}

// setInput puts text in the bench's input box, typed in or not.
func (p *Page) setInput(text string) {
	b := &p.cur().bench
	b.input, b.link = text, ""
	if e := app.Window().GetElementByID("judge-input"); e.Truthy() {
		e.Set("value", text)
	}
}

func (p *Page) onJudgeToggle(ctx app.Context, e app.Event) {
	p.cur().bench.open = ctx.JSSrc().Get("open").Bool()
}

func (p *Page) onJudgeRun(ctx app.Context, e app.Event) {
	p.cur().bench.link = ""
	p.m.runJudge(elementValue("judge-input"))
}

func (p *Page) onJudgeCancel(ctx app.Context, e app.Event) { p.m.cancelJudge() }

func (p *Page) onJudgeSample(ctx app.Context, e app.Event) {
	if bn, ok := benchOf(p.current().game()); ok {
		p.setInput(bn.Sample())
		p.cur().bench.say(stateIdle, "The sample input of the problem's statement: Run answers it.")
	}
}

func (p *Page) onJudgeFile(ctx app.Context, e app.Event) {
	src := ctx.JSSrc()
	files := src.Get("files")
	if !files.Truthy() || files.Get("length").Int() == 0 {
		return
	}
	file, b := files.Index(0), &p.cur().bench
	src.Set("value", "") // the same file can be opened again
	name := clip(file.Get("name").String(), 60)
	if file.Get("size").Int() > maxFile {
		b.say(stateError, fmt.Sprintf("%s is larger than %d MiB: not a judge input.", name, maxFile>>20))
		return
	}
	file.Call("text").Then(func(v app.Value) {
		text := v.String()
		ctx.Dispatch(func(ctx app.Context) {
			p.setInput(text)
			b.say(stateIdle, "Opened "+name+": Run answers it.")
		})
	})
}

func (p *Page) onJudgeOpen(ctx app.Context, e app.Event) {
	if i, err := strconv.Atoi(ctx.JSSrc().Get("dataset").Get("case").String()); err == nil {
		p.m.openCase(i)
	}
}

func (p *Page) onJudgeSave(ctx app.Context, e app.Event) {
	b := &p.cur().bench
	if b.run == nil {
		return
	}
	name := p.current().game() + "-judge-output.txt"
	download(newBlob(b.run.output(), "text/plain;charset=utf-8"), name)
	b.say(stateDone, "Saved "+name+".")
}

func (p *Page) onJudgeCompare(ctx app.Context, e app.Event) {
	p.m.compareJudge(elementValue("judge-yours"))
}

func (p *Page) onJudgeShare(ctx app.Context, e app.Event) {
	b := &p.cur().bench
	b.input = elementValue("judge-input")
	frag, ok := p.m.judgeFragment()
	if !ok {
		return
	}
	loc := app.Window().Get("location")
	b.link = loc.Get("origin").String() + loc.Get("pathname").String() + "#" + frag
	b.say(stateIdle, "The link below opens this judge input.")
}
