// Command serve serves the gridsolve page (run `make run` to build it first):
//
//	go run ./app/cmd/serve -addr 127.0.0.1:8080 -root .
package main

import (
	"flag"
	"log"
	"net/http"

	"gridsolve/app/server"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	root := flag.String("root", ".", "directory holding index.html and web/")
	flag.Parse()
	log.Printf("gridsolve: serving %s on http://%s", *root, *addr)
	log.Fatal(http.ListenAndServe(*addr, server.Handler(*root)))
}
