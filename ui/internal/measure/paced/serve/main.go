// Command serve plays a reply to atelier as the alpha family streams it, at
// a model's pace, for measuring the app as a person sees it (see
// measure.sh and BENCHMARKS.md). It prints the address it listens on, then
// "done" each time it has served a whole reply.
//
//	go run ./ui/internal/measure/paced/serve -reply reply.md -piece 64 -pace 20ms
//	go run ./ui/internal/measure/paced/serve -shape list-code-table -write reply.md
package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"time"

	"atelier/client/sim"
	"atelier/ui/internal/measure/paced"
	"atelier/ui/internal/measure/replies"
)

func main() {
	replyFile := flag.String("reply", "", "the reply to serve, a markdown file")
	thinkingFile := flag.String("thinking", "", "thinking to serve before it, a text file")
	shape := flag.String("shape", "", "write a generated reply instead: list-code-table, code-32k, demo-long")
	write := flag.String("write", "", "with -shape: the file to write it to")
	piece := flag.Int("piece", 64, "bytes per delta")
	pace := flag.Duration("pace", 20*time.Millisecond, "time between deltas")
	addr := flag.String("addr", "127.0.0.1:0", "where to listen")
	flag.Parse()
	if *shape != "" {
		text, err := generate(*shape)
		if err == nil {
			err = os.WriteFile(*write, []byte(text), 0o644)
		}
		exit(err)
		return
	}
	text, err := os.ReadFile(*replyFile)
	exit(err)
	var thinking []byte
	if *thinkingFile != "" {
		thinking, err = os.ReadFile(*thinkingFile)
		exit(err)
	}
	ln, err := net.Listen("tcp", *addr)
	exit(err)
	fmt.Printf("listening http://%s\n", ln.Addr())
	h := paced.Handler(paced.Reply{Text: string(text), Thinking: string(thinking), Piece: *piece, Pace: *pace})
	exit(http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r)
		if r.Method == http.MethodPost {
			fmt.Println("done")
		}
	})))
}

// generate makes the replies the terminal measurements play.
func generate(shape string) (string, error) {
	switch shape {
	case "list-code-table":
		return replies.ListCodeTable(), nil
	case "code-32k":
		return replies.CodeOfSize(len(replies.ListCodeTable())), nil
	case "demo-long":
		return sim.ReplyText("write about tea [[long]]"), nil
	}
	return "", fmt.Errorf("unknown shape %q", shape)
}

func exit(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
}
