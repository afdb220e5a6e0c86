package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"atelier/internal/termtext"
	"atelier/store"
	"atelier/store/price"
)

func (a *app) historyCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "history list|search|show|export|label",
		Short: "Browse, search and export past chats, comparisons, images and video tasks",
		Long: "Everything atelier did is kept in its history, offline. Items are named KIND:ID, as\n" +
			"`history list` prints them: chat:12, compare:3, image:7, video:4.",
	}
	cmd.AddCommand(a.historyListCmd(), a.historySearchCmd(), a.historyShowCmd(), a.historyExportCmd(),
		a.historyLabelCmd())
	return cmd
}

func (a *app) historySearchCmd() *cobra.Command {
	var q store.SearchQuery
	var kind string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "search QUERY",
		Short: "Search prompts and replies (all words must occur; \"quoted phrases\"; the last word matches as a prefix)",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			q.Text, q.Kind = strings.Join(args, " "), store.Kind(kind)
			db, err := a.store()
			if err != nil {
				return err
			}
			hits, err := db.Search(cmd.Context(), q)
			if err != nil {
				return err
			}
			hits = hitPerItem(hits)
			if err := nameHits(cmd.Context(), db, hits); err != nil {
				return err
			}
			if asJSON {
				return writeJSON(a.jsonOut(), hits)
			}
			open, shut := "[", "]"
			if isTerminal(a.io.out) {
				open, shut = "\x1b[1m", "\x1b[22m"
			}
			tw := tabwriter.NewWriter(a.io.out, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "ITEM\tWHEN\tMODEL\tMATCH")
			for _, h := range hits {
				snippet := highlight(h.Snippet, open, shut)
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", refString(store.ItemRef{Kind: h.Kind, ID: h.ID}),
					h.At.Local().Format("2006-01-02 15:04"), cleanLine(h.Model), snippet)
			}
			return tw.Flush()
		},
	}
	cmd.Flags().StringVar(&kind, "kind", "", "chat, compare, image or video")
	cmd.Flags().IntVar(&q.Limit, "limit", 50, "at most this many hits")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}

// hitPerItem keeps the newest match of each item: a comparison matched in
// its prompt and in each lane's reply is one item, listed once.
func hitPerItem(hits []store.Hit) []store.Hit {
	seen := map[store.ItemRef]bool{}
	out := hits[:0:0]
	for _, h := range hits {
		ref := store.ItemRef{Kind: h.Kind, ID: h.ID}
		if !seen[ref] {
			seen[ref] = true
			out = append(out, h)
		}
	}
	return out
}

// itemArg reads the ITEM argument, opens the history it is in and checks
// that the item is there: an item not in it is named, with where to look.
func (a *app) itemArg(ctx context.Context, args []string) (store.ItemRef, *store.Store, error) {
	ref, err := parseRef(args[0])
	if err != nil {
		return ref, nil, err
	}
	db, err := a.store()
	if err != nil {
		return ref, nil, err
	}
	if ok, err := db.HasItem(ctx, ref); err != nil {
		return ref, nil, err
	} else if !ok {
		return ref, nil, usagef("%s: no such item in the history (see `atelier history list`)", args[0])
	}
	return ref, db, nil
}

func (a *app) historyShowCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "show ITEM",
		Short: "Print one item as Markdown (or --json with the native requests and replies)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ref, db, err := a.itemArg(cmd.Context(), args)
			if err != nil {
				return err
			}
			cost, err := db.ItemCost(cmd.Context(), ref, a.prices())
			if err != nil {
				a.warn(err)
			}
			if asJSON {
				var b bytes.Buffer
				if err := db.ExportJSON(cmd.Context(), ref, &b); err != nil {
					return err
				}
				_, err := a.jsonOut().Write(withCost(b.Bytes(), cost))
				return err
			}
			dir, err := os.MkdirTemp("", "atelier-show")
			if err != nil {
				return err
			}
			defer os.RemoveAll(dir)
			path, err := db.ExportMarkdown(cmd.Context(), ref, dir)
			if err != nil {
				return err
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			if cost != nil {
				b = fmt.Appendf(bytes.TrimRight(b, "\n"), "\n\nCost: %s\n", price.Format(*cost))
			}
			_, err = a.textOut(a.io.out, false).Write(b)
			return err
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the item as JSON, with native requests and replies")
	return cmd
}

func (a *app) historyExportCmd() *cobra.Command {
	var dir string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "export ITEM",
		Short: "Export an item as Markdown plus a media folder (or as JSON)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ref, db, err := a.itemArg(cmd.Context(), args)
			if err != nil {
				return err
			}
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return usagef("-o: %v", err)
			}
			if asJSON {
				f, err := os.CreateTemp(dir, strings.ReplaceAll(refString(ref), ":", "-")+"-*.json")
				if err != nil {
					return err
				}
				if err := db.ExportJSON(cmd.Context(), ref, f); err != nil {
					f.Close()
					os.Remove(f.Name())
					return err
				}
				fmt.Fprintln(a.io.out, f.Name())
				return f.Close()
			}
			path, err := db.ExportMarkdown(cmd.Context(), ref, dir)
			if err != nil {
				return err
			}
			fmt.Fprintln(a.io.out, path)
			return nil
		},
	}
	cmd.Flags().StringVarP(&dir, "output", "o", ".", "directory to export into")
	cmd.Flags().BoolVar(&asJSON, "json", false, "export JSON instead of Markdown")
	return cmd
}

// highlight cleans a search snippet of control sequences and marks its
// matches with open and shut, on one line.
func highlight(snippet, open, shut string) string {
	var b strings.Builder
	for i, part := range strings.Split(snippet, store.HighlightStart) {
		match, rest, found := strings.Cut(part, store.HighlightEnd)
		if i == 0 || !found {
			b.WriteString(termtext.String(part))
			continue
		}
		b.WriteString(open + termtext.String(match) + shut + termtext.String(rest))
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// parseRef reads KIND:ID.
func parseRef(s string) (store.ItemRef, error) {
	k, id, ok := strings.Cut(s, ":")
	n, err := strconv.ParseInt(id, 10, 64)
	if store.Kind(k) == store.KindBatch && ok && err == nil && n > 0 {
		return store.ItemRef{}, usagef("item %q is a batch: see `atelier batch show %d`, and its cells with `atelier history list --batch %d`", s, n, n)
	}
	switch store.Kind(k) {
	case store.KindChat, store.KindCompare, store.KindImage, store.KindVideo:
	default:
		ok = false
	}
	if !ok || err != nil || n <= 0 {
		return store.ItemRef{}, usagef("item %q: want KIND:ID, e.g. chat:12 (see `atelier history list`)", s)
	}
	return store.ItemRef{Kind: store.Kind(k), ID: n}, nil
}

func refString(r store.ItemRef) string { return fmt.Sprintf("%s:%d", r.Kind, r.ID) }

// parseSince reads a date (2006-01-02) or a duration ago (48h).
func parseSince(s string, now time.Time) (time.Time, error) {
	if d, err := time.ParseDuration(s); err == nil {
		return now.Add(-d), nil
	}
	if t, err := time.ParseInLocation("2006-01-02", s, time.Local); err == nil {
		return t, nil
	}
	return time.Time{}, usagef("--since %q: want a date like 2026-11-01 or a duration like 48h", s)
}

func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
