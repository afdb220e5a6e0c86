package store

import (
	"fmt"
	"testing"
)

// BenchmarkRecordVideoStatus is the poller's write per status seen (a
// transaction of a few statements), and BenchmarkVideoTask its read of a
// task by id: both are small, so parsing their SQL again on each call
// was much of their cost. Reproduce:
//
//	go test -run x -bench 'RecordVideoStatus|VideoTask$' ./store/
func BenchmarkRecordVideoStatus(b *testing.B) {
	s := openTest(b)
	addTask(b, s, "rq-bench", "videoa/q1/text-to-video", `{"prompt":"waves"}`)
	statuses := []string{"IN_QUEUE", "IN_PROGRESS"}
	i := 0
	for b.Loop() {
		pos := i % 7
		if _, err := s.RecordVideoStatus(bg, "rq-bench", VideoStatus{Status: statuses[i%2], QueuePosition: &pos,
			RawJSON: []byte(fmt.Sprintf(`{"status":%q,"queue_position":%d}`, statuses[i%2], pos))}); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkVideoTask(b *testing.B) {
	s := openTest(b)
	addTask(b, s, "rq-bench", "videoa/q1/text-to-video", `{"prompt":"waves"}`)
	for b.Loop() {
		if _, err := s.VideoTask(bg, "rq-bench"); err != nil {
			b.Fatal(err)
		}
	}
}
