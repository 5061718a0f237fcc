// Package headless holds the one way this project starts Chromium for the
// end-to-end tests and the page benchmarks: headless, as root in a
// container, with a profile of its own and nothing running in the
// background that would disturb a test or a timing.
package headless

import "github.com/chromedp/chromedp"

// Options starts the Chromium at exe with the profile folder given, in a
// 1280×900 window, and then the extra options.
func Options(exe, profile string, extra ...chromedp.ExecAllocatorOption) []chromedp.ExecAllocatorOption {
	return append([]chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1280, 900),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
	}, extra...)
}
