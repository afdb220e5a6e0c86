package main

import (
	"fmt"
	"io"
	"text/tabwriter"
)

// columns is the one layout of the command line's tables: cells separated
// by tabs, aligned two spaces apart.
func columns(w io.Writer) *tabwriter.Writer {
	return tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
}

// printSection writes a titled block of a report (the leaderboard's):
// nothing when rows is empty, else a blank line, the title, and one
// indented line per row, its cells (separated by tabs) aligned.
func printSection[T any](w io.Writer, title string, rows []T, cells func(T) string) {
	if len(rows) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s\n", title)
	tw := columns(w)
	for _, r := range rows {
		fmt.Fprintf(tw, "  %s\n", cells(r))
	}
	tw.Flush()
}
