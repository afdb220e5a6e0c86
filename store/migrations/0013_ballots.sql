-- 0013: blind ballots sent to colleagues (issue 34). A ballot is a page of
-- questions a person shares; each question shows two to four lanes under
-- letters drawn when the ballot was made. The page holds only the letters:
-- what each letter was stays here, so that the votes a colleague sends
-- back (`atelier votes import`) are recorded against what they judged.
-- A vote now names its rater: '' is the person themself (shown as "me"),
-- anyone else the name the votes file gave. An imported vote keeps its
-- ballot and question, and one rater answers one question once.

CREATE TABLE ballots (
  id          TEXT    NOT NULL PRIMARY KEY,   -- opaque, written in the page
  created_at  INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE ballot_questions (
  ballot_id        TEXT    NOT NULL REFERENCES ballots (id) ON DELETE CASCADE,
  question         INTEGER NOT NULL,           -- as shown, from 1
  kind             TEXT    NOT NULL CHECK (kind IN ('chat', 'image', 'video')),
  conversation_id  INTEGER REFERENCES conversations (id) ON DELETE CASCADE,
  turn             INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (ballot_id, question)
) WITHOUT ROWID;

-- What each letter of a question showed, as vote_targets keeps it.
CREATE TABLE ballot_letters (
  ballot_id      TEXT    NOT NULL,
  question       INTEGER NOT NULL,
  letter         TEXT    NOT NULL,
  lane           INTEGER NOT NULL DEFAULT 0,
  image_job_id   INTEGER REFERENCES image_jobs (id) ON DELETE CASCADE,
  video_task_id  INTEGER REFERENCES video_tasks (id) ON DELETE CASCADE,
  family         TEXT    NOT NULL DEFAULT '',
  model          TEXT    NOT NULL DEFAULT '',
  target         TEXT    NOT NULL,
  PRIMARY KEY (ballot_id, question, letter),
  FOREIGN KEY (ballot_id, question) REFERENCES ballot_questions (ballot_id, question) ON DELETE CASCADE
) WITHOUT ROWID;

ALTER TABLE votes ADD COLUMN rater TEXT NOT NULL DEFAULT '';
ALTER TABLE votes ADD COLUMN ballot_id TEXT REFERENCES ballots (id) ON DELETE SET NULL;
ALTER TABLE votes ADD COLUMN question INTEGER NOT NULL DEFAULT 0;
CREATE INDEX votes_rater ON votes (rater, kind);
CREATE UNIQUE INDEX votes_ballot_rater ON votes (ballot_id, question, rater)
  WHERE ballot_id IS NOT NULL AND withdrawn_at = 0;
