-- 0001: the base schema. Times are Unix milliseconds (UTC); 0 means unset.
-- JSON columns hold the exact bytes exchanged with the service, except that
-- long base64 payloads are replaced by a reference (see elide.go).

CREATE TABLE conversations (
  id          INTEGER PRIMARY KEY,
  kind        TEXT    NOT NULL CHECK (kind IN ('chat', 'compare')),
  title       TEXT    NOT NULL DEFAULT '',
  family      TEXT    NOT NULL DEFAULT '',   -- last family used, for listing
  model       TEXT    NOT NULL DEFAULT '',   -- last model used, for listing
  archived    INTEGER NOT NULL DEFAULT 0,
  created_at  INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL
);
CREATE INDEX conversations_recent ON conversations (archived, updated_at DESC, id DESC);
CREATE INDEX conversations_all ON conversations (updated_at DESC, id DESC);

-- One row per message; a comparison's replies to one prompt share the turn
-- and differ by lane.
CREATE TABLE messages (
  id               INTEGER PRIMARY KEY,
  conversation_id  INTEGER NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  turn             INTEGER NOT NULL DEFAULT 0,
  lane             INTEGER NOT NULL DEFAULT 0,
  role             TEXT    NOT NULL,
  family           TEXT    NOT NULL DEFAULT '',
  model            TEXT    NOT NULL DEFAULT '',
  settings_json    TEXT,
  text             TEXT    NOT NULL DEFAULT '',
  thinking         TEXT    NOT NULL DEFAULT '',
  status           TEXT    NOT NULL DEFAULT 'complete',
  error            TEXT    NOT NULL DEFAULT '',
  stop_reason      TEXT    NOT NULL DEFAULT '',
  input_tokens     INTEGER,
  output_tokens    INTEGER,
  ttft_ms          INTEGER,
  total_ms         INTEGER,
  writer_pid       INTEGER,
  writer_start     INTEGER,
  created_at       INTEGER NOT NULL,
  updated_at       INTEGER NOT NULL
);
CREATE INDEX messages_conversation ON messages (conversation_id, turn, lane, id);
CREATE INDEX messages_streaming ON messages (status) WHERE status = 'streaming';

-- What a streaming reply has checkpointed so far, one row per checkpoint:
-- adding a row costs the same at any length of reply, where rewriting the
-- message's text would cost its whole length each time. The rows are folded
-- into the message when it ends (or is found interrupted), and exist only
-- while its status is 'streaming'.
CREATE TABLE message_chunks (
  message_id  INTEGER NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  seq         INTEGER NOT NULL,
  text        TEXT    NOT NULL DEFAULT '',
  thinking    TEXT    NOT NULL DEFAULT '',
  PRIMARY KEY (message_id, seq)
) WITHOUT ROWID;

CREATE TRIGGER messages_touch_conversation AFTER INSERT ON messages BEGIN
  UPDATE conversations SET updated_at = max(updated_at, new.created_at)
   WHERE id = new.conversation_id;
END;

-- A comparison's targets and the person's verdict, per prompt (turn) and lane.
CREATE TABLE compare_lanes (
  conversation_id  INTEGER NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  turn             INTEGER NOT NULL,
  lane             INTEGER NOT NULL,
  family           TEXT    NOT NULL DEFAULT '',
  model            TEXT    NOT NULL DEFAULT '',
  settings_json    TEXT,
  rating           INTEGER NOT NULL DEFAULT 0,   -- 0 unrated, 1..5
  note             TEXT    NOT NULL DEFAULT '',
  winner           INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (conversation_id, turn, lane)
) WITHOUT ROWID;

CREATE TABLE image_jobs (
  id             INTEGER PRIMARY KEY,
  endpoint       TEXT    NOT NULL DEFAULT 'generations',  -- generations | edits
  model          TEXT    NOT NULL DEFAULT '',
  prompt         TEXT    NOT NULL DEFAULT '',
  settings_json  TEXT,
  request_json   TEXT,
  response_json  TEXT,
  usage_json     TEXT,
  status         TEXT    NOT NULL DEFAULT 'running',
  error          TEXT    NOT NULL DEFAULT '',
  total_ms       INTEGER,
  writer_pid     INTEGER,
  writer_start   INTEGER,
  created_at     INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL
);
CREATE INDEX image_jobs_recent ON image_jobs (created_at DESC, id DESC);
CREATE INDEX image_jobs_running ON image_jobs (status) WHERE status = 'running';

CREATE TABLE image_files (
  id          INTEGER PRIMARY KEY,
  job_id      INTEGER NOT NULL REFERENCES image_jobs (id) ON DELETE CASCADE,
  idx         INTEGER NOT NULL DEFAULT 0,
  path        TEXT    NOT NULL,            -- relative to the data directory
  mime        TEXT    NOT NULL DEFAULT '',
  width       INTEGER NOT NULL DEFAULT 0,
  height      INTEGER NOT NULL DEFAULT 0,
  bytes       INTEGER NOT NULL DEFAULT 0,
  partial     INTEGER NOT NULL DEFAULT 0,  -- a partial image of a stream
  created_at  INTEGER NOT NULL
);
CREATE INDEX image_files_job ON image_files (job_id, idx);

-- The images an edit started from: lineage. file_id points at an earlier
-- result when the input was one; path keeps the copy of an outside file.
CREATE TABLE image_inputs (
  job_id   INTEGER NOT NULL REFERENCES image_jobs (id) ON DELETE CASCADE,
  idx      INTEGER NOT NULL,
  role     TEXT    NOT NULL DEFAULT 'image',  -- image | mask
  file_id  INTEGER REFERENCES image_files (id) ON DELETE SET NULL,
  path     TEXT    NOT NULL DEFAULT '',
  PRIMARY KEY (job_id, idx)
) WITHOUT ROWID;
CREATE INDEX image_inputs_file ON image_inputs (file_id) WHERE file_id IS NOT NULL;

CREATE TABLE video_tasks (
  id                INTEGER PRIMARY KEY,
  request_id        TEXT    NOT NULL UNIQUE,
  endpoint          TEXT    NOT NULL,          -- path after /queue/qv/
  family            TEXT    NOT NULL DEFAULT '',
  mode              TEXT    NOT NULL DEFAULT '',
  prompt            TEXT    NOT NULL DEFAULT '',
  body_json         TEXT,
  webhook           TEXT    NOT NULL DEFAULT '',
  status            TEXT    NOT NULL DEFAULT '',
  queue_position    INTEGER,
  status_url        TEXT    NOT NULL DEFAULT '',
  response_url      TEXT    NOT NULL DEFAULT '',
  cancel_url        TEXT    NOT NULL DEFAULT '',
  status_json       TEXT,                       -- last native status object
  logs_json         TEXT,                       -- last logs seen
  result_json       TEXT,
  failure_json      TEXT,
  video_path        TEXT    NOT NULL DEFAULT '',
  downloaded_bytes  INTEGER NOT NULL DEFAULT 0,
  done              INTEGER NOT NULL DEFAULT 0, -- finished: failed, or video saved
  submitted_at      INTEGER NOT NULL,
  updated_at        INTEGER NOT NULL,
  completed_at      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX video_tasks_recent ON video_tasks (submitted_at DESC, id DESC);
CREATE INDEX video_tasks_unfinished ON video_tasks (done) WHERE done = 0;

-- Every exchange with the service, with its native JSON and timings.
CREATE TABLE calls (
  id             INTEGER PRIMARY KEY,
  message_id     INTEGER REFERENCES messages (id) ON DELETE CASCADE,
  image_job_id   INTEGER REFERENCES image_jobs (id) ON DELETE CASCADE,
  video_task_id  INTEGER REFERENCES video_tasks (id) ON DELETE CASCADE,
  family         TEXT    NOT NULL DEFAULT '',
  endpoint       TEXT    NOT NULL DEFAULT '',
  request_json   TEXT,
  response_json  TEXT,
  usage_json     TEXT,
  http_status    INTEGER NOT NULL DEFAULT 0,
  error          TEXT    NOT NULL DEFAULT '',
  started_at     INTEGER NOT NULL,
  ttft_ms        INTEGER,
  total_ms       INTEGER,
  CHECK ((message_id IS NOT NULL) + (image_job_id IS NOT NULL) + (video_task_id IS NOT NULL) <= 1)
);
CREATE INDEX calls_message ON calls (message_id) WHERE message_id IS NOT NULL;
CREATE INDEX calls_image_job ON calls (image_job_id) WHERE image_job_id IS NOT NULL;
CREATE INDEX calls_video_task ON calls (video_task_id) WHERE video_task_id IS NOT NULL;
