// Command serve serves the gridsolve page (run `make run` to build it first):
//
//	go run ./app/cmd/serve -addr 127.0.0.1:8080 -root .
//
// It stops gracefully on SIGINT or SIGTERM: requests under way may finish.
package main

import (
	"context"
	"errors"
	"flag"
	"log"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"gridsolve/app/server"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	root := flag.String("root", ".", "directory holding index.html and web/")
	headerTimeout := flag.Duration("header-timeout", server.ReadHeaderTimeout, "time a client has to send its request header")
	flag.Parse()

	srv := server.New(*addr, *root)
	srv.ReadHeaderTimeout = *headerTimeout
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	done := make(chan struct{})
	go func() {
		defer close(done)
		<-ctx.Done()
		log.Print("gridsolve: shutting down")
		// A client that stops reading is dropped after server.WriteStall,
		// so this cap is only reached by one still reading, slowly.
		shutdown, cancel := context.WithTimeout(context.Background(), server.WriteStall+5*time.Second)
		defer cancel()
		if err := srv.Shutdown(shutdown); err != nil {
			log.Printf("gridsolve: shutdown: %v", err)
		}
	}()

	log.Printf("gridsolve: serving %s on http://%s", *root, *addr)
	if err := srv.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
		log.Fatal(err)
	}
	<-done // ListenAndServe returns as Shutdown starts; wait until it ends
}
