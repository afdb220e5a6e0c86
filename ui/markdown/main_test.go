package markdown

import (
	"os"
	"testing"
	"time"

	"github.com/dlclark/regexp2"
)

// TestMain gives chroma's regular expressions room. Chroma stops a rule's
// match after 250 ms of wall-clock time and takes the rule as not matching,
// so a highlighter descheduled that long (a loaded machine running every
// package's tests under -race) colours code otherwise, and the tests that
// compare two renderings of the same text see them differ. regexp2 adds its
// clock's period to every deadline: at 5 s the deadlines are 5.25 s and
// more, which only a real runaway match reaches.
func TestMain(m *testing.M) {
	regexp2.SetTimeoutCheckPeriod(5 * time.Second)
	os.Exit(m.Run())
}
