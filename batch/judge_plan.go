package batch

import (
	"strings"

	"atelier/client"
)

// judge checks the file's judge (named FAMILY:MODEL[:settings] as a
// target is) and sets the plan's: the file's, else the default; a plan
// with rubric checks must have one.
func (v *validator) judge(p *Plan, spec string) {
	spec = strings.TrimSpace(spec)
	if spec != "" {
		if _, err := client.ParseChatTarget(spec); err != nil {
			v.fail("judge", "%v (a judge is a chat target: FAMILY:MODEL[:key=value,...])", err)
			return
		}
		p.Judge = spec
		return
	}
	if !p.HasRubric() {
		return
	}
	if v.defaultJudge == "" {
		v.fail("judge", "a rubric check needs a judge: judge = \"FAMILY:MODEL\" in the file, or one chosen in Settings (arena.judge)")
		return
	}
	p.Judge = v.defaultJudge
}

// HasRubric reports whether any case has a rubric check.
func (p *Plan) HasRubric() bool {
	for _, c := range p.Cases {
		if len(Rubrics(c.Checks)) > 0 {
			return true
		}
	}
	return false
}
