-- 0011: the creator's loop (issue 33).
--
-- video_inputs: the images a video task was given (lineage across kinds).
-- An image of atelier's own history is named by its image_files row, so
-- the image knows the videos made from it and the video its source; an
-- outside file keeps only the path it was read from. The body keeps its
-- data URI elided as before: this table is how the source is found again.

CREATE TABLE video_inputs (
  task_id  INTEGER NOT NULL REFERENCES video_tasks (id) ON DELETE CASCADE,
  field    TEXT    NOT NULL,                -- the body's field, e.g. image_url, reference_image_urls[1]
  file_id  INTEGER REFERENCES image_files (id) ON DELETE SET NULL,
  path     TEXT    NOT NULL DEFAULT '',     -- an outside file as it was given; '' for a history image
  PRIMARY KEY (task_id, field)
) WITHOUT ROWID;
CREATE INDEX video_inputs_file ON video_inputs (file_id) WHERE file_id IS NOT NULL;

-- app_state: small facts the app keeps between runs that are not settings
-- a person edits: the last image-to-video endpoint chosen, the video
-- poller's pause. One row a key.
CREATE TABLE app_state (
  key         TEXT    NOT NULL PRIMARY KEY,
  value       TEXT    NOT NULL,
  updated_at  INTEGER NOT NULL
) WITHOUT ROWID;
