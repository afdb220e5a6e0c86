package store

import (
	"context"
	"time"
)

// A reply or image job whose writer is killed stays "streaming" or
// "running" in the database: the dead process cannot say otherwise, and
// nothing is committed after it, so a view that only follows Version would
// show it running for good. Open mends such rows (recoverOrphans), but a
// view open before the kill never opens the store again. So Version,
// while rows are being written, also asks now and then whether their
// writers still live, and mends those that do not; the mend is a commit,
// which moves the version, and every view redraws the row as interrupted.
//
// An idle store with nothing being written pays nothing for this: whether
// anything is being written is asked once per change of version, and the
// writers are looked at only while something is.

// mendEvery is how often, at most, the writers of rows being written are
// looked at: a killed writer's row shows as interrupted within about this
// long.
const mendEvery = 2 * time.Second

// orphanWatch is what Version knows of rows being written.
type orphanWatch struct {
	version int64     // the version writing was last asked at
	asked   bool      // writing holds an answer for version
	writing bool      // some reply or image job was being written
	looked  time.Time // when their writers were last looked at
}

// mendOrphans is Version's look at rows being written, at version v; the
// watch's lock is held. A failure leaves the rows as they are until the
// next look: a view is never the worse for it.
func (s *Store) mendOrphans(ctx context.Context, v int64) {
	o := &s.watch.orphans
	if !o.asked || o.version != v {
		o.version, o.asked, o.writing = v, true, false
		err := s.watch.conn.QueryRowContext(ctx, `SELECT
			EXISTS (SELECT 1 FROM messages WHERE status = ?) OR
			EXISTS (SELECT 1 FROM image_jobs WHERE status = ?)`,
			StatusStreaming, StatusRunning).Scan(&o.writing)
		if err != nil {
			o.asked = false
			return
		}
	}
	if !o.writing || s.now().Sub(o.looked) < mendEvery {
		return
	}
	o.looked = s.now()
	s.recoverOrphans(ctx) // a failure is tried again at the next look
}
