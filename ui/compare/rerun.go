package compare

import (
	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/ui/tab"
)

// rerun takes up a comparison from the History tab: it opens as it was
// recorded, its prompt and targets the next run's, and waits for ctrl+r
// (or e, to change the prompt first). While a run streams, or when the
// comparison cannot be read, the prompt and targets are filled in alone.
func (m Model) rerun(msg tab.RerunMsg) (Model, tea.Cmd) {
	m.arena.next = m.arena.next || msg.Blind
	if msg.Keep && m.kept == nil { // the Arena's: the person's own come back after it
		m.kept = &keptRun{prompt: m.prompt, system: m.system, targets: m.targets, defaulted: m.defaulted}
	}
	if msg.ID == 0 || msg.Blind || m.db == nil || m.run.running() { // a blind one is not shown named first
		targets := make([]client.ChatTarget, 0, len(msg.Targets))
		for _, t := range msg.Targets {
			targets = append(targets, storedTarget(t.Family, t.Model, t.SettingsJSON))
		}
		return m.prefill(msg.Prompt, targets)
	}
	var i int
	m.browser, i = m.browser.insert(msg.ID)
	m, cmd := m.open(i)
	return m, tea.Batch(cmd, tab.Info("compare: ctrl+r runs it again; e changes the prompt first"))
}

// prefill makes prompt and targets the next run's, and opens the prompt
// for a look before it runs: a past run taken up again.
func (m Model) prefill(prompt string, targets []client.ChatTarget) (Model, tea.Cmd) {
	m.prompt = prompt
	m.system, m.targets = splitSystem(targets)
	m.defaulted = false
	m.mode = m.editor.open(m.prompt, m.system)
	return m, tea.Batch(append(m.layout(), m.editor.focus())...)
}

// sharedSystem is the system prompt of targets when they all have the same
// one, else "".
func sharedSystem(targets []client.ChatTarget) string {
	for _, t := range targets[min(len(targets), 1):] {
		if t.Settings.System != targets[0].Settings.System {
			return ""
		}
	}
	if len(targets) == 0 {
		return ""
	}
	return targets[0].Settings.System
}

// splitSystem takes the system prompt all targets share out of them, as
// the run's; targets with different ones keep their own.
func splitSystem(targets []client.ChatTarget) (string, []client.ChatTarget) {
	system := sharedSystem(targets)
	out := make([]client.ChatTarget, len(targets))
	for i, t := range targets {
		if system != "" {
			t.Settings.System = ""
		}
		out[i] = t
	}
	return system, out
}

// keptRun is the person's next run, kept aside while a comparison the
// Arena added runs first (tab.RerunMsg.Keep).
type keptRun struct {
	prompt, system string
	targets        []client.ChatTarget
	defaulted      bool
}

// restore puts the person's own next run back into m once the added one
// started; a nil keptRun leaves m as it is.
func (k *keptRun) restore(m *Model) {
	if k != nil {
		m.prompt, m.system, m.targets, m.defaulted, m.kept = k.prompt, k.system, k.targets, k.defaulted, nil
	}
}
