//go:build !unix

package nonogram

// cpuSeconds is 0 where the process's CPU time is not to be had.
func cpuSeconds() float64 { return 0 }
