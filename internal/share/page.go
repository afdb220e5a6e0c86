package share

import (
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"fmt"
	"html/template"
	"io"
	"strings"
	"time"

	"atelier/batch"
)

// The page: one template for every kind, the sections in the order given.

//go:embed templates/*.html
var templateFiles embed.FS

var pageTemplate = template.Must(template.New("page.html").Funcs(template.FuncMap{
	"pct": func(f float64) string { return fmt.Sprintf("%.0f%%", 100*f) },
	"num": func(f float64) string { return fmt.Sprintf("%.0f", f) },
	"count": func(n int, noun string) string {
		if n == 1 {
			return "1 " + noun
		}
		return fmt.Sprintf("%d %ss", n, noun)
	},
	"rate":  batch.RateText,
	"share": batch.ShareText,
	"dur":   batch.Secs,
}).ParseFS(templateFiles, "templates/*.html"))

// page is what the template draws.
type page struct {
	Title    string
	Made     string
	CSP      string
	Style    template.CSS
	Script   template.JS
	BallotID string // the ballot's id, in its meta; "" for a share page
	Sections []section
	Ballot   *ballotView
}

// section is one shared thing; exactly one field is set.
type section struct {
	Conv  *convView
	Image *imageView
	Video *videoView
	Batch *batchView
	Board *boardView
}

// hashSource is a CSP source allowing exactly text: its SHA-256.
func hashSource(text string) string {
	sum := sha256.Sum256([]byte(text))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// csp is the page's Content-Security-Policy: nothing from anywhere but
// images embedded or beside the page, videos beside it, its own
// stylesheet and (on a ballot) its own script, each by hash.
func csp(style, script string) string {
	scripts := "'none'"
	if script != "" {
		scripts = hashSource(script)
	}
	return strings.Join([]string{
		"default-src 'none'",
		"img-src data: 'self'",
		"media-src 'self'",
		"style-src " + hashSource(style),
		"script-src " + scripts,
		"base-uri 'none'",
		"form-action 'none'",
	}, "; ")
}

// render writes p with its stylesheet, script and policy.
func render(w io.Writer, p page, script string, made time.Time) error {
	p.Style, p.Script = template.CSS(stylesheet), template.JS(script)
	p.CSP = csp(stylesheet, script)
	p.Made = made.UTC().Format("2006-01-02 15:04 UTC")
	if err := pageTemplate.Execute(w, p); err != nil {
		return fmt.Errorf("share: page: %w", err)
	}
	return nil
}
