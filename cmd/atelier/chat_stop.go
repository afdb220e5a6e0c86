package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"atelier/client"
)

// stopLine says how a reply ended when it was not a normal end: one line
// for stderr and, for a reply that is not there to use (a blocked prompt or
// reply, a refusal), the error that makes the exit status 1. A reply cut
// short is still a reply: its line is a notice, and the exit status 0.
func (a *app) stopLine(res *client.ChatResult) (notice string, err error) {
	st := res.Stop
	said := strings.TrimSpace(st.Field + " " + cleanLine(st.Value))
	switch st.Kind {
	case client.ChatTruncated:
		if slices.Contains([]string{"max_tokens", "MAX_TOKENS", "max_output_tokens"}, st.Value) {
			return fmt.Sprintf("atelier: max tokens reached, the reply is cut short (%s); --max-tokens raises the limit", said), nil
		}
		return fmt.Sprintf("atelier: the reply is incomplete (%s)", said), nil
	case client.ChatBlocked:
		what := "reply"
		if st.Field == "promptFeedback.blockReason" {
			what = "prompt"
		}
		return "", fmt.Errorf("the %s was blocked by the service's safety filter (%s)", what, said)
	case client.ChatRefused:
		if st.Field == "refusal" {
			return "", errors.New("the model refused: " + cleanLine(st.Value))
		}
		return "", fmt.Errorf("the model refused to answer (%s)", said)
	}
	return "", nil
}
