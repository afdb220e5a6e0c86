-- 0007: image batches. A cell of an image batch is an image job, not a
-- conversation: its row and the file it produced (under the media folder,
-- with its recipe) are kept with the cell, so the matrix shows the file
-- and its thumbnail without reading the job.

ALTER TABLE batch_cells ADD COLUMN image_job_id INTEGER REFERENCES image_jobs (id) ON DELETE SET NULL;
ALTER TABLE batch_cells ADD COLUMN media TEXT NOT NULL DEFAULT '';
