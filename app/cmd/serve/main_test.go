package main

import (
	"bytes"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMain runs the command itself when the test re-executes its own
// binary with GRIDSOLVE_SERVE_MAIN set.
func TestMain(m *testing.M) {
	if os.Getenv("GRIDSOLVE_SERVE_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// On SIGTERM the command stops serving and exits cleanly.
func TestGracefulShutdown(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	root := t.TempDir()
	os.WriteFile(root+"/index.html", []byte("page"), 0o644)

	cmd := exec.Command(os.Args[0], "-addr", addr, "-root", root)
	cmd.Env = append(os.Environ(), "GRIDSOLVE_SERVE_MAIN=1")
	var out bytes.Buffer
	cmd.Stderr = &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	for start := time.Now(); ; time.Sleep(20 * time.Millisecond) {
		resp, err := http.Get("http://" + addr + "/")
		if err == nil {
			resp.Body.Close()
			break
		}
		if time.Since(start) > 30*time.Second {
			t.Fatalf("server never answered: %v\n%s", err, out.String())
		}
	}
	cmd.Process.Signal(syscall.SIGTERM)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("exit after SIGTERM: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "shutting down") {
		t.Errorf("log:\n%s", out.String())
	}
	if _, err := http.Get("http://" + addr + "/"); err == nil {
		t.Error("still serving after shutdown")
	}
}
