package store

import (
	"encoding/json"
	"fmt"
	"sync"
	"testing"
)

// TestPollerWriterAndReaderAtOnce runs what the app runs at once: a poller
// recording video statuses, a reply streaming, and the History tab listing
// and searching, on one Store (and a second Store of the same directory,
// as a second atelier process would). Run it with -race.
func TestPollerWriterAndReaderAtOnce(t *testing.T) {
	t.Parallel()
	s, other := openTwice(t) // other: another process's view
	const tasks, rounds = 8, 30
	for i := range tasks {
		addTask(t, s, fmt.Sprintf("rq-%d", i), "videob/o3/pro/text-to-video", fmt.Sprintf(`{"prompt":"lighthouse %d"}`, i))
	}
	conv := newChat(t, s, "a long lighthouse story")

	var wg sync.WaitGroup
	errs := make(chan error, 16)
	stop := make(chan struct{})
	wg.Add(1)
	go func() { // the poller
		defer wg.Done()
		defer close(stop)
		for r := range rounds {
			for i := range tasks {
				logs := json.RawMessage(fmt.Sprintf(`[{"message":"round %d"}]`, r))
				if _, err := s.RecordVideoStatus(bg, fmt.Sprintf("rq-%d", i), VideoStatus{Status: "IN_PROGRESS",
					QueuePosition: intp(rounds - r), LogsJSON: logs}); err != nil {
					errs <- err
					return
				}
			}
		}
		for i := range tasks {
			if err := s.CompleteVideoTask(bg, fmt.Sprintf("rq-%d", i), json.RawMessage(`{"video":{}}`), false); err != nil {
				errs <- err
				return
			}
		}
	}()
	wg.Add(1)
	go func() { // a reply streaming meanwhile
		defer wg.Done()
		r, err := s.BeginReply(bg, ReplyStart{ConversationID: conv, CheckpointBytes: 64})
		if err != nil {
			errs <- err
			return
		}
		for i := range 200 {
			if err := r.Append(fmt.Sprintf("lighthouse part %d. ", i), ""); err != nil {
				errs <- err
				return
			}
		}
		if err := r.Finish(ReplyEnd{}); err != nil {
			errs <- err
		}
	}()
	for _, st := range []*Store{s, other} { // readers in both "processes"
		wg.Add(1)
		go func() {
			defer wg.Done()
			lastEvents := map[string]int{}
			for done := false; !done; {
				select {
				case <-stop:
					done = true
				default:
				}
				if _, err := st.Items(bg, ItemFilter{Limit: 20}); err != nil {
					errs <- err
					return
				}
				if _, err := st.Search(bg, SearchQuery{Text: "lighthouse"}); err != nil {
					errs <- err
					return
				}
				for i := range tasks {
					rid := fmt.Sprintf("rq-%d", i)
					v, err := st.VideoTask(bg, rid)
					if err != nil {
						errs <- err
						return
					}
					if len(v.Events) < lastEvents[rid] {
						errs <- fmt.Errorf("%s: events went from %d to %d", rid, lastEvents[rid], len(v.Events))
						return
					}
					lastEvents[rid] = len(v.Events)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for i := range tasks {
		v := must[*VideoTask](t)(other.VideoTask(bg, fmt.Sprintf("rq-%d", i)))
		// submitted, then one event per round (each changed), then COMPLETED
		if len(v.Events) != 1+rounds+1 || !v.Done {
			t.Errorf("task %d: %d events, done %v", i, len(v.Events), v.Done)
		}
	}
}
