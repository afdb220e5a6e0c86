package video

import (
	"errors"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/imageview"
	"atelier/ui/tab"
)

// Playing the arena's videos, and what it takes to vote: a video is
// marked played only once the player took it, and a vote waits until
// both were ("A ▶ played" after playing failed, and a vote cast
// unseen).

// playedMsg is the answer of playing the arena's videos: the places the
// player took, and the one it could not, with why.
type playedMsg struct {
	pair   [2]int64 // the pair played (task rows), to drop an answer for another
	played []int
	failed int // -1: none
	err    error
}

// playBlind plays the shown videos at the given places, one after the
// other (a player that returns at once, as xdg-open does, leaves them
// side by side). A failure names the letter, never the file, whose name
// holds the task's id.
func (a arena) playBlind(open func(string) error, at ...int) tea.Cmd {
	pair := a.pair
	return func() tea.Msg {
		msg := playedMsg{pair: [2]int64{pair[0].rec.ID, pair[1].rec.ID}, failed: -1}
		for _, i := range at {
			if err := open(pair[i].file); err != nil {
				letter := store.Letters(2)[i]
				said := imageview.OpenFailed(err, "videos", "play video "+letter).Error()
				text := strings.NewReplacer(pair[i].file, "video "+letter, filepath.Base(pair[i].file), "video "+letter).Replace(said)
				msg.failed, msg.err = i, errors.New(text)
				break
			}
			msg.played = append(msg.played, i)
		}
		return result(msg)
	}
}

// answer takes what answers the arena being judged: the player's, or the
// vote's (recorded, withdrawn).
func (a arena) answer(msg tea.Msg) (arena, tea.Cmd) {
	if p, ok := msg.(playedMsg); ok {
		return a.playedAnswer(p)
	}
	var cmd tea.Cmd
	a.vote, cmd = a.vote.Update(msg)
	return a, cmd
}

// playedAnswer marks the videos the player took, and the one it could
// not.
func (a arena) playedAnswer(msg playedMsg) (arena, tea.Cmd) {
	if msg.pair != [2]int64{a.pair[0].rec.ID, a.pair[1].rec.ID} {
		return a, nil
	}
	for _, i := range msg.played {
		a.played[i], a.unplayable[i] = true, false
	}
	a.vote = a.vote.Ballot(a.ballot(), a.unseen()) // the vote line says whether it still waits
	if msg.failed >= 0 {
		a.unplayable[msg.failed] = true
		return a, tab.Error(msg.err)
	}
	return a, nil
}

// unseen is why a vote waits: the letters not played yet; "" when both
// were.
func (a arena) unseen() string {
	var not []string
	for i, p := range a.played {
		if !p {
			not = append(not, store.Letters(2)[i])
		}
	}
	if len(not) == 0 {
		return ""
	}
	return "play " + strings.Join(not, " and ") + " first (enter plays A then B): a vote waits until both were seen"
}
