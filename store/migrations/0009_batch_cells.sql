-- 0009: batch cells stay with their batch. A cell's conversation (or, in an
-- image batch, its image job) names its batch, from the moment it is made,
-- so the listings leave it out (Chat's conversations, History's default
-- list, the Image gallery: one batch had put 144 "batch …" entries there)
-- and a batch lists its cells. Rows made before this step are named from
-- the cells that point at them.

ALTER TABLE conversations ADD COLUMN batch_id INTEGER REFERENCES batches (id) ON DELETE SET NULL;
ALTER TABLE image_jobs ADD COLUMN batch_id INTEGER REFERENCES batches (id) ON DELETE SET NULL;

UPDATE conversations SET batch_id =
  (SELECT c.batch_id FROM batch_cells c WHERE c.conversation_id = conversations.id LIMIT 1)
  WHERE id IN (SELECT conversation_id FROM batch_cells WHERE conversation_id IS NOT NULL);
UPDATE image_jobs SET batch_id =
  (SELECT c.batch_id FROM batch_cells c WHERE c.image_job_id = image_jobs.id LIMIT 1)
  WHERE id IN (SELECT image_job_id FROM batch_cells WHERE image_job_id IS NOT NULL);

-- The listings read what is not a cell in time order, through indexes that
-- hold nothing else, so a page costs the same however many cells were run;
-- a batch's own cells have theirs.
DROP INDEX conversations_recent;
CREATE INDEX conversations_recent ON conversations (archived, updated_at DESC, id DESC) WHERE batch_id IS NULL;
CREATE INDEX conversations_unbatched ON conversations (updated_at DESC, id DESC) WHERE batch_id IS NULL;
CREATE INDEX conversations_batch ON conversations (batch_id, updated_at DESC, id DESC) WHERE batch_id IS NOT NULL;
CREATE INDEX image_jobs_unbatched ON image_jobs (created_at DESC, id DESC) WHERE batch_id IS NULL;
CREATE INDEX image_jobs_batch ON image_jobs (batch_id, created_at DESC, id DESC) WHERE batch_id IS NOT NULL;
