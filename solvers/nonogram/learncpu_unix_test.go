//go:build unix

package nonogram

import "syscall"

// cpuSeconds is the CPU time this process has used, user and system: a
// benchmark's figure that the machine's other load changes less than it
// changes the wall clock.
func cpuSeconds() float64 {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return float64(u.Utime.Nano()+u.Stime.Nano()) / 1e9
}
