package settings

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"atelier/store/price"
	"atelier/ui/components/form"
)

// priceSpec is the form of one [prices] entry: store/price.Rate's fields,
// a row each, with the rule beside it. Whether a value is a price is
// price.Validate's to say (priceRules), never this file's.
var priceSpec = []form.Field{
	{Name: "pattern", Label: "model or pattern", Kind: form.String, Meta: true, Trim: true,
		Placeholder: "alpha/*, gamma/image-2, videob/*",
		Doc:         "a model, a video endpoint or a glob (* spans slashes); the longest match wins"},
	{Name: "input", Kind: form.Number, Trim: true, Empty: "not priced", Doc: "per million input tokens"},
	{Name: "output", Kind: form.Number, Trim: true, Empty: "not priced", Doc: "per million output tokens"},
	{Name: "thinking", Kind: form.Number, Trim: true, Empty: "the output rate", Doc: "per million thinking tokens"},
	{Name: "image", Label: "per image", Kind: form.ObjectList, Doc: "by size and quality; ctrl+n adds one", Items: []form.Field{
		{Name: "size", Kind: form.String, Trim: true, Placeholder: "1024x1024/high",
			Doc: "SIZE, SIZE/QUALITY, */QUALITY or *: tried in that order"},
		{Name: "price", Kind: form.Number, Trim: true, Doc: "for one image of that size"},
	}},
	{Name: "second", Label: "per video second", Kind: form.ObjectList, Doc: "by resolution; ctrl+n adds one", Items: []form.Field{
		{Name: "resolution", Kind: form.String, Trim: true, Placeholder: "720p", Doc: "720p, 1080p… or * for any"},
		{Name: "price", Kind: form.Number, Trim: true, Doc: "for one second of video"},
	}},
}

// priceEditor is one [prices] entry open in a form.
type priceEditor struct {
	open   bool
	was    string // the pattern when opened; "" for a new entry
	saving bool   // ctrl+s was pressed and the save has not answered yet
	form   form.Model
}

// newPriceEditor opens the entry of pattern in table ("" for a new one).
// Another entry's pattern is refused, so saving never overwrites it.
func newPriceEditor(table price.Table, pattern string) priceEditor {
	taken := slices.DeleteFunc(slices.Collect(maps.Keys(table)), func(p string) bool { return p == pattern })
	e := priceEditor{open: true, was: pattern}
	e.form = form.New(priceSpec, func(m *form.Model) []form.Violation { return priceRules(m, taken) })
	if pattern != "" {
		e.form, _ = e.form.Load(rateBody(table[pattern]))
		e.form.Set("pattern", pattern)
	}
	e.form.Goto(0)
	return e
}

// entry is the pattern and rate the form holds, and what keeps them
// from being a price: the text of a number that is not one, a size or
// resolution given twice, another entry's pattern, then every rule of
// price.Validate, each at its row.
func entry(m *form.Model, taken []string) (string, price.Rate, []form.Violation) {
	pattern := strings.TrimSpace(m.Text("pattern"))
	body := m.Body(nil)
	var r price.Rate
	var vs []form.Violation
	unread := false // a number did not read
	num := func(path string, x any) *float64 {
		n, ok := x.(json.Number) // the form sends what does not read as a number as text
		f, err := n.Float64()
		if !ok || err != nil {
			vs = append(vs, form.Violation{Field: path, Text: fmt.Sprintf("%q is not a number (write it as 0.04)", fmt.Sprint(x))})
			unread = true
			return nil
		}
		return &f
	}
	for name, dst := range map[string]**float64{"input": &r.Input, "output": &r.Output, "thinking": &r.Thinking} {
		if x, ok := body[name]; ok {
			*dst = num(name, x)
		}
	}
	at := map[string]string{} // price.Validate's key under the entry → the form's path
	r.Image = table(body, "image", "size", "price", at, num, &vs)
	r.Second = table(body, "second", "resolution", "price", at, num, &vs)
	if slices.Contains(taken, pattern) {
		vs = append(vs, form.Violation{Field: "pattern", Text: pattern + " has a price already: edit that entry"})
	}
	if unread {
		// A number typed that is not one is left out of the rate, which
		// price.Validate would then call empty, or name again: it must
		// first be a number.
		return pattern, r, vs
	}
	return pattern, r, append(vs, validate(pattern, r, at)...)
}

// validate is price.Validate's word on rate r of pattern, each problem at
// its row: at says where the form holds a table's key under the entry
// ("image.1024x1024" → "image[0]"), any other key under it is its own row
// ("input"), and a problem with the entry as a whole is the pattern's.
func validate(pattern string, r price.Rate, at map[string]string) []form.Violation {
	var vs []form.Violation
	prefix := "prices." + pattern
	price.Validate(price.Table{pattern: r}, price.Budget{}, func(key, format string, args ...any) {
		path := "pattern"
		if rest, ok := strings.CutPrefix(key, prefix+"."); ok {
			path = at[rest]
			if path == "" {
				path = rest
			}
		}
		vs = append(vs, form.Violation{Field: path, Text: fmt.Sprintf(format, args...)})
	})
	return vs
}

// priceRules are entry's violations, for the form.
func priceRules(m *form.Model, taken []string) []form.Violation {
	_, _, vs := entry(m, taken)
	return vs
}

// table reads the object list name of body ({key: "1024x1024", price:
// 0.04} items) as a Rate's map, noting in at where each key's item is.
func table(body map[string]any, name, key, priceName string, at map[string]string, num func(string, any) *float64, vs *[]form.Violation) map[string]float64 {
	items, _ := body[name].([]any)
	if len(items) == 0 {
		return nil
	}
	out := map[string]float64{}
	for i, it := range items {
		obj, _ := it.(map[string]any)
		path := name + "[" + strconv.Itoa(i) + "]"
		k, _ := obj[key].(string)
		if _, twice := out[k]; twice {
			*vs = append(*vs, form.Violation{Field: path + "." + key, Text: fmt.Sprintf("%q is priced twice", k)})
			continue
		}
		x, ok := obj[priceName]
		if !ok {
			*vs = append(*vs, form.Violation{Field: path + "." + priceName, Text: "give the price, or remove the line (ctrl+x)"})
			continue
		}
		if v := num(path+"."+priceName, x); v != nil {
			out[k] = *v
			at[name+"."+k] = path
		}
	}
	return out
}

// rateBody is a rate as the form loads it.
func rateBody(r price.Rate) map[string]any {
	body := map[string]any{}
	for name, v := range map[string]*float64{"input": r.Input, "output": r.Output, "thinking": r.Thinking} {
		if v != nil {
			body[name] = *v
		}
	}
	lines := func(m map[string]float64, key string) []any {
		var out []any
		for _, k := range slices.Sorted(maps.Keys(m)) {
			out = append(out, map[string]any{key: k, "price": m[k]})
		}
		return out
	}
	if len(r.Image) > 0 {
		body["image"] = lines(r.Image, "size")
	}
	if len(r.Second) > 0 {
		body["second"] = lines(r.Second, "resolution")
	}
	return body
}

// rateSummary is a rate on one line, for the list.
func rateSummary(r price.Rate) string {
	var parts []string
	for _, p := range []struct {
		name string
		v    *float64
	}{{"in", r.Input}, {"out", r.Output}, {"thinking", r.Thinking}} {
		if p.v != nil {
			parts = append(parts, p.name+" "+amount(*p.v))
		}
	}
	each := func(m map[string]float64, unit string) {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			parts = append(parts, k+" "+amount(m[k])+unit)
		}
	}
	each(r.Image, "/image")
	each(r.Second, "/s")
	return strings.Join(parts, " · ")
}

func amount(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
