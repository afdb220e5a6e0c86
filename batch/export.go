package batch

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"atelier/internal/termtext"
	"atelier/store"
)

// The exports of a batch: CSV with one row per reply, or a Markdown
// report. One writer each, for the command line and the Batch tab.

// csvHeader names the CSV's columns.
var csvHeader = []string{"batch", "cell", "prompt", "case", "variables", "target", "repeat", "status", "attempts",
	"passed", "failed_checks", "ttft_ms", "total_ms", "input_tokens", "output_tokens", "tokens_per_second", "error",
	"conversation", "reply", "case_class", "pass_hat_n", "image_job", "file"}

// WriteCSV writes one row per cell: its place, outcome, figures and
// reply, as `atelier batch export --csv` and the Batch tab write it.
func (d *Report) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write(csvHeader)
	for _, c := range d.Cells {
		cs := d.Plan.Cases[c.Case]
		passed := ""
		if c.Passed != nil {
			passed = fmt.Sprint(*c.Passed)
		}
		conv := ""
		if c.ConversationID != 0 {
			conv = fmt.Sprintf("chat:%d", c.ConversationID)
		}
		cw.Write([]string{fmt.Sprint(d.Batch.ID), fmt.Sprint(c.Cell), fmt.Sprint(c.Prompt), cs.Name, varsText(cs.Vars),
			d.Plan.Targets[c.Target], fmt.Sprint(c.Repeat + 1), c.Status, fmt.Sprint(c.Attempts), passed,
			strings.Join(FailedChecks(c), "; "), msText(c.TTFT.Milliseconds()), msText(c.Total.Milliseconds()),
			msText(c.Usage.InputTokens), msText(c.Usage.OutputTokens), perSecond(c), c.Error, conv, d.Replies[c.Cell],
			d.repeatsOf(c).Class, passHatText(d.repeatsOf(c).PassHatN), imageJobText(c.ImageJobID), c.Media})
	}
	cw.Flush()
	return cw.Error()
}

// imageJobText names an image cell's job as history writes it.
func imageJobText(id int64) string {
	if id == 0 {
		return ""
	}
	return fmt.Sprintf("image:%d", id)
}

func msText(n int64) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprint(n)
}

func perSecond(c store.BatchCell) string {
	d := c.Total - c.TTFT
	if d <= 0 || c.Usage.OutputTokens == 0 {
		return ""
	}
	return fmt.Sprintf("%.1f", float64(c.Usage.OutputTokens)/d.Seconds())
}

// varsText writes a case's values as k=v; k=v, in key order.
func varsText(vars map[string]string) string {
	keys := make([]string, 0, len(vars))
	for k := range vars {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + vars[k]
	}
	return strings.Join(parts, "; ")
}

// FailedChecks names the checks a cell failed, with why.
func FailedChecks(c store.BatchCell) []string {
	var rs []CheckResult
	if json.Unmarshal(c.ChecksJSON, &rs) != nil {
		return nil
	}
	var out []string
	for _, r := range rs {
		if !r.Pass {
			out = append(out, r.Check+": "+r.Why)
		}
	}
	return out
}

// WriteMarkdown writes the report: the plan, the summary table, then each
// case with every target's replies, as `atelier batch export --md` and the
// Batch tab write it.
func (d *Report) WriteMarkdown(w io.Writer) error {
	p := d.Plan
	var b strings.Builder
	fmt.Fprintf(&b, "# Batch %d: %s\n\n", d.Batch.ID, mdText(d.Batch.Name))
	fmt.Fprintf(&b, "%s · %s · %d done, %d failed · started %s\n\n",
		d.Batch.Status, d.Shape(), d.Batch.Done, d.Batch.Failed, d.Batch.CreatedAt.Local().Format("2006-01-02 15:04"))
	if p.System != "" {
		fmt.Fprintf(&b, "System prompt: %s\n\n", mdText(p.System))
	}
	b.WriteString("## Summary\n\n| Target | Done | Pass | TTFT p50 | TTFT p95 | Total p50 | Total p95 | Tok/s | Out tokens | Errors | Stability | Pass^N | Flaky |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, s := range d.Summary {
		fmt.Fprintf(&b, "| `%s` | %d/%d | %s | %s | %s | %s | %s | %.1f | %.0f | %d | %s | %s | %d |\n", s.Target, s.Done, s.Cells,
			RateText(s.PassRate), Secs(s.TTFTMedian), Secs(s.TTFTP95), Secs(s.TotalMedian), Secs(s.TotalP95),
			s.TokensPerSecond, s.OutputTokens, s.Failed, ShareText(s.Stability), passHatText(s.PassHatN), s.Flaky)
	}
	byCase := map[int][]store.BatchCell{}
	for _, c := range d.Cells {
		byCase[c.Case] = append(byCase[c.Case], c)
	}
	for i, cs := range p.Cases {
		fmt.Fprintf(&b, "\n## %s\n\n", mdText(cs.Name))
		quote(&b, cs.Text)
		if i < len(d.Repeats) && p.Repeats > 1 {
			b.WriteString("\n")
			for _, r := range d.Repeats[i] {
				fmt.Fprintf(&b, "- `%s`: %s\n", r.Target, mdText(RepeatsText(r)))
			}
		}
		for _, c := range byCase[i] {
			fmt.Fprintf(&b, "\n### `%s` · repeat %d · %s", p.Targets[c.Target], c.Repeat+1, c.Status)
			if c.Passed != nil {
				b.WriteString(map[bool]string{true: " · checks passed", false: " · checks failed"}[*c.Passed])
			}
			if c.Total > 0 && c.Status == store.CellDone {
				fmt.Fprintf(&b, " · %s, %d tokens", Secs(c.Total), c.Usage.OutputTokens)
			}
			b.WriteString("\n\n")
			for _, f := range FailedChecks(c) {
				fmt.Fprintf(&b, "- failed: %s\n", mdText(f))
			}
			if c.Error != "" {
				fmt.Fprintf(&b, "- error: %s\n", mdText(c.Error))
			}
			if c.Media != "" { // an image batch's cell: its file, shown where the report is read
				fmt.Fprintf(&b, "\n![%s](%s)\n", mdText(cs.Name), mdText(c.Media))
			}
			if text := d.Replies[c.Cell]; text != "" { // quoted, so its headings stay inside the cell's
				b.WriteString("\n")
				quote(&b, text)
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// repeatsOf is the repeats of c's case and target; empty when the report
// has none.
func (d *Report) repeatsOf(c store.BatchCell) Repeats {
	if c.Case < 0 || c.Case >= len(d.Repeats) || c.Target < 0 || c.Target >= len(d.Repeats[c.Case]) {
		return Repeats{PassHatN: -1}
	}
	return d.Repeats[c.Case][c.Target]
}

// passHatText is pass^N as a share, "-" when unknown.
func passHatText(p float64) string {
	if p < 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", p)
}

// RepeatsText is a case's repeats for a target in a line: "flaky · 2 of
// 3 passed · 2× the same answer, 1× other · part ways at word 4: …".
func RepeatsText(r Repeats) string {
	parts := []string{ClassText(r.Class)}
	if r.Runs > 0 {
		parts = append(parts, fmt.Sprintf("%d of %d passed", r.Passed, r.Runs))
	}
	if len(r.Answers) > 0 {
		parts = append(parts, CollapseText(r.Answers))
	}
	if t := DivergeText(r.DivergeAt, r.DivergeWords); t != "" {
		parts = append(parts, t)
	}
	return strings.Join(parts, " · ")
}

// quote writes text as a Markdown block quote.
func quote(b *strings.Builder, text string) {
	for line := range strings.SplitSeq(strings.TrimRight(mdText(text), "\n"), "\n") {
		b.WriteString(strings.TrimRight("> "+line, " ") + "\n")
	}
}

// mdText is text with terminal control sequences removed: a report is read
// with cat as often as with a viewer.
func mdText(s string) string { return termtext.String(s) }
