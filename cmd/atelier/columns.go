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

// printTable writes a table: its header, then one line per row, the
// cells of each (separated by tabs) aligned.
func printTable[T any](w io.Writer, header string, rows []T, cells func(T) string) error {
	tw := columns(w)
	fmt.Fprintln(tw, header)
	for _, r := range rows {
		fmt.Fprintln(tw, cells(r))
	}
	return tw.Flush()
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
