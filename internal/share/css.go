package share

import (
	"strings"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/styles"
)

// The page's one stylesheet: atelier's palette (ui/tab/palette.go), light
// or dark by the reader's preference, and a print layout. It is a
// constant of the program, so its hash in the CSP is too.

// chromaStyle and chromaDark colour highlighted code in light and dark.
var (
	chromaStyle = styles.Get("github")
	chromaDark  = styles.Get("github-dark")
)

const pageCSS = `:root{color-scheme:light dark;
--text:#1F1F24;--muted:#6B6B76;--subtle:#C4C4CC;--accent:#5B3FD1;--onfill:#FFFFFF;
--success:#1E7F4F;--warning:#9A6200;--error:#C22D3A;--bg:#FFFFFF;--panel:#F5F5F7}
@media (prefers-color-scheme:dark){:root{
--text:#E4E4E7;--muted:#9A9AA5;--subtle:#45454F;--accent:#A996FF;--onfill:#16161A;
--success:#6BD69B;--warning:#E8B55A;--error:#FF7A85;--bg:#16161A;--panel:#1F1F24}}
*{box-sizing:border-box}
body{margin:0 auto;max-width:78rem;padding:1.5rem;background:var(--bg);color:var(--text);
font:15px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif}
header.page{display:flex;justify-content:space-between;align-items:baseline;border-bottom:2px solid var(--accent);margin-bottom:1rem}
header.page .brand{color:var(--accent);font-weight:700;letter-spacing:.04em}
header.page .made{color:var(--muted);font-size:.85rem}
h1{font-size:1.45rem;margin:.6rem 0}h2{font-size:1.15rem;margin:1.2rem 0 .5rem}h3{font-size:1rem}
.muted,.figures{color:var(--muted);font-size:.85rem}
section.item{margin:0 0 2.2rem}
.turn{margin:1rem 0}
.bubble{background:var(--panel);border:1px solid var(--subtle);border-radius:8px;padding:.4rem .9rem;margin:.5rem 0;overflow-wrap:anywhere}
.bubble.you{border-left:4px solid var(--accent)}
.lanes{display:grid;gap:.8rem;grid-template-columns:repeat(auto-fit,minmax(18rem,1fr))}
.lane{border:1px solid var(--subtle);border-radius:8px;padding:.4rem .9rem;min-width:0;overflow-wrap:anywhere}
.lane h3{margin:.3rem 0;color:var(--accent)}
.lane.winner{border-color:var(--success)}
.ok{color:var(--success)}.bad{color:var(--error)}.warn{color:var(--warning)}
.stars{color:var(--warning)}
table{border-collapse:collapse;margin:.5rem 0;font-size:.9rem}
th,td{border:1px solid var(--subtle);padding:.25rem .55rem;text-align:left;vertical-align:top}
th{background:var(--panel)}
td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
pre{background:var(--panel);border:1px solid var(--subtle);border-radius:6px;padding:.6rem;overflow:auto;font-size:.85rem}
code{font-family:ui-monospace,"SF Mono",Menlo,Consolas,monospace}
.chroma{background:var(--panel)!important}
details>summary{cursor:pointer;color:var(--muted)}
.gallery{display:flex;flex-wrap:wrap;gap:.8rem}
.gallery figure{margin:0;max-width:100%}
.gallery img,video{max-width:100%;height:auto;border-radius:6px;border:1px solid var(--subtle)}
figcaption{color:var(--muted);font-size:.8rem}
svg.interval{display:block}
svg.interval .axis{stroke:var(--subtle)}
svg.interval .span-line{stroke:var(--accent);stroke-opacity:.35}
svg.interval .dot{fill:var(--accent)}
.question{border:1px solid var(--subtle);border-radius:10px;padding:.6rem 1rem;margin:1rem 0}
.question.current{border-color:var(--accent);box-shadow:0 0 0 2px var(--accent)}
.question .verdict{font-weight:700;color:var(--success)}
.choices button{font:inherit;margin:.2rem .3rem .2rem 0;padding:.3rem .8rem;border-radius:6px;border:1px solid var(--accent);background:var(--bg);color:var(--text);cursor:pointer}
.choices button.on{background:var(--accent);color:var(--onfill)}
.ballot-bar{position:sticky;top:0;background:var(--bg);padding:.5rem 0;border-bottom:1px solid var(--subtle);display:flex;gap:1rem;align-items:center;flex-wrap:wrap}
.ballot-bar input{font:inherit;padding:.2rem .4rem;background:var(--bg);color:var(--text);border:1px solid var(--subtle);border-radius:4px}
.ballot-bar a.save{background:var(--accent);color:var(--onfill);padding:.3rem .8rem;border-radius:6px;text-decoration:none}
kbd{border:1px solid var(--subtle);border-bottom-width:2px;border-radius:4px;padding:0 .3rem;font-size:.85em}
a{color:var(--accent)}
@media print{
:root{--text:#000;--muted:#444;--subtle:#999;--accent:#3A2890;--bg:#fff;--panel:#fff}
body{max-width:none;padding:0;font-size:11pt}
.lanes{display:block}.lane,.bubble,.question,pre{break-inside:avoid}
.ballot-bar,.choices{display:none}
details::details-content{content-visibility:visible;display:block}
a{color:inherit;text-decoration:none}
}
`

// stylesheet is the page's whole CSS: the palette's and chroma's, the
// dark colours of code under the reader's dark preference.
var stylesheet = func() string {
	var b strings.Builder
	b.WriteString(pageCSS)
	writeChroma(&b, chromaStyle)
	b.WriteString("@media (prefers-color-scheme:dark){\n")
	writeChroma(&b, chromaDark)
	b.WriteString("}\n")
	return b.String()
}()

// writeChroma writes a style's classes; a write to a strings.Builder
// cannot fail.
func writeChroma(b *strings.Builder, s *chroma.Style) {
	_ = chromaFormatter.WriteCSS(b, s)
}
