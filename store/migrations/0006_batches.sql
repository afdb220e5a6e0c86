-- 0005: batch runs. A batch is a plan (prompts × targets × repeats, kept as
-- JSON so a stopped run resumes without its file) and one row per cell. A
-- cell's reply is an ordinary conversation, so it shows in History; the
-- cell keeps what the matrix shows (status, checks, figures, first line)
-- so the matrix loads without reading the replies.

CREATE TABLE batches (
  id            INTEGER PRIMARY KEY,
  name          TEXT    NOT NULL DEFAULT '',
  file          TEXT    NOT NULL DEFAULT '',   -- the batch file it was read from
  plan_json     TEXT    NOT NULL,
  status        TEXT    NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'stopped', 'done')),
  runner_pid    INTEGER,                       -- the process running it, while one is
  runner_start  INTEGER,
  created_at    INTEGER NOT NULL,
  updated_at    INTEGER NOT NULL
);
CREATE INDEX batches_recent ON batches (created_at DESC, id DESC);

-- One row per (case, target, repeat). The primary key makes a cell one
-- row for good: a cell is claimed by moving it to 'running' and finished by
-- moving it from 'running', so a finished cell is never run again.
CREATE TABLE batch_cells (
  batch_id         INTEGER NOT NULL REFERENCES batches (id) ON DELETE CASCADE,
  cell             INTEGER NOT NULL,
  prompt           INTEGER NOT NULL,   -- the prompt's index in the file
  case_idx         INTEGER NOT NULL,   -- the case (prompt × variable values)
  target           INTEGER NOT NULL,
  repeat           INTEGER NOT NULL,
  status           TEXT    NOT NULL DEFAULT 'pending'
                   CHECK (status IN ('pending', 'running', 'done', 'failed', 'interrupted')),
  attempts         INTEGER NOT NULL DEFAULT 0,
  conversation_id  INTEGER REFERENCES conversations (id) ON DELETE SET NULL,
  message_id       INTEGER REFERENCES messages (id) ON DELETE SET NULL,
  error            TEXT    NOT NULL DEFAULT '',
  checks_json      TEXT,               -- the checks' results
  passed           INTEGER,            -- NULL: no checks (or not run); 0 or 1
  ttft_ms          INTEGER,
  total_ms         INTEGER,
  input_tokens     INTEGER,
  output_tokens    INTEGER,
  first_line       TEXT    NOT NULL DEFAULT '',
  started_at       INTEGER NOT NULL DEFAULT 0,
  finished_at      INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (batch_id, cell),
  UNIQUE (batch_id, case_idx, target, repeat)
) WITHOUT ROWID;
CREATE INDEX batch_cells_conversation ON batch_cells (conversation_id);
CREATE INDEX batch_cells_message ON batch_cells (message_id);
