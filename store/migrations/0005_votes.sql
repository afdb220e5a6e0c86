-- 0005: the arena. A vote judges the replies of one comparison's prompt
-- (chat), two or more image jobs, or two or more finished video tasks; it
-- keeps which target each letter showed, since the letters were all the
-- person saw. A vote is never changed after the reveal, only withdrawn
-- (withdrawn_at), so that what was recorded stays what was judged blind.

CREATE TABLE votes (
  id               INTEGER PRIMARY KEY,
  kind             TEXT    NOT NULL CHECK (kind IN ('chat', 'image', 'video')),
  conversation_id  INTEGER REFERENCES conversations (id) ON DELETE CASCADE,
  turn             INTEGER NOT NULL DEFAULT 0,   -- chat: the prompt judged
  verdict          TEXT    NOT NULL,             -- letters best first ('AB', 'CABD'), 'tie' or 'bad'
  blind            INTEGER NOT NULL DEFAULT 1,
  created_at       INTEGER NOT NULL,
  withdrawn_at     INTEGER NOT NULL DEFAULT 0,
  CHECK ((kind = 'chat') = (conversation_id IS NOT NULL))
);
CREATE INDEX votes_recent ON votes (kind, created_at);
CREATE INDEX votes_conversation ON votes (conversation_id, turn) WHERE conversation_id IS NOT NULL;

-- The shown order: what each letter was.
CREATE TABLE vote_targets (
  vote_id        INTEGER NOT NULL REFERENCES votes (id) ON DELETE CASCADE,
  letter         TEXT    NOT NULL,              -- 'A', 'B', 'C', 'D'
  lane           INTEGER NOT NULL DEFAULT 0,    -- chat: the comparison's lane
  image_job_id   INTEGER REFERENCES image_jobs (id) ON DELETE CASCADE,
  video_task_id  INTEGER REFERENCES video_tasks (id) ON DELETE CASCADE,
  family         TEXT    NOT NULL DEFAULT '',
  model          TEXT    NOT NULL DEFAULT '',   -- a video task's endpoint
  target         TEXT    NOT NULL,              -- the name the leaderboard ranks
  PRIMARY KEY (vote_id, letter)
) WITHOUT ROWID;
CREATE INDEX vote_targets_image ON vote_targets (image_job_id) WHERE image_job_id IS NOT NULL;
CREATE INDEX vote_targets_video ON vote_targets (video_task_id) WHERE video_task_id IS NOT NULL;
CREATE INDEX vote_targets_family ON vote_targets (family, vote_id);

-- A vote loses its meaning with any of the things it judged: deleting an
-- image job or a video task from the history deletes the votes on it.
CREATE TRIGGER vote_targets_gone AFTER DELETE ON vote_targets BEGIN
  DELETE FROM votes WHERE id = old.vote_id;
END;

-- A person's tags on prompts ("code", "poetry", "product shots"): on a
-- comparison, an image job or a video task. The leaderboard filters by them.
CREATE TABLE tags (
  tag              TEXT    NOT NULL CHECK (tag <> ''),
  conversation_id  INTEGER REFERENCES conversations (id) ON DELETE CASCADE,
  image_job_id     INTEGER REFERENCES image_jobs (id) ON DELETE CASCADE,
  video_task_id    INTEGER REFERENCES video_tasks (id) ON DELETE CASCADE,
  CHECK ((conversation_id IS NOT NULL) + (image_job_id IS NOT NULL) + (video_task_id IS NOT NULL) = 1)
);
CREATE UNIQUE INDEX tags_item ON tags (ifnull(conversation_id, 0), ifnull(image_job_id, 0), ifnull(video_task_id, 0), tag);
CREATE INDEX tags_tag ON tags (tag);
