//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"slices"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	jsonv2 "github.com/chromedp/cdproto/cdp/jsonv2"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// longTaskMs is the length past which a main-thread task is long (the
// Long Tasks API's threshold).
const longTaskMs = 50

// mainThreadTasks is what the page's main thread did while something ran:
// the tasks that took over longTaskMs of its CPU time, and those that took
// over longTaskMs of wall time.
type mainThreadTasks struct {
	cpu, wall []int // milliseconds, in order
}

// watchMainThread runs f with Chromium's trace on and returns the page's
// long main-thread tasks. The tests judge the page by CPU time because
// wall time measures the machine: on 2 cores, with a worker solving on
// one, the OS takes the other from the main thread in the middle of its
// tasks (traced: tasks of 82–146 ms wall used 9–18 ms of CPU), which the
// Long Tasks API counts as long as any work of the page's own.
func (p *page) watchMainThread(f func()) mainThreadTasks {
	p.t.Helper()
	var (
		mu        sync.Mutex
		collected []jsonv2.Value
		last      time.Time
	)
	ctx, cancel := context.WithCancel(p.ctx)
	defer cancel()
	complete := make(chan struct{})
	p.do(chromedp.Func(func(_ context.Context, tg *chromedp.Target) error {
		// Subscribed before the trace starts: no event is missed.
		data := cdp.Events(ctx, tg, tracing.DataCollected)
		ended := cdp.Events(ctx, tg, tracing.TracingComplete)
		go func() {
			for v, err := range data {
				if err != nil {
					return
				}
				mu.Lock()
				collected, last = append(collected, v.Value...), time.Now()
				mu.Unlock()
			}
		}()
		go func() {
			for range ended {
				close(complete)
				return
			}
		}()
		return nil
	}))
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, tracing.Start, tracing.StartParams{
			TransferMode: tracing.StartTransferModeReportEvents,
			TraceConfig:  &tracing.TraceConfig{IncludedCategories: []string{"disabled-by-default-devtools.timeline", "__metadata"}},
		})
		return err
	}))
	f()
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, tracing.End, cdp.Empty{})
		return err
	}))
	select {
	case <-complete:
	case <-time.After(30 * time.Second):
		p.t.Fatal("the browser's trace did not end")
	}
	// The data and the end come on separate subscriptions: wait for the
	// data to stop arriving.
	for {
		time.Sleep(100 * time.Millisecond)
		mu.Lock()
		quiet := time.Since(last) > 300*time.Millisecond
		mu.Unlock()
		if quiet {
			break
		}
	}
	cancel()
	mu.Lock()
	defer mu.Unlock()

	type event struct {
		Name string          `json:"name"`
		Ph   string          `json:"ph"`
		Pid  int             `json:"pid"`
		Tid  int             `json:"tid"`
		Ts   float64         `json:"ts"`
		Dur  float64         `json:"dur"`
		Tdur float64         `json:"tdur"`
		Args json.RawMessage `json:"args"`
	}
	type thread struct{ pid, tid int }
	var events []event
	main := map[thread]bool{}
	for _, raw := range collected {
		var e event
		if json.Unmarshal(raw, &e) != nil {
			continue
		}
		if e.Ph == "M" && e.Name == "thread_name" {
			var a struct{ Name string }
			if json.Unmarshal(e.Args, &a) == nil && a.Name == "CrRendererMain" {
				main[thread{e.Pid, e.Tid}] = true
			}
			continue
		}
		if e.Ph == "X" && e.Name == "RunTask" {
			events = append(events, e)
		}
	}
	var tasks mainThreadTasks
	slices.SortFunc(events, func(a, b event) int { return int(a.Ts - b.Ts) })
	for _, e := range events {
		if !main[thread{e.Pid, e.Tid}] {
			continue
		}
		if e.Tdur > longTaskMs*1000 {
			tasks.cpu = append(tasks.cpu, int(e.Tdur/1000))
		}
		if e.Dur > longTaskMs*1000 {
			tasks.wall = append(tasks.wall, int(e.Dur/1000))
		}
	}
	if len(main) == 0 {
		p.t.Fatal("the browser's trace named no renderer main thread")
	}
	return tasks
}
