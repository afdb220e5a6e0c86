package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// A comparison's report opens with a table of its lanes: the figures a
// prompt engineer compares, and the person's verdict, one row per lane.

// compareSummary writes the table of each turn's lanes.
func (w *mdWriter) compareSummary(c *Conversation) {
	lanes := map[[2]int]Lane{}
	for _, l := range c.Lanes {
		lanes[[2]int{l.Turn, l.Lane}] = l
	}
	var replies []Message
	turns := 0
	for _, m := range c.Messages {
		if m.Role == RoleAssistant {
			replies = append(replies, m)
			turns = max(turns, m.Turn+1)
		}
	}
	if len(replies) == 0 {
		return
	}
	w.f("\n## Summary\n\n")
	system, shared := sharedSystem(c.Lanes)
	if shared && system != "" {
		w.f("System prompt: %s\n\n", sumCell(system))
	}
	head := "| Lane | Target | First token | Total | In | Out | Tokens/s | Stop | Rating | Winner | Note |\n"
	if turns > 1 {
		head = "| Turn " + head
	}
	w.f("%s|%s\n", head, strings.Repeat("---|", strings.Count(head, "|")-1))
	for _, m := range replies {
		l := lanes[[2]int{m.Turn, m.Lane}]
		if turns > 1 {
			w.f("| %d ", m.Turn+1)
		}
		w.f("| %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", m.Lane+1, sumCell(sumTarget(m, l, shared)),
			sumSecs(m.TTFT.Seconds()), sumSecs(m.Total.Seconds()), sumCount(m.Usage.InputTokens), sumCount(m.Usage.OutputTokens),
			sumPerSecond(m), sumCell(sumEnd(m)), sumStars(l.Rating), sumMark(l.Winner), sumCell(l.Note))
	}
}

// sharedSystem is the system prompt of the lanes, when they all have the
// same one.
func sharedSystem(lanes []Lane) (string, bool) {
	var systems []string
	for _, l := range lanes {
		var s struct{ System string }
		json.Unmarshal(l.SettingsJSON, &s)
		systems = append(systems, s.System)
	}
	if len(systems) == 0 {
		return "", false
	}
	return systems[0], len(slices.Compact(systems)) == 1
}

// sumTarget is family · model · settings, the system prompt left out
// when it is the one every lane shares.
func sumTarget(m Message, l Lane, sharedSystem bool) string {
	fam, model, settings := m.Family, m.Model, m.SettingsJSON
	if l.Family != "" {
		fam, model, settings = l.Family, l.Model, l.SettingsJSON
	}
	return strings.Join(nonEmpty(fam, model, sumSettings(settings, sharedSystem)), " · ")
}

// sumSettings writes a settings object as key=value pairs.
func sumSettings(raw json.RawMessage, noSystem bool) string {
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return ""
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		if k != "system" || !noSystem {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	var pairs []string
	for _, k := range keys {
		var b bytes.Buffer
		if json.Compact(&b, m[k]) != nil {
			continue
		}
		v := b.String()
		var s string
		if json.Unmarshal(m[k], &s) == nil {
			v = s
		}
		pairs = append(pairs, k+"="+v)
	}
	return strings.Join(pairs, " ")
}

// sumEnd is the stop reason, or how the reply failed.
func sumEnd(m Message) string {
	if m.Status == StatusComplete {
		return m.StopReason
	}
	return strings.Join(nonEmpty(m.Status, m.Error), ": ")
}

func sumPerSecond(m Message) string {
	d := (m.Total - m.TTFT).Seconds()
	if m.Usage.OutputTokens == 0 || d <= 0 {
		return ""
	}
	return fmt.Sprintf("%.0f", float64(m.Usage.OutputTokens)/d)
}

func sumSecs(s float64) string {
	switch {
	case s <= 0:
		return ""
	case s < 0.005: // would read 0.00 s, as if none were measured
		return "< 0.01 s"
	}
	return fmt.Sprintf("%.2f s", s)
}

func sumCount(n int64) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprint(n)
}

func sumStars(n int) string {
	if n <= 0 {
		return ""
	}
	return strings.Repeat("★", n) + strings.Repeat("☆", 5-n)
}

func sumMark(b bool) string {
	if b {
		return "✓"
	}
	return ""
}

// sumCell makes s safe in a table cell: one line, pipes escaped.
func sumCell(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return strings.ReplaceAll(s, "|", `\|`)
}
