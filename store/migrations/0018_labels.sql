-- 0018: labels (issue 33, item 6): the idea an image job or a video task
-- belongs to, shown in the lists and filtered by in the Video tab and
-- History.
--
-- A column on each table rather than a table keyed by kind and id: an item
-- has at most one label, every listing reads it with the row it already
-- reads (no join), and deleting an item takes its label with it. '' is
-- no label. Labels keep the case they were typed in and match without it
-- (ASCII), so the indexes are NOCASE, in listing order, and hold only the
-- labelled rows.
ALTER TABLE image_jobs ADD COLUMN label TEXT NOT NULL DEFAULT '';
ALTER TABLE video_tasks ADD COLUMN label TEXT NOT NULL DEFAULT '';
CREATE INDEX image_jobs_label ON image_jobs (label COLLATE NOCASE, created_at DESC, id DESC) WHERE label != '';
CREATE INDEX video_tasks_label ON video_tasks (label COLLATE NOCASE, submitted_at DESC, id DESC) WHERE label != '';
