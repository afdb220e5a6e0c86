package imagetab

import (
	"strconv"
	"strings"

	"atelier/client"
	"atelier/ui/components/form"
	"atelier/ui/tab"
)

// valuesOf reads the rows' values as a spec, without the prompt, the
// lineage or a recipe's extra fields (the draft adds them).
func valuesOf(f *form.Model) spec {
	s := spec{Model: strings.TrimSpace(f.Text(rowModel)), Size: f.Text(rowSize),
		Quality: f.Text(rowQuality), Background: f.Text(rowBackground), Format: f.Text(rowFormat),
		N: f.Text(rowN), Compression: f.Text(rowCompression), Partials: f.Text(rowPartials),
		Stream: f.Text(rowStream) == "true", Multipart: f.Text(rowSendAs) == sendMultipart}
	list, _ := f.Body(nil)[rowImages].([]any)
	for _, x := range list {
		if ref, _ := x.(string); strings.TrimSpace(ref) != "" {
			s.Inputs = append(s.Inputs, inputRef{Ref: strings.TrimSpace(ref)})
		}
	}
	if mask := strings.TrimSpace(f.Text(rowMask)); mask != "" {
		s.Mask = &inputRef{Ref: mask}
	}
	return s
}

// rulesWith checks the rows as the model named would receive them, with
// the client's own rules (the prompt stands in: it is checked beside its
// own row), then what the looks at the input files found and the URLs the
// service would not fetch.
func rulesWith(looks *lookBook) form.Rules {
	return func(f *form.Model) []form.Violation {
		s := valuesOf(f)
		s.Prompt = "a stand-in prompt"
		vs := s.violations(s.Model)
		vs = append(vs, looks.violations(s)...)
		vs = append(vs, schemeViolations(s)...)
		var out []form.Violation
		for _, v := range vs {
			if v.Field == "prompt" {
				continue
			}
			out = append(out, violation(v))
		}
		if l := strings.TrimSpace(f.Text(rowLabel)); l != "" {
			if err := tab.CheckLabel(l); err != nil {
				out = append(out, form.Violation{Field: rowLabel, Text: err.Error()})
			}
		}
		return out
	}
}

// violation is a client's violation as the form files it: a row shows its
// own value, so a top-level field's says only the rule.
func violation(v *client.ValidationError) form.Violation {
	if !strings.Contains(v.Field, "[") {
		return form.Violation{Field: v.Field, Text: v.Field + ": " + v.Rule}
	}
	return form.Violation{Field: v.Field, Text: v.Error()}
}

// schemeViolations refuse the inputs the service would not fetch.
func schemeViolations(s spec) []*client.ValidationError {
	var vs []*client.ValidationError
	check := func(field string, in inputRef) {
		if err := badScheme(in.Ref); err != nil {
			vs = append(vs, &client.ValidationError{Field: field, Rule: err.Error()})
		}
	}
	for i, in := range s.Inputs {
		check(itemField(i), in)
	}
	if s.Mask != nil {
		check(rowMask, *s.Mask)
	}
	return vs
}

func itemField(i int) string { return rowImages + "[" + strconv.Itoa(i) + "]" }
