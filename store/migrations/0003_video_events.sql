-- 0003: the full status history of every video task. Until now a task kept
-- only its latest status; each existing task gets one event holding it.

CREATE TABLE video_events (
  id              INTEGER PRIMARY KEY,
  task_id         INTEGER NOT NULL REFERENCES video_tasks (id) ON DELETE CASCADE,
  at              INTEGER NOT NULL,
  status          TEXT    NOT NULL,
  queue_position  INTEGER,
  logs_json       TEXT
);
CREATE INDEX video_events_task ON video_events (task_id, id);

INSERT INTO video_events (task_id, at, status, queue_position, logs_json)
  SELECT id, updated_at, status, queue_position, logs_json FROM video_tasks ORDER BY id;
