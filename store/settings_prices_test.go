package store

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atelier/store/price"
)

func TestPricesAndBudgetLoad(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "config.toml")
	os.WriteFile(p, []byte(`[prices."alpha/*"]
input = 3
output = 15.0
thinking = 15

[prices."gamma/image-2".image]
"1024x1024" = 0.04
"1024x1024/high" = 0.17

[prices."videoa/*"]
second = { "720p" = 0.1, "*" = 0.2 }

[budget]
run = 2
day = 10.5
`), 0o600)
	s, err := LoadSettings(p)
	if err != nil {
		t.Fatal(err)
	}
	if c := s.Prices.Reply("alpha/sonnet", priceUsage(1_000_000, 0)); c == nil || *c != 3 {
		t.Fatalf("alpha cost %v", c)
	}
	if c := s.Prices.Image("gamma/image-2", "1024x1024", "high", 2, nil); c == nil || *c != 0.34 {
		t.Fatalf("image cost %v", c)
	}
	if s.Budget.Run == nil || *s.Budget.Run != 2 || *s.Budget.Day != 10.5 {
		t.Fatalf("budget %+v", s.Budget)
	}
	// Saved and loaded again, the tables are the same.
	q := filepath.Join(t.TempDir(), "again.toml")
	if err := SaveSettings(q, s); err != nil {
		t.Fatal(err)
	}
	again, err := LoadSettings(q)
	if err != nil {
		t.Fatal(err)
	}
	if c := again.Prices.Video("videoa/q1/text-to-video", "4k", 5); c == nil || *c != 1 {
		t.Fatalf("after a save: %v", c)
	}
}

func TestPriceErrorsNameLineAndRule(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "config.toml")
	os.WriteFile(p, []byte(`theme = "dark"

[prices."gamma/image-2".image]
"huge" = 0.04

[prices."alpha/*"]
input = -3

[budget]
day = 0
`), 0o600)
	_, err := LoadSettings(p)
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{
		":4: prices.gamma/image-2.image.huge: want SIZE",
		":7: prices.alpha/*.input: a price must be a finite number, zero or more (got -3)",
		":10: budget.day: a budget must be a finite number above zero",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("no %q in\n%v", want, err)
		}
	}
	os.WriteFile(p, []byte("[prices.\"alpha/*\"]\ncost = 3\n"), 0o600)
	if _, err := LoadSettings(p); err == nil || !strings.Contains(err.Error(), ":2: prices.alpha/*.cost: unknown key") {
		t.Fatalf("unknown key: %v", err)
	}
}

func priceUsage(in, out int64) price.Usage { return price.Usage{Input: in, Output: out} }
