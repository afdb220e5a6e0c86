package batch

import (
	"encoding/json"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/ui/tab"
)

// toCompare sends the selected row — the case's prompt to every target of
// the batch — to the Compare tab, blind if asked.
func (x *matrix) toCompare(blind bool) tea.Cmd {
	c, _, ok := x.selected()
	if !ok {
		return nil
	}
	targets, err := x.plan.ChatTargets()
	if err != nil {
		return tab.Error(err)
	}
	msg := tab.RerunMsg{To: tab.Compare, Kind: store.KindCompare, Prompt: x.plan.Cases[c].Text, Blind: blind}
	for _, t := range targets {
		msg.Targets = append(msg.Targets, rerunTarget(t))
	}
	if len(targets) > 0 {
		msg.Family, msg.Model = string(targets[0].Family), targets[0].Model
	}
	return func() tea.Msg { return msg }
}

// rerunTarget is a target as Compare takes it up: its settings as JSON.
func rerunTarget(t client.ChatTarget) tab.RerunTarget {
	js, _ := json.Marshal(t.Settings)
	return tab.RerunTarget{Family: string(t.Family), Model: t.Model, SettingsJSON: js}
}
