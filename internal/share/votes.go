package share

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"atelier/internal/wrongtype"
	"atelier/store"
)

// VotesFile is what a ballot page saves: the ballot, the rater and one
// verdict per question answered.
type VotesFile struct {
	Ballot string             `json:"ballot"`
	Rater  string             `json:"rater"`
	Votes  []store.BallotVote `json:"votes"`
}

// votesShape is a votes file as it is written, for the message of one
// that is not.
const votesShape = `{"ballot": "ID", "rater": "NAME", "votes": [{"question": 1, "verdict": "a"}]}`

// votesTypes are a votes file's parts in words, for a value of the wrong
// type (wrongtype.JSON).
var votesTypes = map[string]string{
	"share.VotesFile":    "an object, e.g. " + votesShape,
	"[]store.BallotVote": `a list of answers, e.g. [{"question": 1, "verdict": "a"}]`,
	"store.BallotVote":   `an answer, e.g. {"question": 1, "verdict": "a"}`,
}

// MaxVotesFile is the largest votes file read: 99 questions' answers fit
// in a few kilobytes.
const MaxVotesFile = 1 << 20

// ParseVotes reads a votes file, naming the field and the rule of what
// is wrong with it. The answers themselves are checked against the
// ballot when imported (store.ImportBallotVotes).
func ParseVotes(r io.Reader) (VotesFile, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxVotesFile+1))
	if err != nil {
		return VotesFile{}, fmt.Errorf("votes file: %w", err)
	}
	if len(data) > MaxVotesFile {
		return VotesFile{}, fmt.Errorf("votes file: larger than %d bytes: not a ballot's votes", MaxVotesFile)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f VotesFile
	if err := dec.Decode(&f); err != nil {
		if msg, ok := wrongtype.JSON(err, votesTypes); ok {
			return VotesFile{}, errors.New("votes file: " + msg)
		}
		return VotesFile{}, fmt.Errorf("votes file: %w (want %s)", err, votesShape)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return VotesFile{}, errors.New("votes file: more after the JSON object")
	}
	if f.Ballot == "" || len(f.Ballot) > 64 || strings.ContainsFunc(f.Ballot, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}) {
		return VotesFile{}, fmt.Errorf("votes file: ballot %q: want the id of a ballot page (lower-case letters and digits)", f.Ballot)
	}
	for i, v := range f.Votes {
		if v.Question < 1 {
			return VotesFile{}, fmt.Errorf("votes file: votes[%d]: question %d: want a question's number as shown, from 1", i, v.Question)
		}
	}
	return f, nil
}
